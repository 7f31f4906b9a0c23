import Foundation

/// How values print inside query descriptions and messages.
package enum QueryLiteral {
    package static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "nil"
        case let .bool(b): return b ? "true" : "false"
        case let .int(i): return String(i)
        case let .float(f): return String(f)
        case let .double(d): return String(d)
        case let .string(s): return "'" + s.replacingOccurrences(of: "'", with: "\\'") + "'"
        case let .binary(b): return "B64\"\(Data(b).base64EncodedString())\""
        case let .timestamp(t): return "T\(t.seconds):\(t.nanoseconds)"
        case let .objectId(id): return "oid(" + id.array.map { String(format: "%02x", $0) }.joined() + ")"
        case let .uuid(u): return "uuid(\(u.uuidString))"
        case let .link(l): return "link(\(l.table):\(l.key.rawValue))"
        default: return value.typeName
        }
    }
}
