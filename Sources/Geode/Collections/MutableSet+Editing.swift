extension MutableSet {
    /// Iterates over the elements as they are when iteration starts, as
    /// Realm's sets do.
    public func makeIterator() -> IndexingIterator<[Element]> {
        // By position: `Array(self)` would iterate, and so call this again.
        indices.map { self[$0] }.makeIterator()
    }
}

extension MutableSet {
    /// Whether every element of the set is in `other`.
    public func isSubset(of other: MutableSet<Element>) -> Bool {
        let others = Set(other)
        return allSatisfy { others.contains($0) }
    }

    /// Whether the set and `other` have an element in common.
    public func intersects(_ other: MutableSet<Element>) -> Bool {
        let others = Set(other)
        return contains { others.contains($0) }
    }

    /// Keeps only the elements that are also in `other`.
    public func formIntersection(_ other: MutableSet<Element>) {
        let others = Set(other)
        for element in Array(self) where !others.contains(element) { remove(element) }
    }

    /// Adds the elements of `other`.
    public func formUnion(_ other: MutableSet<Element>) {
        for element in Array(other) { insert(element) }
    }

    /// Removes the elements that are in `other`.
    public func subtract(_ other: MutableSet<Element>) {
        for element in Array(other) { remove(element) }
    }
}
