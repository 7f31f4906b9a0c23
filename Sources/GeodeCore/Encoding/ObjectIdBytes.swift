import Foundation
import OrderedCollections

/// The 12 bytes of an ObjectId.
package struct ObjectIdBytes: Hashable, Sendable {
    package var bytes: (UInt32, UInt32, UInt32)

    package init(_ bytes: [UInt8]) {
        precondition(bytes.count == 12, "an ObjectId has 12 bytes")
        func word(_ i: Int) -> UInt32 {
            UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        self.bytes = (word(0), word(4), word(8))
    }

    /// The bytes in order.
    package var array: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(12)
        for word in [bytes.0, bytes.1, bytes.2] {
            withUnsafeBytes(of: word.bigEndian) { out.append(contentsOf: $0) }
        }
        return out
    }

    package static func == (a: ObjectIdBytes, b: ObjectIdBytes) -> Bool {
        a.bytes.0 == b.bytes.0 && a.bytes.1 == b.bytes.1 && a.bytes.2 == b.bytes.2
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.0); hasher.combine(bytes.1); hasher.combine(bytes.2)
    }
}
