import CLMDB
import Foundation

/// What lets a process skip the page audit (``PageAudit``) of a store file
/// that Geode audited or wrote last and that nothing has changed since: the
/// file's device, inode, size and modification time, with the version of the
/// store they belong to, kept in an extended attribute of the file
/// (`user.geode.audit`).
///
/// The audit reads every page of the file: a second at ten million features
/// when the file is in the page cache, and 48 s when it is not (after a
/// reboot), all to answer a first query that needs a few pages. A stamp
/// stands for an unbroken chain from an audited version: a process that
/// audited version *v* (or created the file) writes the stamp, and after each
/// commit of its own on top of a version it trusts, writes it again for the
/// new version. A process opening the file trusts it without an audit only
/// when the stamp names the file's current version, inode, size and
/// modification time; anything else — a commit by another program, bytes
/// written into the file, a copy, a restore — audits it again.
///
/// What a stamp cannot see: a disk that changes bytes without the file
/// system knowing, or someone who can write the file forging the attribute.
/// ``StoreCheck`` (`geode check`) audits every page whatever the stamp says.
///
/// File systems without user extended attributes keep no stamp: every first
/// open in a process audits, as it did before stamps existed.
///
/// ```swift
/// let version = environment.lastCommittedVersion
/// if AuditStamp.stored(at: path) == AuditStamp.current(of: path, version: version) {
///     // the file is as Geode last left it
/// }
/// ```
struct AuditStamp: Equatable {
    var version: UInt64
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    static let attribute = "user.geode.audit"
    /// The stored form: the six fields as little-endian 64-bit integers.
    private static let length = 48

    /// The stamp the file at `path` would carry now at store version `version`;
    /// nil when the file cannot be examined.
    static func current(of path: String, version: Int) -> AuditStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return AuditStamp(
            version: UInt64(clamping: version), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            size: Int64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// The stamp stored on the file at `path`; nil when it has none, or one of
    /// another form.
    static func stored(at path: String) -> AuditStamp? {
        var bytes = [UInt8](repeating: 0, count: length + 1)
        let read = bytes.withUnsafeMutableBytes { getxattr(path, attribute, $0.baseAddress, $0.count) }
        guard read == length else { return nil }
        let words = (0 ..< 6).map { i in
            bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)) }
        }
        return AuditStamp(
            version: words[0], device: words[1], inode: words[2], size: Int64(bitPattern: words[3]),
            modifiedSeconds: Int64(bitPattern: words[4]), modifiedNanoseconds: Int64(bitPattern: words[5]))
    }

    /// Stores this stamp on the file at `path`; false when the file system
    /// or the file's permissions refuse it (then the next open audits).
    @discardableResult
    func store(at path: String) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.length)
        for word in [
            version, device, inode, UInt64(bitPattern: size), UInt64(bitPattern: modifiedSeconds),
            UInt64(bitPattern: modifiedNanoseconds),
        ] {
            withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes.withUnsafeBytes { setxattr(path, Self.attribute, $0.baseAddress, $0.count, 0) } == 0
    }
}
