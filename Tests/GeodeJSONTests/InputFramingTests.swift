import Foundation
import GeodeCore
@testable import GeodeJSON
import Testing

/// How JSON texts may follow one another, and what is not JSON text at all:
/// RFC 8259 allows one UTF-8 text; sequences are read only when asked for.
@Suite struct InputFramingTests {
    static func records(_ text: String, _ framing: JSONRecordStream.Framing) throws -> [Value] {
        try records(Array(text.utf8), framing)
    }

    static func records(_ bytes: [UInt8], _ framing: JSONRecordStream.Framing) throws -> [Value] {
        try bytes.withUnsafeBytes { buffer in
            var stream = JSONRecordStream(bytes: buffer, source: "t.json", framing: framing)
            var out: [Value] = []
            while let r = try stream.next() { out.append(r.value) }
            return out
        }
    }

    /// The message, line and column of the syntax error reading `bytes` throws.
    static func failure(_ bytes: [UInt8], _ framing: JSONRecordStream.Framing) -> (String, Int, Int)? {
        do {
            _ = try records(bytes, framing)
            return nil
        } catch let JSONError.syntax(message, _, line, column, _) {
            return (message, line, column)
        } catch {
            return ("\(error)", 0, 0)
        }
    }

    @Test(arguments: [#"{"a": true} "x""#, "[][]", "{\"a\":1}\n{\"a\":2}", "1 2", "\u{1E}{\"a\":1}"])
    func oneTextAllowsNothingAfterIt(text: String) throws {
        let failure = try #require(Self.failure(Array(text.utf8), .document))
        #expect(
            failure.0.contains("another JSON text follows the first") || failure.0.contains("invalid token"),
            "\(failure)")
    }

    @Test(arguments: ["", "   \n\t ", "\n\n"])
    func anEmptyInputIsAnErrorUnlessItIsASequence(text: String) throws {
        for framing in [JSONRecordStream.Framing.document, .either] {
            let failure = try #require(Self.failure(Array(text.utf8), framing))
            #expect(failure.0.contains("the input is empty"))
        }
        #expect(try Self.records(text, .sequence).isEmpty)
    }

    @Test func oneTextIsReadWhole() throws {
        #expect(try Self.records(#"{"a": [1, 2]}"#, .document) == [.map(["a": .list([.int(1), .int(2)])])])
        #expect(try Self.records("[1, 2, 3]\n", .document) == [.int(1), .int(2), .int(3)])
    }

    @Test func aSequenceMakesEachTextARecord() throws {
        #expect(try Self.records("{\"a\":1}\n{\"a\":2}\n", .sequence).count == 2)
        #expect(
            try Self.records("\u{1E}{\"a\":1}\n\u{1E}[1,2]\n", .sequence) == [
                .map(["a": .int(1)]), .list([.int(1), .int(2)]),
            ])
    }

    @Test(
        arguments: [
            ([0, 0, 0, 0], "NUL byte"),
            ([0xFF, 0xFE, 0x7B, 0x00], "UTF-16 or UTF-32"),
            ([0x7B, 0x00, 0x7D, 0x00], "UTF-16 or UTF-32"),
            ([0x00, 0x00, 0x00, 0x7B], "UTF-16 or UTF-32"),
            ([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D], "not UTF-8"),
            ([0x5B, 0x31, 0x2C, 0x00, 0x5D], "NUL byte"),
        ] as [([UInt8], String)])
    func inputThatIsNotUTF8TextIsRefusedAtItsStart(bytes: [UInt8], problem: String) throws {
        for framing in [JSONRecordStream.Framing.document, .sequence, .either] {
            let failure = try #require(Self.failure(bytes, framing))
            #expect(failure.0.contains(problem), "\(failure)")
            #expect(failure.1 == 1)
        }
    }
}
