import GeodeCore

/// What ``Results`` over values hold: the managed list, set or map whose
/// values they read, and the sorts, filters and distincts applied to them in
/// order. Values are compared as realm-core compares them (``MixedOrder``),
/// so a list sorts as a query sorts the same values.
struct ResultValues<Element> {
    /// One thing done to the values, after the ones before it.
    enum Step {
        /// Sorted by value, nulls first when ascending; equal values keep their order.
        case sorted(ascending: Bool)
        /// The first of each group of equal values, in the order they had.
        case distinct
        /// The values a query over `self` matches.
        case filtered(ValueFilter)
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
    func elements() -> [Element] {
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
            case let .filtered(filter):
                entries = matching(filter, entries)
            }
        }
        return entries.map(\.element)
    }

    /// The entries whose values `filter` matches; none when the store cannot
    /// be read (the error waits for the next throwing call).
    private func matching(
        _ filter: ValueFilter, _ entries: [(value: Value, element: Element)]
    ) -> [(value: Value, element: Element)] {
        do {
            let matches = try location.realm.withTransaction { try filter.matches(entries.map(\.value), in: $0) }
            return zip(entries, matches).filter(\.1).map(\.0)
        } catch {
            location.realm.deferReadError(error)
            return []
        }
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
    /// `query` over values of `Element` (each value is `self`).
    static func filter(_ query: GeodeCore.Query, in realm: Realm) throws -> ValueFilter {
        let kind = Element._geodeKind
        let element = PropertySchema(name: ValueFilter.name, type: kind.type, isOptional: kind.storesNull)
        return try ValueFilter(query, of: element, store: realm.store)
    }

    /// The values of the managed collection at `location`: a list's or a
    /// set's elements, or a map's values (`keyed`), in the collection's
    /// order. A value that does not convert to `Element` is its default when
    /// `Element` is optional, and is left out otherwise.
    init(of location: CollectionLocation, keyed: Bool) {
        self.location = location
        reader = { location in
            location.read { container in
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
