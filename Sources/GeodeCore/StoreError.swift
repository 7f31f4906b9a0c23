import CLMDB
import Foundation

/// Every failure the engine reports: what went wrong and where (file, class,
/// property, key path, byte offset).
///
/// The engine never crashes on bad input: each of these is thrown, and the
/// store is left as it was before the operation that failed.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// LMDB returned an error code during `operation` on the store at `path`.
    case storage(code: Int32, operation: String, path: String)
    /// The file exists but is not a Geode store (empty, random bytes, truncated,
    /// another program's LMDB file). Nothing was written to it.
    case notAGeodeStore(path: String, reason: String)
    /// The reason of ``notAGeodeStore(path:reason:)`` for a directory or a
    /// device where the store's file should be (not a damaged store).
    package static let notARegularFile = "it is not a regular file"
    /// The store was written by a format this build does not read.
    case unsupportedFormat(path: String, found: UInt32, supported: UInt32)
    /// The file could not be opened, created or inspected.
    case fileAccess(path: String, operation: String, errno: Int32)
    /// The schema given to `open` differs from the one stored in the file in a way
    /// that needs a migration; each difference names the class and property.
    case schemaMismatch(path: String, differences: [String])
    /// The schema itself is invalid: what is wrong, and the class and
    /// property concerned when there are.
    case invalidSchema(String, className: String? = nil, property: String? = nil)
    /// A value does not fit the schema or the engine's limits.
    case invalidValue(ValueIssue)
    /// A stored document could not be decoded: the bytes are damaged.
    case corruptDocument(detail: String, offset: Int)
    /// A class name that the store does not know.
    case unknownClass(String)
    /// A write was attempted on a store opened read-only.
    case readOnly(path: String)
    /// The change log was asked for on a store opened without it
    /// (``StoreConfiguration/keepsChangeLog`` off).
    case noChangeLog(path: String)
    /// An object key that does not exist in the class.
    case objectNotFound(className: String, key: UInt64)
    /// A query that does not parse or does not fit the schema; `column` is
    /// 1-based in the query text (0 when the query was built in code).
    case invalidQuery(message: String, column: Int)
    /// A page of the store's file is damaged: LMDB's own structures (page
    /// headers, node offsets, key order, page counts) are not as LMDB wrote
    /// them. Found by ``PageAudit`` before LMDB follows the page.
    case damagedPage(path: String, page: Int, database: String, detail: String)
    /// An entry whose bytes do not match the check stored with them
    /// (``EntrySeal``): damage inside a value or key that leaves LMDB's own
    /// structures intact.
    case damagedEntry(path: String, database: String, key: [UInt8])
    /// A stored document that does not decode, with the object it belongs to
    /// (`object` in words: "primary key 7", "key 12").
    case damagedObject(className: String, object: String, key: UInt64, detail: String, offset: Int)
    /// A schema migration could not be applied (a rename Realm refuses,
    /// duplicate primary keys after the migration, a change Geode does not
    /// migrate); the store is left as it was before the migration began.
    case migrationFailed(className: String, property: String?, reason: String)

    package var description: String {
        switch self {
        case let .storage(code, operation, path):
            return "storage error in \(operation) on '\(path)': \(Self.lmdbMessage(code)) (LMDB code \(code))"
        case let .notAGeodeStore(path, reason):
            return "'\(path)' is not a Geode store: \(reason)"
        case let .unsupportedFormat(path, found, supported):
            return "'\(path)' has store format \(found); this build reads format \(supported)"
        case let .fileAccess(path, operation, errno):
            return "cannot \(operation) '\(path)': \(String(cString: strerror(errno))) (errno \(errno))"
        case let .schemaMismatch(path, differences):
            return "the schema of '\(path)' differs and needs a migration: " + differences.joined(separator: "; ")
        case let .invalidSchema(message, _, _):
            return "invalid schema: \(message)"
        case let .invalidValue(issue):
            return issue.description
        case let .corruptDocument(detail, offset):
            return "damaged document at byte \(offset): \(detail)"
        case let .damagedObject(className, object, _, detail, offset):
            return "damaged document of the \(className) object with \(object), at byte \(offset): \(detail)"
        case let .unknownClass(name):
            return "no class named '\(name)' in the schema"
        case let .readOnly(path):
            return "'\(path)' was opened read-only: writes are not allowed"
        case let .noChangeLog(path):
            return "'\(path)' was opened without its change log: it cannot be replicated"
        case let .objectNotFound(className, key):
            return "no \(className) object with key \(key)"
        case let .invalidQuery(message, column):
            return column > 0 ? "\(message) at column \(column)" : message
        case let .damagedPage(path, page, database, detail):
            return "'\(path)' is damaged in \(database) (page \(page)): \(detail)"
        case let .damagedEntry(path, database, key):
            return
                "'\(path)' is damaged in \(database): the entry with key \(Self.hex(key)) does not match its checksum"
        case let .migrationFailed(_, _, reason):
            return "migration failed: \(reason)"
        }
    }

    /// A key in hex digits, cut after 32 bytes.
    static func hex(_ key: [UInt8]) -> String {
        key.prefix(32).map { String(format: "%02x", $0) }.joined() + (key.count > 32 ? "…" : "")
    }

    static func lmdbMessage(_ code: Int32) -> String {
        guard let text = mdb_strerror(code) else { return "unknown error" }
        let message = String(cString: text)
        // LMDB's own words say what, not why: every slot holds a version some
        // realm, frozen object or Results of this or another process still reads.
        if code == MDB_READERS_FULL {
            return message + " — every reader slot holds a version still in use (frozen realms, objects or results); "
                + "let go of old frozen ones"
        }
        return message
    }
}

