import GeodeCore
import GeodeJSON

/// An error from Geode: what went wrong and where (file, class, property, path,
/// line and column).
///
/// ```swift
/// do {
///     try realm.write { realm.create(Dog.self, value: ["name": 42]) }
/// } catch let error as GeodeError {
///     print(error)   // wrong type at Dog.name: expected string, found int
/// }
/// ```
public enum GeodeError: Error, CustomStringConvertible, Sendable {
    /// A value does not fit its property (type, size, map key, nesting, missing).
    case invalidValue(String)
    /// The schema is not valid, or the file's schema needs a migration.
    case schema(String)
    /// The file could not be opened: missing, not a Geode store, another format.
    case file(String)
    /// Any other failure of the storage engine.
    case storage(String)
    /// The store's file is damaged: a document, a page or LMDB's own
    /// structures do not read back as written (`code` is LMDB's error, or 0).
    ///
    /// ```swift
    /// catch GeodeError.damagedStore(let message, _) { print("restore a backup:", message) }
    /// ```
    case damagedStore(String, code: Int32)
    /// A query that does not parse or does not fit the schema; `column` is
    /// 1-based in the query text (0 for type-safe queries).
    case query(message: String, column: Int)
    /// A geo shape breaks a rule (open ring, too few vertices, self-intersection…).
    case invalidGeometry(GeometryIssue)
    /// An import stopped: where, why, and how many records it kept.
    case importFailed(ImportFailure)

    public var description: String {
        switch self {
        case let .invalidValue(message), let .schema(message), let .file(message), let .storage(message),
             let .damagedStore(message, _):
            return message
        case let .invalidGeometry(issue):
            return issue.description
        case let .importFailed(failure):
            return failure.description
        case let .query(message, column):
            return column > 0 ? "\(message) at column \(column)" : message
        }
    }

    /// Wraps an error of the layers below into the user's error type.
    static func from(_ error: Error) -> GeodeError {
        if let error = error as? GeodeError { return error }
        if let error = error as? StoreError {
            switch error {
            case .invalidValue, .objectNotFound: return .invalidValue(error.description)
            case .invalidSchema, .schemaMismatch, .unknownClass: return .schema(error.description)
            case .notAGeodeStore, .unsupportedFormat, .fileAccess, .readOnly: return .file(error.description)
            case let .storage(code, _, _) where error.isDamage: return .damagedStore(error.description, code: code)
            case .corruptDocument: return .damagedStore(error.description, code: 0)
            case .damagedPage: return .damagedStore(error.description, code: -30796)
            case .storage: return .storage(error.description)
            case let .invalidQuery(message, column): return .query(message: message, column: column)
            }
        }
        if let error = error as? JSONError { return .invalidValue(error.description) }
        return .storage(String(describing: error))
    }
}
