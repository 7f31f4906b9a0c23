import Foundation

/// A writer's own index of the key numbers it has used: an open-addressing
/// table of numbers hashed by spelling (FNV-1a), so that encoding a key it met
/// before costs a hash and a compare, with no lock and no `String`.
///
/// ```swift
/// var cache = MapKeyCache()
/// cache.insert(3, key)
/// cache.find(key, table.spelling)   // 3
/// ```
struct MapKeyCache {
    /// Per slot: the key's hash in the high 48 bits, its number + 1 in the low 16; 0 is empty.
    private var slots: [UInt64] = []
    private var used = 0

    @inline(__always)
    private static func hash(_ utf8: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(utf8)
        let h = hasher.value
        return (h ^ (h >> 29)) & 0xFFFF_FFFF_FFFF
    }

    /// The number of `utf8`, if this cache holds it.
    func find(_ utf8: UnsafeRawBufferPointer, _ spelling: MapKeySpelling) -> UInt32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let h = Self.hash(utf8)
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            let number = Int(slot & 0xFFFF) - 1
            if slot >> 16 == h, let spelled = spelling.key(number), spelled.count == utf8.count,
                memcmp(spelled.baseAddress!, utf8.baseAddress!, utf8.count) == 0
            {
                return UInt32(number)
            }
            i = (i + 1) & mask
        }
    }

    /// Remembers that `utf8` is number `number`.
    mutating func insert(_ number: UInt32, _ utf8: UnsafeRawBufferPointer) {
        if (used + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: 0, count: max(64, old.count * 2))
            for slot in old where slot != 0 { place(slot) }
        }
        place(Self.hash(utf8) << 16 | UInt64(number + 1))
        used += 1
    }

    private mutating func place(_ slot: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: slot >> 16) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }
}
