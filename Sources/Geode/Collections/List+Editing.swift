import Foundation

extension List {
    /// Iterates over the elements as they are when iteration starts, as
    /// Realm's lists do: appending inside the loop does not extend it.
    ///
    /// ```swift
    /// for dog in person.dogs { person.dogs.append(dog) }   // visits each dog once
    /// ```
    public func makeIterator() -> IndexingIterator<[Element]> {
        // By position: `Array(self)` would iterate, and so call this again.
        indices.map { self[$0] }.makeIterator()
    }
}

// The rest of Realm Swift's editing operations on a list, made of the ones
// `List` keeps its elements with (insert, remove, move, subscript), so that
// they behave alike on managed and unmanaged lists: an index out of range is
// an error of the write under way (a trap on an unmanaged list, as in Swift).
extension List {
    /// Exchanges the elements at `i` and `j`; a `let` list can swap, as Realm's.
    ///
    /// ```swift
    /// try realm.write { person.dogs.swapAt(0, 1) }
    /// ```
    public func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        let (low, high) = (Swift.min(i, j), Swift.max(i, j))
        move(from: high, to: low)
        move(from: low + 1, to: high)
    }

    /// Replaces the element at `index` with `object`.
    public func replace(index: Int, object: Element) {
        self[index] = object
    }

    /// Inserts the elements of `newElements` at `index`, in order.
    public func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
        for (offset, element) in newElements.enumerated() { insert(element, at: index + offset) }
    }

    /// Removes and returns the first element.
    @discardableResult
    public func removeFirst() -> Element {
        let first = self[0]
        remove(at: 0)
        return first
    }

    /// Removes the first `k` elements.
    public func removeFirst(_ k: Int) {
        // Checked first, as Realm does: nothing is removed when k is out of range.
        guard k >= 0, k <= count else { return refuse("cannot remove \(k) elements from \(count)") }
        for _ in 0 ..< k { remove(at: 0) }
    }

    /// Removes the last `k` elements.
    public func removeLast(_ k: Int) {
        guard k >= 0, k <= count else { return refuse("cannot remove \(k) elements from \(count)") }
        for _ in 0 ..< k { removeLast() }
    }

    /// Refuses a change: it fails the managed list's write transaction (see
    /// ``Realm/write(_:)``), or stops the program for an unmanaged list, as an
    /// array does.
    private func refuse(_ message: String) {
        guard let location else { preconditionFailure("Geode: \(message)") }
        location.mutate { _, _ in throw GeodeError.invalidValue("\(message) of \(location.name)") }
    }

    /// Removes the elements in `bounds` (`1 ..< 3`, `1 ... 3`, `2...`).
    ///
    /// ```swift
    /// try realm.write { list.removeSubrange(1 ... 3) }
    /// ```
    public func removeSubrange<R: RangeExpression>(_ bounds: R) where R.Bound == Int {
        let range = positions(bounds)
        guard range.lowerBound >= 0, range.upperBound <= count else {
            return refuse("cannot remove elements \(range) from \(count)")
        }
        for index in range.reversed() { remove(at: index) }
    }

    /// Replaces the elements in `subrange` with `newElements` (of any length).
    ///
    /// ```swift
    /// try realm.write { list.replaceSubrange(0 ..< 2, with: ["a"]) }
    /// ```
    public func replaceSubrange<C: Collection, R: RangeExpression>(_ subrange: R, with newElements: C)
    where C.Element == Element, R.Bound == Int {
        let range = positions(subrange)
        guard range.lowerBound >= 0, range.upperBound <= count else {
            return refuse("cannot replace elements \(range) of \(count)")
        }
        removeSubrange(range)
        insert(contentsOf: newElements, at: range.lowerBound)
    }

    /// The elements in `bounds`; setting them replaces them with elements of
    /// any number, as an array's subrange does.
    ///
    /// ```swift
    /// try realm.write { list[1 ..< 4] = other[0 ..< 2] }   // three elements become two
    /// ```
    public subscript(bounds: Range<Int>) -> Slice<List> {
        get { Slice(base: self, bounds: bounds) }
        set { replaceSubrange(bounds, with: Array(newValue)) }
    }

    /// The positions `bounds` names, unchecked: a closed range past the end
    /// is refused by the caller, not trapped by the standard library, and a
    /// range open at the top ends at the last element.
    private func positions<R: RangeExpression>(_ bounds: R) -> Range<Int> where R.Bound == Int {
        let range = bounds.relative(to: 0 ..< Int.max)
        return range.upperBound == Int.max ? range.lowerBound ..< Swift.max(count, range.lowerBound) : range
    }

    /// Removes the elements at `offsets` (SwiftUI's `onDelete`).
    public func remove(atOffsets offsets: IndexSet) {
        for index in offsets.reversed() { remove(at: index) }
    }

    /// Moves the elements at `source` to before the element at `destination`,
    /// keeping their order (SwiftUI's `onMove`).
    public func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let count = self.count
        if let last = source.last, last >= count || source.first ?? 0 < 0 {
            return refuse("offset \(last) is out of bounds")
        }
        guard destination >= 0, destination <= count else { return refuse("offset \(destination) is out of bounds") }
        // One move per element, each put just before the element that is to follow the
        // moved ones, so that the accessors of embedded objects follow them (removing and
        // inserting them again would replace them). `order` holds the original positions
        // as they are arranged after each move.
        var order = Array(0 ..< count)
        let following = (destination ..< count).first { !source.contains($0) }
        for moving in source {
            guard let from = order.firstIndex(of: moving) else { continue }
            order.remove(at: from)
            let to = following.flatMap { order.firstIndex(of: $0) } ?? order.count
            order.insert(moving, at: to)
            if from != to { move(from: from, to: to) }
        }
    }

    /// The position of the first element equal to `element`.
    public func index(of element: Element) -> Int? where Element: Equatable {
        firstIndex(of: element)
    }
}
