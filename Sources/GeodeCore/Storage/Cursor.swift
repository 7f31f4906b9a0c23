import CLMDB

/// A position in a database, moved in key order. Keys and values it yields
/// point into the memory map and are valid only within the transaction.
///
/// ```swift
/// let cursor = try txn.cursor(db)
/// var entry = try cursor.first()
/// while let (key, value) = entry {
///     print(key.count, value.count)
///     entry = try cursor.next()
/// }
/// ```
package final class Cursor {
    /// One key and its value, straight from the map.
    package typealias Entry = (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)

    private let handle: OpaquePointer
    package let database: Database
    private let transaction: Transaction

    init(_ handle: OpaquePointer, database: Database, transaction: Transaction) {
        self.handle = handle
        self.database = database
        self.transaction = transaction
    }

    deinit { mdb_cursor_close(handle) }

    /// Puts this read-only cursor back at no position, as if just opened in
    /// `transaction`; false when LMDB refuses.
    func renew(in transaction: OpaquePointer) -> Bool {
        mdb_cursor_renew(transaction, handle) == 0
    }

    /// Asks the CPU for the bytes just below `document`, a value this cursor
    /// just read: in a leaf page LMDB puts each new entry below the one before,
    /// so a walk in key order reads there next. Scans are bound by the latency
    /// of those first reads (a quarter to a third of a scan over 1,000,000
    /// documents waited on them); asking while the current document is
    /// evaluated hides most of it. A hint only: it never faults.
    ///
    /// ```swift
    /// while let (_, value) = entry {
    ///     Cursor.readAhead(below: value)
    ///     evaluate(value)
    ///     entry = try cursor.next()
    /// }
    /// ```
    @inline(__always)
    static func readAhead(below document: UnsafeRawBufferPointer) {
        guard let start = document.baseAddress else { return }
        let distance = min(max(document.count, 192), 960) + 64
        for offset in stride(from: -distance, to: 0, by: 64) { geode_prefetch(start + offset) }
    }

    /// The first entry.
    package func first() throws -> Entry? { try move(MDB_FIRST) }
    /// The last entry.
    package func last() throws -> Entry? { try move(MDB_LAST) }
    /// The next entry (the next duplicate, then the next key).
    package func next() throws -> Entry? { try move(MDB_NEXT) }
    /// The previous entry.
    package func previous() throws -> Entry? { try move(MDB_PREV) }
    /// The first value of the next key, skipping remaining duplicates.
    package func nextKey() throws -> Entry? { try move(MDB_NEXT_NODUP) }

    /// The first entry whose key is at least `key`.
    package func seek(atLeast key: UnsafeRawBufferPointer) throws -> Entry? {
        var k = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var v = MDB_val()
        return try result(mdb_cursor_get(handle, &k, &v, MDB_SET_RANGE), k, v)
    }

    /// The first entry whose key is at least `key`.
    package func seek(atLeast key: [UInt8]) throws -> Entry? {
        try key.withUnsafeBytes { try seek(atLeast: $0) }
    }

    /// The number of values under the current key (sorted-duplicates databases).
    package func duplicateCount() throws -> Int {
        var count = 0
        try transaction.check(mdb_cursor_count(handle, &count), "mdb_cursor_count(\(database.name))")
        return count
    }

    /// Removes the entry the cursor stands on, in a write transaction; the
    /// next ``next()`` then returns the entry that followed it. Keys and
    /// values read before no longer hold. What a pass that empties a
    /// database as it reads it uses: `mdb_del` would look each key up again.
    ///
    /// ```swift
    /// var entry = try cursor.first()
    /// while let (key, value) = entry {
    ///     try txn.put(other, key: key, value: value)
    ///     try cursor.deleteCurrent()
    ///     entry = try cursor.next()
    /// }
    /// ```
    package func deleteCurrent() throws {
        guard let write = transaction as? WriteTransaction else {
            preconditionFailure("Geode: only a write transaction's cursor deletes")
        }
        try write.check(mdb_cursor_del(handle, 0), "mdb_cursor_del(\(database.name))")
        write.noteDeletion()
    }

    private func move(_ op: MDB_cursor_op) throws -> Entry? {
        var k = MDB_val()
        var v = MDB_val()
        return try result(mdb_cursor_get(handle, &k, &v, op), k, v)
    }

    private func result(_ rc: Int32, _ k: MDB_val, _ v: MDB_val) throws -> Entry? {
        if rc == MDB_NOTFOUND { return nil }
        try transaction.check(rc, "mdb_cursor_get(\(database.name))")
        let key = UnsafeRawBufferPointer(start: k.mv_data, count: k.mv_size)
        let stored = UnsafeRawBufferPointer(start: v.mv_data, count: v.mv_size)
        guard database.isSealed else { return (key, stored) }
        guard let value = EntrySeal.verified(key: key, stored: stored) else {
            throw EntrySeal.damage(key, database.name, transaction.environment.path)
        }
        return (key, value)
    }
}
