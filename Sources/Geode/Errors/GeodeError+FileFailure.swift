import Foundation

extension GeodeError {
    /// A store file that could not be opened or made, and why.
    ///
    /// ```swift
    /// catch GeodeError.file(let failure) where failure.reason == .notAStore {
    ///     print(failure.path, "is not a Geode store; it was left as it was")
    /// }
    /// ```
    public struct FileFailure: Sendable, Equatable, CustomStringConvertible {
        /// Why the file could not be used.
        public enum Reason: Sendable, Equatable {
            /// There is no file at the path (opening read-only, copying from it).
            case missing
            /// A file that must be new exists already.
            case exists
            /// The file is not a Geode store (empty, random bytes, truncated,
            /// another program's LMDB file). It was not changed.
            case notAStore
            /// A directory or device where a file was expected (Realm's code `.fileAccess`).
            case notARegularFile
            /// A store of a format this build does not read.
            case unsupportedFormat(found: UInt32, supported: UInt32)
            /// A write to a store opened read-only.
            case readOnly
            /// The system refused an operation on the file (`errno`).
            case access(errno: Int32)
            /// The configuration asks for options that exclude each other
            /// (`readOnly` with `deleteRealmIfMigrationNeeded`).
            case conflictingOptions
            /// The configuration asks for what Geode does not do (an encryption key).
            case unsupported
        }

        /// What is wrong, in words.
        public var message: String
        /// The file.
        public var path: String
        /// Why the file could not be used, by case (missing, not a store, read-only, …).
        public var reason: Reason
        /// Realm's code, for an error made from one that no reason stands
        /// for (``GeodeError/Code/incompatibleLockFile``, which Geode never raises).
        var realmCode: Code?

        /// A file failure with its message, path and reason.
        public init(_ message: String, path: String, reason: Reason) {
            self.message = message
            self.path = path
            self.reason = reason
        }

        /// The message: what is wrong with the file, in words.
        public var description: String { message }

        /// A system call on `path` failed with `code`: "cannot read 'x': No such file or directory".
        static func system(_ operation: String, _ path: String, errno code: Int32) -> FileFailure {
            FileFailure(
                "cannot \(operation) '\(path)': \(String(cString: strerror(code)))", path: path,
                reason: code == ENOENT ? .missing : .access(errno: code))
        }
    }
}
