/// What changed in a store between two versions, from its change log: per
/// class (by table number), the inserted, deleted and modified objects.
///
/// ```swift
/// let changes = try store.read { try $0.changes(since: oldVersion) }
/// if changes.isComplete, let dogs = changes.tables[dogTable.schema.table] {
///     print(dogs.modified.count, "dogs changed")
/// }
/// ```
package struct ChangeSet: Sendable {
    /// The version the changes start after.
    package var fromVersion: Int
    /// The version they lead to.
    package var toVersion: Int
    /// Whether the log holds every change of the range. When it does not
    /// (pruned, written by a build without a log, or a migration that
    /// rewrote whole classes), the changes listed are
    /// a part of them: an observer must compare the versions themselves.
    package var isComplete: Bool
    /// Whether records of the range were pruned (or never written): unlike a
    /// migration's unlisted changes, what is missing cannot be told from the
    /// log at all.
    package var recordsMissing = false
    /// Whether a transaction of the range changed the schema (added classes, migrated).
    package var schemaChanged: Bool
    package var tables: [UInt32: TableChanges]

    package init(
        fromVersion: Int, toVersion: Int, isComplete: Bool = true, schemaChanged: Bool = false,
        tables: [UInt32: TableChanges] = [:]
    ) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.isComplete = isComplete
        self.schemaChanged = schemaChanged
        self.tables = tables
    }

    /// Whether nothing changed between the versions.
    package var isEmpty: Bool {
        isComplete && !schemaChanged && tables.values.allSatisfy(\.isEmpty)
    }

    /// The changes of table `id` (empty when none).
    package subscript(table id: UInt32) -> TableChanges { tables[id] ?? TableChanges() }

    /// Adds the changes of one later transaction.
    package mutating func append(_ record: ChangeRecord) {
        schemaChanged = schemaChanged || record.schemaChanged
        if record.objectsUnlisted { isComplete = false }
        for (id, changes) in record.tables { tables[id, default: TableChanges()].append(changes) }
        toVersion = max(toVersion, record.version)
    }
}
