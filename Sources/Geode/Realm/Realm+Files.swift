import Foundation
import GeodeCore

extension Realm {
    /// Writes a consistent, compacted copy of the store's latest committed
    /// version to `fileURL`, which must not exist; other threads and processes
    /// may go on writing meanwhile. The copy appears whole or not at all.
    /// (LMDB copies the newest version: a realm that has not refreshed since
    /// another thread committed sees an older one than its copy holds.)
    ///
    /// ```swift
    /// try realm.writeCopy(toFile: URL(fileURLWithPath: "/backups/places.geode"))
    /// ```
    ///
    /// Geode does not encrypt stores: an `encryptionKey` is refused.
    public func writeCopy(toFile fileURL: URL, encryptionKey: Data? = nil) throws {
        guard encryptionKey == nil else {
            throw GeodeError.invalidValue(
                "Geode does not encrypt stores: an encryption key cannot be given (\(fileURL.path) was not written)")
        }
        do {
            try store.copy(to: fileURL.path)
        } catch {
            throw GeodeError.from(error)
        }
    }

    /// Writes the copy ``writeCopy(toFile:encryptionKey:)`` writes to the
    /// file `configuration` names, which must not exist. An in-memory
    /// configuration, or one with an encryption key, is refused.
    ///
    /// ```swift
    /// try realm.writeCopy(configuration: Realm.Configuration(fileURL: backupURL))
    /// ```
    public func writeCopy(configuration: Realm.Configuration) throws {
        guard configuration.inMemoryIdentifier == nil, let fileURL = configuration.fileURL else {
            throw GeodeError.invalidValue("an in-memory configuration names no file to copy the store to")
        }
        try writeCopy(toFile: fileURL, encryptionKey: configuration.encryptionKey)
    }

    /// Whether the store file `configuration` opens exists (for an in-memory
    /// configuration, whether a realm of this process holds it now).
    ///
    /// ```swift
    /// if !Realm.fileExists(for: configuration) { print("first launch") }
    /// ```
    public static func fileExists(for configuration: Realm.Configuration) -> Bool {
        (try? configuration.storePath()).map { FileManager.default.fileExists(atPath: $0) } ?? false
    }

    /// Deletes the store file of `configuration` and its lock file. Returns
    /// whether there was a file to delete; throws when a realm of this or
    /// another process has the store open, as Realm does.
    ///
    /// ```swift
    /// _ = try Realm.deleteFiles(for: configuration)
    /// ```
    @discardableResult
    public static func deleteFiles(for configuration: Realm.Configuration) throws -> Bool {
        do {
            return try StoreFiles.delete(try configuration.storePath())
        } catch {
            throw GeodeError.from(error)
        }
    }
}
