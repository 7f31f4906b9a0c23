import GeodeCore

/// The changes a realm made to the places that hold embedded objects (lists,
/// maps and embedded-object properties), so that an embedded object's
/// accessor follows its object as Realm's does: through an insertion or a
/// move before it to its new index, and to nothing (``Object/isInvalidated``)
/// once the object is removed or replaced.
///
/// Geode stores an embedded object inside its owner's document, where only its
/// place names it: an accessor holds that place. Each edit is logged here with
/// a serial; an accessor notes the serial it has caught up to and, when the log
/// has moved on, replays the newer edits on its place before it is read or
/// written (``ManagedRef/path``). The log keeps the last ``capacity`` edits; an
/// accessor older than those keeps its place.
///
/// Only this realm's own edits are logged. An embedded object read through
/// another realm instance, or after ``Realm/refresh()`` brought in another
/// thread's or process's edits, is read at its place.
///
/// ```swift
/// let second = person.addresses[1]
/// try realm.write { person.addresses.remove(at: 0) }
/// second.street   // the same address, now at index 0
/// ```
struct EmbeddedEdits {
    /// One edit of one place: the container at `container` in object `key` of
    /// the class stored in table `table`.
    struct Edit {
        let table: UInt32
        let key: ObjectKey
        let container: [PathStep]
        let change: Change
    }

    /// What happened to the container's elements.
    enum Change {
        /// A list element was inserted at the index: later ones moved up.
        case inserted(Int)
        /// A list element was removed from the index: later ones moved down.
        case removed(Int)
        /// A list element was moved from one index to another.
        case moved(from: Int, to: Int)
        /// The element at the step (a list index, a map key, an embedded-object
        /// property's slot) was replaced or removed without moving the others.
        case replaced(PathStep)
        /// Every element was replaced or removed.
        case replacedAll

        /// The change that undoes this one's moves, for a cancelled write;
        /// nil when it moved nothing (what it replaced stays gone).
        var inverse: Change? {
            switch self {
            case let .inserted(index): return .removed(index)
            case let .removed(index): return .inserted(index)
            case let .moved(from, to): return .moved(from: to, to: from)
            case .replaced, .replacedAll: return nil
            }
        }
    }

    /// How many edits are kept.
    static let capacity = 4096

    /// How many edits were ever logged: the serial of the next one.
    private(set) var serial = 0
    /// The last edits, the oldest first: `edits[i]` has serial `serial - edits.count + i`.
    private var edits: [Edit] = []

    /// Logs `edit`.
    mutating func append(_ edit: Edit) {
        if edits.count == Self.capacity { edits.removeFirst(Self.capacity / 2) }
        edits.append(edit)
        serial += 1
    }

    /// Logs the inverses of the edits since `start`, newest first, so that
    /// accessors moved by a cancelled write go back to their places.
    mutating func undo(since start: Int) {
        let first = Swift.max(start, serial - edits.count)
        guard first < serial else { return }
        for edit in edits[(first - (serial - edits.count))...].reversed() {
            guard let inverse = edit.change.inverse else { continue }
            append(Edit(table: edit.table, key: edit.key, container: edit.container, change: inverse))
        }
    }

    /// The place `path` (in object `key` of table `table`) has after the edits
    /// since `since`: nil once its object was removed or replaced; `path`
    /// itself when the log no longer holds all of those edits.
    func follow(_ path: [PathStep], table: UInt32, key: ObjectKey, since: Int) -> [PathStep]? {
        let oldest = serial - edits.count
        guard since >= oldest else { return path }
        var path = path
        for edit in edits[(since - oldest)...] where edit.key == key && edit.table == table {
            let depth = edit.container.count
            guard path.count > depth, path[..<depth].elementsEqual(edit.container) else { continue }
            let step = path[depth]
            switch (edit.change, step) {
            case (.replacedAll, _):
                return nil
            case let (.replaced(replaced), _):
                if step == replaced { return nil }
            case let (.inserted(index), .index(position)):
                if position >= index { path[depth] = .index(position + 1) }
            case let (.removed(index), .index(position)):
                if position == index { return nil }
                if position > index { path[depth] = .index(position - 1) }
            case let (.moved(from, to), .index(position)):
                if position == from {
                    path[depth] = .index(to)
                } else if from < to, position > from, position <= to {
                    path[depth] = .index(position - 1)
                } else if to < from, position >= to, position < from {
                    path[depth] = .index(position + 1)
                }
            case (.inserted, .key), (.removed, .key), (.moved, .key):
                continue
            }
        }
        return path
    }
}
