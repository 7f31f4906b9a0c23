/// One operation a write made on a list (or map) property of an object, kept in the
/// change log in the order made, so that an observer of the list reports
/// the change Realm reports: realm-core works a list's change out from the
/// operations its transaction log holds, not by comparing the elements.
///
/// ```swift
/// var changes = TableChanges()
/// changes.noteListEdit(.inserted(at: 3, count: 1), key: ObjectKey(7), slot: 2)
/// changes.listEdits(at: ListAddress(key: ObjectKey(7), slot: 2))   // [.inserted(at: 3, count: 1)]
/// ```
package enum ListEdit: Sendable, Equatable {
    /// `count` elements inserted from the index on (appends are inserts at the end).
    case inserted(at: Int, count: Int)
    /// The element at the index removed.
    case removed(Int)
    /// The element at one index moved to another.
    case moved(from: Int, to: Int)
    /// The element at the index set (to another value or the same one).
    case replaced(Int)
    /// Every element removed.
    case cleared
    /// A map's key set (to another value or the same one, which Realm
    /// counts as a modification too).
    case keySet(String)
    /// Operations were made that the log does not list (too many, or made
    /// by a path that does not note them): compare the elements instead.
    case unlisted

    /// How many operations one list keeps per change set before they become
    /// ``unlisted``: a write that appends a million elements is compared, not replayed.
    package static let limit = 10_000
}

/// A list property of one object: where ``ListEdit``s apply.
package struct ListAddress: Hashable, Sendable {
    package var key: ObjectKey
    package var slot: Int

    package init(key: ObjectKey, slot: Int) {
        self.key = key
        self.slot = slot
    }
}

extension [ListEdit] {
    /// Appends `edit`, joining an insert right after the previous insert
    /// into it, and giving up the list (``ListEdit/unlisted``) past ``ListEdit/limit``.
    mutating func appendEdit(_ edit: ListEdit) {
        if last == .unlisted { return }
        if case let .inserted(start, length)? = last, case let .inserted(next, more) = edit, next == start + length {
            self[endIndex - 1] = .inserted(at: start, count: length + more)
            return
        }
        if edit == .unlisted || count >= ListEdit.limit {
            self = [.unlisted]
            return
        }
        append(edit)
    }
}
