import ArgumentParser
import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeReplication

/// Maps errors to the documented exit statuses and prints them on stderr.
enum ExitStatus {
    static let dataError: Int32 = 65
    static let missingFile: Int32 = 66
    /// A server that cannot be reached (sysexits' EX_UNAVAILABLE).
    static let unavailable: Int32 = 69

    /// Runs `body`; an error is printed as `geode: message` and becomes an exit code.
    static func run(_ body: () throws -> Void) throws {
        do {
            try body()
            try ToolStore.throwDeferredErrors()
        } catch let error as StoreError {
            report(error.description)
            switch error {
            case let .fileAccess(_, _, code) where code == ENOENT: throw ExitCode(missingFile)
            case _ where error.isDamage: throw ExitCode(dataError)
            case .fileAccess, .storage: throw ExitCode.failure
            default: throw ExitCode(dataError)
            }
        } catch let error as GeodeError {
            report(error.description)
            switch error {
            case .storage: throw ExitCode.failure
            case let .file(failure):
                switch failure.reason {
                case .missing: throw ExitCode(missingFile)
                case .notAStore, .notARegularFile, .unsupportedFormat: throw ExitCode(dataError)
                case .exists, .readOnly, .access, .conflictingOptions, .unsupported: throw ExitCode.failure
                }
            default: throw ExitCode(dataError)
            }
        } catch let error as ReplicationError {
            report(error.description)
            switch error {
            case .connection: throw ExitCode(unavailable)
            case .server: throw ExitCode.failure
            case .store, .targetMismatch, .changesMissing, .otherStore, .invalidValue: throw ExitCode(dataError)
            }
        } catch let error as ValidationError {
            // Bad usage found once the command runs: the message alone, not the usage text after it.
            report(error.message)
            throw ExitCode.validationFailure
        } catch let error as JSONError {
            report(error.description)
            throw ExitCode(dataError)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            report(error.localizedDescription)
            throw ExitCode(missingFile)
        }
    }

    static func report(_ message: String) {
        FileHandle.standardError.write(Data("geode: \(message)\n".utf8))
    }
}
