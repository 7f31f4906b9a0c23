import CLMDB
import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// The page audit passes every file LMDB wrote, whatever shapes its trees
/// have, and finds damage to any page a tree reaches before LMDB follows it.
@Suite struct PageAuditTests {
    /// A file with every shape of tree LMDB makes: many small entries over
    /// several levels, values on overflow pages, sorted duplicates kept inside
    /// their node and in a tree of their own, and free pages after deletes.
    static func wellShapedFile(_ directory: TemporaryDirectory, deleting: Bool = true) throws -> String {
        let path = directory.path("shapes.geode")
        let environment = try Environment.open(path: path, options: .init())
        defer { environment.release() }
        try environment.write { txn in
            let small = try txn.openDatabase("small")
            for i in 0 ..< 20_000 {
                try txn.put(small, key: Array("key-\(i)".utf8), value: Array(repeating: UInt8(i & 0xFF), count: 24))
            }
            let large = try txn.openDatabase("large")
            for i in 0 ..< 30 {
                try txn.put(large, key: [UInt8(i)], value: Array(repeating: UInt8(i), count: 3_000 + 1_000 * i))
            }
            let duplicates = try txn.openDatabase("duplicates", sortedDuplicates: true)
            for i in 0 ..< 2_000 {
                try txn.put(
                    duplicates, key: Array("many".utf8), value: withUnsafeBytes(of: UInt64(i).bigEndian, Array.init))
            }
            for k in 0 ..< 50 {
                for i in 0 ..< 3 { try txn.put(duplicates, key: [UInt8(k)], value: [UInt8(i), UInt8(k)]) }
            }
        }
        guard deleting else { return path }
        try environment.write { txn in
            let small = try txn.openDatabase("small")
            for i in stride(from: 0, to: 20_000, by: 2) { _ = try txn.delete(small, key: Array("key-\(i)".utf8)) }
            let large = try txn.openDatabase("large")
            for i in 0 ..< 10 { _ = try txn.delete(large, key: [UInt8(i)]) }
        }
        return path
    }

    static func audit(_ path: String) throws -> PageAudit.Report {
        let environment = try Environment.open(path: path, options: .init(readOnly: true))
        defer { environment.release() }
        return try PageAudit.run(environment)
    }

    @Test func everyShapeOfTreeLMDBWritesPassesWithItsEntriesCounted() throws {
        let directory = try TemporaryDirectory()
        let report = try Self.audit(try Self.wellShapedFile(directory))
        #expect(report.entries["small"] == 10_000)
        #expect(report.entries["large"] == 20)
        #expect(report.entries["duplicates"] == 2_000 + 150)
        #expect(report.freePages > 0, "the deletes freed pages")
        #expect(report.pages > 100)
    }

