import CLMDB
import Foundation

/// What is done to a store's files while nobody uses it: compacting it in
/// place and deleting it.
///
/// "Nobody" means no process, this one included: LMDB holds a shared `fcntl`
/// lock on the first byte of the lock file for as long as a process has the
/// store open, so an exclusive lock on that byte succeeds only when no process
/// has it open, and makes a process that opens it meanwhile wait until the
/// work is done. The work itself opens the file without LMDB's locking
/// (`MDB_NOLOCK`), so that no second descriptor of the lock file is closed
/// (closing one would drop this process's lock).
///
/// ```swift
/// let compacted = try StoreFiles.compact("places.geode") { total, used in used < total / 2 }
/// let deleted = try StoreFiles.delete("scratch.geode")
/// ```
package enum StoreFiles {
    /// The size of the store file and the bytes its data needs (what a
    /// compacted copy would take).
    package struct Usage: Sendable, Equatable {
        package var totalBytes: Int
        package var usedBytes: Int
    }

    /// Rewrites the store at `path` without its free pages when no process
    /// has it open and `shouldCompact(totalBytes, usedBytes)` says so; the
    /// compacted file replaces the old one atomically. Returns whether it did.
    package static func compact(_ path: String, if shouldCompact: (Int, Int) -> Bool) throws -> Bool {
        guard access(path, F_OK) == 0 else { return false }
        return try whileUnused(path) {
            let usage = try Self.usage(path)
            guard shouldCompact(usage.totalBytes, usage.usedBytes) else { return false }
            let temporary = path + ".compacting-\(getpid())"
            unlink(temporary)
            defer { unlink(temporary) }
            try withUnlockedEnvironment(path) { env in
                try Environment.check(mdb_env_copy2(env, temporary, UInt32(MDB_CP_COMPACT)), "mdb_env_copy2", temporary)
            }
            try syncFile(temporary)
            guard rename(temporary, path) == 0 else {
                throw StoreError.fileAccess(path: path, operation: "replace with its compacted copy", errno: errno)
            }
            try syncFile(
                (path as NSString).deletingLastPathComponent.isEmpty
                    ? "." : (path as NSString).deletingLastPathComponent)
            return true
        } ?? false
    }

    /// The size of the store at `path` and the bytes its data needs, read
    /// without opening it for use (the caller makes sure nobody writes).
    package static func usage(_ path: String) throws -> Usage {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StoreError.fileAccess(path: path, operation: "stat", errno: errno) }
        let used = try withUnlockedEnvironment(path) { env -> Int in
            var stat = MDB_stat()
            try Environment.check(mdb_env_stat(env, &stat), "mdb_env_stat", path)
            let pageSize = Int(stat.ms_psize)
            var txn: OpaquePointer?
            try Environment.check(mdb_txn_begin(env, nil, UInt32(MDB_RDONLY), &txn), "mdb_txn_begin", path)
            defer { mdb_txn_abort(txn) }
            // The two meta pages, the main database, and every named database in it.
            var pages = 2 + Int(stat.ms_branch_pages + stat.ms_leaf_pages + stat.ms_overflow_pages)
            var cursor: OpaquePointer?
            try Environment.check(mdb_cursor_open(txn, 1, &cursor), "mdb_cursor_open", path)
            defer { mdb_cursor_close(cursor) }
            var key = MDB_val(), data = MDB_val()
            var rc = mdb_cursor_get(cursor, &key, &data, MDB_FIRST)
            while rc == 0 {
                let name = String(
                    decoding: UnsafeRawBufferPointer(start: key.mv_data, count: key.mv_size), as: UTF8.self)
                var dbi: MDB_dbi = 0
                if mdb_dbi_open(txn, name, 0, &dbi) == 0 {
                    var db = MDB_stat()
                    if mdb_stat(txn, dbi, &db) == 0 {
                        pages += Int(db.ms_branch_pages + db.ms_leaf_pages + db.ms_overflow_pages)
                    }
                }
                rc = mdb_cursor_get(cursor, &key, &data, MDB_NEXT)
            }
            return pages * pageSize
        }
        return Usage(totalBytes: Int(info.st_size), usedBytes: min(used, Int(info.st_size)))
    }

    /// Deletes the store at `path` and its lock file; throws when a process
    /// (this one included) has it open. Returns whether a file was there.
    package static func delete(_ path: String) throws -> Bool {
        guard access(path, F_OK) == 0 || access(Environment.lockPath(for: path), F_OK) == 0 else { return false }
        let deleted = try whileUnused(path) { () -> Bool in
            let store = unlink(path) == 0
            let lock = unlink(Environment.lockPath(for: path)) == 0
            return store || lock
        }
        guard let deleted else {
            throw StoreError.fileAccess(path: path, operation: "delete (it is open)", errno: EBUSY)
        }
        return deleted
    }

    /// Runs `body` while no process has the store open, holding the lock that
    /// keeps others from opening it; nil when one has it open.
    static func whileUnused<T>(_ path: String, _ body: () throws -> T) throws -> T? {
        if Environment.isOpen(path: path) { return nil }
        let lockPath = Environment.lockPath(for: path)
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.fileAccess(path: lockPath, operation: "open", errno: errno) }
        defer { close(fd) }
        var region = flock()
        region.l_type = Int16(F_WRLCK)
        region.l_whence = Int16(SEEK_SET)
        region.l_start = 0
        region.l_len = 1
        guard fcntl(fd, F_SETLK, &region) == 0 else {
            if errno == EAGAIN || errno == EACCES { return nil }
            throw StoreError.fileAccess(path: lockPath, operation: "lock", errno: errno)
        }
        return try body()
    }

    /// Runs `body` with the store at `path` opened read-only and without
    /// LMDB's lock file (``whileUnused(_:_:)`` keeps others out).
    private static func withUnlockedEnvironment<T>(_ path: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        var env: OpaquePointer?
        try Environment.check(mdb_env_create(&env), "mdb_env_create", path)
        guard let env else { throw StoreError.storage(code: ENOMEM, operation: "mdb_env_create", path: path) }
        defer { mdb_env_close(env) }
        try Environment.check(mdb_env_set_maxdbs(env, 8192), "mdb_env_set_maxdbs", path)
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        try Environment.check(mdb_env_set_mapsize(env, max(size, 1 << 20)), "mdb_env_set_mapsize", path)
        try Environment.check(
            mdb_env_open(env, path, UInt32(MDB_NOSUBDIR | MDB_RDONLY | MDB_NOLOCK | MDB_NOTLS), 0o644),
            "mdb_env_open", path)
        return try body(env)
    }

    /// Writes a file's (or a directory's) data to the disk.
    private static func syncFile(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError.fileAccess(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw StoreError.fileAccess(path: path, operation: "fsync", errno: errno) }
    }
}
