import Foundation
import GeodeCore
@testable import GeodeJSON
import Testing

/// A pipe read through a window gives the records, pointers, positions and
/// errors a mapped file of the same bytes gives, in bounded memory.
@Suite struct StreamWindowTests {
    /// Writes `bytes` into a pipe on a thread of its own and reads them back
    /// through a window, record by record.
    static func streamed(_ bytes: [UInt8], _ framing: JSONRecordStream.Framing) throws -> (
        records: [JSONRecordStream.Record], error: JSONError?, peak: Int
    ) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw JSONError.syntax(message: "pipe", source: "", line: 0, column: 0, position: 0)
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let payload = bytes
        let writer = Thread {
            payload.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    // Small, uneven writes: records arrive cut at every kind of place.
                    let n = write(
                        writeEnd, buffer.baseAddress! + offset, min(buffer.count - offset, 1000 + offset % 7919))
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let window = StreamWindow(descriptor: readEnd, name: "pipe")
        var stream = JSONRecordStream(window: window, source: "pipe", framing: framing)
        var records: [JSONRecordStream.Record] = []
        var peak = 0
        do {
            while let record = try stream.next() {
                records.append(record.detached())
                peak = max(peak, window.bytes.count)
            }
        } catch let error as JSONError {
            var sink = [UInt8](repeating: 0, count: 1 << 16)
            while sink.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
            return (records, error, peak)
        }
        return (records, nil, peak)
    }

    static func mapped(_ bytes: [UInt8], _ framing: JSONRecordStream.Framing) -> (
        records: [JSONRecordStream.Record], error: JSONError?
    ) {
        bytes.withUnsafeBytes { buffer in
            var stream = JSONRecordStream(bytes: buffer, source: "pipe", framing: framing)
            var records: [JSONRecordStream.Record] = []
            do {
                while let record = try stream.next() { records.append(record.detached()) }
            } catch let error as JSONError {
                return (records, error)
            } catch {
                return (records, nil)
            }
            return (records, nil)
        }
    }

    static func featureCollection(_ count: Int) -> [UInt8] {
        let features = (0 ..< count).map { i in
            #"{"type": "Feature", "id": \#(i), "geometry": {"type": "Point", "coordinates": [\#(Double(i) / 1000), 1.5]},"#
                + "\n" + #"  "properties": {"name": "place \#(i)", "tags": ["a", "b\"c"], "n": \#(i * 7)}}"#
        }
        return Array(
            (#"{"type": "FeatureCollection", "features": ["# + "\n" + features.joined(separator: ",\n") + "\n]}\n").utf8
        )
    }

    @Test func aFeatureCollectionThroughAPipeGivesWhatTheMappedFileGives() throws {
        let bytes = Self.featureCollection(30_000)
        let streamed = try Self.streamed(bytes, .document)
        let mapped = Self.mapped(bytes, .document)
        #expect(streamed.error == nil && mapped.error == nil)
        #expect(streamed.records.count == 30_000)
        #expect(streamed.records.map(\.value) == mapped.records.map(\.value))
        #expect(streamed.records.map(\.pointer) == mapped.records.map(\.pointer))
        #expect(streamed.records.map(\.offset) == mapped.records.map(\.offset))
        bytes.withUnsafeBytes { buffer in
            for record in streamed.records.prefix(50) + streamed.records.suffix(50) {
                let expected = JSONRecordStream.lineAndColumn(buffer, record.offset)
                #expect(record.location?.line == expected.0 && record.location?.column == expected.1)
            }
        }
        // The window holds a record or a read's worth, never the whole input.
        #expect(streamed.peak < bytes.count / 2, "peak window \(streamed.peak) of \(bytes.count) bytes")
    }

    @Test func newlineDelimitedRecordsThroughAPipe() throws {
        let text = (0 ..< 20_000).map { #"{"i": \#($0), "s": "\#(String(repeating: "x", count: $0 % 300))"}"# }.joined(
            separator: "\n")
        let streamed = try Self.streamed(Array(text.utf8), .sequence)
        #expect(streamed.error == nil)
        #expect(streamed.records.count == 20_000)
        #expect(
            streamed.records.last?.value
                == .map(["i": .int(19_999), "s": .string(String(repeating: "x", count: 19_999 % 300))]))
    }

