/// 64-bit FNV-1a, a stable hash of bytes: the same bytes give the same hash in
/// every process and every build, so it may be stored (long string index keys)
/// as well as used in memory (a writer's map-key cache).
///
/// ```swift
/// var hasher = FNV1a()
/// hasher.combine(bytes)
/// let hash = hasher.value
/// ```
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
