/// The byte layout of Geode documents.
///
/// A document is a *container*: the values of its class's properties in slot
/// order, behind an offset table, so one property is found without reading the
/// others. Lists, maps and embedded objects are containers of the same shape
/// nested inside a value:
///
/// ```text
/// container := width:u8  count:varint  offset[count]  payload
///              width 0/1/2: offsets are 1, 2 or 4 bytes, little-endian,
///              relative to the payload's first byte (the smallest width that fits)
/// list, document payload := value*
/// map payload            := (key  value)*   in insertion order
/// key := varint r   r even: the key is spelled out, r/2 UTF-8 bytes follow
///                   r odd:  the key is number (r-1)/2 of the store's key table
///                           (`MapKeyTable`; keys of 1-64 bytes, once interned)
///
/// value := tag:u8 body
///   null false true                      no body
///   int8 int16 int32 int64               the smallest that holds the integer, little-endian
///   float double                         IEEE 754, little-endian
///   scaledDouble                         int32 n, little-endian: the double n / 10⁷, written
///                                        instead of `double` when that is exactly the value
///                                        (up to 7 decimals, magnitude below 214.75: coordinates)
///   string binary                        length:varint bytes
///   timestamp                            seconds:i64 nanoseconds:i32
///   decimal128                           low:u64 high:u64
///   objectId                             12 bytes
///   uuid                                 16 bytes
///   link                                 table:u32 key:u64
///   list map embedded                    length:varint container
/// ```
///
/// Equal values always give equal bytes in one store: a key the table holds is
/// always written as its number (the writer of a document whose key was new
/// re-encodes it in the write transaction). A document written before properties
/// were added to its class has fewer slots; the missing ones read as absent.
package enum ValueTag: UInt8, Sendable {
    case null = 0
    case `false` = 1
    case `true` = 2
    case int8 = 3
    case int16 = 4
    case int32 = 5
    case int64 = 6
    case float = 7
    case double = 8
    case string = 9
    case binary = 10
    case timestamp = 11
    case decimal128 = 12
    case objectId = 13
    case uuid = 14
    case link = 15
    case list = 16
    case map = 17
    case embedded = 18
    case scaledDouble = 19

    /// The tag whose number is `byte`; nil for a byte no tag has. The same as
    /// `init(rawValue:)`, but always inlined: readers call it for every value.
    @inline(__always)
    init?(byte: UInt8) {
        // The cases are numbered 0 through 19 in declaration order, so a number
        // in range is the case's own bit pattern.
        guard byte <= Self.scaledDouble.rawValue else { return nil }
        self = unsafeBitCast(byte, to: ValueTag.self)
    }
}

/// Doubles that are whole multiples of 10⁻⁷ within the range of an int32
/// (GeoJSON coordinates, as usually written, and most short decimals): stored
/// in 4 bytes as that multiple, read back bit for bit.
///
/// ```swift
/// ScaledDouble.multiple(of: 2.3522219)   // 23522219
/// ScaledDouble.multiple(of: -0.0)        // nil: the sign would be lost
/// ```
package enum ScaledDouble {
    /// `value` × 10⁷ when that integer gives back exactly `value`.
    @inline(__always)
    package static func multiple(of value: Double) -> Int32? {
        let scaled = value * 1e7
        guard scaled.magnitude <= Double(Int32.max) else { return nil }  // NaN too
        // Nearest integer by truncating after adding a half: no library call
        // (`rounded()` is one on baseline x86-64). It can differ from
        // `rounded()` only far from an integer, where the check below fails anyway.
        let n = Int32(scaled + (scaled < 0 ? -0.5 : 0.5))
        return double(n).bitPattern == value.bitPattern ? n : nil
    }

    /// The double that multiple `n` stands for.
    @inline(__always)
    package static func double(_ n: Int32) -> Double { Double(n) / 1e7 }
}

/// Unsigned LEB128, the length prefix used throughout the format.
enum Varint {
    static func size(of value: Int) -> Int {
        var v = UInt64(value)
        var n = 1
        while v >= 0x80 { v >>= 7; n += 1 }
        return n
    }
}

/// The width code and byte size of an offset table for a payload of `size` bytes.
func offsetWidth(forPayload size: Int) -> (code: UInt8, bytes: Int) {
    if size <= 0xFF { return (0, 1) }
    if size <= 0xFFFF { return (1, 2) }
    return (2, 4)
}
