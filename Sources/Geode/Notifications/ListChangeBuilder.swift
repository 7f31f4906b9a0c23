import GeodeCore

/// A list's change worked out from the operations a write made on it, in
/// order, by realm-core's rules for a list's change set: a move is a
/// deletion where the element was and an insertion where it went, moves of
/// one element join, an inserted element that is removed again leaves no
/// trace, a move that ends where it started is no move, and modifications are
/// reported where the elements were. Comparing the elements instead would
/// name other positions for the same write (removing the last element and
/// appending another is Realm's deletion and insertion, not a modification).
///
/// ```swift
/// var builder = ListChangeBuilder()
/// builder.apply(.moved(from: 5, to: 3), size: 6)
/// builder.apply(.moved(from: 4, to: 5), size: 6)   // List.swapAt(3, 5)
/// builder.finished()   // deletions [3, 5], insertions [3, 5]
/// ```
struct ListChangeBuilder {
    private var deletions = PositionSet()
    private var insertions = PositionSet()
    /// Modified positions, as the list is now (shifted by each operation).
    private var modifications = PositionSet()
    private var moves: [(from: Int, to: Int)] = []

    /// Applies one operation to a list of `size` elements (before it).
    mutating func apply(_ edit: ListEdit, size: Int) {
        switch edit {
        case let .inserted(at, count): insert(at: at, count: count)
        case let .removed(at): erase(at: at)
        case let .moved(from, to) where from != to: move(from: from, to: to)
        case let .replaced(at): modifications.add(at)
        case .cleared: clear(size: size)
        case .moved, .unlisted, .keySet: break
        }
    }

    /// Notes that the element now at `position` was modified (a linked object).
    mutating func modify(_ position: Int) { modifications.add(position) }

    /// Whether the element now at `position` is already a modification.
    func isModified(_ position: Int) -> Bool { modifications.contains(position) }

    private mutating func insert(at position: Int, count: Int) {
        modifications.shiftForInsert(at: position, count: count)
        insertions.insert(at: position, count: count)
        for i in moves.indices where moves[i].to >= position { moves[i].to += count }
    }

    private mutating func erase(at position: Int) {
        modifications.erase(at: position)
        // An element inserted by this write leaves no deletion.
        if let unshifted = insertions.eraseOrUnshift(position) { deletions.addShifted(unshifted) }
        moves = moves.compactMap { move -> (from: Int, to: Int)? in
            if move.to == position { return nil }
            return (move.from, move.to > position ? move.to - 1 : move.to)
        }
    }

    private mutating func clear(size: Int) {
        let before = size + deletions.count - insertions.count
        modifications = PositionSet()
        insertions = PositionSet()
        moves = []
        deletions = PositionSet(0 ..< before)
    }

    private mutating func move(from: Int, to: Int) {
        var joined = false
        for i in moves.indices {
            guard moves[i].to == from else {
                // Another moved element this move passes over shifts by one.
                if moves[i].to >= to && moves[i].to < from {
                    moves[i].to += 1
                } else if moves[i].to <= to && moves[i].to > from {
                    moves[i].to -= 1
                }
                continue
            }
            // The element moved before moves on: one move from where it was.
            moves[i].to = to
            joined = true
            insertions.erase(at: from)
            insertions.insert(at: to)
        }
        if !joined {
            let unshifted = insertions.eraseOrUnshift(from)
            insertions.insert(at: to)
            // An element inserted by this write is only inserted elsewhere.
            if let unshifted { moves.append((deletions.addShifted(unshifted), to)) }
        }
        let wasModified = modifications.contains(from)
        modifications.erase(at: from)
        if wasModified { modifications.insert(at: to) } else { modifications.shiftForInsert(at: to) }
    }

    /// The change: moves that end where they started dropped (their
    /// deletion and insertion with them), modifications of inserted
    /// elements dropped, the others at their positions before the write.
    func finished() -> IndexChanges {
        var deletions = deletions
        var insertions = insertions
        for move in moves
        where move.from - deletions.count(below: move.from) == move.to - insertions.count(below: move.to) {
            deletions.remove(move.from)
            insertions.remove(move.to)
        }
        var before = modifications
        before.erase(atEach: insertions)
        before.shiftForInsert(atEach: deletions)
        return IndexChanges(deletions: deletions.members, insertions: insertions.members, modifications: before.members)
    }
}
