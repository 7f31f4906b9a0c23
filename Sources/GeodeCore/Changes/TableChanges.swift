/// What write transactions did to the objects of one class.
///
/// Kept per write transaction in the change log, and merged over a range of
/// versions for an observer: inserted keys, deleted keys, and for each
/// modified object the slots of the properties that changed.
///
/// ```swift
/// var changes = TableChanges()
/// changes.noteInsertion(ObjectKey(7))
/// changes.noteModification(ObjectKey(3), slot: 1)
/// changes.wasModified(ObjectKey(3))   // true
/// ```
package struct TableChanges: Sendable, Equatable {
    /// Inserted keys as runs `(first, count)`: an import's keys follow each other.
    package private(set) var insertedRuns: [(first: UInt64, count: UInt64)] = []
    /// Deleted keys.
    package private(set) var deleted: Set<ObjectKey> = []
    /// Modified objects and the slots of their changed properties.
    package private(set) var modified: [ObjectKey: SlotSet] = [:]
    /// Whether every object of the class was removed at once (`deleteAll`):
    /// the deleted keys are then not listed.
    package private(set) var wasCleared = false
    /// The operations made on list properties of objects that stay, in order
    /// (see ``ListEdit``), by object and slot: a deletion drops its object's at once.
    private var editsByObject: [ObjectKey: [Int: [ListEdit]]] = [:]

    /// The operations noted for the list at `address`, in order; nil when none were.
    package func listEdits(at address: ListAddress) -> [ListEdit]? { editsByObject[address.key]?[address.slot] }

    /// Whether operations on some list were noted.
    package var hasListEdits: Bool { !editsByObject.isEmpty }

    /// Every list with noted operations, in key and slot order.
    package var editedLists: [(address: ListAddress, edits: [ListEdit])] {
        editsByObject.sorted { $0.key < $1.key }.flatMap { key, slots in
            slots.sorted { $0.key < $1.key }.map { (ListAddress(key: key, slot: $0.key), $0.value) }
        }
    }

    package init() {}

    init(
        insertedRuns: [(first: UInt64, count: UInt64)], deleted: Set<ObjectKey>, modified: [ObjectKey: SlotSet],
        wasCleared: Bool
    ) {
        self.insertedRuns = insertedRuns
        self.deleted = deleted
        self.modified = modified
        self.wasCleared = wasCleared
    }

    package var isEmpty: Bool {
        insertedRuns.isEmpty && deleted.isEmpty && modified.isEmpty && !wasCleared && editsByObject.isEmpty
    }

    /// The number of inserted keys.
    package var insertionCount: Int { insertedRuns.reduce(0) { $0 + Int($1.count) } }

    package mutating func noteInsertion(_ key: ObjectKey) {
        if let last = insertedRuns.last, last.first &+ last.count == key.rawValue {
            insertedRuns[insertedRuns.count - 1].count += 1
        } else {
            insertedRuns.append((key.rawValue, 1))
        }
    }

    package mutating func noteDeletion(_ key: ObjectKey) {
        deleted.insert(key)
        modified[key] = nil
        editsByObject[key] = nil
    }

    /// Notes an operation on list property `slot` of object `key`, after those before it.
    package mutating func noteListEdit(_ edit: ListEdit, key: ObjectKey, slot: Int) {
        editsByObject[key, default: [:]][slot, default: []].appendEdit(edit)
    }

    package mutating func noteModification(_ key: ObjectKey, slot: Int) {
        modified[key, default: SlotSet()].insert(slot)
    }

    package mutating func noteModification(_ key: ObjectKey, slots: SlotSet) {
        guard !slots.isEmpty else { return }
        modified[key, default: SlotSet()].formUnion(slots)
    }

    package mutating func noteCleared() {
        wasCleared = true
        deleted = []
        modified = [:]
        editsByObject = [:]
    }

    /// The keys of the objects inserted or modified: those whose documents the
    /// transactions wrote.
    package var writtenKeys: Set<ObjectKey> {
        var keys = Set(modified.keys)
        for run in insertedRuns {
            for key in run.first ..< run.first &+ run.count { keys.insert(ObjectKey(key)) }
        }
        return keys
    }

    /// Whether object `key` was modified (not only inserted or deleted).
    package func wasModified(_ key: ObjectKey) -> Bool { modified[key] != nil }

    /// Whether object `key` was deleted: listed, or its class cleared. An
    /// object deleted and inserted again under the same key (a class keyed by
    /// its primary key) counts as deleted.
    package func wasDeleted(_ key: ObjectKey) -> Bool { wasCleared || deleted.contains(key) }

    /// Whether object `key` was inserted.
    package func wasInserted(_ key: ObjectKey) -> Bool {
        insertedRuns.contains { key.rawValue >= $0.first && key.rawValue - $0.first < $0.count }
    }

    /// Adds the changes of a later transaction.
    package mutating func append(_ later: TableChanges) {
        if later.wasCleared {
            wasCleared = true
            modified = [:]
            editsByObject = [:]
        }
        for run in later.insertedRuns {
            if let last = insertedRuns.last, last.first &+ last.count == run.first {
                insertedRuns[insertedRuns.count - 1].count += run.count
            } else {
                insertedRuns.append(run)
            }
        }
        deleted.formUnion(later.deleted)
        for key in later.deleted { modified[key] = nil }
        if !editsByObject.isEmpty { for key in later.deleted { editsByObject[key] = nil } }
        for (key, slots) in later.editsByObject {
            for (slot, edits) in slots {
                // A list the earlier transactions changed without listing how stays unlisted.
                if editsByObject[key]?[slot] == nil, modified[key]?.contains(slot) == true {
                    editsByObject[key, default: [:]][slot] = [.unlisted]
                    continue
                }
                for edit in edits { editsByObject[key, default: [:]][slot, default: []].appendEdit(edit) }
            }
        }
        for (key, slots) in later.modified { modified[key, default: SlotSet()].formUnion(slots) }
    }

    package static func == (a: TableChanges, b: TableChanges) -> Bool {
        a.insertedRuns.elementsEqual(b.insertedRuns, by: { $0 == $1 }) && a.deleted == b.deleted
            && a.modified == b.modified && a.wasCleared == b.wasCleared && a.editsByObject == b.editsByObject
    }
}
