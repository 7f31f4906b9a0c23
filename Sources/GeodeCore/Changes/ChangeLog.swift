import Foundation

/// The store's change log: for each write transaction that changed objects
/// or the schema, a ``ChangeRecord`` under the version it made, written in
/// that transaction. Change notifications and replication read it.
///
/// A record is kept while a reader of any process may still ask for it — one
/// that reads a version before it (LMDB's reader table tells) — and at most
/// `retainedVersions` versions back; the last ``minimumRetention`` are kept
/// whoever reads. Older records are pruned as new ones are written, and the
/// meta entry `log/pruned` says up to which version records may be missing. A
/// reader asking for changes from before that learns that the answer is
/// incomplete. A registered consumer (a replica fed from the log) holds the
/// records after the version it last acknowledged, however old, until it
/// acknowledges more or is removed (`log/consumer/NAME` in the meta database),
/// and while one is registered each record keeps the documents its
/// transaction left (`log/images`), so that a replica applies each
/// transaction with its own values.
///
/// Kept short so, the log is usually one page: a single-object transaction
/// then writes one page more for its record, not a branch and a leaf.
///
/// ```swift
/// let changes = try store.read { try $0.changes(since: 41) }
/// ```
package struct ChangeLog {
    static let databaseName = "log"
    static let prunedKey = Array("log/pruned".utf8)
    static let consumerPrefix = "log/consumer/"
    static let identityKey = Array("log/id".utf8)
    static let imagesName = "log/images"
    /// How many versions back records are kept at most, for readers that hold
    /// an old version (an observer that falls behind by thousands of
    /// transactions); small on disk (a single-object transaction's record is a
    /// few bytes).
    package static let defaultRetention = 10_000
    /// How many versions back records are kept whoever reads.
    static let minimumRetention = 48
    /// Records are pruned once this many more than could be are kept.
    static let pruneStep = 16

    let database: Database
    let meta: Database
    /// The documents as each transaction left them (key: version, table
    /// number, object key, big-endian), written only while a consumer is
    /// registered: a replica applies each transaction with its own values.
    var images: Database?
    /// How many versions back records are kept.
    var retainedVersions = ChangeLog.defaultRetention

    /// The log of a store being opened for writing: made when missing, and
    /// then marked as missing every version before this one.
    static func open(_ txn: WriteTransaction, meta: Database, isNewFile: Bool, retaining retained: Int) throws
        -> ChangeLog
    {
        let images = try txn.openDatabase(imagesName)
        if let existing = try txn.existingDatabase(databaseName) {
            return ChangeLog(database: existing, meta: meta, images: images, retainedVersions: retained)
        }
        let database = try txn.openDatabase(databaseName)
        if !isNewFile {
            try txn.put(meta, key: prunedKey, value: withUnsafeBytes(of: UInt64(txn.version).bigEndian, Array.init))
        }
        return ChangeLog(database: database, meta: meta, images: images, retainedVersions: retained)
    }

    /// Appends `record` in `txn`, the transaction it describes, and prunes
    /// what no reader needs any more; `oldestReader` is the oldest version a
    /// reader of any process holds (nil: none).
    /// While a consumer is registered, `document` gives the documents the
    /// transaction left (nil for one it deleted), kept beside the record.
    func append(
        _ record: ChangeRecord, _ txn: WriteTransaction, oldestReader: () -> Int?,
        document: (UInt32, ObjectKey) throws -> UnsafeRawBufferPointer?
    ) throws {
        let bytes = record.encoded()
        try withUnsafeBytes(of: UInt64(record.version).bigEndian) { key in
            try bytes.withUnsafeBytes { try txn.put(database, key: key, value: $0) }
        }
        if let images, !record.objectsUnlisted, try hasConsumers(txn) {
            for (table, changes) in record.tables {
                for key in changes.writtenKeys {
                    guard let stored = try document(table, key) else { continue }
                    try Self.imageKey(record.version, table, key).withUnsafeBytes { k in
                        try txn.put(images, key: k, value: stored)
                    }
                }
            }
        }
        let newest = record.version
        let pruned = try prunedThrough(txn)
        let floor = newest - min(Self.minimumRetention, retainedVersions)
        guard floor - pruned >= Self.pruneStep else { return }
        // A reader at version v asks for the records after v.
        var horizon = min(floor, oldestReader() ?? floor)
        horizon = max(horizon, newest - retainedVersions)
        // A consumer needs every record after the version it acknowledged.
        if let acknowledged = try oldestAcknowledgement(txn) { horizon = min(horizon, acknowledged) }
        guard horizon > 0, horizon - pruned >= Self.pruneStep else { return }
        // Collect first, then delete: the cursor must not stand on what is removed.
        var old: [UInt64] = []
        let cursor = try txn.cursor(database)
        var entry = try cursor.first()
        while let (key, _) = entry, key.count == 8 {
            let version = UInt64(bigEndian: key.loadUnaligned(as: UInt64.self))
            guard version <= UInt64(horizon) else { break }
            old.append(version)
            entry = try cursor.next()
        }
        for version in old { try txn.delete(database, key: version) }
        if let images {
            var gone: [[UInt8]] = []
            let cursor = try txn.cursor(images)
            var entry = try cursor.first()
            while let (key, _) = entry, key.count == 20, UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)) <= horizon {
                gone.append(Array(key))
                entry = try cursor.next()
            }
            for key in gone { _ = try txn.delete(images, key: key) }
        }
        try txn.put(meta, key: Self.prunedKey, value: withUnsafeBytes(of: UInt64(horizon).bigEndian, Array.init))
    }

    /// The key of an after-image: version, table number, object key, big-endian.
    static func imageKey(_ version: Int, _ table: UInt32, _ key: ObjectKey) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        withUnsafeBytes(of: UInt64(version).bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: table.bigEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: key.rawValue.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Whether any consumer is registered.
    private func hasConsumers(_ txn: Transaction) throws -> Bool {
        let prefix = Array(Self.consumerPrefix.utf8)
        let cursor = try txn.cursor(meta)
        guard let (key, _) = try cursor.seek(atLeast: prefix) else { return false }
        return key.starts(with: prefix)
    }

    /// The records of the versions after `version` up to the one `txn` reads,
    /// one by one; nil when some were pruned.
    func records(after version: Int, in txn: Transaction) throws -> [ChangeRecord]? {
        guard try prunedThrough(txn) <= version else { return nil }
        var found: [ChangeRecord] = []
        let cursor = try txn.cursor(database)
        var entry = try cursor.seek(atLeast: withUnsafeBytes(of: UInt64(version + 1).bigEndian, Array.init))
        while let (key, value) = entry, key.count == 8 {
            let recordVersion = Int(UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)))
            guard recordVersion <= txn.version else { break }
            found.append(try ChangeRecord(version: recordVersion, encoded: value))
            entry = try cursor.next()
        }
        return found
    }

    /// The versions registered consumers acknowledged, by name.
    func consumers(_ txn: Transaction) throws -> [String: Int] {
        var found: [String: Int] = [:]
        let prefix = Array(Self.consumerPrefix.utf8)
        let cursor = try txn.cursor(meta)
        var entry = try cursor.seek(atLeast: prefix)
        while let (key, value) = entry, key.starts(with: prefix) {
            guard value.count == 8 else {
                throw StoreError.corruptDocument(detail: "a change log consumer of \(value.count) bytes", offset: 0)
            }
            let name = String(decoding: key.dropFirst(prefix.count), as: UTF8.self)
            found[name] = Int(UInt64(bigEndian: value.loadUnaligned(as: UInt64.self)))
            entry = try cursor.next()
        }
        return found
    }

    /// The oldest version a registered consumer acknowledged (nil: none is registered).
    private func oldestAcknowledgement(_ txn: Transaction) throws -> Int? {
        try consumers(txn).values.min()
    }

    /// Records that consumer `name` applied every change up to `version`
    /// (registering it when new): the log keeps the records after it.
    func acknowledge(_ name: String, through version: Int, _ txn: WriteTransaction) throws {
        try txn.put(
            meta, key: Array((Self.consumerPrefix + name).utf8),
            value: withUnsafeBytes(of: UInt64(version).bigEndian, Array.init))
    }

    /// Forgets consumer `name`: the log no longer keeps records for it.
    func removeConsumer(_ name: String, _ txn: WriteTransaction) throws {
        _ = try txn.delete(meta, key: Array((Self.consumerPrefix + name).utf8))
    }

    /// The version up to which records may be missing (0: none are).
    func prunedThrough(_ txn: Transaction) throws -> Int {
        guard let bytes = try txn.get(meta, key: Self.prunedKey), bytes.count == 8 else { return 0 }
        return Int(UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
    }

    /// The changes of the versions after `version` up to the one `txn` reads.
    func changes(since version: Int, in txn: Transaction) throws -> ChangeSet {
        var changes = ChangeSet(fromVersion: version, toVersion: version)
        let latest = txn.version
        guard latest > version else { return changes }
        changes.toVersion = latest
        changes.isComplete = try prunedThrough(txn) <= version
        changes.recordsMissing = !changes.isComplete
        let cursor = try txn.cursor(database)
        var entry = try cursor.seek(atLeast: withUnsafeBytes(of: UInt64(version + 1).bigEndian, Array.init))
        while let (key, value) = entry {
            guard key.count == 8 else {
                throw StoreError.corruptDocument(detail: "a change log key of \(key.count) bytes", offset: 0)
            }
            let recordVersion = Int(UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)))
            guard recordVersion <= latest else { break }
            changes.append(try ChangeRecord(version: recordVersion, encoded: value))
            entry = try cursor.next()
        }
        changes.toVersion = latest
        return changes
    }
}

