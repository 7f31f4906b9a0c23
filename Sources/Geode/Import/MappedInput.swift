import Foundation

/// An input file mapped read-only into memory, for imports: parsed in place,
/// and its pages released behind the parser so resident memory stays flat.
/// A pipe or other stream (`geode import /dev/stdin`) cannot be mapped: it
/// is read whole into memory instead, and nothing is released.
final class MappedInput {
    let bytes: UnsafeRawBufferPointer
    /// Whether `bytes` is a mapping of the file (else a buffer of its own).
    private let isMapped: Bool
    private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Maps `url`; throws ``GeodeError/file(_:)`` naming the file when it cannot.
    init(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw GeodeError.file("cannot read '\(url.path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw GeodeError.file("cannot read '\(url.path)': \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw GeodeError.file("cannot read '\(url.path)': it is a directory")
        default:
            bytes = try Self.readAll(descriptor, url)
            isMapped = false
            return
        }
        isMapped = true
        let length = Int(info.st_size)
        guard length > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw GeodeError.file("cannot map '\(url.path)': \(String(cString: strerror(errno)))")
        }
        _ = madvise(address, length, MADV_SEQUENTIAL)
        bytes = UnsafeRawBufferPointer(start: address, count: length)
    }

    /// Reads a stream to its end into a buffer of its own.
    private static func readAll(_ descriptor: Int32, _ url: URL) throws -> UnsafeRawBufferPointer {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw GeodeError.file("cannot read '\(url.path)': \(String(cString: strerror(errno)))")
            }
            data += chunk[0 ..< n]
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0 ..< data.count])
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// Drops the mapping of the pages before `offset`: read already, and
    /// faulted back from the file intact should anything touch them again.
    /// A stream read into memory keeps its buffer.
    func release(before offset: Int) {
        guard isMapped, let base = bytes.baseAddress else { return }
        let length = min(offset, bytes.count) / pageSize * pageSize
        if length > 0 { _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
    }
}
