import CLMDB
import Foundation
import GeodeCore
import GeodeJSON

/// An error from Geode: what went wrong and where.
///
/// Each case carries the context of its failure — class, property and key
/// path for a value; path and reason for a file; database, page and LMDB code
/// for damage — so callers can catch the case they handle and read the rest:
///
/// ```swift
/// do {
///     try realm.write { realm.create(Dog.self, value: ["name": 42]) }
/// } catch GeodeError.invalidValue(let failure) {
///     print(failure.className ?? "", failure.property ?? "")   // Dog name
///     print(failure)   // wrong type at Dog.name: expected string, found int
/// } catch GeodeError.file(let failure) where failure.reason == .missing {
///     print("no store at", failure.path)
/// }
/// ```
public enum GeodeError: Error, CustomStringConvertible, Sendable {
    /// A value does not fit its property (type, size, map key, nesting, missing).
    case invalidValue(ValueFailure)
    /// The schema is not valid, or the file's schema needs a migration.
    case schema(SchemaFailure)
    /// The file could not be opened or made: missing, not a Geode store,
    /// another format, no access.
    case file(FileFailure)
    /// Any other failure of the storage engine (LMDB's code kept).
    case storage(StorageFailure)
    /// The store's file is damaged: a document, a page or LMDB's own
    /// structures do not read back as written.
    ///
    /// ```swift
    /// catch GeodeError.damagedStore(let damage) { print("restore a backup:", damage) }
    /// ```
    case damagedStore(DamageFailure)
    /// A query that does not parse or does not fit the schema; `column` is
    /// 1-based in the query text (0 for type-safe queries).
    case query(message: String, column: Int)
    /// A geo shape breaks a rule (open ring, too few vertices, self-intersection…).
    case invalidGeometry(GeometryIssue)
    /// An import stopped: where, why, and how many records it kept.
    case importFailed(ImportFailure)

    /// The failure's message; a query error adds its column when it has one.
    public var description: String {
        switch self {
        case let .invalidValue(failure): return failure.message
        case let .schema(failure): return failure.message
        case let .file(failure): return failure.message
        case let .storage(failure): return failure.message
        case let .damagedStore(failure): return failure.message
        case let .invalidGeometry(issue): return issue.description
        case let .importFailed(failure): return failure.description
        case let .query(message, column): return column > 0 ? "\(message) at column \(column)" : message
        }
    }

    /// Wraps an error of the layers below into the user's error type.
    static func from(_ error: Error) -> GeodeError {
        if let error = error as? GeodeError { return error }
        if let error = error as? StoreError { return from(error) }
        if let error = error as? JSONError { return .invalidValue(ValueFailure(error.description)) }
        return .storage(StorageFailure(String(describing: error)))
    }

    private static func from(_ error: StoreError) -> GeodeError {
        let message = error.description
        switch error {
        case let .invalidValue(issue):
            return .invalidValue(
                ValueFailure(
                    message, kind: ValueFailure.Kind(issue.kind), className: issue.className.nonEmpty,
                    property: issue.property.nonEmpty, keyPath: issue.path.nonEmpty))
        case let .objectNotFound(className, _):
            return .invalidValue(ValueFailure(message, kind: .objectNotFound, className: className))
        case let .invalidSchema(_, className, property):
            return .schema(SchemaFailure(message, className: className, property: property))
        case let .schemaMismatch(_, differences):
            return .schema(SchemaFailure(message, differences: differences))
        case let .unknownClass(name):
            return .schema(SchemaFailure(message, className: name))
        case let .notAGeodeStore(path, reason):
            // A directory or a device where the store's file should be is not a damaged store.
            let isFile = reason != StoreError.notARegularFile
            return .file(FileFailure(message, path: path, reason: isFile ? .notAStore : .notARegularFile))
        case let .unsupportedFormat(path, found, supported):
            return .file(
                FileFailure(message, path: path, reason: .unsupportedFormat(found: found, supported: supported)))
        case let .fileAccess(path, _, code):
            return .file(
                FileFailure(
                    message, path: path,
                    reason: code == ENOENT ? .missing : code == EEXIST ? .exists : .access(errno: code)))
        case let .readOnly(path), let .noChangeLog(path):
            return .file(FileFailure(message, path: path, reason: .readOnly))
        case let .storage(code, _, path) where error.isDamage:
            return .damagedStore(DamageFailure(message, path: path, code: code))
        case .corruptDocument:
            return .damagedStore(DamageFailure(message))
        case let .damagedObject(className, _, key, _, _):
            return .damagedStore(
                DamageFailure(message, database: "obj/\(className)", className: className, objectKey: key))
        case let .damagedEntry(path, database, _):
            return .damagedStore(DamageFailure(message, path: path, database: database))
        case let .damagedPage(path, page, database, _):
            return .damagedStore(
                DamageFailure(message, path: path, database: database, page: page, code: MDB_CORRUPTED))
        case let .storage(code, _, path) where (code == EACCES || code == EPERM) && !path.isEmpty:
            // LMDB refused by the system's permissions (a file the user may only read, opened
            // for writing): a file failure naming the file, as a refusal before LMDB is.
            return .file(FileFailure(message, path: path, reason: .access(errno: code)))
        case let .storage(code, operation, path):
            return .storage(StorageFailure(message, path: path, operation: operation, code: code))
        case let .invalidQuery(message, column):
            return .query(message: message, column: column)
        case let .migrationFailed(className, property, _):
            return .schema(SchemaFailure(message, className: className, property: property))
        }
    }
}

extension GeodeError {
    /// This error as met while setting `className.property`: the message is
    /// prefixed with the place, and a value failure that does not know its
    /// place yet takes it (a nested object's failure keeps its own).
    func located(in className: String, _ property: String) -> GeodeError {
        guard case var .invalidValue(failure) = self else {
            return .invalidValue(
                ValueFailure("\(className).\(property): \(self)", className: className, property: property))
        }
        failure.message = "\(className).\(property): \(failure.message)"
        if failure.className == nil {
            failure.className = className
            failure.property = property
        }
        return .invalidValue(failure)
    }
}

extension String {
    /// The string, or nil when it is empty (locations the engine leaves blank).
    var nonEmpty: String? { isEmpty ? nil : self }
}
