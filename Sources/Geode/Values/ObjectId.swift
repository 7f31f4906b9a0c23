import Foundation
import GeodeCore

/// A 12-byte MongoDB ObjectId: a 4-byte big-endian timestamp (seconds since
/// 1970), 5 random bytes fixed per process, and a 3-byte counter.
///
/// ```swift
/// let id = ObjectId.generate()
/// let same = try ObjectId(string: id.stringValue)
/// print(id.timestamp)
/// ```
public struct ObjectId: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    let bytes: ObjectIdBytes

    /// An ObjectId of twelve zero bytes (Realm's `ObjectId()`).
    public init() { bytes = ObjectIdBytes([UInt8](repeating: 0, count: 12)) }

    init(bytes: ObjectIdBytes) { self.bytes = bytes }

    /// Parses 24 hexadecimal digits.
    public init(string: String) throws {
        let digits = Array(string.utf8)
        guard digits.count == 24 else {
            throw GeodeError.invalidValue("ObjectId string must have 24 hexadecimal digits, got \"\(string)\"")
        }
        var raw: [UInt8] = []
        for i in stride(from: 0, to: 24, by: 2) {
            guard let byte = UInt8(String(decoding: digits[i ..< i + 2], as: UTF8.self), radix: 16) else {
                throw GeodeError.invalidValue("ObjectId string has a non-hexadecimal digit: \"\(string)\"")
            }
            raw.append(byte)
        }
        bytes = ObjectIdBytes(raw)
    }

    /// An ObjectId written in the program as 24 hexadecimal digits; stops the
    /// program when the literal is not one (as Realm's `ObjectId("…")` does).
    ///
    /// ```swift
    /// let id = ObjectId("64a1f0c2b3d4e5f601234567")
    /// ```
    public init(_ literal: StaticString) {
        let text = literal.description
        guard let id = try? ObjectId(string: text) else {
            preconditionFailure("Geode: \"\(text)\" is not an ObjectId (24 hexadecimal digits)")
        }
        self = id
    }

    /// Reads an ObjectId written as its 24 hexadecimal digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try ObjectId(string: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an ObjectId (24 hexadecimal digits)")
        }
    }

    /// Writes the 24 hexadecimal digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stringValue)
    }

    private static let processRandom: [UInt8] = (0 ..< 5).map { _ in UInt8.random(in: 0 ... 255) }
    private static let counter = Counter()

    /// An ObjectId for `timestamp` (whole seconds) with the low three bytes
    /// of `machineId` and the low two of `processId` (least significant
    /// first, as Realm lays them out), then the process's next counter value.
    ///
    /// ```swift
    /// let id = ObjectId(timestamp: Date(timeIntervalSince1970: 1_700_000_000), machineId: 1, processId: 2)
    /// id.timestamp   // 2023-11-14 22:13:20 +0000
    /// ```
    public init(timestamp: Date, machineId: Int, processId: Int) {
        let interval = timestamp.timeIntervalSince1970.rounded(.down)
        // Four bytes of seconds, as Realm keeps them; a date no Int holds gives 0.
        let seconds = UInt32(truncatingIfNeeded: Int64(exactly: interval) ?? 0)
        let count = Self.counter.next()
        var raw = withUnsafeBytes(of: seconds.bigEndian, Array.init)
        raw += [
            UInt8(truncatingIfNeeded: machineId), UInt8(truncatingIfNeeded: machineId >> 8),
            UInt8(truncatingIfNeeded: machineId >> 16),
            UInt8(truncatingIfNeeded: processId), UInt8(truncatingIfNeeded: processId >> 8),
            UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8),
            UInt8(truncatingIfNeeded: count),
        ]
        bytes = ObjectIdBytes(raw)
    }

    /// A new ObjectId for this moment: unique within the process, ordered by time.
    public static func generate() -> ObjectId {
        let seconds = UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970))
        let count = counter.next()
        var raw = withUnsafeBytes(of: seconds.bigEndian, Array.init)
        raw += processRandom
        raw += [
            UInt8(truncatingIfNeeded: count >> 16), UInt8(truncatingIfNeeded: count >> 8),
            UInt8(truncatingIfNeeded: count),
        ]
        return ObjectId(bytes: ObjectIdBytes(raw))
    }

    /// The creation time the ObjectId carries (whole seconds).
    public var timestamp: Date { Date(timeIntervalSince1970: TimeInterval(bytes.bytes.0)) }

    /// The 24 lower-case hexadecimal digits.
    public var stringValue: String { bytes.array.map { String(format: "%02x", $0) }.joined() }

    /// The 24 lower-case hexadecimal digits, the same as `stringValue`.
    public var description: String { stringValue }

    /// Byte-wise order, so ObjectIds sort by their timestamp first.
    public static func < (a: ObjectId, b: ObjectId) -> Bool { a.bytes.array.lexicographicallyPrecedes(b.bytes.array) }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = UInt32.random(in: 0 ..< (1 << 24))
        func next() -> UInt32 {
            lock.lock(); defer { lock.unlock() }
            value = (value &+ 1) & 0xFF_FFFF
            return value
        }
    }
}
