import CJansson
import GeodeCore
import OrderedCollections

/// Parses JSON text into engine values through jansson.
///
/// Objects become maps with their keys in document order, arrays lists,
/// integers `.int` (64-bit), reals `.double`, strings `.string`.
///
/// ```swift
/// let value = try JSONReader.parse(#"{"name": "Rex", "tags": ["a", "b"]}"#, source: "inline")
/// ```
package enum JSONReader {
    /// Parses one JSON text (any value at the top level).
    package static func parse(_ text: String, source: String) throws -> Value {
        var text = text
        return try text.withUTF8 { try parse(UnsafeRawBufferPointer($0), source: source) }
    }

    /// Parses one JSON text held in `bytes`.
    package static func parse(_ bytes: UnsafeRawBufferPointer, source: String) throws -> Value {
        var error = json_error_t()
        let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
        guard let root = json_loadb(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, flags, &error) else {
            throw syntaxError(error, source: source)
        }
        defer { json_decref(root) }
        return convert(root)
    }

    static func syntaxError(_ error: json_error_t, source: String) -> JSONError {
        var error = error
        let message = String(cString: geode_json_error_text(&error))
        return .syntax(message: message, source: source, line: Int(error.line), column: Int(error.column),
                       position: Int(error.position))
    }

    /// Converts a jansson tree into a value.
    static func convert(_ json: UnsafeMutablePointer<json_t>) -> Value {
        switch geode_json_typeof(json) {
        case JSON_OBJECT:
            var map = OrderedDictionary<String, Value>(minimumCapacity: json_object_size(json))
            var iterator = json_object_iter(json)
            while let it = iterator {
                guard let keyPointer = json_object_iter_key(it) else { break }
                let keyLength = json_object_iter_key_len(it)
                let key = String(decoding: UnsafeRawBufferPointer(start: keyPointer, count: keyLength), as: UTF8.self)
                if let child = json_object_iter_value(it) { map[key] = convert(child) }
                iterator = json_object_iter_next(json, it)
            }
            return .map(map)
        case JSON_ARRAY:
            let count = json_array_size(json)
            var list: [Value] = []
            list.reserveCapacity(count)
            for i in 0 ..< count {
                if let child = json_array_get(json, i) { list.append(convert(child)) }
            }
            return .list(list)
        case JSON_STRING:
            let length = json_string_length(json)
            guard let pointer = json_string_value(json) else { return .string("") }
            return .string(String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self))
        case JSON_INTEGER:
            return .int(Int64(json_integer_value(json)))
        case JSON_REAL:
            return .double(json_real_value(json))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }
}

extension JSONReader {
    /// The jansson library version, e.g. `2.14`.
    package static var libraryVersion: String { String(cString: jansson_version_str()) }
}
