@testable import GeodeCore
import Testing

/// The readers' inlined tag decoding agrees with the tags' raw values.
@Suite struct ValueTagTests {
    @Test func everyByteDecodesToTheTagWithThatRawValueOrToNone() {
        for byte in UInt8.min ... UInt8.max {
            #expect(ValueTag(byte: byte) == ValueTag(rawValue: byte), "byte \(byte)")
        }
    }
}
