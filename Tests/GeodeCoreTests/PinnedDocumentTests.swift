import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Documents kept from a pinned version: read again without a lookup while
/// that version stays pinned and the map stays where it was, and refused
/// (the caller looks them up again) once either changed.
@Suite struct PinnedDocumentTests {
    private func makeStore(_ directory: TemporaryDirectory, mapSize: Int? = nil) throws -> (Store, Table) {
        try RecordSchema.makeStore(in: directory, named: "p.geode", mapSize: mapSize)
    }

    private func index(_ document: PinnedDocument, _ pinned: PinnedTransaction) throws -> Int? {
        var found: Int?
        let good = try document.read(pinnedAt: pinned.serial) { view in
            found = try view.value(at: 1)?.int().map(Int.init)
        }
        // The slot read (what property reads use) finds the same value.
        var inSlot: Int?
        let slotGood = try document.read(slot: 1, pinnedAt: pinned.serial) { view in
            inSlot = try view?.int().map(Int.init)
        }
        #expect(slotGood == good && inSlot == found, "the slot read and the container read disagree")
        return good ? found : nil
    }

    @Test func aKeptDocumentReadsItsVersionAndIsRefusedByAnotherPin() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 1, index: 7), into: table) }
        let pinned = try store.pin()
        defer { pinned.close() }
        let document = try #require(try store.pinnedDocument(key, in: table, pinned))
        try store.write { txn in
            var row = RecordSchema.row(batch: 1, index: 8)
            try txn.update(row, key: key, in: table)
            row = RecordSchema.row(batch: 1, index: 9)
            try txn.insert(row, into: table)
        }
        // The pinned version still holds index 7, whatever was committed since.
        #expect(try index(document, pinned) == 7)
        let later = try store.pin()
        defer { later.close() }
        var ran = false
        #expect(try document.read(pinnedAt: later.serial) { _ in ran = true } == false)
        #expect(try document.read(slot: 1, pinnedAt: later.serial) { _ in ran = true } == false)
        #expect(!ran, "a document kept from one version was read through another")
        let fresh = try #require(try store.pinnedDocument(key, in: table, later))
        #expect(try index(fresh, later) == 8)
    }

    @Test func aKeptDocumentIsRefusedOnceTheMapMoved() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory, mapSize: 64 * 1024)
        let key = try store.write { try $0.insert(RecordSchema.row(batch: 0, index: 3), into: table) }
        let pinned = try store.pin()
        defer { pinned.close() }
        let document = try #require(try store.pinnedDocument(key, in: table, pinned))
        #expect(try index(document, pinned) == 3)
        // Megabytes into a 64 KiB map: it grows, and may move.
        try store.write { txn in
            for i in 0 ..< 40 {
                try txn.insert(RecordSchema.row(batch: 1, index: i, payloadBytes: 100_000), into: table)
            }
        }
        #expect(
            try document.read(pinnedAt: pinned.serial) { _ in } == false,
            "a pointer from before the map grew was trusted")
        #expect(
            try document.read(slot: 1, pinnedAt: pinned.serial) { _ in } == false,
            "a slot from before the map grew was read")
        let again = try #require(try store.pinnedDocument(key, in: table, pinned))
        #expect(try index(again, pinned) == 3)
    }

    /// The index of object `key` as a pinned read finds it (the path a query's test takes).
    private func indexRead(_ key: ObjectKey, _ table: Table, _ store: Store, _ pinned: PinnedTransaction) throws -> Int? {
        try store.read(pinned) { txn in
            try txn.document(key, in: table)?.value(at: 1)?.int().map(Int.init)
        }
    }

    @Test func aDocumentLookedUpAgainInOneVersionIsItsOwnEvenAfterTheMapMoved() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory, mapSize: 64 * 1024)
        let keys = try store.write { txn in
            try (0 ..< 3).map { try txn.insert(RecordSchema.row(batch: 0, index: $0), into: table) }
        }
        let pinned = try store.pin()
        defer { pinned.close() }
        // The same key twice, then others and back: each read finds its own object.
        for key in [keys[0], keys[0], keys[1], keys[0], keys[2], keys[2]] {
            #expect(try indexRead(key, table, store, pinned) == Int(key.rawValue) - 1)
        }
        // Megabytes into a 64 KiB map: it grows, and may move; the last document
        // found before is found again in the map where it now lies.
        try store.write { txn in
            for i in 0 ..< 40 {
                try txn.insert(RecordSchema.row(batch: 1, index: i, payloadBytes: 100_000), into: table)
            }
        }
        #expect(try indexRead(keys[2], table, store, pinned) == 2)
        let document = try #require(try store.pinnedDocument(keys[2], in: table, pinned))
        #expect(try index(document, pinned) == 2)
    }

    @Test func aDocumentAQueryReadIsTheSameDocumentWhenKeptAndReadAgain() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let keys = try store.write { txn in
            try (0 ..< 3).map { try txn.insert(RecordSchema.row(batch: 0, index: $0), into: table) }
        }
        let pinned = try store.pin()
        defer { pinned.close() }
        // A query's test reads the document (its seal verified once), the object
        // then keeps it (read with its seal): neither read takes the other's bytes.
        for key in keys + keys.reversed() {
            let index = Int(key.rawValue) - 1
            #expect(try indexRead(key, table, store, pinned) == index)
            #expect(try indexRead(key, table, store, pinned) == index)
            let document = try #require(try store.pinnedDocument(key, in: table, pinned))
            #expect(try self.index(document, pinned) == index)
            #expect(try indexRead(key, table, store, pinned) == index)
        }
    }

    @Test func documentsOfManyKeysMatchTheirKeysInAnyOrderWithGapsAndMissingKeys() throws {
        let directory = try TemporaryDirectory()
        let (store, table) = try makeStore(directory)
        let keys = try store.write { txn in
            try (0 ..< 50).map { try txn.insert(RecordSchema.row(batch: 0, index: $0), into: table) }
        }
        try store.write { txn in for key in keys where key.rawValue % 5 == 0 { _ = try txn.delete(key, in: table) } }
        let pinned = try store.pin()
        defer { pinned.close() }
        // Ascending with gaps, a repeat, a step back, keys that never existed.
        let wanted = keys.filter { $0.rawValue % 3 != 0 } + [keys[10], keys[2], ObjectKey(900), keys[49], ObjectKey(0)]
        let documents = try store.pinnedDocuments(wanted[...], in: table, pinned)
        #expect(documents.count == wanted.count)
        for (key, document) in zip(wanted, documents) {
            let exists = key.rawValue >= 1 && key.rawValue <= 50 && key.rawValue % 5 != 0
            guard let document else {
                #expect(!exists, "no document for existing key \(key.rawValue)")
                continue
            }
            #expect(exists, "a document for missing key \(key.rawValue)")
            #expect(
                try index(document, pinned) == Int(key.rawValue) - 1,
                "key \(key.rawValue) got another object's document")
        }
    }
}
