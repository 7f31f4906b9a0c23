import Foundation

/// A pipe's bytes saved to a temporary file, for an input that is read twice
/// (a CSV file's header decides between features and records, then the rows
/// are imported). A NUL byte ends it with an error: CSV is text, and an
/// endless binary stream (`/dev/zero`, `/dev/urandom`) is refused in its first
/// block instead of filling the disk.
///
/// ```swift
/// let spool = try InputSpool(url)          // nil file for a regular file
/// defer { spool.remove() }
/// let readable = spool.file ?? url
/// ```
package struct InputSpool {
    /// The copy, when `url` was not a regular file.
    package let file: URL?

    package init(_ url: URL) throws {
        var info = stat()
        guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG else {
            file = nil
            return
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "geode-import-\(getpid())-\(UUID().uuidString)-" + url.lastPathComponent)
        guard let source = FileHandle(forReadingAtPath: url.path) else {
            throw ImportError.unreadable(path: url.path, operation: "read", errno: errno)
        }
        guard FileManager.default.createFile(atPath: copy.path, contents: nil),
            let target = FileHandle(forWritingAtPath: copy.path)
        else {
            try? source.close()
            throw ImportError.unreadable(path: copy.path, operation: "create the spool file", errno: errno)
        }
        defer { try? source.close(); try? target.close() }
        // Whatever stops the copy (a NUL byte, a full disk, a read error) removes it.
        var offset = 0
        do {
            while true {
                let read: Data?
                do {
                    read = try source.read(upToCount: 1 << 20)
                } catch {
                    throw ImportError.unreadable(path: url.path, operation: "read", errno: Self.posixCode(of: error))
                }
                guard let block = read, !block.isEmpty else { break }
                if let nul = block.firstIndex(of: 0) {
                    throw ImportError.stopped(
                        ImportStop(
                            file: url.lastPathComponent, line: 1, column: 1, pointer: "",
                            message: "a NUL byte at byte \(offset + nul - block.startIndex): the input is not CSV text",
                            committed: 0))
                }
                do {
                    try target.write(contentsOf: block)
                } catch {
                    throw ImportError.unreadable(
                        path: copy.path, operation: "write the spool file", errno: Self.posixCode(of: error))
                }
                offset += block.count
            }
        } catch {
            try? FileManager.default.removeItem(at: copy)
            throw error
        }
        file = copy
    }

    /// The POSIX error number a Foundation file error carries (EIO when none).
    private static func posixCode(of error: Error) -> Int32 {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain { return Int32(posix.code) }
        if (error as NSError).domain == NSPOSIXErrorDomain { return Int32((error as NSError).code) }
        return EIO
    }

    /// Deletes the copy.
    package func remove() {
        if let file { try? FileManager.default.removeItem(at: file) }
    }
}