extension StoreTransaction {
    /// What changed after `version` up to the version this transaction reads,
    /// from the store's change log.
    ///
    /// ```swift
    /// let changes = try store.read { try $0.changes(since: 41) }
    /// ```
    package func changes(since version: Int) throws -> ChangeSet {
        guard let log = store.changeLog else {
            return ChangeSet(fromVersion: version, toVersion: self.version, isComplete: self.version <= version)
        }
        return try log.changes(since: version, in: transaction)
    }
}

extension StoreTransaction {
    /// The change log's registered consumers, each with the last version it
    /// acknowledged.
    ///
    /// ```swift
    /// let replicas = try store.read { try $0.changeConsumers() }   // ["postgres": 1204]
    /// ```
    package func changeConsumers() throws -> [String: Int] {
        try store.changeLog?.consumers(transaction) ?? [:]
    }

    /// The store's identity for its consumers (a UUID made by
    /// ``StoreWriteTransaction/changeLogIdentity()``), nil before one was made:
    /// a replica tells by it that it is fed from the same store.
    package func storedChangeLogIdentity() throws -> String? {
        guard let bytes = try transaction.get(store.meta, key: ChangeLog.identityKey) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension StoreTransaction {
    /// The change log's records after `version`, one per transaction, in
    /// order; nil when some were pruned.
    package func changeRecords(since version: Int) throws -> [ChangeRecord]? {
        try store.changeLog?.records(after: version, in: transaction)
    }

    /// Object `key` of table `table` as the transaction of `version` left it,
    /// when the log kept it (while a consumer was registered); nil otherwise.
    package func afterImage(version: Int, table: UInt32, key: ObjectKey) throws -> ContainerView? {
        guard let images = store.changeLog?.images,
            let bytes = try transaction.get(images, key: ChangeLog.imageKey(version, table, key))
        else { return nil }
        return try ContainerView(document: bytes, keys: store.mapKeys.spelling)
    }
}

extension StoreWriteTransaction {
    /// Records that consumer `name` (a replica) has every change up to
    /// `version`, registering it when new: the log keeps every record after
    /// that version until the consumer acknowledges more or is removed.
    ///
    /// ```swift
    /// try store.write { try $0.acknowledgeChanges(through: 1204, for: "postgres") }
    /// ```
    package func acknowledgeChanges(through version: Int, for name: String) throws {
        guard let log = store.changeLog else { throw StoreError.noChangeLog(path: store.path) }
        try log.acknowledge(name, through: version, writeTransaction)
    }

    /// The store's identity for its consumers, made now when it has none.
    package func changeLogIdentity() throws -> String {
        if let existing = try storedChangeLogIdentity() { return existing }
        let made = UUID().uuidString.lowercased()
        try writeTransaction.put(store.meta, key: ChangeLog.identityKey, value: Array(made.utf8))
        return made
    }

    /// Removes consumer `name`: the log stops keeping records for it.
    ///
    /// ```swift
    /// try store.write { try $0.removeChangeConsumer("postgres") }
    /// ```
    package func removeChangeConsumer(_ name: String) throws {
        try store.changeLog?.removeConsumer(name, writeTransaction)
    }
}
