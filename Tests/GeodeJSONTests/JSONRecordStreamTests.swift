import GeodeCore
@testable import GeodeJSON
import Testing

/// Records come one at a time from every input shape the importer accepts.
@Suite struct JSONRecordStreamTests {
    static func records(_ text: String) throws -> [JSONRecordStream.Record] {
        var text = text
        return try text.withUTF8 { buffer in
            var stream = JSONRecordStream(bytes: UnsafeRawBufferPointer(buffer), source: "t.json")
            var out: [JSONRecordStream.Record] = []
            while let r = try stream.next() { out.append(r) }
            return out
        }
    }

    @Test func aFeatureCollectionStreamsItsFeatures() throws {
        let text =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","id":1},"# + "\n"
            + #"{"type":"Feature","id":2}],"bbox":[0,0,1,1]}"#
        let records = try Self.records(text)
        #expect(records.map(\.pointer) == ["/features/0", "/features/1"])
        #expect(records[1].value == .map(["type": .string("Feature"), "id": .int(2)]))
    }

    @Test func newlineDelimitedAndRecordSeparatedValuesAreRecords() throws {
        #expect(try Self.records("{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}\n").count == 3)
        #expect(try Self.records("\u{1E}{\"a\":1}\n\u{1E}{\"a\":2}\n").count == 2)
        #expect(try Self.records("{\"a\":1}").map(\.value) == [.map(["a": .int(1)])])
    }

    /// Two readers taking turns, as parallel parsers do (one parses, one skips).
    static func alternating(_ text: String, records path: String) throws -> [JSONRecordStream.Record] {
        var text = text
        let steps = try JSONRecordStream.steps(path)
        return try text.withUTF8 { buffer in
            var readers = [
                JSONRecordStream(
                    bytes: UnsafeRawBufferPointer(buffer), source: "t.json", records: steps, keyMember: "id"),
                JSONRecordStream(
                    bytes: UnsafeRawBufferPointer(buffer), source: "t.json", records: steps, keyMember: "id"),
            ]
            var out: [JSONRecordStream.Record] = []
            var turn = 0
            while true {
                guard let record = try readers[turn % 2].next() else { break }
                out.append(record)
                guard try readers[(turn + 1) % 2].skip() else { break }
                turn += 1
            }
            return out
        }
    }

    @Test func aJSONPointerNamesTheArrayOrTheKeyedObjectOfRecords() throws {
        let text =
            #"{"meta": {"n": [1, {"x": 2}]}, "a": {"list": [{"v": 1}, {"v": 2}, {"v": 3}], "byId": {"p/q": {"v": 4}, "r": 5}}, "z": 0}"#
        let list = try Self.alternating(text, records: "/a/list")
        #expect(list.map(\.value) == [.map(["v": .int(1)]), .map(["v": .int(2)]), .map(["v": .int(3)])])
        #expect(list.map(\.pointer) == ["/a/list/0", "/a/list/1", "/a/list/2"])
        let keyed = try Self.alternating(text, records: "/a/byId")
        #expect(
            keyed.map(\.value) == [
                .map(["id": .string("p/q"), "v": .int(4)]), .map(["id": .string("r"), "value": .int(5)]),
            ])
        #expect(keyed.map(\.pointer) == ["/a/byId/p~1q", "/a/byId/r"])
        #expect(throws: JSONError.self) { try Self.alternating(text, records: "/a/missing") }
        #expect(throws: JSONError.self) { try Self.alternating(text, records: "/z") }
        #expect(throws: JSONError.self) { try Self.alternating(#"{"a": [1, 2]} {"b": 1}"#, records: "/a") }
        #expect(throws: JSONError.self) { try Self.alternating(#"{"a": [1, 2], "b": }"#, records: "/a") }
    }

    @Test func arrayElementsAreRecords() throws {
        let records = try Self.records("[1, 22 ,\"x\", {\"k\": [1,2]}, 99999999999999999999999]")
        #expect(
            records.map(\.value) == [
                .int(1), .int(22), .string("x"), .map(["k": .list([.int(1), .int(2)])]), .double(1e23),
            ])
        #expect(records.map(\.pointer) == ["/0", "/1", "/2", "/3", "/4"])
    }

    @Test func aSyntaxErrorNamesItsLineAndColumnInTheWholeInput() throws {
        do {
            _ = try Self.records("{\"a\":1}\n{\"a\":2}\n{\"a\":}\n")
            Issue.record("expected an error")
        } catch let JSONError.syntax(_, source, line, column, _) {
            #expect(source == "t.json")
            #expect(line == 3)
            #expect(column >= 5 && column <= 6)
        }
        #expect(throws: JSONError.self) { try Self.records("[1, 2") }
        #expect(throws: JSONError.self) { try Self.records("{\"features\": [1, 2}") }
    }
}
