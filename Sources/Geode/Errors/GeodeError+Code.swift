import CLMDB
import Foundation

extension Realm {
    /// Realm's name for the errors a realm throws: ``GeodeError``, whose
    /// ``GeodeError/code`` gives Realm's error code, so that Realm's
    /// `catch` clauses work as written.
    ///
    /// ```swift
    /// do {
    ///     realm = try Realm(configuration: configuration)
    /// } catch Realm.Error.fileNotFound {
    ///     print("no store yet")
    /// } catch let error as Realm.Error where error.code == .schemaMismatch {
    ///     print("a migration is needed:", error)
    /// }
    /// ```
    public typealias Error = GeodeError
}

extension GeodeError {
    /// Realm's error codes (with Realm's numbers): the kind of failure,
    /// coarser than the error's case, for code written against Realm.
    ///
    /// ```swift
    /// switch error.code {
    /// case .fileNotFound, .filePermissionDenied: showFilePicker()
    /// case .invalidDatabase: offerSalvage()
    /// default: report(error)
    /// }
    /// ```
    public enum Code: Int, Sendable, CaseIterable {
        /// A failure with no more specific code (storage limits, an unsupported option).
        case fail = 1
        /// The system refused to read or write the file, or the path names
        /// a directory or device rather than a file.
        case fileAccess = 2
        /// The system refused access to the file for lack of permission.
        case filePermissionDenied = 3
        /// A file that must be new exists already.
        case fileExists = 4
        /// There is no file at the path.
        case fileNotFound = 5
        /// The file needs a format upgrade that its configuration does not
        /// allow. Geode upgrades nothing in place, so it does not raise this
        /// code: a store of another format is ``unsupportedFileFormatVersion``.
        case fileFormatUpgradeRequired = 6
        /// The lock file was made by an incompatible program. Geode's lock
        /// file is LMDB's, which raises no such error: the code is kept for
        /// `catch` clauses written for Realm.
        case incompatibleLockFile = 8
        /// The process has no address space left to map the file.
        case addressSpaceExhausted = 9
        /// The schema differs from the file's and no migration was asked for.
        case schemaMismatch = 10
        /// An operation that needs the file closed met it open (deleting the
        /// files of a store a realm of this or another process has open).
        case alreadyOpen = 12
        /// A value, query, geometry or import input was refused.
        case invalidInput = 13
        /// The disk is full, or the store reached its map size.
        case outOfDiskSpace = 14
        /// The store was asked for with options that cannot share it (read-only
        /// and deleted when a migration is needed).
        case incompatibleSession = 15
        /// The file is a store of a format this build does not read.
        case unsupportedFileFormatVersion = 16
        /// An operation on the file failed for another reason the system gave
        /// (a path through something that is not a directory, an I/O error).
        case fileOperationFailed = 19
        /// The file is not a store, or is damaged.
        case invalidDatabase = 20
        /// The file holds another kind of history (Realm's sync histories).
        /// Geode's stores have one kind: the code is kept for `catch` clauses.
        case incompatibleHistories = 21
    }

    /// Realm's code for this error.
    ///
    /// ```swift
    /// catch let error as Realm.Error where error.code == .invalidDatabase { … }
    /// ```
    public var code: Code {
        switch self {
        case let .file(failure):
            if let code = failure.realmCode { return code }
            switch failure.reason {
            case .missing: return .fileNotFound
            case .exists: return .fileExists
            case .notAStore: return .invalidDatabase
            case .unsupportedFormat: return .unsupportedFileFormatVersion
            case .readOnly: return .fileAccess
            case .notARegularFile: return .fileAccess
            case let .access(code):
                switch code {
                case EACCES, EPERM: return .filePermissionDenied
                case ENOSPC: return .outOfDiskSpace
                case ENOENT: return .fileNotFound
                case EEXIST: return .fileExists
                case EBUSY: return .alreadyOpen
                default: return .fileOperationFailed
                }
            case .conflictingOptions: return .incompatibleSession
            case .unsupported: return .fail
            }
        case let .storage(failure):
            switch failure.code {
            case ENOSPC, MDB_MAP_FULL: return .outOfDiskSpace
            case EACCES, EPERM: return .filePermissionDenied
            case ENOMEM: return .addressSpaceExhausted
            default: return .fail
            }
        case .damagedStore: return .invalidDatabase
        case let .schema(failure): return failure.differences.isEmpty ? .fail : .schemaMismatch
        case .invalidValue, .query, .invalidGeometry, .importFailed: return .invalidInput
        }
    }

