import CLMDB
import Synchronization
import Foundation

/// A read transaction: one consistent version of the store.
///
/// Values it returns point straight into the memory map (no copy) and are valid
/// only until the transaction ends, that is, inside the closure that received
/// the transaction. Copy out what must escape.
///
/// ```swift
/// try env.read { txn in
///     if let db = env.database(named: "meta"),
///        let bytes = try txn.get(db, key: Array("format".utf8)) {
///         print(bytes.count)
///     }
/// }
/// ```
package class Transaction {
    let handle: OpaquePointer
    package let environment: Environment
    /// Database handles opened by this transaction, published when it commits.
    var pendingDatabases: [String: Database] = [:]
    var isFinished = false
    /// Cursors this read transaction opened, kept for the next scan of their
    /// database once nobody holds them: opening one costs LMDB an allocation,
    /// a noticeable part of a small query. Released when the transaction ends.
    private var spareCursors: [Cursor] = []
    /// Whether cursors are kept for reuse: only a read transaction's can be
    /// renewed, and only they may be closed after the transaction ends.
    var reusesCursors: Bool { true }
    /// The last value found under an 8-byte key (an object key) by a read
    /// transaction. A query tests a candidate's document and the object it
    /// hands out reads the same document next: each lookup from the root of
    /// a large tree costs a few cache and TLB misses, more than everything
    /// else a point query does. Its pages stay put until the transaction ends,
    /// and the map until it grows (which its generation tells).
    private var lastFound: LastFound?
    /// Whether ``lastFound`` is kept: a write moves and frees pages.
    var remembersLastFound: Bool { true }

    struct LastFound {
        let database: MDB_dbi
        let word: UInt64
        let mapGeneration: Int
        let stored: UnsafeRawBufferPointer
        /// The value once its seal was verified: read again through the
        /// sealed database, it is not hashed again (read through its unsealed
        /// view, ``Database/unsealed``, it is the stored bytes, seal and all).
        var verified: UnsafeRawBufferPointer?
    }

    /// An 8-byte key as one word; nil for keys of other lengths.
    @inline(__always)
    private static func word(_ key: UnsafeRawBufferPointer) -> UInt64? {
        key.count == 8 ? key.loadUnaligned(as: UInt64.self) : nil
    }

    init(_ handle: OpaquePointer, environment: Environment) {
        self.handle = handle
        self.environment = environment
    }

    /// LMDB's id of the version this transaction sees (two read transactions
    /// with the same id read the same data).
    var version: Int { Int(mdb_txn_id(handle)) }

    /// Opens an existing named database; nil when there is none.
    package func existingDatabase(_ name: String) throws -> Database? {
        if let known = environment.database(named: name) { return known }
        return try environment.openDatabase(name, create: false, sortedDuplicates: false, in: self)
    }

    /// The value stored under `key`, or nil.
    package func get(_ db: Database, key: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        let stored: UnsafeRawBufferPointer
        let remembered: Bool
        if let found = lastFound, let word = Self.word(key), found.word == word, found.database == db.handle,
            found.mapGeneration == environment.mapLock.generation
        {
            if db.isSealed, let verified = found.verified { return verified }
            stored = found.stored
            remembered = true
        } else {
            var k = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
            var v = MDB_val()
            let rc = find(db, &k, &v)
            if rc == MDB_NOTFOUND { return nil }
            try check(rc, "mdb_get(\(db.name))")
            stored = UnsafeRawBufferPointer(start: v.mv_data, count: v.mv_size)
            if remembersLastFound, let word = Self.word(key) {
                lastFound = LastFound(
                    database: db.handle, word: word, mapGeneration: environment.mapLock.generation, stored: stored)
                remembered = true
            } else {
                remembered = false
            }
        }
        guard db.isSealed else { return stored }
        guard let value = EntrySeal.verified(key: key, stored: stored) else {
            throw EntrySeal.damage(key, db.name, environment.path)
        }
        if remembered { lastFound?.verified = value }
        return value
    }

    /// `mdb_get`: what ``get(_:key:)`` looks the key up with.
    func find(_ db: Database, _ key: inout MDB_val, _ value: inout MDB_val) -> Int32 {
        mdb_get(handle, db.handle, &key, &value)
    }

    /// The value stored under `key`, or nil.
    package func get(_ db: Database, key: [UInt8]) throws -> UnsafeRawBufferPointer? {
        try key.withUnsafeBytes { try get(db, key: $0) }
    }

    /// The value stored under a big-endian 64-bit key.
    package func get(_ db: Database, key: UInt64) throws -> UnsafeRawBufferPointer? {
        try withUnsafeBytes(of: key.bigEndian) { try get(db, key: $0) }
    }

    /// The number of entries in `db`.
    package func count(_ db: Database) throws -> Int {
        var stat = MDB_stat()
        try check(mdb_stat(handle, db.handle, &stat), "mdb_stat(\(db.name))")
        return stat.ms_entries
    }

    /// The bytes of the pages `db`'s tree takes in the file (branch, leaf and overflow pages).
    package func bytes(of db: Database) throws -> Int {
        var stat = MDB_stat()
        try check(mdb_stat(handle, db.handle, &stat), "mdb_stat(\(db.name))")
        return (stat.ms_branch_pages + stat.ms_leaf_pages + stat.ms_overflow_pages) * Int(stat.ms_psize)
    }

    /// A cursor over `db`, at no position (its first move must place it).
    /// In a read transaction it may be one an earlier scan let go, renewed.
    package func cursor(_ db: Database) throws -> Cursor {
        if reusesCursors {
            for i in spareCursors.indices
            where spareCursors[i].database == db
                && isKnownUniquelyReferenced(&spareCursors[i]) && spareCursors[i].renew(in: handle)
            {
                return spareCursors[i]
            }
        }
        var cursor: OpaquePointer?
        try check(mdb_cursor_open(handle, db.handle, &cursor), "mdb_cursor_open(\(db.name))")
        guard let cursor else {
            throw StoreError.storage(code: ENOMEM, operation: "mdb_cursor_open", path: environment.path)
        }
        let opened = Cursor(cursor, database: db, transaction: self)
        if reusesCursors, spareCursors.count < Self.spareCursorLimit { spareCursors.append(opened) }
        return opened
    }

    /// Cursors a read transaction keeps for reuse, at most.
    private static let spareCursorLimit = 4

    /// Ends a read transaction. Handles it opened are kept (a read-only commit).
    func abort() {
        guard !isFinished else { return }
        isFinished = true
        spareCursors = []  // they hold the transaction: this ends the cycle
        if pendingDatabases.isEmpty {
            mdb_txn_abort(handle)
        } else if mdb_txn_commit(handle) == 0 {
            environment.publish(pendingDatabases)
        }
    }

    /// Throws for a non-zero LMDB code. The operation's name is built only then.
    @inline(__always)
    func check(_ rc: Int32, _ operation: @autoclosure () -> String) throws {
        if rc != 0 { throw StoreError.storage(code: rc, operation: operation(), path: environment.path) }
    }
}

