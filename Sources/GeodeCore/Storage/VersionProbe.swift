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
            try Environment.check(mdb_txn_begin(environment.handle, nil, UInt32(MDB_RDONLY), &txn), "mdb_txn_begin", environment.path)
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
}

extension Environment {
    /// The oldest version a reader of any process holds now, from LMDB's
    /// reader table; nil when no reader holds one.
    func oldestReaderVersion() -> Int? {
        final class Oldest {
            var version: Int?
        }
        let oldest = Oldest()
        _ = withExtendedLifetime(oldest) {
            mdb_reader_list(
                handle,
                { line, context in
                    // One line per reader, "pid thread txnid", after a header; "-" for a reset one.
                    guard let line, let context else { return 0 }
                    let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
                    if fields.count == 3, let version = Int(fields[2]) {
                        let oldest = Unmanaged<Oldest>.fromOpaque(context).takeUnretainedValue()
                        oldest.version = min(oldest.version ?? version, version)
                    }
                    return 0
                }, Unmanaged.passUnretained(oldest).toOpaque())
        }
        return oldest.version
    }
}
