import CLMDB
import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// A store file Geode audited or wrote last, and that nothing changed since,
/// opens without a page audit (its stamp says so); a file changed in any way
/// the file system sees — bytes written into it, another version committed,
/// a copy — is audited again, and refused when damaged.
@Suite(.enabled(if: temporaryFilesKeepAttributes(), "the file system keeps no extended attributes"))
struct AuditStampTests {
    /// Opens the store at `path`, runs `body` on it, and closes it again.
    @discardableResult
    private func opened<T>(_ path: String, readOnly: Bool = false, _ body: (Store) throws -> T) throws -> T {
        var configuration = StoreConfiguration(path: path, schema: RecordSchema.schema)
        configuration.readOnly = readOnly
        let store = try Store.open(configuration)
        return try body(store)
    }

    /// A store of `records` records, written and closed.
    private func makeStore(in directory: TemporaryDirectory, records: Int = 500) throws -> String {
        let path = directory.path("s.geode")
        try opened(path) { store in
            let table = try store.table("Record")
            try store.write { txn in
                for i in 0 ..< records { try txn.insert(RecordSchema.row(batch: i / 100, index: i), into: table) }
            }
        }
        return path
    }

    @Test func aStoreAsGeodeLeftItOpensWithoutAnAuditAfterEachOfItsWrites() throws {
        let directory = try TemporaryDirectory()
        let path = try makeStore(in: directory)
        #expect(try opened(path) { $0.auditedPagesOnOpen } == false, "the creator's writes were not trusted")
        // Writes on top of a trusted version keep the file trusted.
        try opened(path) { store in
            let table = try store.table("Record")
            _ = try store.write { txn in try txn.insert(RecordSchema.row(batch: 1, index: 0), into: table) }
            try store.write { txn in _ = try txn.delete(ObjectKey(3), in: table) }
        }
        #expect(try opened(path) { $0.auditedPagesOnOpen } == false)
        #expect(try opened(path, readOnly: true) { store in try store.read { try $0.count(try store.table("Record")) } } == 500)
    }

    @Test func bytesWrittenIntoTheFileMakeTheNextOpenAudit() throws {
        let directory = try TemporaryDirectory()
        let path = try makeStore(in: directory)
        // The same bytes written again: nothing is damaged, but Geode cannot know.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: 8192)
        let page = try #require(try handle.read(upToCount: 4096))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: page)
        try handle.close()
        #expect(try opened(path) { $0.auditedPagesOnOpen } == true)
        #expect(try opened(path) { $0.auditedPagesOnOpen } == false, "the audit's result was not kept")
    }

    @Test func damageWrittenIntoATrustedFileIsFoundAtTheNextOpen() throws {
        let directory = try TemporaryDirectory()
        let path = try makeStore(in: directory, records: 5_000)
        #expect(try opened(path) { $0.auditedPagesOnOpen } == false)
        // The first child of a branch page pointed past the end of the file, in
        // place (the file keeps its inode): LMDB would fault there.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let branch = try #require(PageAuditTests.treePages(bytes).first { $0.flags & 0x01 != 0 })
        let at = branch.number * 4096
        let node = at + Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 16, as: UInt16.self) })
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(node))
        try handle.write(contentsOf: Data([0xFF, 0xFF]))
        try handle.close()
        #expect {
            try opened(path) { _ in }
        } throws: { error in
            (error as? StoreError)?.isDamage == true
        }
    }

    @Test func aStampOfAnotherVersionOrAnotherFileIsNotTrusted() throws {
        let directory = try TemporaryDirectory()
        let path = try makeStore(in: directory)
        let attribute = "user.geode.audit"
        let stamp = try FileManager.default.extendedAttribute(attribute, path: path)
        // The stamp of an older version (another program committed since): audited.
        var older = stamp
        older[0] &-= 1
        try FileManager.default.setExtendedAttribute(attribute, value: older, path: path)
        #expect(try opened(path) { $0.auditedPagesOnOpen } == true)
        // A copy keeping the stamp and the modification time is another file (inode): audited.
        let copy = directory.path("copy.geode")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: copy)
        try FileManager.default.setExtendedAttribute(
            attribute, value: try FileManager.default.extendedAttribute(attribute, path: path), path: copy)
        #expect(try opened(copy) { $0.auditedPagesOnOpen } == true)
    }

    @Test func anAuditByAReadOnlyOpenIsKept() throws {
        let directory = try TemporaryDirectory()
        let path = try makeStore(in: directory)
        removexattr(path, "user.geode.audit")
        #expect(try opened(path, readOnly: true) { $0.auditedPagesOnOpen } == true)
        #expect(try opened(path, readOnly: true) { $0.auditedPagesOnOpen } == false)
    }

    @Test func turningAuditsOffLeavesNoStampToTrust() throws {
        let directory = try TemporaryDirectory()
        let path = try makeStore(in: directory)
        var configuration = StoreConfiguration(path: path, schema: RecordSchema.schema)
        configuration.auditsPages = false
        do {
            let store = try Store.open(configuration)
            let table = try store.table("Record")
            _ = try store.write { txn in try txn.insert(RecordSchema.row(batch: 2, index: 0), into: table) }
        }
        #expect(try opened(path) { $0.auditedPagesOnOpen } == true, "an unaudited chain of writes was trusted")
    }
}

/// Whether the temporary directory's file system keeps user extended attributes.
private func temporaryFilesKeepAttributes() -> Bool {
    guard let directory = try? TemporaryDirectory() else { return false }
    let path = directory.path("probe")
    _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
    return (try? FileManager.default.setExtendedAttribute("user.geode.probe", value: Data([1]), path: path)) != nil
}

extension FileManager {
    fileprivate func setExtendedAttribute(_ name: String, value: Data, path: String) throws {
        let rc = value.withUnsafeBytes { setxattr(path, name, $0.baseAddress, $0.count, 0) }
        if rc != 0 { throw CocoaError(.fileWriteUnknown) }
    }

    fileprivate func extendedAttribute(_ name: String, path: String) throws -> Data {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { getxattr(path, name, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw CocoaError(.fileReadUnknown) }
        return Data(bytes.prefix(count))
    }
}
