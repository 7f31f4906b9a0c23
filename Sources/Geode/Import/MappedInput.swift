import Foundation

/// An input file mapped read-only into memory, for imports: parsed in place,
/// and its pages released behind the parser so resident memory stays flat.
final class MappedInput {
    let bytes: UnsafeRawBufferPointer
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
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw GeodeError.file("cannot read '\(url.path)': not a regular file")
        }
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

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// Drops the mapping of the pages before `offset`: read already, and
    /// faulted back from the file intact should anything touch them again.
    func release(before offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let length = min(offset, bytes.count) / pageSize * pageSize
        if length > 0 { _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED) }
    }
}
