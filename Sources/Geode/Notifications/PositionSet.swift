/// Positions in a collection, kept sorted, with the shifts a list's
/// insertions, removals and moves make: the arithmetic of realm-core's index
/// sets, which ``ListChangeBuilder`` follows to report a list's change as
/// Realm does. The sets a write makes are small (its operations on one list).
///
/// ```swift
/// var positions = PositionSet([1, 4])
/// positions.insert(at: 2)        // [1, 2, 5]
/// positions.erase(at: 1)         // [1, 4]
/// ```
struct PositionSet: Equatable {
    private(set) var members: [Int] = []

    init(_ members: some Sequence<Int> = []) {
        self.members = Array(Set(members)).sorted()
    }

    var count: Int { members.count }
    var isEmpty: Bool { members.isEmpty }

    func contains(_ position: Int) -> Bool {
        lowerBound(position) < members.count && members[lowerBound(position)] == position
    }

    /// How many members are below `position`.
    func count(below position: Int) -> Int { lowerBound(position) }

    /// The first place in `members` not below `position`.
    private func lowerBound(_ position: Int) -> Int {
        var low = 0
        var high = members.count
        while low < high {
            let mid = (low + high) / 2
            if members[mid] < position { low = mid + 1 } else { high = mid }
        }
        return low
    }

    mutating func add(_ position: Int) {
        let at = lowerBound(position)
        if at == members.count || members[at] != position { members.insert(position, at: at) }
    }

    mutating func remove(_ position: Int) {
        let at = lowerBound(position)
        if at < members.count, members[at] == position { members.remove(at: at) }
    }

    /// Moves the members at or after `position` up by `count`.
    mutating func shiftForInsert(at position: Int, count: Int = 1) {
        for i in lowerBound(position) ..< members.count { members[i] += count }
    }

    /// Moves the members at or after `position` up by `count`, and adds
    /// `position ..< position + count`: elements inserted there.
    mutating func insert(at position: Int, count: Int = 1) {
        let at = lowerBound(position)
        for i in at ..< members.count { members[i] += count }
        members.insert(contentsOf: position ..< position + count, at: at)
    }

    /// Removes `position` if it is a member and moves the members after it down by one.
    mutating func erase(at position: Int) {
        _ = eraseOrUnshift(position)
    }

    /// ``erase(at:)``; when `position` was not a member, what it would be
    /// with the members taken out (its place among the other positions).
    mutating func eraseOrUnshift(_ position: Int) -> Int? {
        let at = lowerBound(position)
        let wasMember = at < members.count && members[at] == position
        if wasMember { members.remove(at: at) }
        for i in at ..< members.count { members[i] -= 1 }
        return wasMember ? nil : position - at
    }

    /// Adds the position that is the `shifted`th of those not in the set
    /// (counting from 0), and returns it.
    @discardableResult
    mutating func addShifted(_ shifted: Int) -> Int {
        var position = shifted
        for member in members {
            guard member <= position else { break }
            position += 1
        }
        add(position)
        return position
    }

    /// ``erase(at:)`` of each of `positions` (positions before any is erased).
    mutating func erase(atEach positions: PositionSet) {
        for position in positions.members.reversed() { erase(at: position) }
    }

    /// ``shiftForInsert(at:count:)`` of each of `positions`, lowest first
    /// (positions after all are inserted).
    mutating func shiftForInsert(atEach positions: PositionSet) {
        for position in positions.members { shiftForInsert(at: position) }
    }

    /// Removes the members of `other`, moving nothing.
    mutating func subtract(_ other: PositionSet) {
        members.removeAll { other.contains($0) }
    }
}
