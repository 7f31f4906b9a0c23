import Foundation

extension Realm {
    /// Where and how a realm is opened.
    ///
    /// ```swift
    /// let configuration = Realm.Configuration(inMemoryIdentifier: "first realm")
    /// let realm = try Realm(configuration: configuration)
    /// ```
    public struct Configuration: @unchecked Sendable {
        /// The store file: ``defaultFileURL`` unless given. Setting it clears
        /// ``inMemoryIdentifier``; nil when the realm is in memory.
        public var fileURL: URL? {
            didSet { if fileURL != nil { inMemoryIdentifier = nil } }
        }
        /// Names an in-memory realm: its files are removed when the last realm
        /// with this identifier closes. Realms with one identifier share data.
        /// Setting it clears ``fileURL``.
        public var inMemoryIdentifier: String? {
            didSet { if inMemoryIdentifier != nil { fileURL = nil } }
        }
        /// Open without write access: writes throw, and the file is left
        /// exactly as it is. The file's schema may differ from the declared
        /// one as Realm's read-only realms allow: a declared class the file
        /// lacks reads as empty, a property the file has and the classes do
        /// not declare is not read, and the file's indexes are the ones used.
        /// A declared property the file lacks, a changed type or primary key,
        /// or a higher schema version is refused: that needs a migration,
        /// which writes.
        ///
        /// ```swift
        /// let reader = try Realm(configuration: .init(fileURL: url, readOnly: true, objectTypes: [Dog.self]))
        /// ```
        public var readOnly: Bool
        /// Realm's 64-byte key for an encrypted file. Geode does not encrypt
        /// stores: a realm configured with a key is refused when it opens
        /// (``GeodeError/FileFailure/Reason/unsupported``), rather than written in the clear.
        public var encryptionKey: Data?
        /// A store file copied to ``fileURL`` when no file is there yet, the
        /// first time a realm opens it (a bundled starting store).
        ///
        /// ```swift
        /// configuration.seedFilePath = Bundle.main.url(forResource: "seed", withExtension: "geode")
        /// ```
        public var seedFilePath: URL?
        /// The schema's version; raise it to add or remove properties. The
        /// largest `UInt64` is reserved (it marks a file without a schema), as in Realm.
        public var schemaVersion: UInt64
        /// Runs when the file's schema version is lower than ``schemaVersion``
        /// (see ``MigrationBlock``). Without one, a higher version still applies
        /// every schema change: new and changed properties start at their zero
        /// value, removed ones are dropped.
        public var migrationBlock: MigrationBlock?
        /// Called as a migration goes through the objects of a class, about
        /// every thousand objects (enumerating in the block, then rewriting).
        public var migrationProgress: (@Sendable (MigrationProgress) -> Void)?
        /// Start over, deleting every object, when the schema needs a migration.
        public var deleteRealmIfMigrationNeeded: Bool
        /// The classes of the realm (and every class they reach). When nil, every
        /// class the program has used so far.
        public var objectTypes: [ObjectBase.Type]?
        /// Classes with no Swift type, described as data; their objects are
        /// reached with `dynamicObjects` and made with `dynamicCreate`.
        public var dynamicClasses: [ObjectSchema] = []
        /// Check every page of the file when this process first opens it (on).
        ///
        /// LMDB follows its pages without checking them, so a store damaged on
        /// disk could otherwise stop the process inside LMDB, or a damaged key
        /// send a search into the wrong place. With the check (pages, and every
        /// key in order), such a store is refused with ``GeodeError/damagedStore(_:)``.
        /// It reads the whole file once, about 0.1 s per 275 MB when cached, and
        /// only when the file changed since Geode last audited or wrote it (a stamp
        /// in the file's extended attributes tells); turn it off only for a store
        /// whose file you trust. (Every entry's checksum is verified whenever it
        /// is read, with or without this check.)
        ///
        /// ```swift
        /// var configuration = Realm.Configuration(fileURL: url)
        /// configuration.verifiesPagesOnOpen = false   // a 40 GB store on a checked disk
        /// ```
        public var verifiesPagesOnOpen = true
        /// Decides, when a process first opens the store, whether to rewrite it
        /// without its free pages: called with the file's size and the bytes its
        /// data needs, as Realm calls it. The store is compacted only when no
        /// other process has it open; the compacted file replaces the old one
        /// atomically.
        ///
        /// ```swift
        /// configuration.shouldCompactOnLaunch = { totalBytes, usedBytes in
        ///     totalBytes > 100 * 1024 * 1024 && Double(usedBytes) / Double(totalBytes) < 0.5
        /// }
        /// ```
        public var shouldCompactOnLaunch: ((_ totalBytes: Int, _ usedBytes: Int) -> Bool)?
        /// The most versions of the file that readers of any process may hold
        /// (each realm pins one, each frozen realm or object one more) before
        /// a write transaction is refused: then `write` throws a
        /// ``GeodeError`` with Realm's code `.fail`, saying how many there
        /// are, as Realm refuses it. Nil, the default, sets no limit; the
        /// file grows by every version held.
        ///
        /// ```swift
        /// configuration.maximumNumberOfActiveVersions = 64   // catch frozen objects that pile up
        /// ```
        public var maximumNumberOfActiveVersions: UInt?