/// What is wrong with a value, and where it sits: class, property and the path
/// into nested collections (`tags[3]`, `meta["a"]["b"]`).
package struct ValueIssue: Equatable, Sendable, CustomStringConvertible {
    /// The kind of problem.
    package enum Kind: Equatable, Sendable {
        case wrongType(expected: String, found: String)
        case missingRequired
        case stringTooLong(bytes: Int, limit: Int)
        case dataTooLong(bytes: Int, limit: Int)
        case illegalMapKey(String)
        case nestingTooDeep(limit: Int)
        case notAllowedHere(String)
        case duplicatePrimaryKey(String)
        case mapKeyTooLong(bytes: Int, limit: Int)
        /// A geometry object whose members break a rule of RFC 7946 (the rule, in words).
        case invalidGeometry(String)
    }

    package var kind: Kind
    package var className: String
    package var property: String
    /// Path below the property, e.g. `[3]["key"]`; empty at the property itself.
    package var path: String

    package init(_ kind: Kind, className: String = "", property: String = "", path: String = "") {
        self.kind = kind
        self.className = className
        self.property = property
        self.path = path
    }

    package var location: String {
        var text = className.isEmpty ? "" : className
        if !property.isEmpty { text += text.isEmpty ? property : ".\(property)" }
        return text + path
    }

    package var description: String {
        let at = location.isEmpty ? "" : " at \(location)"
        switch kind {
        case let .wrongType(expected, found):
            return "wrong type\(at): expected \(expected), found \(found)"
        case .missingRequired:
            return "missing value for required property\(at)"
        case let .stringTooLong(bytes, limit):
            return "string of \(bytes) bytes\(at) exceeds the limit of \(limit) bytes"
        case let .dataTooLong(bytes, limit):
            return "data of \(bytes) bytes\(at) exceeds the limit of \(limit) bytes"
        case let .illegalMapKey(key):
            return "illegal map key \"\(key)\"\(at): keys may not be empty, start with '$' or contain '.'"
        case let .mapKeyTooLong(bytes, limit):
            return "map key of \(bytes) bytes\(at) exceeds the limit of \(limit) bytes, as a string would"
        case let .nestingTooDeep(limit):
            return "nesting\(at) exceeds \(limit) levels"
        case let .notAllowedHere(what):
            return "\(what) is not allowed\(at)"
        case let .duplicatePrimaryKey(value):
            return "duplicate primary key \(value)\(at)"
        case let .invalidGeometry(rule):
            return "invalid GeoJSON geometry\(at): \(rule)"
        }
    }
}

extension StoreError {
    /// Whether the error says the file is damaged: a document that does not
    /// decode, or LMDB's MDB_CORRUPTED, MDB_PAGE_NOTFOUND, MDB_VERSION_MISMATCH
    /// (a damaged header reads as another version) or MDB_INVALID.
    package var isDamage: Bool {
        switch self {
        case .corruptDocument, .damagedPage, .damagedObject, .damagedEntry: return true
        case let .storage(code, _, _): return [-30796, -30797, -30794, -30793].contains(code)
        default: return false
        }
    }
}

extension StoreError {
    /// This error as met reading object `key` of `table`: a document that
    /// does not decode names its object; other errors are left as they are.
    package func inObject(_ table: Table, _ key: ObjectKey) -> StoreError {
        if case .damagedEntry = self {
            return .damagedObject(
                className: table.schema.name, object: table.describe(key), key: key.rawValue,
                detail: "its bytes do not match their checksum", offset: 0)
        }
        guard case let .corruptDocument(detail, offset) = self else { return self }
        return .damagedObject(
            className: table.schema.name, object: table.describe(key), key: key.rawValue, detail: detail, offset: offset
        )
    }
}

extension Error {
    /// ``StoreError/inObject(_:_:)`` for any error.
    package func inObject(_ table: Table, _ key: ObjectKey) -> Error {
        (self as? StoreError)?.inObject(table, key) ?? self
    }
}
