import CJansson
import GeodeCore
import OrderedCollections

/// Reads records one at a time from JSON text of any of these shapes, so that
/// memory stays flat however large the input:
///
/// - one value, or a sequence of values separated by whitespace (newline-
///   delimited JSON), each value a record;
/// - GeoJSON text sequences (RFC 8142: each record after an RS byte);
/// - an array: each element a record;
/// - an object with a `features` array (a GeoJSON FeatureCollection): each
///   feature a record, streamed without reading the collection whole.
///
/// jansson parses each record (`json_loadb` with `JSON_DISABLE_EOF_CHECK`);
/// a syntax error throws ``JSONError/syntax(message:source:line:column:position:)``
/// with the line and column in the whole input.
///
/// ```swift
/// var stream = JSONRecordStream(bytes: buffer, source: "places.geojson")
/// while let record = try stream.next() { print(record.index, record.value) }
/// ```
package struct JSONRecordStream {
    /// One record and where it came from.
    package struct Record: Sendable {
        /// The record as parsed, to read member by member.
        package var tree: JSONTree
        /// The record as an engine value (converted on first use).
        package var value: Value { tree.value }

        /// The record with its tree converted to engine values, free to be
        /// kept past its parser's arena or handed to another thread.
        package func detached() -> Record {
            var record = self
            record.tree = tree.detached()
            return record
        }
        /// 0-based position among the records.
        package var index: Int
        /// Byte offset of its first byte in the input.
        package var offset: Int
        /// Its JSON pointer in the input: `/features/12`, `/3`, or `` for a top-level value.
        package var pointer: String
    }

    private enum State {
        case topLevel
        /// Inside an array of records; `features` tells a FeatureCollection's array.
        case array(features: Bool, first: Bool, index: Int)
        /// Inside the first top-level object, reading its members.
        case members(first: Bool)
        case finished
    }

    private let bytes: UnsafeRawBufferPointer
    private let source: String
    private var position = 0
    private var state = State.topLevel
    private var recordCount = 0
    private var topLevelCount = 0
    private var members = OrderedDictionary<String, Value>()
    private var sawFeatures = false
    private var skipping = false
    /// The members of a FeatureCollection other than `features` (type, bbox…).
    package private(set) var collectionMembers = OrderedDictionary<String, Value>()

    package init(bytes: UnsafeRawBufferPointer, source: String) {
        self.bytes = bytes
        self.source = source
    }

    /// Whether the input was a GeoJSON FeatureCollection (known once a feature was read).
    package var isFeatureCollection: Bool { sawFeatures }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x1E: position += 1
            default: return
            }
        }
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func syntax(_ message: String, at offset: Int) -> JSONError {
        let (line, column) = Self.lineAndColumn(bytes, offset)
        return .syntax(message: message, source: source, line: line, column: column, position: offset)
    }

    /// The 1-based line and column of byte `offset`.
    package static func lineAndColumn(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> (Int, Int) {
        var line = 1, lineStart = 0
        for i in 0 ..< min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// The next record, or nil at the end of the input.
    package mutating func next() throws -> Record? {
        while true {
            switch state {
            case .finished:
                return nil
            case .topLevel:
                skipSpace()
                guard let byte = current else { state = .finished; return nil }
                if byte == UInt8(ascii: "[") && topLevelCount == 0 {
                    position += 1
                    topLevelCount += 1
                    state = .array(features: false, first: true, index: 0)
                    continue
                }
                if byte == UInt8(ascii: "{") && topLevelCount == 0 {
                    position += 1
                    topLevelCount += 1
                    state = .members(first: true)
                    continue
                }
                let offset = position
                let tree = try recordTree()
                topLevelCount += 1
                return record(tree, offset: offset, pointer: "")
            case let .array(features, first, index):
                skipSpace()
                guard let byte = current else { throw syntax("the array is not closed", at: position) }
                if byte == UInt8(ascii: "]") {
                    position += 1
                    state = features ? .members(first: false) : .topLevel
                    continue
                }
                if !first {
                    guard byte == UInt8(ascii: ",") else { throw syntax("expected ',' or ']' after an array element", at: position) }
                    position += 1
                    skipSpace()
                }
                let offset = position
                let tree = try recordTree()
                state = .array(features: features, first: false, index: index + 1)
                return record(tree, offset: offset, pointer: features ? "/features/\(index)" : "/\(index)")
            case let .members(first):
                skipSpace()
                guard let byte = current else { throw syntax("the object is not closed", at: position) }
                if byte == UInt8(ascii: "}") {
                    position += 1
                    state = .topLevel
                    if sawFeatures {
                        collectionMembers = members
                        continue
                    }
                    // An ordinary object: it is the record.
                    return record(JSONTree(value: .map(members)), offset: 0, pointer: "")
                }
                if !first {
                    guard byte == UInt8(ascii: ",") else { throw syntax("expected ',' or '}' after an object member", at: position) }
                    position += 1
                    skipSpace()
                }
                guard current == UInt8(ascii: "\"") else { throw syntax("expected a string key", at: position) }
                guard case let .string(key) = try parseValue() else { throw syntax("expected a string key", at: position) }
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw syntax("expected ':' after an object key", at: position) }
                position += 1
                skipSpace()
                if key == "features", current == UInt8(ascii: "[") {
                    position += 1
                    sawFeatures = true
                    state = .array(features: true, first: true, index: 0)
                    continue
                }
                members[key] = try parseValue()
                state = .members(first: false)
            }
        }
    }

    private mutating func record(_ tree: JSONTree, offset: Int, pointer: String) -> Record {
        defer { recordCount += 1 }
        return Record(tree: tree, index: recordCount, offset: offset, pointer: pointer)
    }

    /// Moves past the next record without parsing it — its brackets and
    /// strings are followed, nothing is built — so that several readers of
    /// one input can each parse every other stretch of records. Returns false
    /// at the end of the input.
    package mutating func skip() throws -> Bool {
        skipping = true
        defer { skipping = false }
        return try next() != nil
    }

    /// A record: parsed, or passed over when skipping.
    private mutating func recordTree() throws -> JSONTree {
        guard skipping else { return try parseTree() }
        guard let end = Self.valueEnd(bytes, position), end > position else {
            throw syntax("a record does not end", at: position)
        }
        position = end
        return JSONTree(value: .null)
    }

    /// Parses one value at `position` and moves past it.
    private mutating func parseValue() throws -> Value {
        try parseTree().value
    }

    /// Parses one value at `position` into a tree and moves past it.
    private mutating func parseTree() throws -> JSONTree {
        var error = json_error_t()
        let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DISABLE_EOF_CHECK)
        let start = bytes.baseAddress.map { ($0 + position).assumingMemoryBound(to: CChar.self) }
        if let root = json_loadb(start, bytes.count - position, flags, &error) {
            position += Int(error.position)
            return JSONTree(owning: root)
        }
        let absolute = position + Int(error.position)
        if json_error_code(&error) == json_error_numeric_overflow, let end = Self.valueEnd(bytes, position) {
            // Rare: an integer beyond 64 bits. Read this value alone, with the reader that handles them.
            let value = try JSONReader.parse(UnsafeRawBufferPointer(rebasing: bytes[position ..< end]), source: source)
            position = end
            return JSONTree(value: value)
        }
        throw syntax(String(cString: geode_json_error_text(&error)), at: max(absolute - 1, position))
    }

    /// Where the value starting at `start` ends, by its brackets and strings.
    static func valueEnd(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Int? {
        var depth = 0, i = start, inString = false
        while i < bytes.count {
            let c = bytes[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { inString = false; if depth == 0 { return i + 1 } }
            } else {
                switch c {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { return i }
                    depth -= 1
                    if depth == 0 { return i + 1 }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09: if depth == 0 { return i }
                default: break
                }
            }
            i += 1
        }
        return depth == 0 ? bytes.count : nil
    }
}
