import Foundation
import GeodeJSON

/// Parses an import's records on threads of their own, and prepares each
/// there (`transform`: mapping, validation, encoding — whatever needs no write
/// transaction), while the caller writes them.
///
/// Several parsers take turns over the same input: parser `p` of `n` parses
/// chunks `p`, `p + n`, `p + 2n`, … and skips the others (following brackets
/// and strings only, much cheaper than parsing), so parsing uses every core
/// while the writer stores. Values made by a parser die on its thread; only
/// the prepared output crosses to the writer.
///
/// Each parser hands over its chunks through a queue of at most
/// `maximumChunks`, so memory stays flat; the writer takes chunks in input
/// order, round robin. A parse error reaches the writer after every record
/// before it, as if parsing were inline; a `transform` error travels in its
/// record's entry. The parsers must be finished (``finish()``) before the
/// input is unmapped.
///
/// ```swift
/// let pipeline = RecordPipeline(JSONRecordStream(bytes: buffer, source: file),
///                               transforms: [prepareA, prepareB])
/// defer { pipeline.finish() }
/// while let entry = try pipeline.next() { try write(entry.output.get()) }
/// ```
final class RecordPipeline<Output: Sendable>: @unchecked Sendable {
    /// One record's place in the input and what `transform` made of it.
    struct Entry {
        /// Byte offset of the record's first byte in the input.
        var offset: Int
        /// The record's JSON pointer in the input.
        var pointer: String
        /// The record's line and column, for a streamed input (see ``JSONRecordStream/Record/location``).
        var location: (line: Int, column: Int)?
        var output: Result<Output, any Error>
    }

    static var chunkSize: Int { 256 }
    static var maximumChunks: Int { 4 }

    /// A parser's stretch of records; the last one carries the end or the
    /// parse error that stopped the input.
    private struct Chunk {
        var entries: [Entry]
        var failure: (any Error)?
        var isLast: Bool
    }

    /// The parsers a machine gets: one per core, at most four.
    static var parserCount: Int { max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4)) }

    private let condition = NSCondition()
    /// One queue per parser, guarded by `condition`.
    private var queues: [[Chunk]]
    /// How many parsers (and queues) there are, readable without the lock.
    private let parsers: Int
    private var cancelled = false
    private var running: Int
    private var current: [Entry] = []
    private var position = 0
    private var turn = 0
    private var ended = false
    private var pendingFailure: (any Error)?

    /// Starts one parser per transform (each transform is used by its parser only).
    init<Source: RecordSource>(_ stream: Source, transforms: [@Sendable (JSONRecordStream.Record) throws -> Output]) {
        precondition(!transforms.isEmpty, "a pipeline needs a parser")
        queues = Array(repeating: [], count: transforms.count)
        running = transforms.count
        parsers = transforms.count
        let parsers = transforms.count
        for (p, transform) in transforms.enumerated() {
            // Each parser reads the shared input through its own copy of the stream.
            let start = UncheckedSource(stream)
            let thread = Thread { [self] in
                produce(p, of: parsers, start.stream, transform)
                // Counted out only once everything `produce` held is released, so that
                // `finish()` returns with no record of the input left alive.
                condition.lock()
                running -= 1
                condition.broadcast()
                condition.unlock()
            }
            thread.name = "geode-import-parser-\(p)"
            thread.start()
        }
    }

    /// Parser `p`: parses its chunks and hands them over until the input
    /// ends, a record fails to parse, or the writer cancels.
    private func produce<Source: RecordSource>(
        _ p: Int, of parsers: Int, _ stream: Source,
        _ transform: (JSONRecordStream.Record) throws -> Output
    ) {
        var stream = stream
        // jansson's trees of a chunk come from one block, reclaimed once the chunk is transformed.
        JSONArena.begin()
        defer { JSONArena.end() }
        func hand(_ chunk: Chunk) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while queues[p].count >= Self.maximumChunks && !cancelled { condition.wait() }
            guard !cancelled else { return false }
            queues[p].append(chunk)
            condition.broadcast()
            return true
        }
        var index = 0
        while true {
            if index % parsers == p {
                var entries: [Entry] = []
                entries.reserveCapacity(Self.chunkSize)
                do {
                    while entries.count < Self.chunkSize, let record = try stream.next() {
                        entries.append(
                            Entry(
                                offset: record.offset, pointer: record.pointer, location: record.location,
                                output: Result { try transform(record) }))
                    }
                    // Every record of the chunk is released: their trees' memory can go.
                    JSONArena.reset()
                } catch {
                    _ = hand(Chunk(entries: entries, failure: error, isLast: true))
                    return
                }
                let isLast = entries.count < Self.chunkSize
                guard hand(Chunk(entries: entries, failure: nil, isLast: isLast)), !isLast else { return }
            } else {
                // Another parser's stretch. If it ends the input, that parser says so.
                var skipped = 0
                do {
                    while skipped < Self.chunkSize, try stream.skip() { skipped += 1 }
                } catch {
                    // The owner of that stretch meets the error first; should it not, the
                    // writer must still stop here rather than wait or lose records.
                    _ = hand(Chunk(entries: [], failure: error, isLast: true))
                    return
                }
                if skipped < Self.chunkSize { return }
            }
            index += 1
        }
    }

    /// The next entry in input order; nil at the end; throws the parse error
    /// that stopped a parser once every record before it was taken.
    func next() throws -> Entry? {
        while position == current.count {
            if let failure = pendingFailure {
                pendingFailure = nil
                ended = true
                throw failure
            }
            guard !ended else { return nil }
            condition.lock()
            while queues[turn].isEmpty { condition.wait() }
            let chunk = queues[turn].removeFirst()
            condition.broadcast()
            condition.unlock()
            current = chunk.entries
            position = 0
            pendingFailure = chunk.failure
            ended = chunk.isLast
            turn = (turn + 1) % parsers
        }
        defer { position += 1 }
        return current[position]
    }

    /// Stops the parsers (if they still run) and waits until they have let go of the input.
    func finish() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        for i in queues.indices { queues[i].removeAll() }
        condition.unlock()
        current = []
    }
}

/// A stream handed to a parser thread (its buffer stays mapped until `finish()`).
private struct UncheckedSource<Source: RecordSource>: @unchecked Sendable {
    let stream: Source
    init(_ stream: Source) { self.stream = stream }
}

/// Where an import's records come from, one at a time: a JSON text
/// (``JSONRecordStream``) or the rows of a CSV file (``CSVRecordSource``).
protocol RecordSource: SendableMetatype {
    /// The next record; nil at the end.
    mutating func next() throws -> JSONRecordStream.Record?
    /// Moves past the next record without building it; false at the end.
    mutating func skip() throws -> Bool
}

extension JSONRecordStream: RecordSource {}