    /// An error of Realm's code `code`, as Realm's error type is made (a
    /// migration or write block that fails on purpose); its message is the
    /// `userInfo`'s `NSLocalizedDescriptionKey`, else the code's name.
    ///
    /// ```swift
    /// try realm.write {
    ///     guard isValid(order) else { throw Realm.Error(.fail) }
    ///     realm.add(order)
    /// }
    /// ```
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        let message = userInfo[NSLocalizedDescriptionKey] as? String ?? "\(code)"
        let path = userInfo[NSFilePathErrorKey] as? String ?? ""
        switch code {
        case .fail: self = .storage(StorageFailure(message, path: path.nonEmpty))
        case .fileAccess: self = .file(FileFailure(message, path: path, reason: .readOnly))
        case .filePermissionDenied: self = .file(FileFailure(message, path: path, reason: .access(errno: EACCES)))
        case .fileExists: self = .file(FileFailure(message, path: path, reason: .exists))
        case .fileNotFound: self = .file(FileFailure(message, path: path, reason: .missing))
        case .fileFormatUpgradeRequired, .incompatibleHistories, .incompatibleLockFile:
            var failure = FileFailure(message, path: path, reason: .unsupportedFormat(found: 0, supported: 0))
            failure.realmCode = code
            self = .file(failure)
        case .addressSpaceExhausted: self = .storage(StorageFailure(message, path: path.nonEmpty, code: ENOMEM))
        case .alreadyOpen: self = .file(FileFailure(message, path: path, reason: .access(errno: EBUSY)))
        case .schemaMismatch: self = .schema(SchemaFailure(message, differences: [message]))
        case .invalidInput: self = .invalidValue(ValueFailure(message))
        case .outOfDiskSpace: self = .storage(StorageFailure(message, path: path.nonEmpty, code: ENOSPC))
        case .incompatibleSession: self = .file(FileFailure(message, path: path, reason: .conflictingOptions))
        case .unsupportedFileFormatVersion:
            self = .file(FileFailure(message, path: path, reason: .unsupportedFormat(found: 0, supported: 0)))
        case .fileOperationFailed: self = .file(FileFailure(message, path: path, reason: .access(errno: EIO)))
        case .invalidDatabase: self = .damagedStore(DamageFailure(message, path: path.nonEmpty))
        }
    }

    /// The file the error is about, when it is about one.
    ///
    /// ```swift
    /// catch let error as Realm.Error { print(error.fileURL?.path ?? "no file") }
    /// ```
    public var fileURL: URL? {
        switch self {
        case let .file(failure): return failure.path.nonEmpty.map { URL(fileURLWithPath: $0) }
        case let .storage(failure): return failure.path.map { URL(fileURLWithPath: $0) }
        case let .damagedStore(failure): return failure.path.map { URL(fileURLWithPath: $0) }
        default: return nil
        }
    }

    // Realm's codes as members of the error type, for `catch Realm.Error.fileNotFound`.

    /// ``Code/fail``.
    public static var fail: Code { .fail }
    /// ``Code/fileAccess``.
    public static var fileAccess: Code { .fileAccess }
    /// ``Code/filePermissionDenied``.
    public static var filePermissionDenied: Code { .filePermissionDenied }
    /// ``Code/fileExists``.
    public static var fileExists: Code { .fileExists }
    /// ``Code/fileNotFound``.
    public static var fileNotFound: Code { .fileNotFound }
    /// ``Code/incompatibleSession``.
    public static var incompatibleSession: Code { .incompatibleSession }
    /// ``Code/schemaMismatch``.
    public static var schemaMismatch: Code { .schemaMismatch }
    /// ``Code/invalidInput``.
    public static var invalidInput: Code { .invalidInput }
    /// ``Code/outOfDiskSpace``.
    public static var outOfDiskSpace: Code { .outOfDiskSpace }
    /// ``Code/unsupportedFileFormatVersion``.
    public static var unsupportedFileFormatVersion: Code { .unsupportedFileFormatVersion }
    /// ``Code/fileOperationFailed``.
    public static var fileOperationFailed: Code { .fileOperationFailed }
    /// ``Code/invalidDatabase``.
    public static var invalidDatabase: Code { .invalidDatabase }
    /// ``Code/fileFormatUpgradeRequired``.
    public static var fileFormatUpgradeRequired: Code { .fileFormatUpgradeRequired }
    /// ``Code/incompatibleLockFile``.
    public static var incompatibleLockFile: Code { .incompatibleLockFile }
    /// ``Code/addressSpaceExhausted``.
    public static var addressSpaceExhausted: Code { .addressSpaceExhausted }
    /// ``Code/alreadyOpen``.
    public static var alreadyOpen: Code { .alreadyOpen }
    /// ``Code/incompatibleHistories``.
    public static var incompatibleHistories: Code { .incompatibleHistories }
}

/// Whether `error` is a ``GeodeError`` with Realm's code `code`: what lets
/// `catch Realm.Error.fileNotFound` match.
///
/// ```swift
/// do { try realm.writeCopy(toFile: url) } catch Realm.Error.fileExists { print("already copied") }
/// ```
public func ~= (code: GeodeError.Code, error: any Error) -> Bool {
    (error as? GeodeError)?.code == code
}
