import Foundation
import GeodeCore
@testable import GeodeJSON
import GeodeTestSupport
import Testing

/// Records written straight from jansson's tree into documents: the same bytes
/// as through engine values, and the same refusals.
@Suite struct JSONTreeTests {
    /// A one-slot document holding `node`, written from the tree.
    static func streamed(_ node: JSONNode) throws -> [UInt8] {
        var writer = DocumentWriter()
        return try writer.encodeDocument([.null], streaming: .init(slot: 0) { writer in
            try node.encodeMixed(into: &writer, className: "Doc", property: "content")
        })
    }

    static func records(_ text: String) throws -> [JSONRecordStream.Record] {
        try JSONRecordStreamTests.records(text)
    }

    @Test func streamedRecordsHaveTheBytesOfTheirEngineValues() throws {
        let sample = try String(contentsOf: Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson"), encoding: .utf8)
        let records = try Self.records(sample)
        #expect(records.count == 1001)
        for record in records {
            let root = record.tree.root
            #expect(root.isParsed)
            #expect(try Self.streamed(root) == DocumentWriter.encode(record.value), "\(record.pointer)")
            if let properties = root["properties"] {
                #expect(try Self.streamed(properties) == DocumentWriter.encode(properties.value), "\(record.pointer)/properties")
            }
        }
        let edge = try Self.records(#"[{"e": "", "u": "\u00e9\u0000x", "n": [null, true, false, -0.0, 1e300, -9223372036854775808, 9223372036854775807], "m": {}, "l": []}]"#)
        #expect(try Self.streamed(edge[0].tree.root) == DocumentWriter.encode(edge[0].value))
    }

    @Test func illegalKeysDeepNestingAndLongStringsAreRefusedWithTheirPath() throws {
        func refusal(_ json: String) throws -> ValueIssue? {
            let record = try #require(try Self.records(json).first)
            do {
                _ = try Self.streamed(record.tree.root)
                return nil
            } catch let StoreError.invalidValue(issue) {
                return issue
            }
        }
        #expect(try refusal(#"[{"a": {"b.c": 1}}]"#)?.kind == .illegalMapKey("b.c"))
        #expect(try refusal(#"[{"a": [0, {"$x": 1}]}]"#)?.path == #"["a"][1]"#)
        #expect(try refusal(#"[{"": 1}]"#)?.kind == .illegalMapKey(""))
        let deepest = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try refusal("[\(deepest)]") == nil, "100 levels are allowed")
        let tooDeep = "[[\(deepest)]]"
        #expect(try refusal(tooDeep)?.kind == .nestingTooDeep(limit: 100))
        let long = String(repeating: "x", count: Value.maximumStringBytes + 1)
        let issue = try refusal("[{\"k\": [\"\(long)\"]}]")
        #expect(issue?.kind == .stringTooLong(bytes: Value.maximumStringBytes + 1, limit: Value.maximumStringBytes))
        #expect(issue?.path == #"["k"][0]"# && issue?.className == "Doc" && issue?.property == "content")
    }

    @Test func aFailedStreamLeavesTheWriterReadyForTheNextDocument() throws {
        var writer = DocumentWriter()
        let bad = try #require(try Self.records(#"[{"a": [1, 2, {"x.y": 3}]}]"#).first)
        #expect(throws: StoreError.self) {
            _ = try writer.encodeDocument([.int(7), .null], streaming: .init(slot: 1) { w in
                try bad.tree.root.encodeMixed(into: &w, className: "Doc", property: "content")
            })
        }
        let good = try #require(try Self.records(#"[{"a": [1, 2, {"x": 3}]}]"#).first)
        let bytes = try writer.encodeDocument([.int(7), .null], streaming: .init(slot: 1) { w in
            try good.tree.root.encodeMixed(into: &w, className: "Doc", property: "content")
        })
        #expect(bytes == DocumentWriter().encodeDocumentCopy([.int(7), good.value]))
    }
}

private extension DocumentWriter {
    /// `encodeDocument` on a fresh writer (a `let` writer cannot encode).
    consuming func encodeDocumentCopy(_ slots: [Value]) -> [UInt8] {
        var writer = self
        return writer.encodeDocument(slots)
    }
}
