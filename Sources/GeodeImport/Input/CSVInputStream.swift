import Foundation

/// The bytes of a CSV file or pipe as CSV.swift reads them, checked on the
/// way in, so that a pipe streams straight into the import — nothing saved
/// to disk first — and no input can make the reader hold more than a bounded
/// amount of memory.
///
/// CSV.swift builds each row in memory until it ends, and stops at the first
/// error of its stream. This stream gives it one when:
/// - a NUL byte arrives (CSV is text: an endless binary stream such as
///   `/dev/zero` is refused in its first block);
/// - more than ``maximumRowBytes`` arrive without a row ending (an unclosed
///   quote, a line that never ends), counted since ``rowEnded()``;
/// - the input cannot be read.
///
/// ``CSVRecordSource`` tells it where rows end and turns ``failure`` into an
/// error that names the file and line.
///
/// ```swift
/// let stream = try CSVInputStream(path: "/dev/stdin")
/// let reader = try CSVReader(stream: stream, hasHeaderRow: true)
/// while let row = reader.next() { stream.rowEnded(); print(row) }
/// if let failure = stream.failure { throw failure }
/// ```
final class CSVInputStream: InputStream {
    /// Why the stream stopped giving bytes.
    enum Failure: Error, CustomStringConvertible {
        case nulByte(offset: Int)
        case rowTooLong(limit: Int)
        case unreadable(errno: Int32)

        var description: String {
            switch self {
            case let .nulByte(offset): return "a NUL byte at byte \(offset): the input is not CSV text"
            case let .rowTooLong(limit): return "a row runs past \(limit) bytes without ending"
            case let .unreadable(code): return "the input cannot be read (\(String(cString: strerror(code))))"
            }
        }
    }

    /// The most bytes a row may take: four times the largest string or data
    /// value a store holds (16 MB), so that every row a store can hold fits.
    static let maximumRowBytes = 64 << 20

    private let descriptor: Int32
    private let limit: Int
    private var status = Stream.Status.notOpen
    /// Bytes read in all, and at the end of the last row.
    private var offset = 0
    private var rowStart = 0
    /// Why reading stopped, if it did.
    private(set) var failure: Failure?
    /// A failure found in bytes read ahead of the reader (a NUL byte after
    /// some text): raised when the reader asks for the bytes it is in, so
    /// that the rows before it are read, and the failure is the row's it is in.
    private var pending: Failure?

    /// Opens `path` (a file, a pipe, `/dev/stdin`) for reading.
    init(path: String, maximumRowBytes: Int = CSVInputStream.maximumRowBytes) throws {
        let descriptor = openForReading(path)
        guard descriptor >= 0 else { throw ImportError.unreadable(path: path, operation: "read", errno: errno) }
        self.descriptor = descriptor
        limit = maximumRowBytes
        super.init(data: Data())
    }

    deinit { closeDescriptor(descriptor) }

    /// The bytes handed to the reader so far.
    var bytesRead: Int { offset }

    /// Notes that the reader has ended a row: the bytes of the next one count from here.
    func rowEnded() { rowStart = offset }

    override func open() { if status == .notOpen { status = .open } }

    override func close() { status = .closed }

    override var streamStatus: Stream.Status { status }

    override var streamError: Error? { failure }

    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open else { return failure == nil ? 0 : -1 }
        if let pending { return fail(pending) }
        // CSV.swift reads ahead a buffer at a time: a row is refused once what arrived since it began passes the limit.
        guard offset - rowStart < limit else { return fail(.rowTooLong(limit: limit)) }
        while true {
            let n = readDescriptor(descriptor, buffer, length)
            if n > 0 {
                if let nul = memchr(buffer, 0, n) {
                    let before = UnsafeMutableRawPointer(buffer).distance(to: nul)
                    guard before > 0 else { return fail(.nulByte(offset: offset)) }
                    pending = .nulByte(offset: offset + before)
                    offset += before
                    return before
                }
                offset += n
                return n
            }
            if n == 0 {
                status = .atEnd
                return 0
            }
            if errno == EINTR { continue }
            return fail(.unreadable(errno: errno))
        }
    }

    private func fail(_ reason: Failure) -> Int {
        failure = reason
        status = .error
        return -1
    }
}

// The C library's calls, named apart from the stream's own open(), read(_:maxLength:) and close().
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
