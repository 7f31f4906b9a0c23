import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// The change log: each write transaction's record, read back over a range
/// of versions, pruned as it ages, and what an aborted write leaves (nothing).
@Suite struct ChangeLogTests {
    @Test func aRecordSurvivesEncodingAndDamagedBytesThrow() throws {
        var record = ChangeRecord(version: 42)
        record.schemaChanged = true
        var changes = TableChanges()
        for key in [5, 6, 7, 9] { changes.noteInsertion(ObjectKey(UInt64(key))) }
        changes.noteDeletion(ObjectKey(3))
        changes.noteModification(ObjectKey(1), slots: SlotSet([0, 70]))
        record.tables[2] = changes
        var cleared = TableChanges()
        cleared.noteCleared()
        record.tables[4] = cleared
        let bytes = record.encoded()
        let back = try bytes.withUnsafeBytes { try ChangeRecord(version: 42, encoded: $0) }
        #expect(back == record)
        #expect(back.tables[2]?.insertedRuns.map(\.count) == [3, 1], "consecutive keys are kept as runs")
        #expect(throws: StoreError.self) {
            try Array(bytes.dropLast(2)).withUnsafeBytes { try ChangeRecord(version: 42, encoded: $0) }
        }
    }

    @Test func listOperationsSurviveEncodingInOrder() throws {
        var record = ChangeRecord(version: 7)
        var changes = TableChanges()
        changes.noteModification(ObjectKey(1), slot: 3)
        let edits: [ListEdit] = [
            .inserted(at: 4, count: 2), .removed(0), .moved(from: 5, to: 1), .replaced(2), .cleared, .unlisted,
        ]
        for edit in edits { changes.noteListEdit(edit, key: ObjectKey(1), slot: 3) }
        changes.noteListEdit(.replaced(0), key: ObjectKey(8), slot: 1)
        changes.noteListEdit(.keySet("clé ✓"), key: ObjectKey(9), slot: 4)
        record.tables[2] = changes
        let bytes = record.encoded()
        let back = try bytes.withUnsafeBytes { try ChangeRecord(version: 7, encoded: $0) }
        #expect(back == record)
        // Past `unlisted` nothing more is kept for that list: it is compared, not replayed.
        #expect(back.tables[2]?.listEdits(at: ListAddress(key: ObjectKey(1), slot: 3)) == [.unlisted])
        #expect(back.tables[2]?.listEdits(at: ListAddress(key: ObjectKey(8), slot: 1)) == [.replaced(0)])
        #expect(back.tables[2]?.listEdits(at: ListAddress(key: ObjectKey(9), slot: 4)) == [.keySet("clé ✓")])
        #expect(throws: StoreError.self) {
            try Array(bytes.dropLast(1)).withUnsafeBytes { try ChangeRecord(version: 7, encoded: $0) }
        }
    }

    @Test func listOperationsJoinAcrossTransactionsUntilTheOwnerGoes() {
        let address = ListAddress(key: ObjectKey(1), slot: 0)
        var first = TableChanges()
        first.noteModification(ObjectKey(1), slot: 0)
        first.noteListEdit(.inserted(at: 0, count: 1), key: ObjectKey(1), slot: 0)
        first.noteListEdit(.inserted(at: 1, count: 1), key: ObjectKey(1), slot: 0)
        #expect(first.listEdits(at: address) == [.inserted(at: 0, count: 2)], "an insert after an insert joins it")
        var second = TableChanges()
        second.noteModification(ObjectKey(1), slot: 0)
        second.noteListEdit(.removed(0), key: ObjectKey(1), slot: 0)
        var merged = first
        merged.append(second)
        #expect(merged.listEdits(at: address) == [.inserted(at: 0, count: 2), .removed(0)])
        // A list an earlier transaction changed without listing how cannot be replayed.
        var unlisted = TableChanges()
        unlisted.noteModification(ObjectKey(1), slot: 0)
        unlisted.append(second)
        #expect(unlisted.listEdits(at: address) == [.unlisted])
        // The owner's deletion takes its lists' operations with it.
        var gone = TableChanges()
        gone.noteDeletion(ObjectKey(1))
        merged.append(gone)
        #expect(!merged.hasListEdits)
        var many = TableChanges()
        for _ in 0 ... ListEdit.limit { many.noteListEdit(.removed(0), key: ObjectKey(1), slot: 0) }
        #expect(many.listEdits(at: address) == [.unlisted], "too many operations are not kept")
    }

    @Test func eachCommitRecordsWhatItDidAndAbortedOnesNothing() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try RecordSchema.makeStore(in: directory, named: "log.geode")
        let start = try store.read { $0.version }
        let keys = try store.write { txn in
            try (0 ..< 3).map { try txn.insert(RecordSchema.row(batch: 1, index: $0), into: table) }
        }
        struct Stop: Error {}
        _ = try? store.write { txn -> Void in
            try txn.delete(keys[0], in: table)
            throw Stop()
        }
        try store.write { txn in
            guard let field = table.schema.property(named: "index") else { return }
            try txn.update(.int(9), of: field, key: keys[1], in: table)
            try txn.delete(keys[2], in: table)
        }
        let changes = try store.read { try $0.changes(since: start) }
        let id = table.schema.table
        #expect(changes.isComplete)
        #expect(changes[table: id].insertionCount == 3)
        #expect(changes[table: id].deleted == [keys[2]])
        #expect(changes[table: id].modified[keys[1]]?.slots == [table.schema.property(named: "index")?.slot ?? -1])
        #expect(!changes[table: id].wasDeleted(keys[0]), "the aborted delete left no record")
        let none = try store.read { try $0.changes(since: $0.version) }
        #expect(none.isEmpty)
    }

    @Test func recordsAReaderStillHoldsAVersionBeforeAreKept() throws {
        let directory = try TemporaryDirectory()
        var configuration = StoreConfiguration(path: directory.path("held.geode"), schema: RecordSchema.schema)
        configuration.durable = false
        let store = try Store.open(configuration)
        let table = try store.table("Record")
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 1, index: 0), into: table) }
        guard let field = table.schema.property(named: "index") else { return }
        let held = try store.pin()
        let heldVersion = held.version
        for i in 0 ..< 300 {
            try store.write { try $0.update(.int(Int64(i)), of: field, key: key, in: table) }
        }
        let changes = try store.read { try $0.changes(since: heldVersion) }
        #expect(changes.isComplete, "a reader of an old version keeps the records after it")
        held.close()
        for i in 0 ..< 100 {
            try store.write { try $0.update(.int(Int64(i)), of: field, key: key, in: table) }
        }
        #expect(try store.read { try !$0.changes(since: heldVersion).isComplete }, "released, they are pruned")
    }

    /// A store of records whose change log keeps 100 versions back, without durable commits.
    static func storeRetaining100(in directory: TemporaryDirectory, named name: String) throws -> (Store, Table) {
        var configuration = StoreConfiguration(path: directory.path(name), schema: RecordSchema.schema)
        configuration.changeLogRetention = 100
        configuration.durable = false
        let store = try Store.open(configuration)
        return (store, try store.table("Record"))
    }

    @Test func oldRecordsArePrunedAndAReaderFromBeforeLearnsItsChangesAreIncomplete() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try Self.storeRetaining100(in: directory, named: "prune.geode")
        let start = try store.read { $0.version }
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 1, index: 0), into: table) }
        guard let field = table.schema.property(named: "index") else { return }
        for i in 0 ..< 300 {
            try store.write { try $0.update(.int(Int64(i)), of: field, key: key, in: table) }
        }
        let (early, recent) = try store.read { txn in
            (try txn.changes(since: start), try txn.changes(since: txn.version - 10))
        }
        #expect(!early.isComplete)
        #expect(recent.isComplete)
        #expect(recent[table: table.schema.table].modified.keys.sorted() == [key])
    }

    @Test func aMigrationListsNoObjectsAndMakesTheRangeIncomplete() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("migrated.geode")
        let start: Int
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            try store.write { txn in
                for i in 0 ..< 100 { try txn.insert(RecordSchema.row(batch: 0, index: i), into: table) }
            }
            start = try store.read { $0.version }
        }
        var record = RecordSchema.record
        record.properties.append(PropertySchema(name: "note", type: .string))
        var configuration = StoreConfiguration(path: path, schema: Schema(classes: [record], version: 2))
        configuration.migration = { migration in
            let table = try migration.store.table("Record")
            guard let note = table.schema.property(named: "note") else { return }
            var keys: [ObjectKey] = []
            try migration.transaction.forEach(in: table) { key, _ in
                keys.append(key)
                return true
            }
            for key in keys { try migration.transaction.update(.string("n"), of: note, key: key, in: table) }
        }
        let store = try Store.open(configuration)
        let changes = try store.read { try $0.changes(since: start) }
        // A hundred modifications are not listed one by one: an observer compares documents.
        #expect(changes.schemaChanged)
        #expect(!changes.isComplete)
        #expect(changes.tables.values.allSatisfy { $0.modified.isEmpty })
    }

    @Test func aConsumerKeepsEveryRecordAfterWhatItAcknowledgedUntilRemoved() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try Self.storeRetaining100(in: directory, named: "consumer.geode")
        let start = try store.read { $0.version }
        try store.write { try $0.acknowledgeChanges(through: start, for: "replica") }
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 1, index: 0), into: table) }
        guard let field = table.schema.property(named: "index") else { return }
        func touch(_ times: Int) throws {
            for i in 0 ..< times { try store.write { try $0.update(.int(Int64(i)), of: field, key: key, in: table) } }
        }
        try touch(300)
        // Three times the retention later, the replica still gets every change since it acknowledged.
        let behind = try store.read { try $0.changes(since: start) }
        #expect(behind.isComplete)
        #expect(behind[table: table.schema.table].wasInserted(key))
        #expect(try store.read { try $0.changeConsumers() } == ["replica": start])
        // Acknowledging lets the records before go.
        let middle = try store.read { $0.version }
        try store.write { try $0.acknowledgeChanges(through: middle, for: "replica") }
        try touch(300)
        #expect(try !store.read { try $0.changes(since: start) }.isComplete)
        #expect(try store.read { try $0.changes(since: middle) }.isComplete)
        // Removed, it holds nothing back.
        try store.write { try $0.removeChangeConsumer("replica") }
        try touch(300)
        #expect(try !store.read { try $0.changes(since: middle) }.isComplete)
        #expect(try store.read { try $0.changeConsumers() }.isEmpty)
    }
}
