import Foundation

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

extension MutableSet {
    /// The values of `key` for every element, each once, as an array in no
    /// particular order: Realm's typed `value(forKey:)` of a set. Through
    /// ``RealmCollection`` (or as `Any?`) the same values come as a `Set`,
    /// as Realm hands them.
    ///
    /// ```swift
    /// let names = person.dogs.value(forKey: "name") as [AnyObject] as? [String]
    /// let same = person.dogs.value(forKey: "name") as Any? as? Set<String>
    /// ```
    public func value(forKey key: String) -> [AnyObject] {
        switch KeyValueCoding.value(at: key, of: self) {
        case let values as Set<AnyHashable>: return values.map { $0.base as AnyObject }
        case let values as [Any?]: return values.map { $0.map { $0 as AnyObject } ?? NSNull() }
        default: return []
        }
    }
}