    /// Every page of the file, with its flags as LMDB wrote them.
    static func treePages(_ bytes: [UInt8]) -> [(number: Int, flags: UInt16)] {
        let pageSize = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 40, as: UInt32.self) })
        return (2 ..< bytes.count / pageSize).compactMap { number in
            let flags = bytes.withUnsafeBytes {
                $0.loadUnaligned(fromByteOffset: number * pageSize + 10, as: UInt16.self)
            }
            let stored = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: number * pageSize, as: UInt64.self) }
            return stored == UInt64(number) && flags & 0x07 != 0 ? (number, flags) : nil
        }
    }

    @Test func damageToAnyPageOfATreeIsFoundAndNamed() throws {
        let directory = try TemporaryDirectory()
        // Without deletes, every page with a header belongs to a tree: none is left over.
        let path = try Self.wellShapedFile(directory, deleting: false)
        let sound = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(sound.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 40, as: UInt32.self) })
        let copy = directory.path("copy.geode")
        var found = 0, damaged = 0
        for (number, flags) in Self.treePages(sound) {
            var bytes = sound
            let at = number * pageSize
            if flags & 0x04 != 0 {
                bytes[at + 12] = 0xFF; bytes[at + 13] = 0xFF  // an overflow run longer than the file
            } else {
                bytes[at + 16] = 0xF0; bytes[at + 17] = 0xFF  // the first node's offset: past the page
            }
            try Data(bytes).write(to: URL(fileURLWithPath: copy))
            unlink(Environment.lockPath(for: copy))
            do {
                _ = try Self.audit(copy)
            } catch let StoreError.damagedPage(_, page, database, detail) {
                found += 1
                #expect(!database.isEmpty && !detail.isEmpty)
                #expect(page >= 0)
            }
            damaged += 1
        }
        #expect(damaged > 50)
        #expect(found == damaged, "\(found) of \(damaged) damaged pages found")
    }

    @Test func aKeyWhoseLengthChangedButStillSortsInPlaceIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.wellShapedFile(directory, deleting: false)
        let sound = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(sound.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 40, as: UInt32.self) })
        // The last node of "small" ("key-9999", 24 bytes of data) with a key that now takes two
        // bytes of its data: "key-9999" and two bytes still sort last, so only the sizes of the
        // page's nodes, which no longer fill it, tell that a search would miss the entry.
        let marker = Array("key-9999".utf8)
        // The key in a leaf node: its size (8, little-endian) just before it.
        func isLeafKey(_ i: Int) -> Bool {
            let sized = sound[i - 2] == UInt8(marker.count) && sound[i - 1] == 0
            let inLeaf = sound[i / pageSize * pageSize + 10] == 0x02
            return sized && inLeaf && Array(sound[i ..< i + marker.count]) == marker
        }
        let at = try #require((2 ..< sound.count - marker.count).first(where: isLeafKey))
        var bytes = sound
        bytes[at - 2] += 2
        let copy = directory.path("copy.geode")
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        do {
            _ = try Self.audit(copy)
            Issue.record("the audit passed a page whose nodes overlap")
        } catch let StoreError.damagedPage(_, page, database, detail) {
            #expect(page == at / pageSize)
            #expect(database == "small")
            #expect(detail.contains("take"), "\(detail)")
        }
    }

    @Test func aFreeListThatGivesAwayAPageInUseIsFound() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.wellShapedFile(directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 40, as: UInt32.self) })
        // The newer meta page holds the free list's root: a leaf whose entries list free pages.
        func meta(_ page: Int) -> (txn: UInt64, freeRoot: UInt64, mainRoot: UInt64) {
            bytes.withUnsafeBytes {
                (
                    $0.loadUnaligned(fromByteOffset: page * pageSize + 144, as: UInt64.self),
                    $0.loadUnaligned(fromByteOffset: page * pageSize + 80, as: UInt64.self),
                    $0.loadUnaligned(fromByteOffset: page * pageSize + 128, as: UInt64.self)
                )
            }
        }
        let current = meta(0).txn > meta(1).txn ? meta(0) : meta(1)
        let leaf = Int(current.freeRoot) * pageSize
        #expect(
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: leaf + 10, as: UInt16.self) } & 0x02 != 0,
            "the free list is one leaf")
        let node = leaf + Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: leaf + 16, as: UInt16.self) })
        let keySize = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: node + 6, as: UInt16.self) })
        var entry = node + 8 + keySize
        if bytes[node + 4] & 0x01 != 0 {
            // A long list lives on overflow pages: the node holds their first page's number.
            entry =
                Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: entry, as: UInt64.self) }) * pageSize + 16
        }
        // The entry is a count, then page numbers: make the first the catalog's root, a page in use.
        withUnsafeBytes(of: current.mainRoot) { bytes.replaceSubrange(entry + 8 ..< entry + 16, with: $0) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        unlink(Environment.lockPath(for: path))
        #expect {
            _ = try Self.audit(path)
        } throws: { error in
            guard case let StoreError.damagedPage(_, _, _, detail) = error else { return false }
            return detail.contains("reached twice")
        }
    }

    @Test func aStoreWithADamagedPageIsRefusedWhenOpenedAndLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("records.geode")
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            try store.write { txn in
                for i in 0 ..< 5_000 { _ = try txn.insert(RecordSchema.row(batch: i / 100, index: i), into: table) }
            }
        }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let pageSize = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 40, as: UInt32.self) })
        guard let branch = Self.treePages(bytes).first(where: { $0.flags & 0x01 != 0 }) else {
            Issue.record("5,000 records make a tree with branch pages")
            return
        }
        // Point the first child of a branch page past the end of the file: LMDB would fault there.
        let at = branch.number * pageSize
        let node = at + Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 16, as: UInt16.self) })
        bytes[node] = 0xFF; bytes[node + 1] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        unlink(Environment.lockPath(for: path))
        #expect {
            _ = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
        } throws: { error in
            (error as? StoreError)?.isDamage == true && "\(error)".contains("past the last page")
        }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "the file is as it was")
    }
}
