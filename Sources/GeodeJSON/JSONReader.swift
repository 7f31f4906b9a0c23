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

    /// Parses one JSON text held in `bytes`. An integer beyond 64 bits becomes
    /// a double (the nearest one), as other JSON readers do.
    package static func parse(_ bytes: UnsafeRawBufferPointer, source: String) throws -> Value {
        var error = json_error_t()
        let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
        if let root = json_loadb(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, flags, &error) {
            defer { json_decref(root) }
            return convert(root)
        }
        guard json_error_code(&error) == json_error_numeric_overflow else { throw syntaxError(error, source: source) }
        // Only now pay for a second look: mark the overflowing integers as reals and parse again.
        var marked = markingOverflowingIntegersAsReals(bytes)
        return try marked.withUnsafeMutableBytes { rewritten in
            var again = json_error_t()
            guard
                let root = json_loadb(
                    rewritten.baseAddress?.assumingMemoryBound(to: CChar.self), rewritten.count, flags, &again)
            else {
                throw syntaxError(again, source: source)
            }
            defer { json_decref(root) }
            return convert(root)
        }
    }

    /// The text with `.0` after every integer literal (outside strings) that does
    /// not fit in 64 bits.
    static func markingOverflowingIntegersAsReals(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var i = 0
        var inString = false
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    out.append(bytes[i + 1])
                    i += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
                i += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
                out.append(byte)
                i += 1
                continue
            }
            // A number token: sign, digits, fraction, exponent.
            let start = i
            var isInteger = true
            i += 1
            while i < bytes.count {
                let c = bytes[i]
                if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { i += 1; continue }
                if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+")
                    || (c == UInt8(ascii: "-") && i > start + 1)
                {
                    isInteger = false
                    i += 1
                    continue
                }
                break
            }
            let token = Array(bytes[start ..< i])
            out += token
            if isInteger, Int64(String(decoding: token, as: UTF8.self)) == nil,
                token.count > 1 || token[0] != UInt8(ascii: "-")
            {
                out += Array(".0".utf8)
            }
        }
        return out
    }

    static func syntaxError(_ error: json_error_t, source: String) -> JSONError {
        var error = error
        let message = String(cString: geode_json_error_text(&error))
        return .syntax(
            message: message, source: source, line: Int(error.line), column: Int(error.column),
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