        /// A configuration; every argument has Realm's default (the default file, version 0, every class).
        /// An `inMemoryIdentifier` takes the place of the file.
        public init(
            fileURL: URL? = nil, inMemoryIdentifier: String? = nil, encryptionKey: Data? = nil,
            readOnly: Bool = false, schemaVersion: UInt64 = 0, migrationBlock: MigrationBlock? = nil,
            deleteRealmIfMigrationNeeded: Bool = false,
            shouldCompactOnLaunch: ((_ totalBytes: Int, _ usedBytes: Int) -> Bool)? = nil,
            objectTypes: [ObjectBase.Type]? = nil, seedFilePath: URL? = nil
        ) {
            self.fileURL = inMemoryIdentifier == nil ? fileURL ?? Self.defaultFileURL : nil
            self.inMemoryIdentifier = inMemoryIdentifier
            self.encryptionKey = encryptionKey
            self.readOnly = readOnly
            self.schemaVersion = schemaVersion
            self.migrationBlock = migrationBlock
            self.deleteRealmIfMigrationNeeded = deleteRealmIfMigrationNeeded
            self.shouldCompactOnLaunch = shouldCompactOnLaunch
            self.objectTypes = objectTypes
            self.seedFilePath = seedFilePath
        }

        nonisolated(unsafe) private static var current = Configuration()
        private static let lock = NSLock()

        /// The configuration `Realm()` uses.
        public static var defaultConfiguration: Configuration {
            get { lock.lock(); defer { lock.unlock() }; return current }
            set { lock.lock(); defer { lock.unlock() }; current = newValue }
        }

        /// The default store file: `default.geode` in `$GEODE_HOME`, or in the
        /// current directory.
        public static var defaultFileURL: URL {
            let directory =
                ProcessInfo.processInfo.environment["GEODE_HOME"] ?? FileManager.default.currentDirectoryPath
            return URL(fileURLWithPath: directory).appendingPathComponent("default.geode")
        }

        /// Refuses options that exclude each other, before anything is opened.
        func validate() throws {
            if readOnly && deleteRealmIfMigrationNeeded {
                throw GeodeError.file(
                    .init(
                        "a realm opened read-only cannot also delete its data when a migration is needed "
                            + "(readOnly and deleteRealmIfMigrationNeeded are both set)",
                        path: (try? storePath()) ?? "", reason: .conflictingOptions))
            }
            if encryptionKey != nil {
                throw GeodeError.file(
                    .init(
                        "Geode does not encrypt stores; a configuration with an encryptionKey is refused "
                            + "rather than written in the clear", path: (try? storePath()) ?? "", reason: .unsupported))
            }
            if schemaVersion == .max {
                throw GeodeError.schema(
                    .init("schema version \(schemaVersion) is reserved for a file without a schema; use a lower one"))
            }
        }

        /// Copies ``seedFilePath`` to the store's place when nothing is there.
        func copySeedFile() throws {
            guard let seed = seedFilePath, inMemoryIdentifier == nil else { return }
            let path = try storePath()
            guard !FileManager.default.fileExists(atPath: path) else { return }
            do {
                try FileManager.default.copyItem(atPath: seed.path, toPath: path)
            } catch {
                let missing = !FileManager.default.fileExists(atPath: seed.path)
                throw GeodeError.file(
                    .init(
                        "cannot copy the seed file '\(seed.path)' to '\(path)': \(error.localizedDescription)",
                        path: seed.path, reason: missing ? .missing : .access(errno: EIO)))
            }
        }

        func storePath() throws -> String {
            if let identifier = inMemoryIdentifier {
                let safe = identifier.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "_" }
                    .joined()
                return FileManager.default.temporaryDirectory
                    .appendingPathComponent("geode-memory-\(getpid())-\(safe).geode").path
            }
            return (fileURL ?? Self.defaultFileURL).path
        }
    }
}

extension Realm.Configuration: CustomStringConvertible {
    /// The configuration's file (or in-memory identifier), schema version,
    /// classes and options, in one line.
    ///
    /// ```swift
    /// print(configuration)   // Realm.Configuration(fileURL: /data/app.geode, schemaVersion: 2, …)
    /// ```
    public var description: String {
        var parts: [String] = []
        if let inMemoryIdentifier {
            parts.append("inMemoryIdentifier: \(inMemoryIdentifier)")
        } else {
            parts.append("fileURL: \((fileURL ?? Self.defaultFileURL).path)")
        }
        parts.append("schemaVersion: \(schemaVersion)")
        parts.append("readOnly: \(readOnly)")
        parts.append("deleteRealmIfMigrationNeeded: \(deleteRealmIfMigrationNeeded)")
        parts.append("migrationBlock: \(migrationBlock == nil ? "nil" : "set")")
        parts.append("objectTypes: " + (objectTypes.map { "[" + $0.map { "\($0)" }.joined(separator: ", ") + "]" } ?? "nil"))
        return "Realm.Configuration(" + parts.joined(separator: ", ") + ")"
    }
}

extension Realm.Configuration: Equatable {
    /// Whether two configurations open the same store the same way, as Realm
    /// compares them: file, in-memory identifier, encryption key, read-only
    /// and schema version.
    public static func == (lhs: Realm.Configuration, rhs: Realm.Configuration) -> Bool {
        lhs.fileURL == rhs.fileURL && lhs.inMemoryIdentifier == rhs.inMemoryIdentifier
            && lhs.encryptionKey == rhs.encryptionKey && lhs.readOnly == rhs.readOnly
            && lhs.schemaVersion == rhs.schemaVersion
    }
}
