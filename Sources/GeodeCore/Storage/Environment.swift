import CLMDB
import Foundation

/// One LMDB environment over one file (`MDB_NOSUBDIR`) and its lock file.
///
/// LMDB allows one environment per file per process, so environments come from
/// ``open(path:options:)``, which hands out the instance already open for that
/// path; ``release()`` closes it when its last user lets go.
///
/// Transactions run as closures. Readers never block and see one consistent
/// version; one writer at a time runs across threads and processes. The memory
/// map grows by itself: a write that finds the map nearly full, or that hits
/// `MDB_MAP_FULL`, grows it and (for the latter) runs its closure again.
///
/// ```swift
/// let env = try Environment.open(path: "/tmp/demo.geode", options: .init())
/// defer { env.release() }
/// try env.write { txn in
///     let db = try txn.openDatabase("meta")
///     try txn.put(db, key: Array("k".utf8), value: Array("v".utf8))
/// }
/// ```
package final class Environment: @unchecked Sendable {
    /// How an environment is opened.
    package struct Options: Sendable, Equatable {
        /// Open with `MDB_RDONLY`: every write throws.
        package var readOnly = false
        /// The first size of the memory map, in bytes. It grows as needed.
        package var initialMapSize = 1 << 30
        /// Remove the file and its lock file when the last user releases the
        /// environment (in-memory stores).
        package var removeOnClose = false
        /// Flush to disk at every commit (`false` sets `MDB_NOSYNC`).
        package var durable = true

        package init(
            readOnly: Bool = false, initialMapSize: Int = 1 << 30,
            removeOnClose: Bool = false, durable: Bool = true
        ) {
            self.readOnly = readOnly
            self.initialMapSize = initialMapSize
            self.removeOnClose = removeOnClose
            self.durable = durable
        }
    }

    /// The file's path as it was opened.
    package let path: String
    /// The interned map keys of the store in this file, shared by every user
    /// of the environment in this process.
    package let mapKeys = MapKeyTable()
    package let options: Options
    let handle: OpaquePointer

    /// Held shared by every transaction closure and exclusively to move the
    /// map; counts the map's moves (growing it, or adopting another
    /// process's size), so that a pointer into the map is known good while
    /// the count it was taken at stands.
    let mapLock = MapLatch()
    /// Guards the database-handle table and `mdb_dbi_open` calls.
    private let handleLock = NSLock()
    private var databases: [String: Database] = [:]
    /// The thread that runs the current write transaction (nested writes on one
    /// thread would deadlock inside LMDB), and the tasks waiting for it to end.
    private let writer = WriterQueue()
    private var useCount = 0
    /// The version of the file this process audited, created or wrote on top
    /// of one it trusted (see ``AuditStamp``); nil when it trusts none.
    private var trustedVersion: Int?
    private let trustLock = NSLock()

    private init(path: String, options: Options, handle: OpaquePointer) {
        self.path = path
        self.options = options
        self.handle = handle
    }

    // MARK: - Opening and closing

    nonisolated(unsafe) private static var registry: [String: Environment] = [:]
    private static let registryLock = NSLock()

    /// Opens the environment at `path`, or returns the one this process already
    /// has open there. Each call must be balanced by ``release()``.
    package static func open(path: String, options: Options) throws -> Environment {
        let key = canonicalPath(path)
        registryLock.lock()
        defer { registryLock.unlock() }
        if let existing = registry[key] {
            if existing.options.readOnly && !options.readOnly {
                throw StoreError.fileAccess(
                    path: path, operation: "open for writing (this process has it open read-only)", errno: EBUSY)
            }
            existing.useCount += 1
            return existing
        }
        let env = try create(path: path, options: options)
        env.useCount = 1
        registry[key] = env
        return env
    }

    /// Lets go of one use; the last one closes the environment (and removes the
    /// files of an in-memory store).
    package func release() {
        Self.registryLock.lock()
        defer { Self.registryLock.unlock() }
        useCount -= 1
        guard useCount == 0 else { return }
        Self.registry[Self.canonicalPath(path)] = nil
        mdb_env_close(handle)
        if options.removeOnClose {
            unlink(path)
            unlink(Self.lockPath(for: path))
        }
    }

    static func registryContains(_ canonicalPath: String) -> Bool {
        registryLock.lock()
        defer { registryLock.unlock() }
        return registry[canonicalPath] != nil
    }

    /// The lock file LMDB keeps beside a `MDB_NOSUBDIR` environment.
    package static func lockPath(for path: String) -> String { path + "-lock" }

    static func canonicalPath(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        guard let resolved = realpath(directory, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + url.lastPathComponent
    }

    private static func create(path: String, options: Options) throws -> Environment {
        var env: OpaquePointer?
        try check(mdb_env_create(&env), "mdb_env_create", path)
        guard let env else { throw StoreError.storage(code: ENOMEM, operation: "mdb_env_create", path: path) }
        do {
            try check(mdb_env_set_maxdbs(env, 8192), "mdb_env_set_maxdbs", path)
            try check(mdb_env_set_maxreaders(env, 1024), "mdb_env_set_maxreaders", path)
            var flags = UInt32(MDB_NOSUBDIR | MDB_NOTLS | MDB_NORDAHEAD)
            if options.readOnly { flags |= UInt32(MDB_RDONLY) }
            if !options.durable { flags |= UInt32(MDB_NOSYNC) }
            // Never map less than the file already holds.
            var info = stat()
            let fileSize = stat(path, &info) == 0 ? Int(info.st_size) : 0
            let mapSize = max(options.initialMapSize, Self.roundUp(fileSize * 2))
            try check(mdb_env_set_mapsize(env, mapSize), "mdb_env_set_mapsize", path)
            try check(mdb_env_open(env, path, flags, 0o644), "mdb_env_open", path)
        } catch {
            mdb_env_close(env)
            throw error
        }
        return Environment(path: path, options: options, handle: env)
    }

    private static func roundUp(_ size: Int) -> Int {
        let step = 1 << 20
        return (size + step - 1) / step * step
    }

    // MARK: - Transactions

    /// Runs `body` in a read transaction: one consistent version of the store,
    /// never blocked by writers. Pointers into the map that the transaction
    /// hands out are valid only inside `body`.
    package func read<T>(_ body: (Transaction) throws -> T) throws -> T {
        mapLock.lockShared()
        defer { mapLock.unlockShared() }
        let txn = try beginLocked(readOnly: true)
        defer { txn.abort() }
        return try body(txn)
    }

    /// Runs `body` in the write transaction and commits it; a thrown error
    /// aborts it and leaves the store unchanged.
    ///
    /// `body` may run more than once: when the map fills up the transaction is
    /// aborted, the map grows, and `body` runs again from the start. It must
    /// therefore act only through `txn` (or be safe to repeat).
    package func write<T>(_ body: (WriteTransaction) throws -> T) throws -> T {
        let me = try checkCanBeginWrite()
        while true {
            try growIfNearlyFull()
            mapLock.lockShared()
            let result: Result<T, Error>
            do {
                let txn = try beginLocked(readOnly: false) as! WriteTransaction
                writer.began(on: me)
                result = Result { () throws -> T in
                    do {
                        let value = try body(txn)
                        try txn.commit()
                        return value
                    } catch {
                        txn.abort()
                        throw error
                    }
                }
                writer.ended()
            } catch {
                result = .failure(error)
            }
            mapLock.unlockShared()
            if case let .failure(error) = result,
                case let .storage(code, _, _) = error as? StoreError, code == MDB_MAP_FULL
            {
                try grow()
                continue
            }
            return try result.get()
        }
    }

    /// Begins the write transaction for a caller that commits or aborts it later,
    /// on this same thread (LMDB's write lock belongs to the thread that took it).
    ///
    /// The map is grown first so that the transaction can write at least as
    /// much as the store already holds; past that it fails with `MDB_MAP_FULL`
    /// (the closure form, ``write(_:)``, grows and runs again instead).
    package func beginWrite() throws -> WriteTransaction {
        let me = try checkCanBeginWrite()
        let usage = mapUsage
        if usage.mapSize < usage.used * 2 + (256 << 20) { try grow() }
        mapLock.lockShared()
        do {
            let txn = try beginLocked(readOnly: false) as! WriteTransaction
            txn.releasesMapLock = true
            writer.began(on: me)
            return txn
        } catch {
            mapLock.unlockShared()
            throw error
        }
    }

    /// Checks that a write may begin on this thread and returns the thread: the
    /// store is writable, and no write is open on this thread already (LMDB's
    /// write lock would wait for itself).
    private func checkCanBeginWrite() throws -> pthread_t {
        if options.readOnly { throw StoreError.readOnly(path: path) }
        let me = pthread_self()
        // LMDB would wait on its own lock for ever: a write inside a write of the
        // same thread (a store opened inside a migration that must change it) throws.
        if writer.isWriting(on: me) {
            throw StoreError.storage(
                code: EDEADLK, operation: "begin a write inside the write open on this thread", path: path)
        }
        return me
    }

    /// Waits, suspended rather than blocking its thread, until no write
    /// transaction of this process is open, then runs `body` (which writes
    /// with ``write(_:)`` or ``beginWrite()``) on the caller's isolation.
    ///
    /// Waiting tasks take turns first come first served: the end of a write
    /// wakes one, and a task arriving while it runs queues behind it. A
    /// synchronous writer of another thread may still slip in before the
    /// woken task begins its write; the task then waits again, first in line.
    /// A task cancelled before or while it waits throws `CancellationError`
    /// and runs nothing. Called on the thread whose write is open, it runs
    /// `body` at once, where the nested write fails (`EDEADLK`) as it would
    /// without waiting. Only this process's writes are awaited: a write of
    /// another process holds LMDB's process-shared lock, and `body` blocks
    /// its thread on it until that write ends.
    ///
    /// ```swift
    /// try await env.withWriterTurn {
    ///     try env.write { txn in try txn.put(db, key: Array("k".utf8), value: Array("v".utf8)) }
    /// }
    /// ```
    package func withWriterTurn<T>(isolation: isolated (any Actor)? = #isolation, _ body: () throws -> T)
        async throws -> T
    {
        try await writer.withTurn(body)
    }

    /// Ends a write begun with ``beginWrite()``.
    func endExplicitWrite() {
        writer.ended()
        mapLock.unlockShared()
    }

    /// Begins a read transaction that stays open (pins its version) until
    /// ``PinnedTransaction/close()``. Frozen objects rest on one.
    package func pin() throws -> PinnedTransaction {
        mapLock.lockShared()
        defer { mapLock.unlockShared() }
        return PinnedTransaction(transaction: try beginLocked(readOnly: true), environment: self)
    }

    /// Runs `body` with the map lock held shared: for code reading through a
    /// pinned transaction.
    func withMapShared<T>(_ body: () throws -> T) rethrows -> T {
        mapLock.lockShared()
        defer { mapLock.unlockShared() }
        return try body()
    }

    /// Begins a transaction; the caller holds the map lock shared.
    private func beginLocked(readOnly: Bool) throws -> Transaction {
        var txn: OpaquePointer?
        var rc = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
        if rc == MDB_MAP_RESIZED {
            // Another process grew the map: adopt its size. Moving the map needs
            // the lock exclusively, which this thread holds shared, so trade.
            mapLock.unlockShared()
            defer { mapLock.lockShared() }
            try adoptForeignMapSize()
            mapLock.lockShared()
            rc = mdb_txn_begin(handle, nil, readOnly ? UInt32(MDB_RDONLY) : 0, &txn)
            mapLock.unlockShared()
        }
        try Self.check(rc, "mdb_txn_begin", path)
        guard let txn else { throw StoreError.storage(code: ENOMEM, operation: "mdb_txn_begin", path: path) }
        return readOnly ? Transaction(txn, environment: self) : WriteTransaction(txn, environment: self)
    }

    /// Drops this process's mapping of the store's pages; they stay in the OS
    /// page cache and come back on the next read, as a minor fault. A long
    /// write (an import) calls it after each commit so that its resident memory
    /// is what it works on, not every page it has touched. Safe because the map
    /// is read-only (Geode never sets `MDB_WRITEMAP`): nothing in it is dirty.
    /// LMDB does not report where it mapped the file (`me_mapaddr` is set only
    /// with `MDB_FIXEDMAP`), so the mapping is looked up in `/proc/self/maps`;
    /// where that cannot be read, nothing is released.
    package func releaseMappedPages() {
        mapLock.lockShared()
        defer { mapLock.unlockShared() }
        guard let (address, length) = Self.mapping(of: path) else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let used = (mapUsage.used + page - 1) / page * page
        _ = madvise(address, min(used, length), MADV_DONTNEED)
    }

    /// The largest mapping of the file at `path` in this process.
    static func mapping(of path: String) -> (UnsafeMutableRawPointer, Int)? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return nil }
        let wanted = canonicalPath(path)
        var best: (UInt, Int)?
        for line in maps.split(separator: "\n") {
            // "start-end perms offset dev inode   pathname"
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, fields[5].trimmingCharacters(in: .whitespaces) == wanted else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                end > start
            else { continue }
            if Int(end - start) > best?.1 ?? 0 { best = (start, Int(end - start)) }
        }
        guard let (start, length) = best, let address = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
        return (address, length)
    }

    // MARK: - Map size

    /// The map's size and the bytes in use now.
    package var mapUsage: (mapSize: Int, used: Int) {
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        var stat = MDB_stat()
        mdb_env_stat(handle, &stat)
        return (info.me_mapsize, (info.me_last_pgno + 1) * Int(stat.ms_psize))
    }

    /// The id of the last committed transaction, from the file's meta pages
    /// (other processes' commits included); no transaction is begun.
    var lastCommittedVersion: Int {
        var info = MDB_envinfo()
        mdb_env_info(handle, &info)
        return info.me_last_txnid
    }

    /// The oldest version a reader of any process holds now, from LMDB's
    /// reader table; nil when no reader holds one.
    func oldestReaderVersion() -> Int? { readerVersions().min() }

    /// The versions readers of any process hold now, from LMDB's reader table
    /// (a reset reader, which holds none, is left out).
    func readerVersions() -> Set<Int> {
        final class Versions {
            var held: Set<Int> = []
        }
        let versions = Versions()
        _ = withExtendedLifetime(versions) {
            mdb_reader_list(
                handle,
                { line, context in
                    // One line per reader, "pid thread txnid", after a header; "-" for a reset one.
                    guard let line, let context else { return 0 }
                    let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
                    if fields.count == 3, let version = Int(fields[2]) {
                        Unmanaged<Versions>.fromOpaque(context).takeUnretainedValue().held.insert(version)
                    }
                    return 0
                }, Unmanaged.passUnretained(versions).toOpaque())
        }
        return versions.held
    }

    /// Grows the map until `bytes` are free past the data, before a write
    /// transaction that must not run twice: one that fills the map is aborted
    /// and run again from the start (see ``write(_:)``). The map is address
    /// space, not disk (Geode never sets `MDB_WRITEMAP`), so room costs nothing
    /// until it is written.
    ///
    /// ```swift
    /// try environment.reserve(environment.mapUsage.used * 2 + (4 << 30))
    /// ```
    package func reserve(_ bytes: Int) throws {
        while true {
            let usage = mapUsage
            if usage.mapSize - usage.used >= bytes { return }
            try grow()
        }
    }

    private func growIfNearlyFull() throws {
        let usage = mapUsage
        if usage.used > usage.mapSize / 4 * 3 { try grow() }
    }

    private func grow() throws {
        guard mapLock.tryLockExclusive(timeout: 30) else {
            throw StoreError.storage(
                code: MDB_MAP_FULL, operation: "grow the map (a read is open on the writing thread)", path: path)
        }
        defer { mapLock.unlockExclusive() }
        let current = mapUsage.mapSize
        let next = current < (8 << 30) ? current * 2 : current + (8 << 30)
        try Self.check(mdb_env_set_mapsize(handle, next), "mdb_env_set_mapsize", path)
        mapLock.recordMove()
    }

    private func adoptForeignMapSize() throws {
        guard mapLock.tryLockExclusive(timeout: 30) else {
            throw StoreError.storage(code: MDB_MAP_RESIZED, operation: "adopt the map size", path: path)
        }
        defer { mapLock.unlockExclusive() }
        try Self.check(mdb_env_set_mapsize(handle, 0), "mdb_env_set_mapsize", path)
        mapLock.recordMove()
    }

    // MARK: - Databases

    /// The handle of a database opened earlier, if any.
    package func database(named name: String) -> Database? {
        handleLock.lock()
        defer { handleLock.unlock() }
        return databases[name]
    }

    /// Opens (or creates, in a write transaction) a named database. Handles
    /// opened in a write transaction become visible to others when it commits.
    func openDatabase(_ name: String, create: Bool, sortedDuplicates: Bool, in txn: Transaction) throws -> Database? {
        handleLock.lock()
        defer { handleLock.unlock() }
        if let known = databases[name] { return known }
        if let pending = txn.pendingDatabases[name] { return pending }
        var flags = UInt32(0)
        if create { flags |= UInt32(MDB_CREATE) }
        if sortedDuplicates { flags |= UInt32(MDB_DUPSORT) }
        var dbi = MDB_dbi()
        let rc = mdb_dbi_open(txn.handle, name, flags, &dbi)
        if rc == MDB_NOTFOUND { return nil }
        try Self.check(rc, "mdb_dbi_open(\(name))", path)
        // The default order, compared without a memcmp call (see the CLMDB shim).
        try Self.check(mdb_set_compare(txn.handle, dbi, geode_compare_keys), "mdb_set_compare(\(name))", path)
        var actualFlags = UInt32(0)
        mdb_dbi_flags(txn.handle, dbi, &actualFlags)
        let db = Database(handle: dbi, name: name, sortedDuplicates: actualFlags & UInt32(MDB_DUPSORT) != 0)
        txn.pendingDatabases[name] = db
        return db
    }

    // MARK: - Audit stamps

    /// Whether the file is as Geode last left it, by its ``AuditStamp``: then
    /// its current version is trusted without an audit.
    func trustsStamp() -> Bool {
        let version = lastCommittedVersion
        guard let stored = AuditStamp.stored(at: path), stored == AuditStamp.current(of: path, version: version)
        else { return false }
        trustLock.withLock { trustedVersion = version }
        return true
    }

    /// Trusts `version`, which an audit found sound, and stamps the file when
    /// it is still at that version — also when this process opened it
    /// read-only: the stamp is kept in the file's attributes, not its data,
    /// and without it every read-only open of the file would audit it again.
    func trust(_ version: Int) {
        trustLock.withLock { trustedVersion = version }
        stamp(version)
    }

    /// After this process committed `version`, which `wrote` (LMDB commits
    /// nothing, and keeps the version, for a transaction that wrote nothing):
    /// the file stays trusted, and is stamped again, when the commit went on
    /// top of the version it trusted.
    func didCommit(_ version: Int, wrote: Bool) {
        guard wrote else { return }
        let extends = trustLock.withLock { () -> Bool in
            guard let trusted = trustedVersion, trusted == version - 1 else { return false }
            trustedVersion = version
            return true
        }
        if extends { stamp(version) }
    }

    /// Writes the stamp of `version` unless the store is kept in memory only,
    /// or already past `version` (another process committed: the stamp would
    /// name the wrong version, and the next open audits). A file system or a
    /// file that refuses the attribute keeps no stamp.
    private func stamp(_ version: Int) {
        guard !options.removeOnClose, let stamp = AuditStamp.current(of: path, version: version) else { return }
        guard lastCommittedVersion == version else { return }
        stamp.store(at: path)
    }

    /// Makes the handles a committed transaction opened known to everyone.
    func publish(_ pending: [String: Database]) {
        guard !pending.isEmpty else { return }
        handleLock.lock()
        defer { handleLock.unlock() }
        databases.merge(pending) { old, _ in old }
    }

    /// Forgets a dropped database's handle.
    func forget(_ name: String) {
        handleLock.lock()
        defer { handleLock.unlock() }
        databases[name] = nil
    }

    static func check(_ rc: Int32, _ operation: String, _ path: String) throws {
        if rc != 0 { throw StoreError.storage(code: rc, operation: operation, path: path) }
    }
}

extension Environment {
    /// Writes a consistent copy of the current version to the new file
    /// `destination`, without free pages (`mdb_env_copy2` with
    /// `MDB_CP_COMPACT`); writers may go on meanwhile.
    package func copy(to destination: String) throws {
        try Self.check(mdb_env_copy2(handle, destination, UInt32(MDB_CP_COMPACT)), "mdb_env_copy2", destination)
    }

    /// The LMDB library version, e.g. `0.9.24`.
    package static var libraryVersion: String {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        _ = mdb_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
