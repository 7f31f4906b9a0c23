import Foundation
import GeodeJSON

/// An input file mapped read-only into memory, for imports: parsed in place,
/// and its pages released behind the parser so resident memory stays flat.
/// A pipe or other stream (`geode import /dev/stdin`) cannot be mapped: it
/// is read through a ``StreamWindow`` instead, in bounded memory, as it comes.
final class MappedInput {
    /// The mapped file (empty for a stream).
    let bytes: UnsafeRawBufferPointer
    /// For a stream: the window its records are read through.
    let window: StreamWindow?
    /// Whether `bytes` is a mapping of the file.
    private let isMapped: Bool
    /// For a stream: the descriptor the window reads.
    private let streamDescriptor: Int32
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `url`; throws ``ImportError/unreadable(path:operation:errno:)`` naming the file when it cannot.
    init(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ImportError.unreadable(path: url.path, operation: "read", errno: errno)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            throw ImportError.unreadable(path: url.path, operation: "read", errno: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            close(descriptor)
            throw ImportError.unreadable(path: url.path, operation: "read", errno: EISDIR)
        default:
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            window = StreamWindow(descriptor: descriptor, name: url.lastPathComponent)
            streamDescriptor = descriptor
            isMapped = false
            return
        }
        defer { close(descriptor) }
        window = nil
        streamDescriptor = -1
        isMapped = true
        let length = Int(info.st_size)
        guard length > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw ImportError.unreadable(path: url.path, operation: "map", errno: errno)
        }
        _ = madvise(address, length, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: address, count: length)
    }

    deinit {
        if streamDescriptor >= 0 { close(streamDescriptor) }
        if isMapped, let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// A stream of the records of the input, from `source` as `framing` lays
    /// them out; with `pointer`, those of the array or object it names.
    func records(
        source: String, framing: JSONRecordStream.Framing, at pointer: String? = nil,
        keyMember: String = "key"
    ) throws -> JSONRecordStream {
        let steps = try pointer.flatMap(JSONRecordStream.steps)
        if let window {
            return JSONRecordStream(
                window: window, source: source, framing: framing, records: steps, keyMember: keyMember)
        }
        return JSONRecordStream(bytes: bytes, source: source, framing: framing, records: steps, keyMember: keyMember)
    }

    /// Bytes of the input read so far: all of a mapped file, what a stream has given.
    var bytesRead: Int { window?.bytesRead ?? bytes.count }

    /// Drops the mapping of the pages before `offset`: read already, and
    /// faulted back from the file intact should anything touch them again.
    /// A stream's window drops what it is done with by itself.
    func release(before offset: Int) {
        guard isMapped, let base = bytes.baseAddress else { return }
        let length = min(offset, bytes.count) / pageSize * pageSize
        if length > 0 { _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
    }
}
