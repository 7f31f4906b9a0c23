import Foundation

/// Byte keys for index databases whose byte order is the values' order within
/// each type: integers big-endian with the sign bit flipped, strings as UTF-8,
/// ObjectIds and UUIDs as their bytes, a type tag in front of each.
///
/// A string's key ends with 0x00 0x00, and a NUL byte inside it is written
/// 0x00 0x01: no string's key is a prefix of another's, so the object key an
/// index entry appends cannot reorder entries of different strings. A string
/// whose escaped bytes exceed ``maxStringBytes`` keeps that many, then 0x00 0x02
/// and a hash of the whole string (LMDB keys are at most 511 bytes).
///
/// ```swift
/// IndexKey.encode(.int(-1)) < IndexKey.encode(.int(0))   // byte-wise, as LMDB sorts
/// ```
package enum IndexKey {
    /// The key of `value`; nil for values no index covers (lists, maps, floats).
    package static func encode(_ value: Value) -> [UInt8]? {
        switch value {
        case .null: return [0]
        case let .bool(b): return [1, b ? 1 : 0]
        case let .int(i): return tagged(2, UInt64(bitPattern: i) ^ (1 << 63))
        case let .string(s):
            var (key, whole) = escaped(s)
            if whole { return key + [0, 0] }
            var hasher = FNV1a()
            hasher.combine(Array(s.utf8))
            key += [0, 2]
            return key + bigEndian(hasher.value)
        case let .objectId(id): return [4] + id.array
        case let .uuid(u): return [5] + withUnsafeBytes(of: u.uuid, Array.init)
        case let .timestamp(t):
            return [6] + bigEndian(UInt64(bitPattern: t.seconds) ^ (1 << 63))
                + bigEndian(UInt64(UInt32(bitPattern: t.nanoseconds)))
        default: return nil
        }
    }

    /// The most escaped string bytes a key holds.
    static let maxStringBytes = 400

    /// The bytes every key of a string that begins with `prefix` begins with
    /// (for `BEGINSWITH` ranges): the tag and the escaped bytes, at most
    /// ``maxStringBytes`` of them.
    ///
    /// ```swift
    /// IndexKey.stringPrefix("ab")   // [3, 0x61, 0x62]
    /// ```
    static func stringPrefix(_ prefix: String) -> [UInt8] { escaped(prefix).key }

    /// Whether the key of `s` holds all of it (else a prefix and a hash).
    static func holdsWhole(_ s: String) -> Bool { escaped(s).whole }

    /// The tag and the escaped bytes of `s`, at most ``maxStringBytes`` of
    /// them, and whether that is all of `s`.
    private static func escaped(_ s: String) -> (key: [UInt8], whole: Bool) {
        var key: [UInt8] = [3]
        key.reserveCapacity(min(s.utf8.count, maxStringBytes) + 11)
        for byte in s.utf8 {
            if key.count + (byte == 0 ? 2 : 1) > maxStringBytes + 1 { return (key, false) }
            if byte == 0 { key += [0, 1] } else { key.append(byte) }
        }
        return (key, true)
    }

    private static func bigEndian(_ v: UInt64) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }

    /// `tag` then `word`'s big-endian bytes, in one allocation (a query's
    /// plan encodes its constant on every run).
    static func tagged(_ tag: UInt8, _ word: UInt64) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 9) { bytes, count in
            bytes[0] = tag
            withUnsafeBytes(of: word.bigEndian) { for i in 0 ..< 8 { bytes[1 + i] = $0[i] } }
            count = 9
        }
    }
}

extension ObjectKey {
    /// Appends the key in as few big-endian bytes as hold it (at least one):
    /// index entries whose other bytes have a known length end with it.
    ///
    /// ```swift
    /// var bytes: [UInt8] = []
    /// ObjectKey(300).appendShortBigEndian(to: &bytes)   // [0x01, 0x2C]
    /// ```
    func appendShortBigEndian(to bytes: inout [UInt8]) {
        var word: UInt64 = 0
        let count = withUnsafeMutableBytes(of: &word) { writeShortBigEndian(into: $0) }
        withUnsafeBytes(of: &word) { bytes.append(contentsOf: $0[..<count]) }
    }

    /// Writes the bytes ``appendShortBigEndian(to:)`` appends at the start of
    /// `buffer` (at least 8 bytes long); returns how many.
    @inline(__always)
    func writeShortBigEndian(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let significant = max(1, (64 - rawValue.leadingZeroBitCount + 7) / 8)
        withUnsafeBytes(of: rawValue.bigEndian) { word in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: word[(8 - significant)...]))
        }
        return significant
    }

    /// The key stored by ``appendShortBigEndian(to:)`` (or in 8 bytes) in `bytes`.
    init(shortBigEndian bytes: UnsafeRawBufferPointer) {
        var key: UInt64 = 0
        for byte in bytes { key = key << 8 | UInt64(byte) }
        self.init(key)
    }
}
