import Foundation

/// Byte keys for index databases whose byte order is the values' order within
/// each type: integers big-endian with the sign bit flipped, strings as UTF-8,
/// ObjectIds and UUIDs as their bytes, a type tag in front of each.
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
        case let .int(i): return [2] + bigEndian(UInt64(bitPattern: i) ^ (1 << 63))
        case let .string(s):
            // LMDB keys are at most 511 bytes: long strings keep a prefix and a hash.
            let utf8 = Array(s.utf8)
            if utf8.count <= 400 { return [3] + utf8 }
            var hasher = FNV1a()
            hasher.combine(utf8)
            return [3] + utf8.prefix(400) + [0xFF] + bigEndian(hasher.value)
        case let .objectId(id): return [4] + id.array
        case let .uuid(u): return [5] + withUnsafeBytes(of: u.uuid, Array.init)
        case let .timestamp(t):
            return [6] + bigEndian(UInt64(bitPattern: t.seconds) ^ (1 << 63)) + bigEndian(UInt64(UInt32(bitPattern: t.nanoseconds)))
        default: return nil
        }
    }

    private static func bigEndian(_ v: UInt64) -> [UInt8] { withUnsafeBytes(of: v.bigEndian, Array.init) }
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
        let significant = max(1, (64 - rawValue.leadingZeroBitCount + 7) / 8)
        for i in (0 ..< significant).reversed() { bytes.append(UInt8(truncatingIfNeeded: rawValue >> (8 * i))) }
    }

    /// The key stored by ``appendShortBigEndian(to:)`` (or in 8 bytes) in `bytes`.
    init(shortBigEndian bytes: UnsafeRawBufferPointer) {
        var key: UInt64 = 0
        for byte in bytes { key = key << 8 | UInt64(byte) }
        self.init(key)
    }
}
