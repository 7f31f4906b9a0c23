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
        if case .index? = walked.last, !endsWithEach { return nil }  // a missing element is no value, not null
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

    private func resolve(
        in document: ContainerView, steps: UnsafeBufferPointer<Step>, keys: UnsafeRawBufferPointer,
        hints: UnsafeMutablePointer<Int>?
    ) throws -> Found {
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
                found = try container.value(
                    forKeyBytes: UnsafeRawBufferPointer(rebasing: keys[step.keyRange]),
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
