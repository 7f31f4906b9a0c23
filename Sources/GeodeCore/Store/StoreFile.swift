import Foundation

/// Looks at a store file before LMDB maps it, so that a file that is not a
/// Geode store is refused without being changed (LMDB would initialise an
/// empty file, and a truncated one would fault when its missing pages are read).
///
/// It reads LMDB's two meta pages: magic `0xBEEFC0DE`, data version 1, the page
/// size, and the last page in use, which must lie inside the file.
enum StoreFile {
    /// What is at the path.
    enum State: Equatable {
        case missing
        case lmdb(pageSize: Int)
    }

    static let lmdbMagic: UInt32 = 0xBEEF_C0DE
    static let lmdbDataVersion: UInt32 = 1
    /// Offsets inside a meta page (64-bit LMDB 0.9): page header 16 bytes, then
    /// magic, version, address, map size, two 48-byte database records (the
    /// first's pad field holds the page size), last page, transaction id.
    private static let magicOffset = 16
    private static let versionOffset = 20
    private static let pageSizeOffset = 40
    /// The root pages of the free list and of the catalog of databases.
    private static let rootOffsets = [80, 128]
    private static let lastPageOffset = 136
    private static let transactionOffset = 144
    /// How far past the file's end the header's last page may lie: pages a
    /// transaction took and freed again are counted but never written. LMDB
    /// maps at least up to that page, so a damaged count would ask for a
    /// map no machine has (`mdb_env_open` failing with ENOMEM).
    private static let unwrittenPagesAllowance: UInt64 = 1 << 30

    static func inspect(_ path: String) throws -> State {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return .missing }
            throw StoreError.fileAccess(path: path, operation: "inspect", errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.notAGeodeStore(path: path, reason: StoreError.notARegularFile)
        }
        let size = Int(info.st_size)
        guard size > 0 else { throw StoreError.notAGeodeStore(path: path, reason: "the file is empty") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.fileAccess(path: path, operation: "read", errno: errno)
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 160)) ?? Data()
        guard head.count >= 152, load(head, magicOffset) == lmdbMagic else {
            throw StoreError.notAGeodeStore(path: path, reason: "no store header (it is not an LMDB file)")
        }
        guard load(head, versionOffset) == lmdbDataVersion else {
            throw StoreError.notAGeodeStore(
                path: path, reason: "LMDB data version \(load(head, versionOffset)) is not supported")
        }
        let pageSize = Int(load(head, pageSizeOffset))
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            throw StoreError.notAGeodeStore(path: path, reason: "page size \(pageSize) is not valid")
        }
        guard size >= 2 * pageSize else {
            throw StoreError.notAGeodeStore(
                path: path, reason: "the file is truncated (\(size) bytes, less than its two header pages)")
        }
        try handle.seek(toOffset: UInt64(pageSize))
        let second = (try? handle.read(upToCount: 160)) ?? Data()
        var meta = head
        if second.count >= 152, load(second, magicOffset) == lmdbMagic,
            load64(second, transactionOffset) > load64(head, transactionOffset)
        {
            meta = second
        }
        // The size after the header pages were read: another process may have
        // committed since the stat above, and LMDB writes a commit's pages before
        // its header, so the file holds every page the header leads to. Not every
        // page up to the header's last page: pages a transaction took and freed
        // again were never written, and the file may end before them. The page
        // audit checks the pages the trees reach; here, the two roots.
        var now = stat()
        let current = fstat(handle.fileDescriptor, &now) == 0 ? Int(now.st_size) : size
        for offset in rootOffsets {
            let root = load64(meta, offset)
            guard root != UInt64.max else { continue }  // an empty tree
            let needed = (root + 1).multipliedReportingOverflow(by: UInt64(pageSize))
            guard !needed.overflow, needed.partialValue <= UInt64(current) else {
                throw StoreError.notAGeodeStore(
                    path: path,
                    reason: "the file is truncated (\(current) bytes; a root page reaches byte \(needed.partialValue))")
            }
        }
        let reach = (load64(meta, lastPageOffset)).addingReportingOverflow(1).partialValue
            .multipliedReportingOverflow(by: UInt64(pageSize))
        guard !reach.overflow, reach.partialValue <= UInt64(current) + unwrittenPagesAllowance else {
            throw StoreError.notAGeodeStore(
                path: path,
                reason: "its header is damaged (its last page lies far past the file's \(current) bytes)")
        }
        return .lmdb(pageSize: pageSize)
    }

    private static func load(_ data: Data, _ offset: Int) -> UInt32 {
        data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    private static func load64(_ data: Data, _ offset: Int) -> UInt64 {
        data.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }
}
