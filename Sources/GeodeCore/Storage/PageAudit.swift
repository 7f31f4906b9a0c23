import CLMDB
import Foundation

/// Checks every page of a store file that one version of the store reaches,
/// before LMDB is trusted to follow them.
///
/// LMDB believes its pages: a damaged child pointer, node offset or size makes
/// it read outside the page (SIGSEGV, SIGBUS) or fail one of its assertions
/// (abort), and a damaged separator key makes it look in the wrong subtree and
/// answer "not found". LMDB 0.9 has no verifier and no page checksums, and no
/// other library reads its format, so Geode walks the pages by hand, following
/// the on-disk layout of `lmdb.h` / `mdb.c` 0.9 on a 64-bit machine:
///
/// - a page starts with a 16-byte header: page number (8), pad (2), flags (2),
///   then `lower`/`upper` (2 + 2; the page count of an overflow page instead);
///   node offsets (2 bytes each) follow from byte 16 up to `lower`, and the
///   nodes themselves sit between `upper` and the end of the page;
/// - a node is 8 bytes — data size (4; a branch node's child page number in
///   these and the flags field), flags (2), key size (2) — then the key, then
///   the data: inline, an overflow page number (`F_BIGDATA`), a database
///   record (`F_SUBDATA`), or a page of sorted duplicates (`F_DUPDATA`);
/// - a database record is 48 bytes: pad (4), flags (2), depth (2), branch,
///   leaf and overflow page counts, entries and root page (8 each);
/// - pages 0 and 1 are meta pages: magic, version, two database records (the
///   free list and the catalog of named databases), last page and version id.
///
/// The audit checks what LMDB relies on — page numbers inside the file, page
/// kinds, offsets and sizes inside their page, keys in order and inside the
/// range their parent gives them, equal depth, the page and entry counts of
/// each database record — and that every page is used once: by one tree, by
/// the free list, or as a meta page, and nothing else. It reads through a
/// mapping of its own inside a read transaction, so writers may go on.
///
/// ```swift
/// let report = try PageAudit.run(environment)
/// print(report.pages, report.freePages)
/// ```
package struct PageAudit {
    /// What the audit walked.
    package struct Report: Sendable, Equatable {
        /// Pages in the file's trees (branch, leaf and overflow pages).
        package var pages = 0
        /// Pages on the free list.
        package var freePages = 0
        /// Entries per named database, as its record counts them (equal to
        /// what the walk found, unless a salvage walk listed damage).
        package var entries: [String: Int] = [:]
        /// What a salvage walk found damaged and walked past.
        package var damage: [Damage] = []
        /// The version of the store the walk read (its LMDB transaction id).
        package var version = 0
    }

    /// A damaged page or node a salvage walk left behind.
    package struct Damage: Sendable, Equatable {
        package var page: Int
        package var database: String
        package var detail: String
    }

    // Layout constants of LMDB 0.9 (lmdb.h, mdb.c), 64-bit.
    private static let headerSize = 16
    private static let nodeSize = 8
    private static let recordSize = 48
    private static let branchFlag: UInt16 = 0x01, leafFlag: UInt16 = 0x02, overflowFlag: UInt16 = 0x04
    private static let leaf2Flag: UInt16 = 0x20, subPageFlag: UInt16 = 0x40
    private static let bigData: UInt16 = 0x01, subData: UInt16 = 0x02, dupData: UInt16 = 0x04
    private static let invalidPage = UInt64.max
    /// LMDB's trees never grow past a few levels; a deeper record is damage.
    private static let maximumDepth = 32

    private let base: UnsafeRawPointer
    private let pageSize: Int
    private let lastPage: Int
    /// The pages the file holds: those past it were taken and freed by a
    /// transaction and never written; no tree may reach one.
    private let filePages: Int
    private let path: String
    /// One bit per page: seen in some tree, on the free list, or a meta page.
    private var seen: [UInt64]
    private var report = Report()
    /// Salvage mode: damage is listed in the report and the walk goes on with
    /// the next subtree or node, instead of stopping at the first.
    private var tolerant = false
    /// Whether keys are checked for order and range (``Depth/keys``).
    private var checksKeys = true
    /// Salvage mode: whether entries are handed out at all, the databases whose
    /// entries are wanted, and where they go.
    private var visiting = false
    private var wanted: (String) -> Bool = { _ in false }
    private var visit: (String, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void = { _, _, _ in }

    /// How much an audit checks.
    package enum Depth: Sendable {
        /// What LMDB relies on to follow its pages without faulting: page kinds,
        /// offsets, sizes and numbers, depth, record counts, each page used once.
        case structure
        /// Also every key in order and inside the range its parent gives it: a
        /// damaged key misleads a search into answering "not found".
        /// What a store's first open checks.
        case keys
    }

    /// Walks the current version, in a read transaction that pins it.
    package static func run(_ environment: Environment, depth: Depth = .keys) throws -> Report {
        // LMDB keeps two meta pages and writes the older: two commits by other
        // processes between the transaction's start and the reading of its meta
        // page overwrite it. Its pages stay pinned, so a fresh start settles it.
        for _ in 0 ..< 100 {
            if let report = try environment.read({ txn in try run(txn, depth: depth) }) { return report }
        }
        throw damage(environment.path, page: 0, in: "the file header", "no meta page holds the version a reader sees")
    }

    /// Walks the version `txn` sees; nil when its meta page was overwritten
    /// meanwhile (see ``run(_:)-(Environment)``).
    static func run(_ txn: Transaction, depth: Depth) throws -> Report? {
        let version = UInt64(txn.version)
        return try withMappedFile(txn.environment.path, preferring: Environment.mapping(of: txn.environment.path)) {
            base, size, path in
            // The meta page of the transaction's version (the other one may be newer).
            guard
                let live = try metaPages(base, size, path).first(where: {
                    $0.loadUnaligned(fromByteOffset: 144, as: UInt64.self) == version
                })
            else {
                return nil
            }
            // A copy, checked to be of the version after it was taken: a writer may
            // overwrite the page itself while the trees it names are walked.
            let copy = Array(UnsafeRawBufferPointer(start: live, count: 152))
            guard live.loadUnaligned(fromByteOffset: 144, as: UInt64.self) == version else { return nil }
            return try copy.withUnsafeBytes { meta in
                guard let meta = meta.baseAddress else { return nil }
                var audit = try PageAudit(base: base, size: size, meta: meta, path: path)
                audit.checksKeys = depth == .keys
                try audit.walk(meta)
                audit.report.version = Int(version)
                return audit.report
            }
        }
    }

    /// Reads what can be read of the store file at `path`, whether or not LMDB
    /// could open it: the newest meta page's trees are walked, every entry of a
    /// database `wanted` accepts is passed to `visit` (key, value; valid only
    /// during the call), and damage is listed in ``Report/damage`` while the
    /// walk goes on past it. Nothing is written.
    package static func salvage(
        path: String, wanted: @escaping (String) -> Bool,
        visit: @escaping (String, UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void
    ) throws -> Report {
        try withMappedFile(path) { base, size, path in
            let metas = try metaPages(base, size, path)
            guard
                let meta = metas.max(by: {
                    $0.loadUnaligned(fromByteOffset: 144, as: UInt64.self)
                        < $1.loadUnaligned(fromByteOffset: 144, as: UInt64.self)
                })
            else {
                throw damage(path, page: 0, in: "the file header", "neither meta page is intact")
            }
            var audit = try PageAudit(base: base, size: size, meta: meta, path: path)
            audit.tolerant = true
            audit.visiting = true
            audit.wanted = wanted
            audit.visit = visit
            try audit.walk(meta)
            return audit.report
        }
    }

    /// Runs `body` over a read-only mapping of the whole file: `existing` (LMDB's
    /// own map, whose pages the reads that follow the audit want in memory
    /// anyway) when given, else a mapping of its own.
    private static func withMappedFile<T>(
        _ path: String, preferring existing: (UnsafeMutableRawPointer, Int)? = nil,
        _ body: (UnsafeRawPointer, Int, String) throws -> T
    ) throws -> T {
        let fd = Foundation.open(path, O_RDONLY)
        guard fd >= 0 else { throw StoreError.fileAccess(path: path, operation: "read for a page audit", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError.fileAccess(path: path, operation: "inspect", errno: errno) }
        let size = Int(info.st_size)
        guard size >= 2 * 512 else {
            throw damage(path, page: 0, in: "the file header", "the file is \(size) bytes long")
        }
        if let (address, length) = existing {
            // Never past the end of the file: a page there would fault.
            return try body(UnsafeRawPointer(address), min(size, length), path)
        }
        guard let map = mmap(nil, size, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw StoreError.fileAccess(path: path, operation: "map for a page audit", errno: errno)
        }
        defer { munmap(map, size) }
        return try body(UnsafeRawPointer(map), size, path)
    }

    /// The meta pages whose magic is intact and whose last page lies in the file.
    private static func metaPages(_ base: UnsafeRawPointer, _ size: Int, _ path: String) throws -> [UnsafeRawPointer] {
        let pageSize = Int(base.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            throw damage(path, page: 0, in: "the file header", "page size \(pageSize) is not valid")
        }
        return (0 ..< 2).compactMap { page in
            guard size >= (page + 1) * pageSize else { return nil }
            let meta = base + page * pageSize
            // The last page may lie past the end of the file (pages taken and
            // freed again, never written), but not absurdly far.
            let last = meta.loadUnaligned(fromByteOffset: 136, as: UInt64.self)
            return meta.loadUnaligned(fromByteOffset: 16, as: UInt32.self) == 0xBEEF_C0DE && last >= 1
                && last < UInt64(4 * (size / pageSize) + 65536) ? meta : nil
        }
    }

    private init(base: UnsafeRawPointer, size: Int, meta: UnsafeRawPointer, path: String) throws {
        self.base = base
        self.path = path
        pageSize = Int(base.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
        lastPage = Int(meta.loadUnaligned(fromByteOffset: 136, as: UInt64.self))
        filePages = size / pageSize
        seen = Array(repeating: 0, count: lastPage / 64 + 1)
    }

    /// Walks the free list and the catalog of `meta`, then accounts for every page.
    private mutating func walk(_ meta: UnsafeRawPointer) throws {
        try claim(0, in: "the file header")
        try claim(1, in: "the file header")
        do { try walkFreeList(Record(meta + 40)) } catch { try note(error) }
        try walkDatabase(Record(meta + 88), name: "the catalog of databases", isCatalog: true)
        let accounted = seen.reduce(0) { $0 + $1.nonzeroBitCount }
        guard accounted == lastPage + 1 else {
            try note(
                damage(
                    lastPage, "the file",
                    "\(lastPage + 1 - accounted) of its \(lastPage + 1) pages belong to no tree and are not free"))
            return
        }
    }

    /// In salvage mode, lists damage and lets the walk go on; otherwise throws it.
    private mutating func note(_ error: Error) throws {
        guard tolerant, case let StoreError.damagedPage(_, page, database, detail) = error else { throw error }
        report.damage.append(Damage(page: page, database: database, detail: detail))
    }

    private static func damage(_ path: String, page: Int, in database: String, _ detail: String) -> StoreError {
        .damagedPage(path: path, page: page, database: database, detail: detail)
    }

    private func damage(_ page: Int, _ database: String, _ detail: String) -> StoreError {
        Self.damage(path, page: page, in: database, detail)
    }

    /// A database record (`MDB_db`) as stored in a meta page or a node.
    private struct Record {
        var flags: UInt16, depth: Int, branchPages: UInt64, leafPages: UInt64, overflowPages: UInt64
        var entries: UInt64, root: UInt64
        init(_ p: UnsafeRawPointer) {
            flags = p.loadUnaligned(fromByteOffset: 4, as: UInt16.self)
            depth = Int(p.loadUnaligned(fromByteOffset: 6, as: UInt16.self))
            branchPages = p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            leafPages = p.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            overflowPages = p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            entries = p.loadUnaligned(fromByteOffset: 32, as: UInt64.self)
            root = p.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
        }
        var sortedDuplicates: Bool { flags & UInt16(MDB_DUPSORT) != 0 }
    }

    /// What one tree holds, summed as it is walked.
    private struct Tally {
        var branch: UInt64 = 0, leaf: UInt64 = 0, overflow: UInt64 = 0, entries: UInt64 = 0
    }

    /// How the keys of a tree are ordered (LMDB's flags on the database).
    private enum Order {
        case bytes, reversedBytes, integers
        init(keysOf flags: UInt16) {
            self =
                flags & UInt16(MDB_INTEGERKEY) != 0
                ? .integers
                : flags & UInt16(MDB_REVERSEKEY) != 0 ? .reversedBytes : .bytes
        }
        init(duplicatesOf flags: UInt16) {
            self =
                flags & UInt16(MDB_INTEGERDUP) != 0
                ? .integers
                : flags & UInt16(MDB_REVERSEDUP) != 0 ? .reversedBytes : .bytes
        }

        func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
            switch self {
            case .integers:
                guard a.count == b.count, a.count == 4 || a.count == 8 else {
                    return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
                }
                let x = a.count == 8 ? a.loadUnaligned(as: UInt64.self) : UInt64(a.loadUnaligned(as: UInt32.self))
                let y = b.count == 8 ? b.loadUnaligned(as: UInt64.self) : UInt64(b.loadUnaligned(as: UInt32.self))
                return x < y ? -1 : x > y ? 1 : 0
            case .bytes:
                // The order the store's databases are opened with (the CLMDB
                // shim's comparison: eight bytes at a time, no memcmp call).
                var x = MDB_val(mv_size: a.count, mv_data: UnsafeMutableRawPointer(mutating: a.baseAddress))
                var y = MDB_val(mv_size: b.count, mv_data: UnsafeMutableRawPointer(mutating: b.baseAddress))
                return Int(geode_compare_keys(&x, &y).signum())
            case .reversedBytes:
                var i = a.count - 1, j = b.count - 1
                while i >= 0, j >= 0 {
                    if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                    i -= 1; j -= 1
                }
                return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
            }
        }
    }

    // MARK: - Pages

    /// Marks `page` as used; a page used twice is damage (a cycle or a page of
    /// two trees).
    private mutating func claim(_ page: Int, in database: String) throws {
        guard page >= 0, page <= lastPage else {
            throw damage(page, database, "page \(page) is past the last page \(lastPage)")
        }
        let bit = UInt64(1) << UInt64(page & 63)
        guard seen[page >> 6] & bit == 0 else { throw damage(page, database, "page \(page) is reached twice") }
        seen[page >> 6] |= bit
    }

    private func page(_ number: Int) -> UnsafeRawPointer { base + number * pageSize }

    /// Checks a page header and returns its key count. `size` is the page's
    /// size: the page size, or a sub-page's data size.
    private func keyCount(_ p: UnsafeRawPointer, size: Int, page: Int, _ database: String) throws -> Int {
        let lower = Int(p.loadUnaligned(fromByteOffset: 12, as: UInt16.self))
        let upper = Int(p.loadUnaligned(fromByteOffset: 14, as: UInt16.self))
        guard lower >= Self.headerSize, lower <= upper, upper <= size, (lower - Self.headerSize) % 2 == 0 else {
            throw damage(page, database, "page \(page) has free space from \(lower) to \(upper) in \(size) bytes")
        }
        return (lower - Self.headerSize) / 2
    }

    /// The node at index `i`: its offset checked against the node region.
    private func node(_ p: UnsafeRawPointer, _ i: Int, size: Int, page: Int, _ database: String) throws
        -> UnsafeRawPointer
    {
        let upper = Int(p.loadUnaligned(fromByteOffset: 14, as: UInt16.self))
        let offset = Int(p.loadUnaligned(fromByteOffset: Self.headerSize + 2 * i, as: UInt16.self))
        guard offset >= upper, offset + Self.nodeSize <= size else {
            throw damage(page, database, "node \(i) of page \(page) starts at \(offset), outside its page")
        }
        let node = p + offset
        let keySize = Int(node.loadUnaligned(fromByteOffset: 6, as: UInt16.self))
        guard offset + Self.nodeSize + keySize <= size else {
            throw damage(page, database, "the key of node \(i) of page \(page) runs past its page")
        }
        return node
    }

    private static func key(of node: UnsafeRawPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(
            start: node + nodeSize, count: Int(node.loadUnaligned(fromByteOffset: 6, as: UInt16.self)))
    }

    // MARK: - Trees

    /// Walks a database's tree and checks its record's counts.
    private mutating func walkDatabase(_ record: Record, name: String, isCatalog: Bool = false) throws {
        _ = try walkTree(
            record, name, order: Order(keysOf: record.flags),
            duplicates: record.sortedDuplicates ? Order(duplicatesOf: record.flags) : nil,
            isCatalog: isCatalog, isFreeList: false)
        if !isCatalog { report.entries[name] = Int(clamping: record.entries) }
    }

    private mutating func walkFreeList(_ record: Record) throws {
        _ = try walkTree(record, "the free list", order: .integers, duplicates: nil, isCatalog: false, isFreeList: true)
    }

    /// Walks one tree from its root; returns what it holds.
    private mutating func walkTree(
        _ record: Record, _ name: String, order: Order, duplicates: Order?,
        isCatalog: Bool, isFreeList: Bool
    ) throws -> Tally {
        var tally = Tally()
        if record.root == Self.invalidPage {
            guard record.depth == 0, record.entries == 0 else {
                throw damage(0, name, "an empty tree records depth \(record.depth) and \(record.entries) entries")
            }
            return tally
        }
        guard record.depth >= 1, record.depth <= Self.maximumDepth else {
            throw damage(0, name, "its tree records depth \(record.depth)")
        }
        guard record.root <= UInt64(lastPage) else {
            throw damage(0, name, "its root page \(record.root) is past the last page \(lastPage)")
        }
        var context = TreeContext(
            name: name, order: order, duplicates: duplicates, depth: record.depth,
            isCatalog: isCatalog, isFreeList: isFreeList)
        do { try walkPage(Int(record.root), level: 1, lower: nil, upper: nil, &context, &tally) } catch {
            try note(error)
        }
        if tally.branch != record.branchPages || tally.leaf != record.leafPages
            || tally.overflow != record.overflowPages || tally.entries != record.entries
        {
            try note(
                damage(
                    Int(record.root), name,
                    "its record counts \(record.branchPages) branch, \(record.leafPages) leaf and "
                        + "\(record.overflowPages) overflow pages and \(record.entries) entries; the tree has \(tally.branch), "
                        + "\(tally.leaf), \(tally.overflow) and \(tally.entries)"))
        }
        report.pages += Int(tally.branch + tally.leaf + tally.overflow)
        return tally
    }

    private struct TreeContext {
        let name: String
        let order: Order
        let duplicates: Order?
        let depth: Int
        let isCatalog: Bool
        let isFreeList: Bool
    }

    /// Walks the subtree at `number`, whose keys must lie in `lower ..< upper`.
    private mutating func walkPage(
        _ number: Int, level: Int, lower: UnsafeRawBufferPointer?, upper: UnsafeRawBufferPointer?,
        _ context: inout TreeContext, _ tally: inout Tally
    ) throws {
        let name = context.name
        try claim(number, in: name)
        guard number < filePages else {
            throw damage(number, name, "page \(number) is past the end of the file (\(filePages) pages)")
        }
        let p = page(number)
        let flags = p.loadUnaligned(fromByteOffset: 10, as: UInt16.self)
        let stored = p.loadUnaligned(as: UInt64.self)
        guard stored == UInt64(number) else { throw damage(number, name, "page \(number) calls itself page \(stored)") }
        let isLeaf = level == context.depth
        guard
            flags & (Self.branchFlag | Self.leafFlag | Self.overflowFlag | Self.leaf2Flag | 0x08)
                == (isLeaf ? Self.leafFlag : Self.branchFlag)
        else {
            throw damage(
                number, name,
                "page \(number) at level \(level) of \(context.depth) has flags 0x\(String(flags, radix: 16))")
        }
        let count = try keyCount(p, size: pageSize, page: number, name)
        guard count > 0 else {
            throw damage(number, name, "page \(number) holds \(count) keys")
        }
        let nodesStart = Int(p.loadUnaligned(fromByteOffset: 14, as: UInt16.self))
        if !isLeaf {
            tally.branch += 1
            var previous = lower
            var filled = 0
            for i in 0 ..< count {
                let node = try node(p, i, size: pageSize, page: number, name)
                let key = Self.key(of: node)
                filled += Self.extent(of: node, isLeaf: false)
                if i > 0 {
                    try checkOrder(key, after: previous, before: upper, context.order, page: number, name)
                }
                let next: UnsafeRawBufferPointer? =
                    i + 1 < count
                    ? Self.key(of: try self.node(p, i + 1, size: pageSize, page: number, name)) : upper
                let child =
                    Int(node.loadUnaligned(as: UInt16.self)) | Int(
                        node.loadUnaligned(fromByteOffset: 2, as: UInt16.self)) << 16
                    | Int(node.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) << 32
                do {
                    try walkPage(child, level: level + 1, lower: i == 0 ? lower : key, upper: next, &context, &tally)
                } catch { try note(error) }
                if i > 0 { previous = key }
            }
            try checkFilled(filled, from: nodesStart, page: number, name)
            return
        }
        tally.leaf += 1
        // Ask for every node's header at once: waiting for each in turn is most
        // of an audit's time (a prefetch never faults, whatever the offset).
        for i in 0 ..< count {
            let offset = Int(p.loadUnaligned(fromByteOffset: Self.headerSize + 2 * i, as: UInt16.self))
            if offset >= nodesStart, offset < pageSize { geode_prefetch(p + offset) }
        }
        var previous: UnsafeRawBufferPointer?
        var filled = 0
        for i in 0 ..< count {
            do {
                let node = try node(p, i, size: pageSize, page: number, name)
                let key = Self.key(of: node)
                filled += Self.extent(of: node, isLeaf: true)
                try checkOrder(
                    key, after: previous ?? lower, before: upper, context.order, page: number, name,
                    strictlyAfter: previous != nil)
                previous = key
                try walkLeafNode(node, page: number, &context, &tally)
            } catch { try note(error) }
        }
        try checkFilled(filled, from: nodesStart, page: number, name)
    }

    /// The bytes a node takes in its page: header, key and (in a leaf) its
    /// data or the number of its first overflow page, rounded up to even, as
    /// LMDB lays them out.
    private static func extent(of node: UnsafeRawPointer, isLeaf: Bool) -> Int {
        var size = nodeSize + Int(node.loadUnaligned(fromByteOffset: 6, as: UInt16.self))
        if isLeaf {
            let flags = node.loadUnaligned(fromByteOffset: 4, as: UInt16.self)
            size +=
                flags & bigData != 0
                ? 8
                : Int(node.loadUnaligned(as: UInt16.self)) | Int(node.loadUnaligned(fromByteOffset: 2, as: UInt16.self))
                    << 16
        }
        return (size + 1) & ~1
    }

    /// LMDB keeps a page's nodes packed from `upper` to the page's end (adding
    /// and removing a node moves the others): nodes that do not fill that
    /// space exactly have a damaged size, such as a key whose length changed
    /// yet still sorts in place, which a search would then never find.
    private func checkFilled(_ filled: Int, from nodesStart: Int, page number: Int, _ name: String) throws {
        guard filled == pageSize - nodesStart else {
            throw damage(
                number, name,
                "the nodes of page \(number) take \(filled) bytes of the \(pageSize - nodesStart) they occupy")
        }
    }

    /// Checks `lower <= key < upper` (`lower < key` when `strictlyAfter`).
    private func checkOrder(
        _ key: UnsafeRawBufferPointer, after lower: UnsafeRawBufferPointer?, before upper: UnsafeRawBufferPointer?,
        _ order: Order, page: Int, _ name: String, strictlyAfter: Bool = true
    ) throws {
        guard checksKeys else { return }
        if let lower {
            let c = order.compare(key, lower)
            guard c > 0 || (c == 0 && !strictlyAfter) else {
                throw damage(page, name, "a key of page \(page) is out of order")
            }
        }
        if let upper, order.compare(key, upper) >= 0 {
            throw damage(page, name, "a key of page \(page) lies past the range its parent gives it")
        }
    }

    /// Checks a leaf node's data and walks what it points to.
    private mutating func walkLeafNode(
        _ node: UnsafeRawPointer, page number: Int, _ context: inout TreeContext, _ tally: inout Tally
    ) throws {
        let name = context.name
        let nodeFlags = node.loadUnaligned(fromByteOffset: 4, as: UInt16.self)
        let dataSize =
            Int(node.loadUnaligned(as: UInt16.self)) | Int(node.loadUnaligned(fromByteOffset: 2, as: UInt16.self)) << 16
        let key = Self.key(of: node)
        let data = node + Self.nodeSize + key.count
        let start = data - page(number)
        guard nodeFlags & ~(Self.bigData | Self.subData | Self.dupData) == 0 else {
            throw damage(number, name, "a node of page \(number) has flags 0x\(String(nodeFlags, radix: 16))")
        }
        if nodeFlags & Self.bigData != 0 {
            guard nodeFlags == Self.bigData, !context.isCatalog || context.isFreeList, start + 8 <= pageSize else {
                throw damage(number, name, "a node of page \(number) has flags 0x\(String(nodeFlags, radix: 16))")
            }
            let first = data.loadUnaligned(as: UInt64.self)
            let body = try walkOverflow(first, dataSize: dataSize, name, &tally)
            tally.entries += 1
            if context.isFreeList { try claimFree(body, dataSize, page: Int(first)) }
            if visiting, wanted(name) { try visit(name, key, UnsafeRawBufferPointer(start: body, count: dataSize)) }
            return
        }
        guard start + dataSize <= pageSize else {
            throw damage(number, name, "the data of a node of page \(number) runs past its page")
        }
        switch nodeFlags {
        case 0:
            tally.entries += 1
            if context.isFreeList { try claimFree(data, dataSize, page: number) }
            if visiting, wanted(name) { try visit(name, key, UnsafeRawBufferPointer(start: data, count: dataSize)) }
        case Self.subData where context.isCatalog:
            guard dataSize == Self.recordSize else {
                throw damage(number, name, "a database record of \(dataSize) bytes")
            }
            try walkDatabase(Record(data), name: String(decoding: key, as: UTF8.self))
            tally.entries += 1
        case Self.dupData | Self.subData:
            guard let duplicates = context.duplicates, dataSize == Self.recordSize else {
                throw damage(number, name, "a node of page \(number) holds a tree of duplicates where none belongs")
            }
            let record = Record(data)
            // A tree of duplicates keeps its page counts in its own record; its
            // entries count toward the outer one.
            tally.entries += try walkTree(
                record, name, order: duplicates, duplicates: nil, isCatalog: false, isFreeList: false
            ).entries
        case Self.dupData:
            guard let duplicates = context.duplicates else {
                throw damage(number, name, "a node of page \(number) holds duplicates where none belong")
            }
            tally.entries += UInt64(try checkSubPage(data, size: dataSize, order: duplicates, page: number, name))
        default:
            throw damage(number, name, "a node of page \(number) has flags 0x\(String(nodeFlags, radix: 16))")
        }
    }

    /// Checks a page of duplicates kept inside a node; returns how many it holds.
    private func checkSubPage(_ p: UnsafeRawPointer, size: Int, order: Order, page: Int, _ name: String) throws -> Int {
        guard size >= Self.headerSize else { throw damage(page, name, "a page of duplicates of \(size) bytes") }
        // A page of duplicates keeps the dirty flag it was made with (0x10).
        let flags = p.loadUnaligned(fromByteOffset: 10, as: UInt16.self) & ~0x10
        let count = try keyCount(p, size: size, page: page, name)
        if flags == Self.leafFlag | Self.subPageFlag | Self.leaf2Flag {
            // Fixed-size duplicates (MDB_DUPFIXED) stored side by side after the offsets.
            return count
        }
        guard flags == Self.leafFlag | Self.subPageFlag, count > 0 else {
            throw damage(
                page, name,
                "a page of duplicates in page \(page) has flags 0x\(String(flags, radix: 16)) and \(count) keys")
        }
        var previous: UnsafeRawBufferPointer?
        for i in 0 ..< count {
            let node = try node(p, i, size: size, page: page, name)
            let key = Self.key(of: node)
            try checkOrder(key, after: previous, before: nil, order, page: page, name)
            previous = key
        }
        return count
    }

    /// Claims an overflow run and returns the start of its data.
    private mutating func walkOverflow(_ first: UInt64, dataSize: Int, _ name: String, _ tally: inout Tally) throws
        -> UnsafeRawPointer
    {
        guard first >= 2, first <= UInt64(lastPage) else {
            throw damage(Int(clamping: first), name, "an overflow page \(first) is past the last page \(lastPage)")
        }
        let number = Int(first)
        guard number < filePages else {
            throw damage(number, name, "overflow page \(number) is past the end of the file (\(filePages) pages)")
        }
        let p = page(number)
        let flags = p.loadUnaligned(fromByteOffset: 10, as: UInt16.self)
        let count = Int(p.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        guard flags & (Self.branchFlag | Self.leafFlag | Self.overflowFlag | Self.leaf2Flag) == Self.overflowFlag,
            p.loadUnaligned(as: UInt64.self) == first, count >= 1, number + count - 1 <= lastPage,
            number + count <= filePages,
            dataSize <= count * pageSize - Self.headerSize
        else {
            throw damage(number, name, "overflow page \(number) (\(count) pages for \(dataSize) bytes) is not valid")
        }
        for page in number ..< number + count { try claim(page, in: name) }
        tally.overflow += UInt64(count)
        return p + Self.headerSize
    }

    /// Claims the pages a free-list entry lists: a count, then that many page numbers.
    private mutating func claimFree(_ data: UnsafeRawPointer, _ size: Int, page: Int) throws {
        guard size >= 8, size % 8 == 0 else {
            throw damage(page, "the free list", "a free-list entry of \(size) bytes")
        }
        let count = Int(clamping: data.loadUnaligned(as: UInt64.self))
        guard count == size / 8 - 1 else {
            throw damage(page, "the free list", "a free-list entry lists \(count) pages in \(size) bytes")
        }
        for i in 0 ..< count {
            let free = Int(clamping: data.loadUnaligned(fromByteOffset: 8 * (i + 1), as: UInt64.self))
            try claim(free, in: "the free list")
            report.freePages += 1
        }
    }
}
