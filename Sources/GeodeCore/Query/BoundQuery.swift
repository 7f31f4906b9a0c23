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
    /// The class of the objects or embedded objects reached, when it reaches objects.
    var objectClass: ClassSchema?
    /// Whether the values are links (to `objectClass`).
    var isLink = false
    /// Where a geo point keeps its parts, when the path reaches GeoJSON
    /// points (embedded objects with a `type` string and `coordinates` list
    /// of doubles): found once, when the path is bound.
    var pointSlots: GeoPointSlots?
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

/// A predicate resolved against a class: what the executor evaluates.
indirect enum BoundPredicate {
    case constant(Bool)
    /// Every part holds (a flat list, as in ``QueryPredicate``).
    case and([BoundPredicate])
    /// One part holds.
    case or([BoundPredicate])
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
        /// A list literal on the left: `{1, 2} == list`, `ALL {1, 2} IN list`.
        case constants([Value])
    }

    enum Right {
        /// Whether the right side is a list or dictionary value (an AnyRealmValue argument).
        var isCollectionConstant: Bool {
            switch self {
            case .constant(.list), .constant(.map): return true
            default: return false
            }
        }

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
    /// The quantifier written on the right (`… == ALL {1, 2}`); ANY when nil.
    var rhsQuantifier: QueryQuantifier?
    /// Whether both sides are lists compared whole, in order (`list == {1, 2}`).
    var comparesWhole = false
    /// Whether the string operator tests the constant against the path's
    /// value (`'abc' CONTAINS name`) rather than the value against the constant.
    var operandsReversed = false
    /// Whether a side is a path of several collections (``BoundPath/instanceSplit``)
    /// that ALL or NONE quantifies: the quantifier then applies to each
    /// collection, and one that satisfies it is enough, as in realm-core.
    var quantifiesEachCollection = false

    /// Whether the comparison holds when the left value equals the constant or
    /// one of the list's values (what an index lookup answers): not when it
    /// compares lists whole or quantifies the list with ALL or NONE.
    var answersByEquality: Bool { !comparesWhole && !operandsReversed && (rhsQuantifier ?? .any) == .any && !rhs.isCollectionConstant }
    /// The left path in the form the fast path walks, when it qualifies.
    var simple: SimplePath?

    init(lhs: Operand, op: ComparisonOperator, rhs: Right, caseInsensitive: Bool, diacriticInsensitive: Bool, quantifier: QueryQuantifier,
         rhsQuantifier: QueryQuantifier? = nil, comparesWhole: Bool = false, operandsReversed: Bool = false) {
        self.rhsQuantifier = rhsQuantifier
        self.comparesWhole = comparesWhole
        self.operandsReversed = operandsReversed
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
        self.quantifier = quantifier
        if case let .path(path) = lhs, case .constant = rhs, !rhs.isCollectionConstant, quantifier == .any, path.reduction == nil, !operandsReversed {
            simple = SimplePath(path)
        }
        let quantified = quantifier != .any || (rhsQuantifier ?? .any) != .any
        switch (lhs, rhs) {
        case (.subqueryCount, _): break
        case let (.path(p), _) where p.instanceSplit != nil && quantified: quantifiesEachCollection = true
        case let (_, .path(p)) where p.instanceSplit != nil && quantified: quantifiesEachCollection = true
        default: break
        }
    }
}

/// A key path of slots, map keys and list indexes only, flattened into plain
/// integers (keys kept as UTF-8 bytes) so that following it copies nothing.
///
/// A scan first gives it the numbers the store's key table has for its keys
/// (``numbered(by:)``): interned keys in documents then match by number, and
/// each key is first looked for where the previous document had it.
struct SimplePath {
    enum Kind: UInt8 { case slot, key, index }

    struct Step {
        var kind: Kind
        /// A slot or an index; for a key, where its bytes start in `keyBytes`.
        var number: Int
        /// For a key, its length in bytes; 0 otherwise.
        var length: Int
        /// For a key, its number in the store's key table; -1 when unknown.
        var keyNumber: Int

        /// For a key, where its bytes lie in `keyBytes`.
        var keyRange: Range<Int> { number ..< number + length }
    }

    private var steps: [Step] = []
    /// Every key's UTF-8 bytes, one after the other (one buffer: reading a key costs no reference count).
    private var keyBytes: [UInt8] = []
    /// What an absent last slot reads as.
    private(set) var missing = Value.null
    /// Whether the path ends with `[*]` (every element of a list or set,
    /// every value of a map): the walk stops at the collection, and the
    /// comparison tests its elements.
    private(set) var endsWithEach = false
    /// Per step, the map entry where its key was last found; only in a numbered copy.
    private var hints: KeyPositionHints?

