import CJSONArena
import CJansson
import Foundation
import GeodeCore

/// Writes engine values as JSON text through jansson.
///
/// Values JSON has no type for take a conventional text form: dates as
/// ISO-8601 strings, data as base64, ObjectId as 24 hex digits, UUID as its
/// canonical string, Decimal128 as its decimal text (`"19.90"`, every digit
/// kept), links as `{"$link": {"table": T, "key": K}}`.
///
/// ```swift
/// let text = try JSONWriter.string(.map(["a": .int(1)]))   // {"a":1}
/// ```
package enum JSONWriter {
    /// The JSON text of `value`: compact, or indented by two with `pretty`.
    package static func string(_ value: Value, pretty: Bool = false) throws -> String {
        if !pretty {
            // Compact text: shortest exact numbers, and no jansson tree to build.
            var out = ""
            try JSONTextEncoder.append(value, to: &out)
            return out
        }
        let root = try build(value, path: "")
        defer { json_decref(root) }
        var flags = Int(JSON_ENCODE_ANY | JSON_PRESERVE_ORDER)
        flags |= pretty ? Int(geode_json_indent(2)) : Int(JSON_COMPACT)
        guard let text = json_dumps(root, flags) else {
            throw JSONError.unrepresentable(what: "the value", path: "")
        }
        // Freed as jansson allocated it: inside this thread's arena, if one is open (see JSONArena).
        defer { geode_json_arena_free(text) }
        return String(cString: text)
    }

    private static func build(_ value: Value, path: String) throws -> UnsafeMutablePointer<json_t> {
        func make(_ json: UnsafeMutablePointer<json_t>?) throws -> UnsafeMutablePointer<json_t> {
            guard let json else { throw JSONError.unrepresentable(what: value.typeName, path: path) }
            return json
        }
        switch value {
        case .null: return try make(json_null())
        case let .bool(b): return try make(b ? json_true() : json_false())
        case let .int(i): return try make(json_integer(json_int_t(i)))
        case let .float(f):
            guard f.isFinite else { throw JSONError.unrepresentable(what: "float \(f)", path: path) }
            return try make(json_real(Double(f)))
        case let .double(d):
            guard d.isFinite else { throw JSONError.unrepresentable(what: "double \(d)", path: path) }
            return try make(json_real(d))
        case let .string(s): return try make(stringValue(s))
        case let .binary(bytes): return try make(stringValue(Data(bytes).base64EncodedString()))
        case let .timestamp(t):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return try make(stringValue(formatter.string(from: t.date)))
        case let .decimal128(d): return try make(stringValue(d.string))
        case let .objectId(id): return try make(stringValue(id.array.map { String(format: "%02x", $0) }.joined()))
        case let .uuid(u): return try make(stringValue(u.uuidString))
        case let .link(link):
            return try build(
                .map([
                    "$link": .map(["table": .int(Int64(link.table)), "key": .int(Int64(bitPattern: link.key.rawValue))])
                ]), path: path)
        case let .list(values), let .embedded(values):
            let array = try make(json_array())
            for (i, element) in values.enumerated() {
                do {
                    json_array_append_new(array, try build(element, path: path + "[\(i)]"))
                } catch {
                    json_decref(array)
                    throw error
                }
            }
            return array
        case let .map(entries):
            let object = try make(json_object())
            for (key, element) in entries {
                do {
                    let child = try build(element, path: path + "[\"\(key)\"]")
                    var key = key
                    key.withUTF8 { utf8 in
                        utf8.withMemoryRebound(to: CChar.self) {
                            _ = json_object_setn_new_nocheck(object, $0.baseAddress, $0.count, child)
                        }
                    }
                } catch {
                    json_decref(object)
                    throw error
                }
            }
            return object
        }
    }

    private static func stringValue(_ s: String) -> UnsafeMutablePointer<json_t>? {
        var s = s
        return s.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { json_stringn_nocheck($0.baseAddress, $0.count) }
        }
    }
}
