import GeodeCore

/// What ``Results`` over values or embedded objects hold: the managed list,
/// set or map whose values they read, and the sorts, filters and distincts
/// applied to them in order. Values are compared as realm-core compares them
/// (``MixedOrder``), so a list sorts as a query sorts the same values; an
/// embedded object is its own document, which queries test and sort as they
/// do a stored object.
struct ResultValues<Element> {
    /// One thing done to the values, after the ones before it.
    enum Step {
        /// Sorted by value, nulls first when ascending; equal values keep their order.
        case sorted(ascending: Bool)
        /// The first of each group of equal values, in the order they had.
        case distinct
        /// What a query keeps, in the order it gives: over values (each named
        /// `self`), or over embedded objects (with its sorts, distincts and limits).
        case query(DocumentQuery)
    }

    /// The collection read.
    private(set) var location: CollectionLocation
    /// The values of the collection at a location, each with its stored value
    /// (what the steps compare).
    private let reader: (CollectionLocation) -> [(value: Value, element: Element)]
    var steps: [Step] = []

    /// The same values and steps read at `other` (the collection in a frozen
    /// or live copy of its realm).
    func moved(to other: CollectionLocation) -> ResultValues {
        var moved = self
        moved.location = other
        return moved
    }

    /// These values with `step` done after the others.
    func appending(_ step: Step) -> ResultValues {
        var next = self
        next.steps.append(step)
        return next
    }

    /// The values now, every step done.
    func elements() -> [Element] { entries().map(\.element) }

    /// The values now, every step done, each with its stored value.
    func entries() -> [(value: Value, element: Element)] {
        var entries = reader(location)
        for step in steps {
            switch step {
            case let .sorted(ascending):
                entries.sort { a, b in
                    let order = MixedOrder.compare(a.value, b.value)
                    return ascending ? order == .orderedAscending : order == .orderedDescending
                }
            case .distinct:
                entries = Self.distinct(entries)
            case let .query(query):
                entries = Self.kept(by: query, entries, in: location.realm)
            }
        }
        return entries
    }

    /// The positions, among the values now, of those `query` keeps, in its order.
    func positions(keptBy query: DocumentQuery) -> [Int] {
        let indexed = entries().enumerated().map { (value: $0.element.value, element: $0.offset) }
        return ResultValues<Int>.kept(by: query, indexed, in: location.realm).map(\.element)
    }

    /// The entries `query` keeps, in its order; none when the store cannot
    /// be read (the error waits for the next throwing call).
    private static func kept(
        by query: DocumentQuery, _ entries: [(value: Value, element: Element)], in realm: Realm
    ) -> [(value: Value, element: Element)] {
        do {
            let positions = try realm.withTransaction {
                try query.positions(of: entries.map { Self.document(of: $0.value) }, in: $0)
            }
            return positions.map { entries[$0] }
        } catch {
            realm.deferReadError(error)
            return []
        }
    }

    /// The slots of the document a query reads for `value`: an embedded
    /// object's own, else one slot holding the value (no value of a list, set
    /// or map of values is an embedded object).
    static func document(of value: Value) -> [Value] {
        if case let .embedded(slots) = value { return slots }
        return [value]
    }

    /// The first of each group of equal values, in their order: found by
    /// sorting positions by value (n log n), as 1 and 1.0 of an
    /// `AnyRealmValue` list are equal and so cannot be hashed apart.
    private static func distinct(_ entries: [(value: Value, element: Element)]) -> [(value: Value, element: Element)] {
        let byValue = entries.indices.sorted {
            MixedOrder.compare(entries[$0].value, entries[$1].value) == .orderedAscending
        }
        var kept: [Int] = []
        var groupStart = 0
        while groupStart < byValue.count {
            var groupEnd = groupStart + 1
            var first = byValue[groupStart]
            while groupEnd < byValue.count,
                MixedOrder.equal(entries[byValue[groupStart]].value, entries[byValue[groupEnd]].value)
            {
                first = Swift.min(first, byValue[groupEnd])
                groupEnd += 1
            }
            kept.append(first)
            groupStart = groupEnd
        }
        return kept.sorted().map { entries[$0] }
    }
}

extension ResultValues where Element: _PersistableValue {
    /// `query` over values of `Element` (each value is `self`), or over
    /// embedded objects of `Element`'s class.
    static func query(_ query: GeodeCore.Query, in realm: Realm) throws -> DocumentQuery {
        try DocumentQuery(query, in: documentSchema(in: realm), store: realm.store)
    }

    /// The schema of the documents queries over these values read: the
    /// embedded class's, or one property named `self` of `Element`'s type.
    static func documentSchema(in realm: Realm) -> ClassSchema {
        if let embedded = Element.self as? EmbeddedObject.Type {
            return realm.realmClass(embedded).table.schema
        }
        let kind = Element._geodeKind
        return DocumentQuery.values(
            of: PropertySchema(name: DocumentQuery.valueName, type: kind.type, isOptional: kind.storesNull))
    }

    /// The values of the managed collection at `location`: a list's or a
    /// set's elements, or a map's values (`keyed`), in the collection's
    /// order. A value that does not convert to `Element` is its default when
    /// `Element` is optional, and is left out otherwise.
    init(of location: CollectionLocation, keyed: Bool) {
        self.location = location
        reader = { location in
            // Results read after `invalidate()` too, as results of objects do.
            location.readStored { container in
                guard let container else { return [] }
                return (0 ..< container.count).compactMap { i -> (value: Value, element: Element)? in
                    guard let view = try? container.value(at: i), let value = try? view.decode() else { return nil }
                    let step: PathStep = keyed ? .key((try? container.key(at: i)) ?? "") : .index(i)
                    if let element = try? Element._geodeFrom(view: view, location.context(step)) {
                        return (value, element)
                    }
                    return Element._geodeKind.storesNull ? (value, Element._geodeDefault()) : nil
                }
            }
        }
    }
}
