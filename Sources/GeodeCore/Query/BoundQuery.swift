/// A key path resolved against a schema: the steps that walk a document (and
/// the documents it links to) to the values the path names.
struct BoundPath {
    enum Step {
        /// The value in a slot of the current document or embedded object.
        case slot(Int, default: Value)
        /// Follow a link to the target object.
        case follow(Table)
        /// Every element of a list or set, every value of a map.
        case each
        /// One element of a list (negative: from the end).
        case index(Int)
        /// One value of a map.
        case key(String)
        /// Every key of a map, as strings.
        case keys
        /// Every object of each origin class whose property in that slot links
        /// to the current object.
        case backlinks([(origin: Table, slot: Int)])
    }

    /// What the path computes from the values its steps reach.
    enum Reduction {
        case count, byteSize, sum, average, minimum, maximum, type
    }

    var steps: [Step] = []
    var reduction: Reduction?
    /// The type of the values reached; nil for mixed values (any type).
    var type: PropertyType?
    /// Whether the path can reach several values (through a collection).
    var isMultiple = false
    /// The class of the objects or embedded objects reached, when it reaches objects.
    var objectClass: ClassSchema?
    /// Whether the values are links (to `objectClass`).
    var isLink = false
    /// Text for messages: "Int property 'age'".
    var label: String
    var column: Int

    /// The type of what the path yields after its reduction.
    var resultType: PropertyType? {
        switch reduction {
        case .count?, .byteSize?: return .int
        case .type?: return .string
        case .sum?, .average?, .minimum?, .maximum?: return type
        case nil: return type
        }
    }
}

/// A predicate resolved against a class: what the executor evaluates.
indirect enum BoundPredicate {
    case constant(Bool)
    case and(BoundPredicate, BoundPredicate)
    case or(BoundPredicate, BoundPredicate)
    case not(BoundPredicate)
    case compare(BoundComparison)
    case geoWithin(BoundPath, GeoPointSlots, any GeoRegion, QueryQuantifier)
}

/// Where a geo point keeps its parts in its embedded class.
struct GeoPointSlots {
    var type: Int
    var coordinates: Int
}

/// A comparison resolved against a class.
struct BoundComparison {
    enum Operand {
        case path(BoundPath)
        case subqueryCount(BoundPath, BoundPredicate)
        case constant(Value)
    }

    enum Right {
        case constant(Value)
        /// IN {…}: equal to one of these.
        case oneOf([Value])
        /// BETWEEN {low, high}.
        case range(Value, Value)
        case path(BoundPath)
    }

    var lhs: Operand
    var op: ComparisonOperator
    var rhs: Right
    var caseInsensitive: Bool
    var diacriticInsensitive: Bool
    var quantifier: QueryQuantifier
}
