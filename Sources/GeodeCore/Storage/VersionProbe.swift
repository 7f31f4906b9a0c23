import CLMDB

/// Reads the newest version a reader beginning now would see, over and over,
/// without pinning it: one read transaction kept reset between looks (it
/// holds a reader slot, never a snapshot).
///
/// The file's meta page is not that version: a committing writer updates it a
/// moment before new readers can see the commit, so a watcher that went by
/// it could refresh too early and then miss the commit.
///
/// ```swift
/// let probe = try store.versionProbe()
/// let version = probe.visibleVersion()
/// ```
package final class VersionProbe {
    private let environment: Environment
    private var handle: OpaquePointer?

    init(environment: Environment) throws {
        self.environment = environment
        var txn: OpaquePointer?
        try environment.withMapShared {
            try Environment.check(
                mdb_txn_begin(environment.handle, nil, UInt32(MDB_RDONLY), &txn), "mdb_txn_begin", environment.path)
        }
        mdb_txn_reset(txn)
        handle = txn
    }

    deinit { mdb_txn_abort(handle) }

    /// The newest version visible to a new reader; the file's last committed
    /// version when a transaction cannot be renewed (the map was grown by
    /// another process, which the next pin adopts).
    package func visibleVersion() -> Int {
        environment.withMapShared {
            guard mdb_txn_renew(handle) == 0 else { return environment.lastCommittedVersion }
            defer { mdb_txn_reset(handle) }
            return Int(mdb_txn_id(handle))
        }
    }
}

extension Store {
    /// A probe of the versions new readers see (for a watcher of commits).
    package func versionProbe() throws -> VersionProbe { try VersionProbe(environment: environment) }

    /// The newest committed version of the store, read from its file's meta
    /// page without a transaction (a moment ahead of what new readers see while
    /// a commit finishes; ``VersionProbe`` tells that).
    package var latestVersion: Int { environment.lastCommittedVersion }
}

