import Foundation

extension QueryExecutor {
    /// Objects a scan must have before it is split across two cores.
    static let parallelScanThreshold = 20_000

    /// Whether this process may use more than one core, asked once: on Linux,
    /// Foundation reads the cgroup's CPU quota files at every call, which
    /// cost a fifth of a scan that stops at its first hundred matches.
    static let hasSeveralCores = ProcessInfo.processInfo.activeProcessorCount > 1

    /// Runs `half` on the lower half of the class's keys here and on the upper
    /// half on another thread, in a second read transaction of the same
    /// version; nil when that is not possible or not worth it (one core, a
    /// write transaction, a small class, a predicate that tests geometry —
    /// GEOS's prepared shapes serve one thread at a time — or a newer version
    /// committed meanwhile), and the caller scans alone.
    ///
    /// The other thread binds the query afresh: sharing the bound predicate's
    /// objects would make both threads fight over their reference counts.
    /// With `start`, only the keys from `start` up are split (the lower half
    /// begins there).
    func scanInHalves<T>(
        from start: ObjectKey? = nil, _ half: @escaping (QueryExecutor, ObjectKey?, ObjectKey?) throws -> T
    ) throws -> (T, T)? {
        guard Self.hasSeveralCores, !(transaction is StoreWriteTransaction),
            !predicate.testsGeometry, try transaction.count(table) >= Self.parallelScanThreshold,
            let (first, last) = try transaction.keyBounds(in: table)
        else { return nil }
        let low = max(first, start ?? first)
        guard last > low else { return nil }
        let middle = ObjectKey(low.rawValue + (last.rawValue - low.rawValue) / 2)
        let version = transaction.version
        let upper = UpperHalf<T>()
        let done = DispatchSemaphore(value: 0)
        let store = transaction.store
        let query = self.query, table = self.table
        let work = UncheckedWork {
            upper.result = Result {
                try store.read { txn -> T? in
                    guard txn.version == version else { return nil }
                    return try half(QueryExecutor(query: query, table: table, transaction: txn), middle, nil)
                }
            }
            done.signal()
        }
        DispatchQueue.global(qos: .userInitiated).async { work.run() }
        let lower = Result { try half(self, start, middle) }
        done.wait()
        guard let upperValue = try upper.result?.get() else { return nil }
        let result = (try lower.get(), upperValue)
        SplitScans.shared.count()
        return result
    }

    /// How many scans this process has run in two halves: what a test reads
    /// to know that a split happened.
    package static var splitScanCount: Int { SplitScans.shared.total }
}

/// The upper half's outcome, written by its thread before it signals.
private final class UpperHalf<T>: @unchecked Sendable {
    var result: Result<T?, any Error>?
}

/// Work handed to another thread; what it touches is confined to it until it signals.
private struct UncheckedWork: @unchecked Sendable {
    let run: () -> Void
}

/// The number of scans that ran in two halves.
private final class SplitScans: @unchecked Sendable {
    static let shared = SplitScans()
    private let lock = NSLock()
    private var scans = 0

    func count() { lock.withLock { scans += 1 } }
    var total: Int { lock.withLock { scans } }
}
