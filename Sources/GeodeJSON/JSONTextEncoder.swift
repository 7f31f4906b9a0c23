import Foundation
import GeodeCore

/// Writes engine values as compact JSON text with every double in its
/// shortest form that reads back to the same double (`42.54146`, not
/// jansson's `%.17g` `42.541460000000001`), so exported coordinates look like
/// their input and re-import to identical values.
///
/// jansson offers no shortest-form reals, which is the only reason this
/// encoder exists; parsing stays with jansson.
///
/// Text is written as UTF-8 bytes (``JSONBytes``) and made a `String` once at
/// the end: appending to a `String` piece by piece cost three times the encoding.
///
/// ```swift
/// var out = ""
/// try JSONTextEncoder.append(.map(["lon": .double(1.773867)]), to: &out)   // {"lon":1.773867}
/// ```
package enum JSONTextEncoder {
    /// `value` as JSON text.
    package static func string(_ value: Value) throws -> String {
        try bytes(of: value, path: "").string()
    }

    /// Appends `value` as JSON text. A NaN or infinite number throws
    /// ``JSONError/unrepresentable(what:path:)`` with its path
    /// (`["meta"]["alt"][2]`), built only then: encoding builds no paths.
    package static func append(_ value: Value, to out: inout String, path: String = "") throws {
        out += try bytes(of: value, path: path).string()
    }

    /// ``append(_:to:path:)`` as UTF-8 bytes.
    package static func append(_ value: Value, to out: inout [UInt8], path: String = "") throws {
        try bytes(of: value, path: path).withBytes { out.append(contentsOf: $0) }
    }

    /// `value`'s text; errors carry `path` before the path inside `value`.
    private static func bytes(of value: Value, path: String) throws -> JSONBytes {
        var bytes = JSONBytes(capacity: 256)
        do {
            try encode(value, &bytes)
        } catch let JSONError.unrepresentable(what, inner) {
            throw JSONError.unrepresentable(what: what, path: path + inner)
        }
        return bytes
    }

    /// A stored list or map as JSON text straight from the document,
    /// decoding nothing into engine values: the `jsonString` path for managed
    /// collections. Errors carry the path as ``append(_:to:path:)``'s do.
    package static func string(_ container: ContainerView) throws -> String {
        var bytes = JSONBytes(capacity: 256)
        try encode(container, &bytes)
        return bytes.string()
    }

    private static func encode(_ value: Value, _ out: inout JSONBytes) throws {
        switch value {
        case .null: append("null", &out)
        case let .bool(b): append(b ? "true" : "false", &out)
        case let .int(i): appendInt(i, &out)
        case let .float(f):
            guard f.isFinite else { throw JSONError.unrepresentable(what: "float \(f)", path: "") }
            try appendDouble(Double(f), &out)
        case let .double(d): try appendDouble(d, &out)
        case let .string(s): appendString(s, &out)
        case let .binary(b): appendString(Data(b).base64EncodedString(), &out)
        case let .timestamp(t):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            appendString(formatter.string(from: t.date), &out)
        case let .objectId(id): appendString(id.array.map { String(format: "%02x", $0) }.joined(), &out)
        case let .uuid(u): appendString(u.uuidString, &out)
        case let .link(l):
            try encode(
                .map(["$link": .map(["table": .int(Int64(l.table)), "key": .int(Int64(bitPattern: l.key.rawValue))])]),
                &out)
        case let .decimal128(d): appendString(d.string, &out)
        case let .list(items), let .embedded(items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                do {
                    try encode(item, &out)
                } catch let JSONError.unrepresentable(what, inner) {
                    throw JSONError.unrepresentable(what: what, path: "[\(i)]" + inner)
                }
            }
            out.append(UInt8(ascii: "]"))
        case let .map(entries):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, item) in entries {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                appendString(key, &out)
                out.append(UInt8(ascii: ":"))
                do {
                    try encode(item, &out)
                } catch let JSONError.unrepresentable(what, inner) {
                    throw JSONError.unrepresentable(what: what, path: "[\"\(key)\"]" + inner)
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func encode(_ container: ContainerView, _ out: inout JSONBytes) throws {
        let isMap = container.kind == .map
        out.append(isMap ? UInt8(ascii: "{") : UInt8(ascii: "["))
        for i in 0 ..< container.count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if isMap {
                appendString(bytes: try container.keyBytes(at: i), &out)
                out.append(UInt8(ascii: ":"))
            }
            guard let view = try container.value(at: i) else {
                append("null", &out)
                continue
            }
            do {
                try encode(view, &out)
            } catch let JSONError.unrepresentable(what, inner) {
                let step = isMap ? "[\"\((try? container.key(at: i)) ?? "?")\"]" : "[\(i)]"
                throw JSONError.unrepresentable(what: what, path: step + inner)
            }
        }
        out.append(isMap ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    private static func encode(_ view: ValueView, _ out: inout JSONBytes) throws {
        switch view.kind {
        case .null?: append("null", &out)
        case .false?: append("false", &out)
        case .true?: append("true", &out)
        case .int8?, .int16?, .int32?, .int64?: appendInt(try view.int() ?? 0, &out)
        case .double?, .scaledDouble?: try appendDouble(try view.double() ?? 0, &out)
        case .string?: appendString(bytes: try view.stringBytes() ?? UnsafeRawBufferPointer(start: nil, count: 0), &out)
        case .list?, .map?, .embedded?:
            guard let container = try view.container() else { append("null", &out); return }
            try encode(container, &out)
        default:
            // Rarer types (float, data, dates, ids, links) take the value path.
            try encode(try view.decode(), &out)
        }
    }

    private static func append(_ text: StaticString, _ out: inout JSONBytes) {
        out.append(text)
    }

    /// The integer's decimal digits, written without making a `String`.
    private static func appendInt(_ i: Int64, _ out: inout JSONBytes) {
        if i < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = i.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(digits)[start...]))
        }
    }

    private static func appendDouble(_ d: Double, _ out: inout JSONBytes) throws {
        guard d.isFinite else { throw JSONError.unrepresentable(what: "double \(d)", path: "") }
        if d == d.rounded(), abs(d) < 1e15 {
            appendInt(Int64(d), &out)
            append(".0", &out)
        } else {
            // Swift's description is the shortest text that reads back to `d`.
            var text = d.description
            text.withUTF8 { out.append(UnsafeRawBufferPointer($0)) }
        }
    }

    private static func appendString(_ s: String, _ out: inout JSONBytes) {
        var s = s
        s.withUTF8 { appendString(bytes: UnsafeRawBufferPointer($0), &out) }
    }

    /// A JSON string of UTF-8 bytes: quotes, backslashes and control
    /// characters escaped, everything else (multi-byte sequences too) as is.
    private static func appendString(bytes: UnsafeRawBufferPointer, _ out: inout JSONBytes) {
        out.append(UInt8(ascii: "\""))
        var clean = 0
        for (i, byte) in bytes.enumerated()
        where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            out.append(UnsafeRawBufferPointer(rebasing: bytes[clean ..< i]))
            clean = i + 1
            switch byte {
            case UInt8(ascii: "\""): append("\\\"", &out)
            case UInt8(ascii: "\\"): append("\\\\", &out)
            case UInt8(ascii: "\n"): append("\\n", &out)
            case UInt8(ascii: "\r"): append("\\r", &out)
            case UInt8(ascii: "\t"): append("\\t", &out)
            default:
                let hex: StaticString = "0123456789abcdef"
                append("\\u00", &out)
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        out.append(UnsafeRawBufferPointer(rebasing: bytes[clean...]))
        out.append(UInt8(ascii: "\""))
    }
}
