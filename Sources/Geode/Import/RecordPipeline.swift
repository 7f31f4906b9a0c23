import Foundation
import GeodeJSON

/// Parses an import's records on a thread of their own, and prepares each
/// there (`transform`: mapping, validation, encoding — whatever needs no write
/// transaction), while the caller writes them. The two halves overlap, so an
/// import takes about as long as the slower one instead of their sum; values
/// made on the parser thread die there, so only the prepared output crosses.
///
/// Entries travel in order, in chunks, through a queue of at most
/// `maximumChunks` chunks, so memory stays flat. A parse error reaches the
/// caller after every record before it, as if parsing were inline; a
/// `transform` error travels in its record's entry. The parser must be
/// finished (``finish()``) before the input is unmapped.
///
/// ```swift
/// let pipeline = RecordPipeline(JSONRecordStream(bytes: buffer, source: file)) { record in try prepare(record) }
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
        var output: Result<Output, any Error>
    }

    static var chunkSize: Int { 512 }
    static var maximumChunks: Int { 8 }

    private enum Item {
        case records([Entry])
        case failure(any Error)
        case end
    }

    private let condition = NSCondition()
    private var queue: [Item] = []
    private var cancelled = false
    private var running = true
    private var current: [Entry] = []
    private var position = 0
    private var ended = false
    private var stream: JSONRecordStream
    private let transform: (JSONRecordStream.Record) throws -> Output

    init(_ stream: JSONRecordStream, transform: @escaping (JSONRecordStream.Record) throws -> Output) {
        self.stream = stream
        self.transform = transform
        let thread = Thread { [self] in produce() }
        thread.name = "geode-import-parser"
        thread.start()
    }

    /// The parser thread: fills chunks and hands them over until the input
    /// ends, a record fails to parse, or the caller cancels.
    private func produce() {
        var chunk: [Entry] = []
        chunk.reserveCapacity(Self.chunkSize)
        func hand(_ item: Item) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while queue.count >= Self.maximumChunks && !cancelled { condition.wait() }
            guard !cancelled else { return false }
            queue.append(item)
            condition.broadcast()
            return true
        }
        defer {
            condition.lock()
            running = false
            condition.broadcast()
            condition.unlock()
        }
        do {
            while let record = try stream.next() {
                chunk.append(Entry(offset: record.offset, pointer: record.pointer, output: Result { try transform(record) }))
                if chunk.count == Self.chunkSize {
                    guard hand(.records(chunk)) else { return }
                    chunk = []
                    chunk.reserveCapacity(Self.chunkSize)
                }
            }
            if !chunk.isEmpty { guard hand(.records(chunk)) else { return } }
            _ = hand(.end)
        } catch {
            if !chunk.isEmpty { guard hand(.records(chunk)) else { return } }
            _ = hand(.failure(error))
        }
    }

    /// The next entry in input order; nil at the end; throws the parse error
    /// that stopped the parser once every record before it was taken.
    func next() throws -> Entry? {
        while position == current.count {
            guard !ended else { return nil }
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let item = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            switch item {
            case let .records(records):
                current = records
                position = 0
            case let .failure(error):
                ended = true
                throw error
            case .end:
                ended = true
                return nil
            }
        }
        defer { position += 1 }
        return current[position]
    }

    /// Stops the parser (if it still runs) and waits until it has let go of the input.
    func finish() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while running { condition.wait() }
        queue.removeAll()
        condition.unlock()
        current = []
    }
}