    init?(_ path: BoundPath) {
        var walked = path.steps[...]
        if case .each? = walked.last, walked.count > 1 {
            endsWithEach = true
            walked = walked.dropLast()
        }
        guard !walked.isEmpty else { return nil }
        for (i, step) in zip(walked.indices, walked) {
            switch step {
            case let .slot(slot, defaultValue):
                steps.append(Step(kind: .slot, number: slot, length: 0, keyNumber: -1))
                if i == walked.endIndex - 1 { missing = defaultValue }
            case let .key(key):
                steps.append(Step(kind: .key, number: keyBytes.count, length: key.utf8.count, keyNumber: -1))
                keyBytes.append(contentsOf: key.utf8)
            case let .index(index):
                steps.append(Step(kind: .index, number: index, length: 0, keyNumber: -1))
            default:
                return nil
            }
        }
        if case .index? = walked.last, !endsWithEach { return nil }   // a missing element is no value, not null
    }

    /// This path with the committed numbers `table` has for its keys, and room
    /// to remember where each key was found. Numbers never change once
    /// committed, but a key may be interned later: a path keeps the numbers of
    /// one scan only. The copy is for one thread (it writes its hints).
    func numbered(by table: MapKeyTable) -> SimplePath {
        guard steps.contains(where: { $0.kind == .key }) else { return self }
        var copy = self
        copy.hints = KeyPositionHints(count: steps.count)
        keyBytes.withUnsafeBytes { bytes in
            for i in copy.steps.indices where copy.steps[i].kind == .key {
                let key = UnsafeRawBufferPointer(rebasing: bytes[copy.steps[i].keyRange])
                copy.steps[i].keyNumber = table.number(for: key, interning: false).map(Int.init) ?? -1
            }
        }
        return copy
    }

    /// What a walk found.
    enum Found {
        case value(ValueView)
        /// The last slot is absent (a document older than the property): its default.
        case defaultValue
        /// Nothing on the way (a null or a missing key): null.
        case null
        /// A key into something not a map, an index into something not a list: no value at all.
        case nothing
        /// A link inside a mixed value with steps after it: the path goes on in
        /// the linked object, which this walk does not follow (the general one does).
        case link
    }

    /// The value at the end of the path.
    func resolve(in document: ContainerView) throws -> Found {
        try steps.withUnsafeBufferPointer { steps in
            try keyBytes.withUnsafeBytes { try resolve(in: document, steps: steps, keys: $0, hints: hints?.positions) }
        }
    }

    private func resolve(in document: ContainerView, steps: UnsafeBufferPointer<Step>, keys: UnsafeRawBufferPointer,
                         hints: UnsafeMutablePointer<Int>?) throws -> Found {
        // Nothing optional is carried from one step to the next: an optional
        // container view kept across iterations made the compiler spill and
        // reload its parts at odd offsets, a stall on every step.
        var container = document
        let last = steps.count - 1
        for i in 0 ... last {
            let step = steps[i]
            let found: ValueView?
            switch step.kind {
            case .slot:
                found = try container.value(at: step.number)
                if found == nil { return i == last ? .defaultValue : .null }
            case .key:
                guard container.kind == .map else { return .nothing }
                found = try container.value(forKeyBytes: UnsafeRawBufferPointer(rebasing: keys[step.keyRange]),
                                            number: step.keyNumber, hint: hints.map { $0 + i })
                if found == nil { return .null }
            case .index:
                guard container.kind == .list else { return .nothing }
                found = try container.value(at: step.number < 0 ? container.count + step.number : step.number)
                if found == nil { return .nothing }
            }
            guard let view = found else { return .null }
            if i == last { return .value(view) }
            // Past a null (a missing embedded object) the path reads null; a string
            // or a number has no keys or elements: nothing, as in Realm.
            guard let next = try view.container() else {
                if view.isNull { return .null }
                return view.tag == .link ? .link : .nothing
            }
            container = next
        }
        return .null
    }
}

/// Where each step of a ``SimplePath`` last found its map key: one scan's
/// memory, written by the thread that runs it.
final class KeyPositionHints {
    let positions: UnsafeMutablePointer<Int>
    private let count: Int

    init(count: Int) {
        self.count = count
        positions = .allocate(capacity: count)
        positions.initialize(repeating: 0, count: count)
    }

    deinit {
        positions.deinitialize(count: count)
        positions.deallocate()
    }
}