/// The write transaction: one at a time across threads and processes.
///
/// Changes become visible to others, and durable, when the closure that
/// received it returns; a thrown error discards all of them.
package final class WriteTransaction: Transaction {
    override var reusesCursors: Bool { false }
    override var remembersLastFound: Bool { false }
    /// Whether the transaction stored or deleted anything. This and
    /// ``positioned`` are touched at every put, only by the transaction's own
    /// methods on its one thread and never re-entrantly: their accesses go
    /// unchecked (a dynamic exclusivity check each time otherwise).
    @exclusivity(unchecked) private var wrote = false
    /// Work to do just before the commit (flushing counters kept in memory).
    private var beforeCommit: [() throws -> Void] = []
    /// The keys claimed with ``claimOnce(_:)``.
    private var registeredOnce: Set<String> = []
    /// Values read once per transaction (``remembered(_:reading:)``).
    private var rememberedValues: [String: UInt64] = [:]
    /// Work to undo outside LMDB when the transaction aborts.
    private var afterAbort: [() -> Void] = []
    /// Work to do once the commit succeeded.
    private var afterCommit: [() -> Void] = []
    /// Set for a transaction from ``Environment/beginWrite()``: ending it releases the map lock.
    var releasesMapLock = false
    /// A cursor per database this transaction read or wrote by key, left where
    /// its last get or put put it. `mdb_get` and `mdb_put` descend from the
    /// root each time, searching the transaction's dirty pages at every
    /// level; a positioned cursor first looks at the leaf page it is on
    /// (`mdb_cursor_set`), so that keys met in order — a migration or an
    /// update rewriting every object, an import appending — cost no descent:
    /// a third of a migration's time went to them. LMDB keeps the cursors
    /// right through every change the transaction makes, and frees them when
    /// it ends. Few databases are touched: a list is searched faster than a
    /// dictionary hashes. Databases of sorted duplicates (the value indexes)
    /// keep the plain calls: an import measured no gain from cursors there
    /// (callgrind, with ids in order), and they would add a tracked cursor to
    /// every delete of a duplicate for nothing.
    @exclusivity(unchecked) private var positioned: [(database: MDB_dbi, cursor: OpaquePointer)] = []

    /// The positioned cursor of `db`, opened on first use; nil for a
    /// database of sorted duplicates, or when LMDB cannot open one (then the
    /// plain calls serve).
    @inline(__always)
    private func positionedCursor(_ db: Database) -> OpaquePointer? {
        if db.sortedDuplicates { return nil }
        for entry in positioned where entry.database == db.handle { return entry.cursor }
        var cursor: OpaquePointer?
        guard mdb_cursor_open(handle, db.handle, &cursor) == 0, let cursor else { return nil }
        positioned.append((db.handle, cursor))
        return cursor
    }

    override func find(_ db: Database, _ key: inout MDB_val, _ value: inout MDB_val) -> Int32 {
        guard let cursor = positionedCursor(db) else { return super.find(db, &key, &value) }
        return mdb_cursor_get(cursor, &key, &value, MDB_SET_KEY)
    }

    /// `mdb_put` through the database's positioned cursor.
    private func put(_ db: Database, _ key: inout MDB_val, _ value: inout MDB_val, flags: UInt32) -> Int32 {
        guard let cursor = positionedCursor(db) else { return mdb_put(handle, db.handle, &key, &value, flags) }
        return mdb_cursor_put(cursor, &key, &value, flags)
    }

    /// Opens a named database, creating it if needed.
    package func openDatabase(_ name: String, sortedDuplicates: Bool = false) throws -> Database {
        guard let db = try environment.openDatabase(name, create: true, sortedDuplicates: sortedDuplicates, in: self)
        else {
            throw StoreError.storage(code: MDB_NOTFOUND, operation: "mdb_dbi_open(\(name))", path: environment.path)
        }
        return db
    }

    /// Stores `value` under `key`, replacing what was there (in a sorted-duplicates
    /// database, adds it to the key's set).
    package func put(_ db: Database, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws {
        try check(store(db, key, value, flags: 0), "mdb_put(\(db.name))")
    }

    /// Stores `value` under `key`, which the database must not hold yet, and
    /// returns true; returns false, storing nothing, when it holds the key. A
    /// key that sorts after every other goes at the end (`MDB_APPEND`: no search).
    package func putNew(_ db: Database, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws -> Bool {
        var rc = store(db, key, value, flags: UInt32(MDB_APPEND))
        // With MDB_APPEND, KEYEXIST means only "not after the last key": look again.
        if rc == MDB_KEYEXIST { rc = store(db, key, value, flags: UInt32(MDB_NOOVERWRITE)) }
        if rc == MDB_KEYEXIST { return false }
        try check(rc, "mdb_put(\(db.name))")
        return true
    }

    /// `mdb_put` with `flags`; in a sealed database the value is written
    /// with its check straight into the space LMDB reserves (`MDB_RESERVE`),
    /// so sealing copies nothing more than a plain put does.
    private func store(_ db: Database, _ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, flags: UInt32)
        -> Int32
    {
        wrote = true
        var k = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        guard db.isSealed else {
            var v = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
            return put(db, &k, &v, flags: flags)
        }
        var v = MDB_val(mv_size: value.count + EntrySeal.size, mv_data: nil)
        let rc = put(db, &k, &v, flags: flags | UInt32(MDB_RESERVE))
        if rc == 0 {
            EntrySeal.seal(
                key: key, value: value, into: UnsafeMutableRawBufferPointer(start: v.mv_data, count: v.mv_size))
        }
        return rc
    }

    /// Stores `value` under `key`.
    package func put(_ db: Database, key: [UInt8], value: [UInt8]) throws {
        try key.withUnsafeBytes { k in try value.withUnsafeBytes { v in try put(db, key: k, value: v) } }
    }

    /// Removes `key` (in a sorted-duplicates database with `value`, only that
    /// value). Returns whether anything was removed.
    @discardableResult
    package func delete(_ db: Database, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer? = nil) throws
        -> Bool
    {
        var k = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        let rc: Int32
        if let value {
            var v = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
            rc = mdb_del(handle, db.handle, &k, &v)
        } else {
            rc = mdb_del(handle, db.handle, &k, nil)
        }
        if rc == MDB_NOTFOUND { return false }
        try check(rc, "mdb_del(\(db.name))")
        wrote = true
        return true
    }

    /// Notes a deletion made through a cursor (``Cursor/deleteCurrent()``).
    func noteDeletion() { wrote = true }

    /// Removes `key`.
    @discardableResult
    package func delete(_ db: Database, key: [UInt8]) throws -> Bool {
        try key.withUnsafeBytes { try delete(db, key: $0) }
    }

    /// Removes a big-endian 64-bit key.
    @discardableResult
    package func delete(_ db: Database, key: UInt64) throws -> Bool {
        try withUnsafeBytes(of: key.bigEndian) { try delete(db, key: $0) }
    }

    /// Empties `db`, or removes it from the environment with `remove`.
    package func drop(_ db: Database, remove: Bool) throws {
        if remove, let index = positioned.firstIndex(where: { $0.database == db.handle }) {
            // LMDB may give the handle to a database opened later in this transaction.
            mdb_cursor_close(positioned.remove(at: index).cursor)
        }
        try check(mdb_drop(handle, db.handle, remove ? 1 : 0), "mdb_drop(\(db.name))")
        wrote = true
        if remove {
            pendingDatabases[db.name] = nil
            environment.forget(db.name)
        }
    }

    /// Registers work to run if the transaction aborts, most recent first.
    package func onAbort(_ work: @escaping () -> Void) {
        afterAbort.append(work)
    }

    /// Registers work to run just before the commit, in order.
    package func onCommit(_ work: @escaping () throws -> Void) {
        beforeCommit.append(work)
    }

    /// Whether `key` is claimed for the first time in this transaction (and
    /// claims it): what many writes of one kind ask before registering, with
    /// ``onCommit(_:)``, work to be done once.
    package func claimOnce(_ key: String) -> Bool {
        registeredOnce.insert(key).inserted
    }

    /// The value remembered under `key` in this transaction, read with `read`
    /// the first time: what every write of one kind consults, and only this
    /// transaction changes (``remember(_:_:)``), such as whether a spatial
    /// index is being bulk-loaded.
    package func remembered(_ key: String, reading read: () throws -> UInt64) rethrows -> UInt64 {
        if let value = rememberedValues[key] { return value }
        let value = try read()
        rememberedValues[key] = value
        return value
    }

    /// Remembers `value` under `key`, when this transaction has just stored what it stands for.
    package func remember(_ key: String, _ value: UInt64) {
        rememberedValues[key] = value
    }

    /// Registers work to run once the commit has succeeded, in order.
    package func onCommitted(_ work: @escaping () -> Void) {
        afterCommit.append(work)
    }

    /// Commits: every change becomes visible and durable. On failure nothing is.
    package func commit() throws {
        precondition(!isFinished, "Geode: committing a finished transaction")
        do {
            for work in beforeCommit { try work() }
        } catch {
            abort()
            throw error
        }
        beforeCommit = []
        registeredOnce = []
        let pending = pendingDatabases
        let undo = afterAbort
        let done = afterCommit
        let committed = version
        let rc = mdb_txn_commit(handle)
        // After mdb_txn_commit the handle is freed whatever the outcome.
        markFinished()
        if releasesMapLock { environment.endExplicitWrite() }
        if rc != 0 { for work in undo.reversed() { work() } }
        try check(rc, "mdb_txn_commit")
        environment.didCommit(committed, wrote: wrote)
        environment.publish(pending)
        for work in done { work() }
    }

    /// Discards every change.
    override package func abort() {
        guard !isFinished else { return }
        let undo = afterAbort
        markFinished()
        mdb_txn_abort(handle)
        if releasesMapLock { environment.endExplicitWrite() }
        for work in undo.reversed() { work() }
    }

    private func markFinished() {
        positioned = []  // freed by LMDB with the transaction
        pendingDatabases = [:]
        beforeCommit = []
        registeredOnce = []
        afterAbort = []
        afterCommit = []
        isFinished = true
    }
}

/// A read transaction that outlives any closure: it pins one version of the
/// store until closed (frozen objects and Results rest on one).
package final class PinnedTransaction: @unchecked Sendable {
    private let transaction: Transaction
    private let environment: Environment
    /// Recursive: reading one value may read another (a link inside a list).
    private let lock = NSRecursiveLock()
    private var closed = false
    /// Tells pinned transactions apart for as long as the process runs (an
    /// object identifier could be reused once this one is gone).
    package let serial: Int
    /// An object the layer above keeps with this version, made once and
    /// reused by every read (the store's view of the transaction); read and
    /// set only inside ``read(_:)``.
    package var companion: AnyObject?
    /// The version this transaction reads (LMDB's transaction id).
    package var version: Int { transaction.version }

    init(transaction: Transaction, environment: Environment) {
        self.transaction = transaction
        self.environment = environment
        serial = Self.serials.wrappingAdd(1, ordering: .relaxed).newValue
    }

    // An atomic counter, not a lock: one instruction, and a sanitizer sees it
    // (the standard library's lock is not instrumented, so its guarded counter read as a race).
    private static let serials = Atomic<Int>(0)

    deinit { close() }

    /// Reads through the pinned version. Safe from any thread, one at a time.
    package func read<T>(_ body: (Transaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        precondition(!closed, "Geode: reading through a closed pinned transaction")
        return try environment.withMapShared { try body(transaction) }
    }

    /// Reads through the pinned version, also handing `body` the map's stamp
    /// (pointers taken now stay good while the map has not moved since).
    package func readLocating<T>(_ body: (Transaction, MapLatch.Stamp) throws -> T) throws -> T {
        try read { try body($0, environment.mapLock.stamp) }
    }

    /// Ends the transaction; the version it pinned can be reclaimed.
    package func close() {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return }
        closed = true
        companion = nil
        transaction.abort()
    }
}
