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
/// ```swift
/// var out = ""
/// try JSONTextEncoder.append(.map(["lon": .double(1.773867)]), to: &out)   // {"lon":1.773867}
/// ```
package enum JSONTextEncoder {
    /// `value` as JSON text.
    package static func string(_ value: Value) throws -> String {
        var out = ""
        try append(value, to: &out)
        return out
    }

    /// Appends `value` as JSON text. A NaN or infinite number throws
    /// ``JSONError/unrepresentable(what:path:)`` with its path
    /// (`["meta"]["alt"][2]`), built only then: encoding builds no paths.
    package static func append(_ value: Value, to out: inout String, path: String = "") throws {
        do {
            try encode(value, &out)
        } catch let JSONError.unrepresentable(what, inner) {
            throw JSONError.unrepresentable(what: what, path: path + inner)
        }
    }

    private static func encode(_ value: Value, _ out: inout String) throws {
        switch value {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .int(i): out += String(i)
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
            try encode(.map(["$link": .map(["table": .int(Int64(l.table)), "key": .int(Int64(bitPattern: l.key.rawValue))])]), &out)
        case let .decimal128(d): appendString(d.string, &out)
        case let .list(items), let .embedded(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                do {
                    try encode(item, &out)
                } catch let JSONError.unrepresentable(what, inner) {
                    throw JSONError.unrepresentable(what: what, path: "[\(i)]" + inner)
                }
            }
            out += "]"
        case let .map(entries):
            out += "{"
            var first = true
            for (key, item) in entries {
                if !first { out += "," }
                first = false
                appendString(key, &out)
                out += ":"
                do {
                    try encode(item, &out)
                } catch let JSONError.unrepresentable(what, inner) {
                    throw JSONError.unrepresentable(what: what, path: "[\"\(key)\"]" + inner)
                }
            }
            out += "}"
        }
    }

    /// Appends a stored list or map as JSON text straight from the document,
    /// decoding nothing into engine values: the export and `jsonString` path
    /// for managed collections. Errors carry the path as ``append(_:to:path:)``'s do.
    package static func append(_ container: ContainerView, to out: inout String) throws {
        try encode(container, &out)
    }

    private static func encode(_ container: ContainerView, _ out: inout String) throws {
        let isMap = container.kind == .map
        out += isMap ? "{" : "["
        for i in 0 ..< container.count {
            if i > 0 { out += "," }
            if isMap {
                appendString(String(decoding: try container.keyBytes(at: i), as: UTF8.self), &out)
                out += ":"
            }
            guard let view = try container.value(at: i) else {
                out += "null"
                continue
            }
            do {
                try encode(view, &out)
            } catch let JSONError.unrepresentable(what, inner) {
                let step = isMap ? "[\"\((try? container.key(at: i)) ?? "?")\"]" : "[\(i)]"
                throw JSONError.unrepresentable(what: what, path: step + inner)
            }
        }
        out += isMap ? "}" : "]"
    }

    private static func encode(_ view: ValueView, _ out: inout String) throws {
        switch view.kind {
        case .null?: out += "null"
        case .false?: out += "false"
        case .true?: out += "true"
        case .int8?, .int16?, .int32?, .int64?: out += String(try view.int() ?? 0)
        case .double?, .scaledDouble?: try appendDouble(try view.double() ?? 0, &out)
        case .string?: appendString(String(decoding: try view.stringBytes() ?? UnsafeRawBufferPointer(start: nil, count: 0), as: UTF8.self), &out)
        case .list?, .map?, .embedded?:
            guard let container = try view.container() else { out += "null"; return }
            try encode(container, &out)
        default:
            // Rarer types (float, data, dates, ids, links) take the value path.
            try encode(try view.decode(), &out)
        }
    }

    private static func appendDouble(_ d: Double, _ out: inout String) throws {
        guard d.isFinite else { throw JSONError.unrepresentable(what: "double \(d)", path: "") }
        if d == d.rounded(), abs(d) < 1e15 {
            out += String(Int64(d)) + ".0"
        } else {
            out += "\(d)"
        }
    }

    private static func appendString(_ s: String, _ out: inout String) {
        out += "\""
        // Most strings need no escape: append them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
