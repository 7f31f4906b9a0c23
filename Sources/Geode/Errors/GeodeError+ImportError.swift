import Foundation
import GeodeImport

extension GeodeError {
    /// The user's error for why an import stopped.
    init(_ error: ImportError) {
        switch error {
        case let .unreadable(path, _, code):
            let reason: FileFailure.Reason =
                code == ENOENT ? .missing : code == EISDIR ? .notARegularFile : .access(errno: code)
            self = .file(FileFailure(error.description, path: path, reason: reason))
        case let .badOption(message):
            self = .invalidValue(ValueFailure(message))
        case let .unfitClass(className, message):
            self = .schema(SchemaFailure(message, className: className))
        case let .stopped(stop):
            self = .importFailed(ImportFailure(stop))
        }
    }
}
