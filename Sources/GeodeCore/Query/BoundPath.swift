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
        /// The value, unless it is null: what `link.@count` counts (0 or 1).
        case nonNull

        /// Whether the step reads a property or follows a link (not into a collection or map).
        var isPropertyStep: Bool {
            switch self {
            case .slot, .follow: return true
            default: return false
            }
        }

        /// Whether the step can reach several items.
        var fansOut: Bool {
            switch self {
            case .each, .keys, .backlinks: return true
            default: return false
            }
        }
    }

    /// What the path computes from the values its steps reach.
    enum Reduction {
        /// `size`: a mixed value's count when it is a list or map, its length
        /// in bytes when it is a string or data.
        case count, byteSize, size, sum, average, minimum, maximum, type
    }

    var steps: [Step] = []
    var reduction: Reduction?
    /// The type of the values reached; nil for mixed values (any type).
    var type: PropertyType?
    /// Whether the path can reach several values (through a collection).
    var isMultiple = false
    /// Whether the path ends in the values of a map (`dict`, not `dict['k']`).
    var endsInMapValues = false
    /// Whether the path follows a link (and may meet a null one on the way).
    var followsLinks: Bool {
        steps.contains { if case .follow = $0 { return true } else { return false } }
    }
    /// Whether the path ends in the objects linking to the one before (`@links.Person.dogs`).
    var endsInBacklinks: Bool {
        if case .backlinks? = steps.last { return true }
        return false
    }
    /// The class of the objects or embedded objects reached, when it reaches objects.
    var objectClass: ClassSchema?
    /// Whether the values are links (to `objectClass`).
    var isLink = false
    /// Where a geo point keeps its parts, when the path reaches GeoJSON
    /// points (embedded objects with a `type` string and `coordinates` list
    /// of doubles): found once, when the path is bound.
    var geometrySlots: GeometrySlots?
    /// Text for messages: "Int property 'age'".
    var label: String
    var column: Int

    /// Where the path's values divide into separate collections, as realm-core
    /// compares them: one per list, set or map the path ends in (`link.list`,
    /// `value[*][*]`, `link.dict.@keys`), one per item a fan-out reaches when
    /// map keys or list indexes follow it (`link.dict.key`). Links alone never
    /// divide: `items.price` is one collection of every linked item's price.
    /// The position to split the steps at, or nil when the path yields one
    /// collection at most.
    var instanceSplit: Int? { reduction == nil ? collectionSplit : nil }

    /// ``instanceSplit`` for the steps alone, before any reduction (which
    /// then reduces each collection).
    var collectionSplit: Int? {
        guard let last = steps.lastIndex(where: \.fansOut) else { return nil }
        // Backlinks at the end are counted together: `items.@links.@count` is the
        // number of links to all the items, as in realm-core.
        if case .backlinks = steps[last], last == steps.count - 1 { return nil }
        let after = steps[(last + 1)...]
        if after.allSatisfy(\.isPropertyStep) {
            guard after.isEmpty else { return nil }
            // A fan-out at the end: one collection per item before it, several
            // only when an earlier step fans out too.
            return steps[..<last].contains(where: \.fansOut) ? last : nil
        }
        return last + 1
    }

    /// The type of what the path yields after its reduction.
    var resultType: PropertyType? {
        switch reduction {
        case .count?, .byteSize?, .size?: return .int
        case .type?: return .string
        case .sum?, .average?, .minimum?, .maximum?: return type
        case nil: return type
        }
    }
}
