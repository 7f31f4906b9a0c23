import Foundation
import GeodeJSON

/// Parses an import's records on a thread of their own while the caller
/// writes them: jansson's parse and the conversion to values overlap with
/// mapping, encoding and indexing, so an import takes about as long as the
/// slower half instead of their sum.
///
/// Records travel in order, in chunks, through a queue of at most
/// `maximumChunks` chunks, so memory stays flat. A parse error reaches the
/// caller after every record before it, as if parsing were inline. The
/// parser must be finished (``finish()``) before the input is unmapped.
///
/// ```swift
/// let pipeline = RecordPipeline(JSONRecordStream(bytes: buffer, source: file))
/// defer { pipeline.finish() }
/// while let record = try pipeline.next() { try write(record) }
/// ```
final class RecordPipeline: @unchecked Sendable {
    static let chunkSize = 512
    static let maximumChunks = 8

    private enum Item {
        case records([JSONRecordStream.Record])
        case failure(any Error)
        case end
    }

    private let condition = NSCondition()
    private var queue: [Item] = []
    private var cancelled = false
    private var running = true
    private var current: [JSONRecordStream.Record] = []
    private var position = 0
    private var ended = false
    private var stream: JSONRecordStream

    init(_ stream: JSONRecordStream) {
        self.stream = stream
        let thread = Thread { [self] in produce() }
        thread.name = "geode-import-parser"
        thread.start()
    }

    /// The parser thread: fills chunks and hands them over until the input
    /// ends, a record fails to parse, or the caller cancels.
    private func produce() {
        var chunk: [JSONRecordStream.Record] = []
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
                chunk.append(record)
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

    /// The next record in input order; nil at the end; throws the parse error
    /// that stopped the parser once every record before it was taken.
    func next() throws -> JSONRecordStream.Record? {
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
