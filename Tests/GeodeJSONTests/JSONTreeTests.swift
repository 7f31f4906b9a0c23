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
        return try writer.encodeDocument(
            [.null],
            streaming: .init(slot: 0) { writer in
                try node.encodeMixed(into: &writer, className: "Doc", property: "content")
            })
    }

    static func records(_ text: String) throws -> [JSONRecordStream.Record] {
        try JSONRecordStreamTests.records(text)
    }

    @Test func streamedRecordsHaveTheBytesOfTheirEngineValues() throws {
        let sample = try String(
            contentsOf: Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson"), encoding: .utf8)
        let records = try Self.records(sample)
        #expect(records.count == 1001)
        for record in records {
            let root = record.tree.root
            #expect(root.isParsed)
            #expect(try Self.streamed(root) == DocumentWriter.encode(record.value), "\(record.pointer)")
            if let properties = root["properties"] {
                #expect(
                    try Self.streamed(properties) == DocumentWriter.encode(properties.value),
                    "\(record.pointer)/properties")
            }
        }
        let edge = try Self.records(
            #"[{"e": "", "u": "\u00e9\u0000x", "n": [null, true, false, -0.0, 1e300, -9223372036854775808, 9223372036854775807], "m": {}, "l": []}]"#
        )
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
            _ = try writer.encodeDocument(
                [.int(7), .null],
                streaming: .init(slot: 1) { w in
                    try bad.tree.root.encodeMixed(into: &w, className: "Doc", property: "content")
                })
        }
        let good = try #require(try Self.records(#"[{"a": [1, 2, {"x": 3}]}]"#).first)
        let bytes = try writer.encodeDocument(
            [.int(7), .null],
            streaming: .init(slot: 1) { w in
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

/// jansson's trees in a thread's arena: parsed and released as usual, memory
/// reclaimed at each reset, and trees of other threads untouched.
@Suite struct JSONArenaTests {
    @Test func recordsParsedInAnArenaReadAndReleaseAsUsual() throws {
        let text = (0 ..< 2_000).map { #"{"n": \#($0), "s": "text \#($0)", "l": [1, 2, {"k": "v"}]}"# }.joined(
            separator: "\n")
        let outside = try #require(try JSONRecordStreamTests.records(#"{"kept": [1, 2, 3]}"#).first)
        let done = try Thread.runAndWait {
            JSONArena.begin(capacity: 64 << 10)  // small: later records overflow to malloc
            defer { JSONArena.end() }
            var total = 0
            for round in 0 ..< 3 {
                for record in try JSONRecordStreamTests.records(text) {
                    guard case let .int(n)? = record.tree.root["n"]?.value else { return -1 }
                    total += Int(n)
                    #expect(
                        try JSONTreeTests.streamed(record.tree.root) == DocumentWriter.encode(record.value),
                        "round \(round)")
                }
                JSONArena.reset()
            }
            return total
        }
        #expect(done == 3 * (0 ..< 2_000).reduce(0, +))
        #expect(
            outside.value == .map(["kept": .list([.int(1), .int(2), .int(3)])]), "a tree of another thread is untouched"
        )
    }
}

extension Thread {
    /// Runs `body` on a new thread and waits for its result.
    static func runAndWait<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try body() }
            finished.signal()
        }
        thread.start()
        finished.wait()
        guard let result = box.result else { throw CancellationError() }
        return try result.get()
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, Error>?
}
