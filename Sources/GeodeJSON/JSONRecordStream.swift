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
    /// How the input's JSON texts follow one another.
    package enum Framing: Sendable {
        /// One JSON text (RFC 8259): a record, an array of records or a
        /// FeatureCollection. An empty input, or anything after the text, is
        /// an error.
        case document
        /// Any number of JSON texts, each a record: newline-delimited JSON or
        /// GeoJSON text sequences (RFC 8142). An empty input has no records.
        case sequence
        /// One text, or several when the input turns out to hold several. An
        /// empty input is an error.
        case either
    }

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
        /// The 1-based line and column of its first byte, for a streamed
        /// input (whose earlier bytes are gone by the time a record fails);
        /// nil for a mapped one (``lineAndColumn(_:_:)`` finds them there).
        package var location: (line: Int, column: Int)?

        /// A record read by another reader (a CSV row), with its place in its input.
        package init(
            tree: JSONTree, index: Int, offset: Int, pointer: String, location: (line: Int, column: Int)? = nil
        ) {
            self.tree = tree
            self.index = index
            self.offset = offset
            self.pointer = pointer
            self.location = location
        }
    }

    private enum State {
        case topLevel
        /// Inside an array of records; `features` tells a FeatureCollection's array.
        case array(features: Bool, first: Bool, index: Int)
        /// Inside the first top-level object, reading its members.
        case members(first: Bool)
        /// With a records path: inside the object the path's first `depth`
        /// steps reach, looking for the member of the next step.
        case seeking(depth: Int, first: Bool)
        /// With a records path that reaches an object: each member is a record.
        case keyed(first: Bool)
        /// With a records path, once its records are read: inside the object
        /// the first `depth` steps reach, passing over its other members.
        case closing(depth: Int)
        case finished
    }

    /// Where the records are, as the steps of a JSON Pointer (RFC 6901), when
    /// not at the top level: `["statuses"]` for `/statuses`.
    private let recordPath: [String]?
    /// With a records path that reaches an object: the member each record
    /// gets its key in.
    private let keyMember: String

    private var bytes: UnsafeRawBufferPointer
    private let source: String
    private let framing: Framing
    /// For a streamed input: where more bytes come from.
    private let window: StreamWindow?
    /// For a streamed input: lines are counted up to `lineCursor` (a window
    /// offset); `line` is the line there and `lineStart` the input offset at
    /// which it starts.
    private var lineCursor = 0
    private var line = 1
    private var lineStart = 0
    private var checkedEncoding = false
    private var position = 0
    private var state = State.topLevel
    private var recordCount = 0
    private var topLevelCount = 0
    private var members = OrderedDictionary<String, Value>()
    private var sawFeatures = false
    private var skipping = false
    /// The members of a FeatureCollection other than `features` (type, bbox…).
    package private(set) var collectionMembers = OrderedDictionary<String, Value>()

    /// Reads the records of `bytes`. With `records` (the steps of a JSON
    /// Pointer, from ``steps(_:)``: `["statuses"]` for `/statuses`), the input
    /// is one JSON text and the records are the elements of the array the
    /// pointer names, or the members of the object it names, each with its key
    /// in `keyMember`.
    package init(
        bytes: UnsafeRawBufferPointer, source: String, framing: Framing = .either,
        records: [String]? = nil, keyMember: String = "key"
    ) {
        self.bytes = bytes
        self.source = source
        self.framing = records == nil ? framing : .document
        window = nil
        recordPath = records
        self.keyMember = keyMember
    }

    /// Reads a stream through `window`, in bounded memory: one parser only
    /// (``skip()`` works, but several copies of the stream would share the window).
    package init(
        window: StreamWindow, source: String, framing: Framing = .either,
        records: [String]? = nil, keyMember: String = "key"
    ) {
        bytes = window.bytes
        self.source = source
        self.framing = records == nil ? framing : .document
        self.window = window
        recordPath = records
        self.keyMember = keyMember
    }

    /// The steps of a JSON Pointer (`/a/b~1c` → `["a", "b/c"]`); nil for the
    /// empty pointer (the whole text).
    package static func steps(_ pointer: String) throws -> [String]? {
        guard !pointer.isEmpty else { return nil }
        guard pointer.hasPrefix("/") else {
            throw JSONError.syntax(
                message: "the records pointer '\(pointer)' must start with '/' (a JSON Pointer, as /statuses)",
                source: "--records", line: 1, column: 1, position: 0)
        }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The pointer of the first `depth` steps of the records path, escaped again.
    private func pointer(depth: Int) -> String {
        (recordPath ?? []).prefix(depth).map { "/" + Self.escaped($0) }.joined()
    }

    /// One step of a JSON Pointer as written: `~` as `~0`, `/` as `~1`.
    private static func escaped(_ step: String) -> String {
        step.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Asks a streamed input for more bytes, keeping those from window offset
    /// `keep` on; false when there are none (always, for a mapped input).
    private mutating func more(keepingFrom keep: Int) throws -> Bool {
        guard let window else { return false }
        countLines(to: min(keep, bytes.count))
        // The window counts bytes, not lines: its error (a record too long, a failed
        // read) is placed at the start of the record it was reading.
        let start = location(of: min(keep, bytes.count))
        let (dropped, grew): (Int, Bool)
        do {
            (dropped, grew) = try window.fill(keepingFrom: keep)
        } catch let JSONError.syntax(message, source, _, _, position) {
            throw JSONError.syntax(
                message: message, source: source, line: start.line, column: start.column, position: position)
        }
        bytes = window.bytes
        position -= dropped
        lineCursor -= dropped
        return grew
    }

    /// For a streamed input: moves the line count forward to window offset `offset`.
    private mutating func countLines(to offset: Int) {
        guard let window, offset > lineCursor else { return }
        for i in lineCursor ..< offset where bytes[i] == 0x0A {
            line += 1
            lineStart = window.base + i + 1
        }
        lineCursor = offset
    }

    /// For a streamed input: makes sure the value at `position` ends inside the
    /// window (or the input ends first), reading more as needed.
    private mutating func ensureValue() throws {
        guard let window else { return }
        var scan = ValueScan(start: position)
        while true {
            if let end = scan.end(in: bytes), end < bytes.count { return }
            if window.isAtEnd { return }
            let before = position
            guard try more(keepingFrom: position) else { return }
            scan.index -= before - position
            // A scalar that reached the end of the window is scanned again: it may go on.
            if scan.depth == 0 && !scan.inString { scan = ValueScan(start: position) }
        }
    }

    /// Whether the input was a GeoJSON FeatureCollection (known once a feature was read).
    package var isFeatureCollection: Bool { sawFeatures }

    private mutating func skipSpace() throws {
        while true {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                // RFC 8142's record separator, which RFC 8259 does not allow.
                case 0x1E where framing != .document: position += 1
                default: return
                }
            }
            guard try more(keepingFrom: position) else { return }
        }
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func syntax(_ message: String, at offset: Int) -> JSONError {
        let (line, column) = location(of: offset)
        return .syntax(
            message: message, source: source, line: line, column: column, position: (window?.base ?? 0) + offset)
    }

    /// The 1-based line and column of window offset `offset`.
    private func location(of offset: Int) -> (line: Int, column: Int) {
        guard let window else { return Self.lineAndColumn(bytes, offset) }
        var line = self.line, lineStart = self.lineStart
        for i in min(lineCursor, offset) ..< min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = window.base + i + 1
        }
        return (line, window.base + offset - lineStart + 1)
    }

    /// Why the start of `bytes` cannot be UTF-8 JSON text, with the offset of
    /// the first byte at fault; nil when it can. Looks at the first 4 KiB only,
    /// so that a stream of NUL bytes or random bytes (`/dev/zero`,
    /// `/dev/urandom`) is refused at once, before anything is read past them.
    package static func encodingProblem(_ bytes: UnsafeRawBufferPointer) -> (message: String, offset: Int)? {
        let head = UnsafeRawBufferPointer(rebasing: bytes[0 ..< min(bytes.count, 4096)])
        guard !head.isEmpty else { return nil }
        // RFC 8259 §8.1: JSON text is UTF-8. A UTF-16 or UTF-32 text shows a NUL
        // byte beside every ASCII character, or a byte-order mark.
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            return ("the input is UTF-16 or UTF-32 (it starts with a byte-order mark); JSON text must be UTF-8", 0)
        }
        let start = head.prefix(4)
        if start.contains(0) && start.contains(where: { $0 != 0 }) {
            return ("the input is UTF-16 or UTF-32 (NUL bytes beside its characters); JSON text must be UTF-8", 0)
        }
        // The first NUL byte or invalid UTF-8, whichever comes first; a
        // sequence cut by the end of the 4 KiB window is not held against it.
        var decoder = UTF8()
        var iterator = head.makeIterator()
        var offset = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if scalar == "\0" {
                    return (
                        "the input holds a NUL byte (byte \(offset)); JSON text has none outside \\u0000 escapes",
                        offset
                    )
                }
                offset += UTF8.width(scalar)
            case .emptyInput:
                break loop
            case .error:
                if head.count - offset < 4 && head.count < bytes.count { break loop }
                return (
                    "the input is not UTF-8 text (byte \(offset) is not part of a UTF-8 character); JSON text must be UTF-8",
                    offset
                )
            }
        }
        return nil
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
                if !checkedEncoding {
                    checkedEncoding = true
                    while bytes.count < 4096, try more(keepingFrom: 0) {}
                    if let problem = Self.encodingProblem(bytes) { throw syntax(problem.message, at: problem.offset) }
                    // RFC 8259 §8.1 lets a parser ignore a UTF-8 byte-order mark; editors on Windows write one.
                    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
                }
                try skipSpace()
                guard let byte = current else {
                    if topLevelCount == 0 && framing != .sequence {
                        throw syntax("the input is empty: a JSON text was expected", at: position)
                    }
                    state = .finished
                    return nil
                }
                if topLevelCount > 0 && framing == .document {
                    throw syntax(
                        "another JSON text follows the first: one text is read here (read several as ndjson or geojsonseq)",
                        at: position)
                }
                if byte == UInt8(ascii: "[") && topLevelCount == 0 && framing != .sequence {
                    position += 1
                    topLevelCount += 1
                    state = .array(features: false, first: true, index: 0)
                    continue
                }
                if let recordPath, topLevelCount == 0 {
                    guard byte == UInt8(ascii: "{") else {
                        throw syntax(
                            "the records are at \(pointer(depth: recordPath.count)), but the text is not an object",
                            at: position)
                    }
                    position += 1
                    topLevelCount += 1
                    state = .seeking(depth: 0, first: true)
                    continue
                }
                if byte == UInt8(ascii: "{") && topLevelCount == 0 && framing != .sequence {
                    position += 1
                    topLevelCount += 1
                    state = .members(first: true)
                    continue
                }
                let (tree, offset) = try recordTree()
                topLevelCount += 1
                return record(tree, offset: offset, pointer: "")
            case let .array(features, first, index):
                try skipSpace()
                guard let byte = current else { throw syntax("the array is not closed", at: position) }
                if byte == UInt8(ascii: "]") {
                    position += 1
                    if let recordPath {
                        state = .closing(depth: recordPath.count - 1)
                    } else {
                        state = features ? .members(first: false) : .topLevel
                    }
                    continue
                }
                if !first {
                    guard byte == UInt8(ascii: ",") else {
                        throw syntax("expected ',' or ']' after an array element", at: position)
                    }
                    position += 1
                    try skipSpace()
                }
                let (tree, offset) = try recordTree()
                state = .array(features: features, first: false, index: index + 1)
                let prefix = recordPath == nil ? (features ? "/features" : "") : pointer(depth: recordPath?.count ?? 0)
                return record(tree, offset: offset, pointer: "\(prefix)/\(index)")
            case let .seeking(depth, first):
                guard let recordPath else { state = .finished; continue }
                guard
                    let (key, at) = try nextMember(
                        first: first,
                        closing: "no member '\(recordPath[depth])' at \(pointer(depth: depth))/ to read records from")
                else { continue }
                if key != recordPath[depth] {
                    try passValue()
                    state = .seeking(depth: depth, first: false)
                    continue
                }
                let isLast = depth + 1 == recordPath.count
                switch current {
                case UInt8(ascii: "{"):
                    position += 1
                    state = isLast ? .keyed(first: true) : .seeking(depth: depth + 1, first: true)
                case UInt8(ascii: "[") where isLast:
                    position += 1
                    state = .array(features: false, first: true, index: 0)
                default:
                    throw syntax(
                        "\(pointer(depth: depth + 1)) is not \(isLast ? "an array or an object of records" : "an object"): records cannot be read from it",
                        at: at)
                }
            case let .keyed(first):
                guard let recordPath else { state = .finished; continue }
                guard let (key, _) = try nextMember(first: first, closing: nil) else {
                    state = .closing(depth: recordPath.count - 1)
                    continue
                }
                let (tree, offset) = try recordTree()
                state = .keyed(first: false)
                let escaped = Self.escaped(key)
                guard !skipping else {
                    return record(tree, offset: offset, pointer: pointer(depth: recordPath.count) + "/" + escaped)
                }
                // The record keeps its key, as a member of its own.
                var members: OrderedDictionary<String, Value> = [keyMember: .string(key)]
                if case let .map(entries) = tree.value {
                    if let own = entries[keyMember], own != .string(key) {
                        throw syntax(
                            "the record under '\(key)' has a member '\(keyMember)' of its own: name another for the keys (--key-member)",
                            at: offset)
                    }
                    for (name, value) in entries where name != keyMember { members[name] = value }
                } else {
                    members["value"] = tree.value
                }
                return record(
                    JSONTree(value: .map(members)), offset: offset,
                    pointer: pointer(depth: recordPath.count) + "/" + escaped)
            case let .closing(depth):
                guard try nextMember(first: false, closing: nil) != nil else {
                    state = depth == 0 ? .topLevel : .closing(depth: depth - 1)
                    continue
                }
                try passValue()
            case let .members(first):
                try skipSpace()
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
                    guard byte == UInt8(ascii: ",") else {
                        throw syntax("expected ',' or '}' after an object member", at: position)
                    }
                    position += 1
                    try skipSpace()
                }
                guard current == UInt8(ascii: "\"") else { throw syntax("expected a string key", at: position) }
                guard case let .string(key) = try parseValue() else {
                    throw syntax("expected a string key", at: position)
                }
                try skipSpace()
                guard current == UInt8(ascii: ":") else {
                    throw syntax("expected ':' after an object key", at: position)
                }
                position += 1
                try skipSpace()
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

    /// Reads the next member's key and the `:` after it, in an object whose
    /// `{` (and, unless `first`, earlier members) were read. At the object's
    /// `}`: moves past it and returns nil, or throws `closing` when that is
    /// given (the member sought is not there).
    private mutating func nextMember(first: Bool, closing: String?) throws -> (key: String, at: Int)? {
        try skipSpace()
        guard let byte = current else { throw syntax("the object is not closed", at: position) }
        if byte == UInt8(ascii: "}") {
            if let closing { throw syntax(closing, at: position) }
            position += 1
            return nil
        }
        if !first {
            guard byte == UInt8(ascii: ",") else {
                throw syntax("expected ',' or '}' after an object member", at: position)
            }
            position += 1
            try skipSpace()
        }
        let at = position
        guard current == UInt8(ascii: "\""), case let .string(key) = try parseValue() else {
            throw syntax("expected a string key", at: at)
        }
        try skipSpace()
        guard current == UInt8(ascii: ":") else { throw syntax("expected ':' after an object key", at: position) }
        position += 1
        try skipSpace()
        return (key, at)
    }

    /// Moves past one value that is not a record: parsed, so that the text is
    /// checked whole, and dropped.
    private mutating func passValue() throws {
        try ensureValue()
        _ = try parseTree()
    }

    private mutating func record(_ tree: JSONTree, offset: Int, pointer: String) -> Record {
        defer { recordCount += 1 }
        guard let window else { return Record(tree: tree, index: recordCount, offset: offset, pointer: pointer) }
        countLines(to: offset)
        return Record(
            tree: tree, index: recordCount, offset: window.base + offset, pointer: pointer,
            location: (line, window.base + offset - lineStart + 1))
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

    /// A record and its window offset: parsed, or passed over when skipping.
    private mutating func recordTree() throws -> (JSONTree, offset: Int) {
        // First, since reading more moves the window's offsets.
        try ensureValue()
        let offset = position
        guard skipping else { return (try parseTree(), offset) }
        guard let end = Self.valueEnd(bytes, position), end > position else {
            throw syntax("a record does not end", at: position)
        }
        position = end
        return (JSONTree(value: .null), offset)
    }

    /// Parses one value at `position` and moves past it.
    private mutating func parseValue() throws -> Value {
        try ensureValue()
        return try parseTree().value
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
        var scan = ValueScan(start: start)
        // A scalar that runs to the end of the input ends there.
        return scan.end(in: bytes) ?? (scan.depth == 0 ? bytes.count : nil)
    }

    /// A scan for the end of a value that can stop at the end of the bytes it
    /// has and go on when more arrive (so a record that comes in many reads is
    /// scanned once, not once per read).
    struct ValueScan {
        /// The next byte to look at.
        var index: Int
        var depth = 0
        var inString = false

        init(start: Int) { index = start }

        /// Where the value ends: the offset after its last byte, or of the
        /// delimiter after a scalar. Nil when `bytes` ends first (or when a
        /// scalar runs to the end of `bytes`: it may go on).
        mutating func end(in bytes: UnsafeRawBufferPointer) -> Int? {
            while index < bytes.count {
                let c = bytes[index]
                if inString {
                    if c == UInt8(ascii: "\\") { index += 2; continue }
                    if c == UInt8(ascii: "\"") { inString = false; if depth == 0 { index += 1; return index } }
                } else {
                    switch c {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        if depth == 0 { return index }
                        depth -= 1
                        if depth == 0 { index += 1; return index }
                    case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09: if depth == 0 { return index }
                    default: break
                    }
                }
                index += 1
            }
            return nil
        }
    }
}
