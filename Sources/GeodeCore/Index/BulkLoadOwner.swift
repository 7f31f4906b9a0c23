import Foundation

/// Who runs a spatial-index bulk load (``BulkLoad``): a process,
/// told apart from a later one given the same id by its start time, and one
/// load among those it runs. A store opened for writing finishes the loads
/// of owners that are gone (see ``GeoIndex/recoverBulkLoad(_:_:_:)``).
struct BulkLoadOwner: Equatable, Sendable {
    let pid: Int32
    /// The process's start time, in clock ticks after boot (`/proc/PID/stat`, field 22).
    let started: UInt64
    /// The load, among those of the process.
    let nonce: UInt64

    /// Bytes in the stored form.
    static let byteCount = 20

    /// A new load of this process, counted live until ``end()``.
    static func begin() -> BulkLoadOwner {
        let owner = BulkLoadOwner(pid: getpid(), started: processStart, nonce: UInt64.random(in: 1 ... .max))
        live.withLock { _ = $0.insert(owner.nonce) }
        return owner
    }

    /// Counts the load as ended: its process no longer finishes it.
    func end() {
        _ = Self.live.withLock { $0.remove(nonce) }
    }

    /// Whether the load may still be running: its process is alive (and, when
    /// it is this one, has not ended it).
    var isRunning: Bool {
        if pid == getpid(), started == Self.processStart { return Self.live.withLock { $0.contains(nonce) } }
        // Without /proc (not Linux), only whether some process has the id.
        guard started != 0 else { return kill(pid, 0) == 0 || errno == EPERM }
        return Self.startTime(of: pid) == started
    }

    var bytes: [UInt8] {
        withUnsafeBytes(of: pid.bigEndian, Array.init) + withUnsafeBytes(of: started.bigEndian, Array.init)
            + withUnsafeBytes(of: nonce.bigEndian, Array.init)
    }

    /// The owner stored in `bytes`; nil when they are not one.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.byteCount else { return nil }
        pid = Int32(bigEndian: bytes.loadUnaligned(as: Int32.self))
        started = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt64.self))
        nonce = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt64.self))
    }

    private init(pid: Int32, started: UInt64, nonce: UInt64) {
        (self.pid, self.started, self.nonce) = (pid, started, nonce)
    }

    /// The loads this process runs.
    private static let live = LockedSet()

    private static let processStart = startTime(of: getpid()) ?? 0

    /// When process `pid` started, from `/proc/PID/stat`; nil when there is no such process.
    static func startTime(of pid: Int32) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis come fields 3 (state) onwards.
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}

/// A set of load numbers behind a lock.
private final class LockedSet: @unchecked Sendable {
    private var values: Set<UInt64> = []
    private let lock = NSLock()

    func withLock<T>(_ body: (inout Set<UInt64>) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