    @Test func aSyntaxErrorDeepInAPipeNamesTheLineAndColumnOfTheWholeInput() throws {
        var bytes = Self.featureCollection(5_000)
        // Break the 4,000th feature's name.
        let marker = Array(#""name": "place 4000""#.utf8)
        let at = try #require(
            (0 ..< bytes.count - marker.count).first { Array(bytes[$0 ..< $0 + marker.count]) == marker })
        bytes[at + 7] = UInt8(ascii: "}")
        let streamed = try Self.streamed(bytes, .document)
        let mapped = Self.mapped(bytes, .document)
        #expect(streamed.records.count == 4_000)
        guard case let .syntax(_, _, line, column, position)? = streamed.error,
            case let .syntax(_, _, mappedLine, mappedColumn, mappedPosition)? = mapped.error
        else {
            Issue.record(
                "both should fail: \(String(describing: streamed.error)) / \(String(describing: mapped.error))")
            return
        }
        #expect(line == mappedLine && column == mappedColumn && position == mappedPosition)
        #expect(line == 4_000 * 2 + 3, "feature i's name is on line 2i + 3")
    }

    @Test func aRecordThatNeverEndsIsRefusedInBoundedMemory() throws {
        // An unclosed string longer than the limit (4 MiB here) would need a window past it.
        let input = Self.endlessPipe(writing: "[\"")
        defer { input.finish() }
        var stream = input.records(framing: .document)
        #expect(throws: JSONError.self) { _ = try stream.next() }
        #expect(input.window.bytes.count <= 2 * EndlessPipe.limit)
    }

    @Test func aRecordThatNeverEndsIsRefusedAtTheLineAndColumnWhereItBegins() throws {
        // Two records, then a third on line 3, column 3, whose string never closes.
        let input = Self.endlessPipe(writing: "{\"a\": 1}\n{\"a\": 2}\n  [\"")
        defer { input.finish() }
        var stream = input.records(framing: .sequence)
        #expect(try stream.next() != nil)
        #expect(try stream.next() != nil)
        do {
            _ = try stream.next()
            Issue.record("a record past the limit was read")
        } catch let JSONError.syntax(message, source, line, column, _) {
            #expect(message.contains("runs past \(EndlessPipe.limit) bytes"))
            #expect(source == "pipe")
            #expect(line == 3)
            #expect(column == 3)
        }
    }

    /// A pipe a thread writes `head` into, then three times ``limit`` letters
    /// `a`, then closes; read through a window that holds records of at most ``limit`` bytes.
    private struct EndlessPipe {
        /// The largest record the window takes: 4 MiB.
        static let limit = 4 << 20
        let readEnd: Int32
        let window: StreamWindow

        /// The pipe's records, framed as `framing` says.
        func records(framing: JSONRecordStream.Framing) -> JSONRecordStream {
            JSONRecordStream(window: window, source: "pipe", framing: framing)
        }

        /// Reads what the writer has left, so that it ends, and closes the read end.
        func finish() {
            var sink = [UInt8](repeating: 0, count: 1 << 20)
            while sink.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
            close(readEnd)
        }
    }

    private static func endlessPipe(writing head: String) -> EndlessPipe {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        Thread {
            let bytes = Array(head.utf8)
            _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            var written = 0
            while written < 3 * EndlessPipe.limit {
                let n = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                written += n
            }
            close(writeEnd)
        }.start()
        let window = StreamWindow(descriptor: readEnd, name: "pipe", maximumRecordBytes: EndlessPipe.limit)
        return EndlessPipe(readEnd: readEnd, window: window)
    }
}
