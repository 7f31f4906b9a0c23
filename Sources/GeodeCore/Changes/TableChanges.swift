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
    /// (see ``ListEdit``).
    package private(set) var listEdits: [ListAddress: [ListEdit]] = [:]

    package init() {}

    init(
        insertedRuns: [(first: UInt64, count: UInt64)], deleted: Set<ObjectKey>, modified: [ObjectKey: SlotSet],
        wasCleared: Bool, listEdits: [ListAddress: [ListEdit]] = [:]
    ) {
        self.insertedRuns = insertedRuns
        self.deleted = deleted
        self.modified = modified
        self.wasCleared = wasCleared
        self.listEdits = listEdits
    }

    package var isEmpty: Bool {
        insertedRuns.isEmpty && deleted.isEmpty && modified.isEmpty && !wasCleared && listEdits.isEmpty
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
        if !listEdits.isEmpty { forgetListEdits(of: [key]) }
    }

    /// Notes an operation on list property `slot` of object `key`, after those before it.
    package mutating func noteListEdit(_ edit: ListEdit, key: ObjectKey, slot: Int) {
        listEdits[ListAddress(key: key, slot: slot), default: []].appendEdit(edit)
    }

    private mutating func forgetListEdits(of keys: Set<ObjectKey>) {
        listEdits = listEdits.filter { !keys.contains($0.key.key) }
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
        listEdits = [:]
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
            listEdits = [:]
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
        if !listEdits.isEmpty && !later.deleted.isEmpty { forgetListEdits(of: later.deleted) }
        for (address, edits) in later.listEdits {
            // A list the earlier transactions changed without listing how stays unlisted.
            if listEdits[address] == nil, modified[address.key]?.contains(address.slot) == true {
                listEdits[address] = [.unlisted]
                continue
            }
            for edit in edits { listEdits[address, default: []].appendEdit(edit) }
        }
        for (key, slots) in later.modified { modified[key, default: SlotSet()].formUnion(slots) }
    }

    package static func == (a: TableChanges, b: TableChanges) -> Bool {
        a.insertedRuns.elementsEqual(b.insertedRuns, by: { $0 == $1 }) && a.deleted == b.deleted
            && a.modified == b.modified && a.wasCleared == b.wasCleared && a.listEdits == b.listEdits
    }
}
