import Foundation
import OrderedCollections

/// Encodes values into Geode's document format (see `DocumentFormat.swift`).
///
/// A writer keeps scratch buffers between documents, so encoding many documents
/// with one writer allocates nothing per document beyond its output.
///
/// ```swift
/// var writer = DocumentWriter()
/// let bytes = writer.encodeDocument([.string("Rex"), .int(10), .null])
/// ```
package struct DocumentWriter {
    /// Payload and offset buffers, one pair per nesting depth.
    private var payloads: [[UInt8]] = []
    private var offsets: [[Int]] = []
    private var output: [UInt8] = []

    package init() {}

    /// The bytes of a document holding `slots` in slot order.
    package mutating func encodeDocument(_ slots: [Value]) -> [UInt8] {
        var out: [UInt8] = []
        appendDocument(slots, to: &out)
        return out
    }

    /// Appends the bytes of a document holding `slots` to `out`.
    package mutating func appendDocument(_ slots: [Value], to out: inout [UInt8]) {
        appendContainer(slots, keys: nil, depth: 0, to: &out)
    }

    /// Encodes a document into the writer's reusable output buffer and hands
    /// its bytes to `body` (valid only inside it).
    package mutating func withDocument<T>(_ slots: [Value], _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        var out: [UInt8] = []
        swap(&out, &output)
        out.removeAll(keepingCapacity: true)
        appendDocument(slots, to: &out)
        defer { swap(&out, &output) }
        return try out.withUnsafeBytes(body)
    }

    /// Appends one tagged value.
    package mutating func appendValue(_ value: Value, to out: inout [UInt8]) {
        appendValue(value, depth: 1, to: &out)
    }

    private mutating func appendValue(_ value: Value, depth: Int, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(ValueTag.null.rawValue)
        case let .bool(b): out.append(b ? ValueTag.true.rawValue : ValueTag.false.rawValue)
        case let .int(i): Self.appendInt(i, to: &out)
        case let .float(f):
            out.append(ValueTag.float.rawValue)
            Self.appendLittleEndian(f.bitPattern, to: &out)
        case let .double(d):
            out.append(ValueTag.double.rawValue)
            Self.appendLittleEndian(d.bitPattern, to: &out)
        case let .string(s):
            out.append(ValueTag.string.rawValue)
            var s = s
            s.withUTF8 { utf8 in
                Varint.append(utf8.count, to: &out)
                out.append(contentsOf: utf8)
            }
        case let .binary(bytes):
            out.append(ValueTag.binary.rawValue)
            Varint.append(bytes.count, to: &out)
            out.append(contentsOf: bytes)
        case let .timestamp(t):
            out.append(ValueTag.timestamp.rawValue)
            Self.appendLittleEndian(UInt64(bitPattern: t.seconds), to: &out)
            Self.appendLittleEndian(UInt32(bitPattern: t.nanoseconds), to: &out)
        case let .decimal128(d):
            out.append(ValueTag.decimal128.rawValue)
            Self.appendLittleEndian(d.low, to: &out)
            Self.appendLittleEndian(d.high, to: &out)
        case let .objectId(id):
            out.append(ValueTag.objectId.rawValue)
            out.append(contentsOf: id.array)
        case let .uuid(u):
            out.append(ValueTag.uuid.rawValue)
            withUnsafeBytes(of: u.uuid) { out.append(contentsOf: $0) }
        case let .link(link):
            out.append(ValueTag.link.rawValue)
            Self.appendLittleEndian(link.table, to: &out)
            Self.appendLittleEndian(link.key.rawValue, to: &out)
        case let .list(values):
            appendNested(.list, values, keys: nil, depth: depth, to: &out)
        case let .map(map):
            appendNested(.map, Array(map.values), keys: map.keys, depth: depth, to: &out)
        case let .embedded(slots):
            appendNested(.embedded, slots, keys: nil, depth: depth, to: &out)
        }
    }

    private mutating func appendNested(_ tag: ValueTag, _ values: [Value], keys: OrderedSet<String>?,
                                       depth: Int, to out: inout [UInt8]) {
        out.append(tag.rawValue)
        var body: [UInt8] = []
        appendContainer(values, keys: keys, depth: depth, to: &body)
        Varint.append(body.count, to: &out)
        out.append(contentsOf: body)
    }

    private mutating func appendContainer(_ values: [Value], keys: OrderedSet<String>?, depth: Int, to out: inout [UInt8]) {
        var (payload, table) = takeBuffers(depth: depth)
        for (i, value) in values.enumerated() {
            table.append(payload.count)
            if let keys {
                var key = keys[i]
                key.withUTF8 { utf8 in
                    Varint.append(utf8.count, to: &payload)
                    payload.append(contentsOf: utf8)
                }
            }
            appendValue(value, depth: depth + 1, to: &payload)
        }
        let width = offsetWidth(forPayload: payload.count)
        Self.appendHeader(count: values.count, offsets: table, width: width, to: &out)
        out.append(contentsOf: payload)
        returnBuffers(depth: depth, payload, table)
    }

    private static func appendHeader(count: Int, offsets: [Int], width: (code: UInt8, bytes: Int), to out: inout [UInt8]) {
        out.append(width.code)
        Varint.append(count, to: &out)
        switch width.bytes {
        case 1: for o in offsets { out.append(UInt8(o)) }
        case 2: for o in offsets { appendLittleEndian(UInt16(o), to: &out) }
        default: for o in offsets { appendLittleEndian(UInt32(o), to: &out) }
        }
    }

    private static func appendInt(_ i: Int64, to out: inout [UInt8]) {
        if let v = Int8(exactly: i) {
            out.append(ValueTag.int8.rawValue)
            out.append(UInt8(bitPattern: v))
        } else if let v = Int16(exactly: i) {
            out.append(ValueTag.int16.rawValue)
            appendLittleEndian(UInt16(bitPattern: v), to: &out)
        } else if let v = Int32(exactly: i) {
            out.append(ValueTag.int32.rawValue)
            appendLittleEndian(UInt32(bitPattern: v), to: &out)
        } else {
            out.append(ValueTag.int64.rawValue)
            appendLittleEndian(UInt64(bitPattern: i), to: &out)
        }
    }

    @inline(__always)
    private static func appendLittleEndian<T: FixedWidthInteger>(_ v: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
    }

    private mutating func takeBuffers(depth: Int) -> ([UInt8], [Int]) {
        while payloads.count <= depth {
            payloads.append([])
            offsets.append([])
        }
        var payload: [UInt8] = []
        var table: [Int] = []
        swap(&payload, &payloads[depth])
        swap(&table, &offsets[depth])
        payload.removeAll(keepingCapacity: true)
        table.removeAll(keepingCapacity: true)
        return (payload, table)
    }

    private mutating func returnBuffers(depth: Int, _ payload: [UInt8], _ table: [Int]) {
        payloads[depth] = payload
        offsets[depth] = table
    }
}
