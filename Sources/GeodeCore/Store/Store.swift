import CLMDB
import Foundation

/// An open Geode store: one LMDB environment holding the format marker, the
/// schema, object-key counters and one database of documents per class.
///
/// ```swift
/// let store = try Store.open(StoreConfiguration(path: path, schema: schema))
/// let key = try store.write { try $0.insert([.string("Rex"), .int(3)], into: "Dog") }
/// let name = try store.read { try $0.value(of: "name", key, in: "Dog") }
/// ```
package final class Store: @unchecked Sendable {
    /// The format this build writes and reads.
    /// 2: map keys may be numbers of the store's key table (the `keys` database).
    /// 3: a class with a required `Int` primary key keeps its objects under
    /// that key and has no `pk/` database (``ClassSchema/isKeyedByPrimaryKey``).
    /// 4: every entry carries its check (``EntrySeal``); a
    /// format-3 store opened for writing is sealed in place (``sealEntries(_:)``).
    /// 5: features keep any GeoJSON geometry (``upgradeFeatureGeometry(_:_:_:keys:)``).
    /// 6: a spatial index has a second tree for its recent entries (``GeoIndex``);
    /// a format-5 store reads as one whose recent trees are empty, and is
    /// marked format 6 when opened for writing.
    /// 7: every link has an entry in the backlink index (``BacklinkIndex``); a
    /// format-6 store reads as one without it (readers read the documents),
    /// and has it built when opened for writing.
    package static let formatVersion: UInt32 = 7
    /// The oldest format read as it is, without an upgrade.
    static let oldestReadableFormat: UInt32 = 5
    static let formatMagic = Array("GEODE\0".utf8)

    package let configuration: StoreConfiguration
    package var path: String { configuration.path }
    /// Whether opening this store audited its pages (``PageAudit``): false
    /// when this process had it open already, when the file's ``AuditStamp``
    /// showed it as Geode last left it, or when audits are turned off.
    package private(set) var auditedPagesOnOpen = false
    let environment: Environment
    let meta: Database
    /// `keys`: interned map key number (big-endian u32) → UTF-8 spelling.
    let keysDatabase: Database
    /// The change log; nil in a read-only store written before it existed.
    let changeLog: ChangeLog?
    /// This process's mirror of `keys`.
    package var mapKeys: MapKeyTable { environment.mapKeys }
    /// The schema and its tables; replaced as a whole when classes are added.
    private var catalog: Catalog
    private let catalogLock = NSLock()

    private init(
        configuration: StoreConfiguration, environment: Environment, meta: Database, keys: Database,
        changeLog: ChangeLog?, schema: Schema, objects: [String: Database]
    ) {
        self.configuration = configuration
        self.environment = environment
        self.meta = meta
        self.keysDatabase = keys
        self.changeLog = changeLog
        catalog = Catalog(schema: schema, databases: objects)
    }

    deinit { environment.release() }

    /// The current catalog.
    var current: Catalog {
        catalogLock.lock()
        defer { catalogLock.unlock() }
        return catalog
    }

    /// Replaces the catalog (classes were added, or an addition was undone).
    func install(_ replacement: Catalog) {
        catalogLock.lock()
        catalog = replacement
        catalogLock.unlock()
    }

    /// The store's classes.
    package var schema: Schema { current.schema }

    /// The table of class `name`.
    package func table(_ name: String) throws -> Table {
        guard let table = current.tables[name] else { throw StoreError.unknownClass(name) }
        return table
    }

    /// The table with number `id` (links name tables by number).
    package func table(id: UInt32) -> Table? { current.tablesByID[id] }

    /// Drops this process's mapping of the store's pages (see
    /// ``Environment/releaseMappedPages()``): imports call it between batches.
    package func releaseMappedPages() { environment.releaseMappedPages() }

    /// The size of the store's file in bytes.
    package var fileSize: Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    // MARK: - Opening

    /// Opens (or creates) the store described by `configuration`.
    ///
    /// A file that is not a Geode store, or of another format, is refused with
    /// an error and left exactly as it was.
    package static func open(_ configuration: StoreConfiguration) throws -> Store {
        let path = configuration.path
        var state = try StoreFile.inspect(path)
        if state == .missing && configuration.readOnly {
            throw StoreError.fileAccess(path: path, operation: "open read-only", errno: ENOENT)
        }
        if state == .missing && !configuration.inMemory && !Environment.isOpen(path: path) {
            try create(configuration)
            state = try StoreFile.inspect(path)
        }
        let lockPath = Environment.lockPath(for: path)
        let lockExisted = FileManager.default.fileExists(atPath: lockPath)
        let alreadyOpen = Environment.isOpen(path: path)
        var auditedPages = false
        let environment = try Environment.open(
            path: path,
            options: .init(
                readOnly: configuration.readOnly, initialMapSize: configuration.initialMapSize,
                removeOnClose: configuration.inMemory, durable: configuration.durable))
        do {
            if configuration.auditsPages && !alreadyOpen && state != .missing && !environment.trustsStamp() {
                let report = try PageAudit.run(environment, depth: .keys)
                environment.trust(report.version)
                auditedPages = true
            }
            let (meta, keys, log, schema, objects, needsMigration) = try setUp(
                environment, configuration, isNewFile: state == .missing)
            let store = Store(
                configuration: configuration, environment: environment, meta: meta, keys: keys,
                changeLog: log, schema: schema, objects: objects)
            store.auditedPagesOnOpen = auditedPages
            if needsMigration, let declared = configuration.schema {
                // A failed migration leaves the file as it was; the store, going
                // away, releases the environment itself.
                try store.migrate(to: declared, configuration.migration)
            }
            return store
        } catch let error as MigrationError {
            throw error.underlying
        } catch {
            environment.release()
            if !alreadyOpen {
                // Leave the directory as it was: remove what this attempt created.
                if state == .missing { unlink(path) }
                if !lockExisted || state == .missing { unlink(lockPath) }
            }
            throw error
        }
    }

    /// Creates the store at `configuration.path` whole, so that no other
    /// process ever sees it half made: it is made and initialised in a file of
    /// its own beside it, closed, then linked into place, unless another
    /// process linked its own first (then that one is the store).
    private static func create(_ configuration: StoreConfiguration) throws {
        let path = configuration.path
        let temporary = path + ".creating-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer {
            unlink(temporary)
            unlink(Environment.lockPath(for: temporary))
        }
        var made = configuration
        made.path = temporary
        let environment = try Environment.open(
            path: temporary,
            options: .init(
                readOnly: false, initialMapSize: configuration.initialMapSize, removeOnClose: false,
                durable: configuration.durable))
        do {
            _ = try setUp(environment, made, isNewFile: true)
        } catch {
            environment.release()
            throw error
        }
        environment.release()
        // link(2) never replaces a file: of processes creating one store at once, the first wins.
        if link(temporary, path) != 0 && errno != EEXIST {
            throw StoreError.fileAccess(path: path, operation: "create", errno: errno)
        }
    }

    /// Opens the store's databases and reconciles the declared schema with the
    /// stored one; the last element says that a migration must follow (the
    /// stored schema is then the one opened).
    private static func setUp(
        _ environment: Environment, _ configuration: StoreConfiguration,
        isNewFile: Bool
    ) throws -> (Database, Database, ChangeLog?, Schema, [String: Database], Bool) {
        if !isNewFile, let opened = try setUpReading(environment, configuration) { return opened }
        let path = configuration.path
        return try environment.write { txn in
            var stored: Schema?
            var found = formatVersion
            let meta: Database
            if let existing = try txn.existingDatabase("meta") {
                meta = existing
                found = try checkFormat(txn, meta, path)
                stored = try storedSchema(txn, meta, path)
            } else {
                let isEmpty = try isNewFile || txn.mainEntryCount() == 0
                guard isEmpty else {
                    throw StoreError.notAGeodeStore(path: path, reason: "it holds no Geode metadata")
                }
                meta = try txn.openDatabase("meta")
                let version = withUnsafeBytes(of: formatVersion.bigEndian) { Array($0) }
                try txn.put(meta, key: Array("format".utf8), value: formatMagic + version)
            }
            let keys: Database
            if let existing = try txn.existingDatabase("keys") {
                keys = existing
            } else if stored == nil {
                keys = try txn.openDatabase("keys")
            } else {
                throw StoreError.notAGeodeStore(path: path, reason: "its key table is missing")
            }
            try syncKeys(environment.mapKeys, txn, keys)
            let log = try ChangeLog.open(
                txn, meta: meta, isNewFile: stored == nil, retaining: configuration.changeLogRetention)
            if found < formatVersion, let old = stored {
                // Only a format-4 store has features to upgrade; later formats change no document.
                if found < 5 { stored = try upgradeFeatureGeometry(old, txn, meta, keys: environment.mapKeys) }
                let current = withUnsafeBytes(of: formatVersion.bigEndian) { Array($0) }
                try txn.put(meta, key: Array("format".utf8), value: formatMagic + current)
            }
            var schema = stored ?? Schema(classes: [])
            var needsMigration = false
            if let declared = configuration.schema {
                let outcome = try SchemaReconciliation.reconcile(
                    declared: declared, stored: stored,
                    deleteIfMigrationNeeded: configuration.deleteIfMigrationNeeded,
                    path: path)
                if outcome.resetsData, let stored {
                    try dropData(of: stored, txn, meta)
                }
                schema = outcome.schema
                needsMigration = outcome.needsMigration
                if outcome.changed || stored == nil {
                    try txn.put(meta, key: Array("schema".utf8), value: DocumentWriter.encode(schema.storedValue))
                }
            } else if stored == nil {
                try txn.put(meta, key: Array("schema".utf8), value: DocumentWriter.encode(schema.storedValue))
            }
            return (
                meta, keys, log, schema,
                try openTables(
                    schema, txn, create: true, keys: environment.mapKeys.spelling,
                    spatial: configuration.maintainsSpatialIndexes, previous: stored), needsMigration
            )
        }
    }

    /// Opens the store in a read transaction when that is all opening takes:
    /// a store of the current format whose schema the configuration leaves as
    /// it is, with every table and index in place and no bulk load left to
    /// finish. Opening then waits for no writer, of this process or another,
    /// and a thread whose write is open can open the store again. Nil when a
    /// write must set the store up. A read-only store is always opened here:
    /// what would need a write is refused with an error.
    private static func setUpReading(
        _ environment: Environment, _ configuration: StoreConfiguration
    ) throws -> (Database, Database, ChangeLog?, Schema, [String: Database], Bool)? {
        let path = configuration.path
        let readOnly = configuration.readOnly
        return try environment.read { txn in
            guard let meta = try txn.existingDatabase("meta") else {
                guard readOnly else { return nil }
                throw StoreError.notAGeodeStore(path: path, reason: "it holds no Geode metadata")
            }
            let found: UInt32
            do {
                found = try checkFormat(txn, meta, path)
            } catch StoreError.unsupportedFormat(_, let old, _) where !readOnly && old < formatVersion {
                return nil  // a writer upgrades it
            }
            guard readOnly || found == formatVersion else { return nil }
            guard let keys = try txn.existingDatabase("keys") else {
                guard readOnly else { return nil }
                throw StoreError.notAGeodeStore(path: path, reason: "its key table is missing")
            }
            try syncKeys(environment.mapKeys, txn, keys)
            let images = try txn.existingDatabase(ChangeLog.imagesName)
            let logDatabase = try txn.existingDatabase(ChangeLog.databaseName)
            guard readOnly || (images != nil && logDatabase != nil) else { return nil }
            let log = logDatabase.map {
                ChangeLog(
                    database: $0, meta: meta, images: images, retainedVersions: configuration.changeLogRetention)
            }
            let stored = try storedSchema(txn, meta, path)
            var schema = stored
            if let declared = configuration.schema {
                let outcome = try SchemaReconciliation.reconcile(
                    declared: declared, stored: stored,
                    deleteIfMigrationNeeded: !readOnly && configuration.deleteIfMigrationNeeded, path: path,
                    readOnly: readOnly)
                if (outcome.changed && !readOnly) || outcome.needsMigration || outcome.resetsData {
                    guard readOnly else { return nil }
                    throw StoreError.schemaMismatch(
                        path: path, differences: ["the store is read-only and its schema would change"])
                }
                schema = outcome.schema
            }
            let spatial = configuration.maintainsSpatialIndexes
            let tables = try openTables(
                schema, txn, create: false, keys: environment.mapKeys.spelling, spatial: spatial, previous: nil)
            guard try readOnly || tablesAreComplete(schema, tables, txn, spatial: spatial) else { return nil }
            return (meta, keys, log, schema, tables, false)
        }
    }

    /// Whether `tables`, opened for `schema` without a write, hold every
    /// database a writer would open and leave nothing for it to do: no index
    /// to build or drop, no bulk load whose process ended to finish.
    private static func tablesAreComplete(
        _ schema: Schema, _ tables: [String: Database], _ txn: Transaction, spatial: Bool
    ) throws -> Bool {
        let meta = tables[metaLabel]
        func isReady(_ index: String) throws -> Bool {
            guard tables[index] != nil else { return false }
            guard let marker = try BulkLoadRecord.marker(index, meta, txn) else { return true }
            return marker.owner.isRunning
        }
        for cls in schema.classes where !cls.isEmbedded {
            guard tables[cls.name] != nil else { return false }
            if cls.primaryKey != nil && !cls.isKeyedByPrimaryKey && tables["pk/\(cls.name)"] == nil { return false }
            for property in ValueIndex.properties(of: cls) {
                guard try isReady(ValueIndex.databaseName(cls.name, property.name)) else { return false }
            }
            for geo in GeoIndex.properties(of: cls, in: schema) {
                // Without spatial indexes a writer drops the trees: it decides.
                guard spatial, try isReady(GeoIndex.databaseName(cls.name, geo.property.name)),
                    tables[GeoIndex.recentDatabaseName(cls.name, geo.property.name)] != nil
                else { return false }
            }
        }
        return tables[BacklinkIndex.databaseName] != nil
    }

    /// Checks the format mark: sealed from format 4 on, bare before (read
    /// without its seal, so both are found). Returns the format found; in a
    /// write transaction, a format 3 store has its entries sealed (and is at
    /// format 4 when this returns), and a format 4 one is upgraded by the caller.
    @discardableResult
    private static func checkFormat(_ txn: Transaction, _ meta: Database, _ path: String) throws -> UInt32 {
        let key = Array("format".utf8)
        let length = formatMagic.count + 4
        guard var format = try txn.get(meta.unsealed, key: key),
            format.count == length || format.count == length + EntrySeal.size,
            Array(format.prefix(formatMagic.count)) == formatMagic
        else {
            throw StoreError.notAGeodeStore(path: path, reason: "its format marker is missing")
        }
        let sealed = format.count > length
        if sealed {
            format = try key.withUnsafeBytes { try EntrySeal.open(key: $0, stored: format, in: meta.name, path: path) }
        }
        let version = format.loadUnaligned(fromByteOffset: formatMagic.count, as: UInt32.self).bigEndian
        // Formats up to 3 had no seals, every later one has them.
        guard sealed == (version >= 4) else {
            throw StoreError.notAGeodeStore(path: path, reason: "its format marker is damaged")
        }
        if let write = txn as? WriteTransaction, version == 3 || version == 4 {
            if version == 3 { try sealEntries(write) }
            return 4
        }
        guard (oldestReadableFormat ... formatVersion).contains(version) else {
            throw StoreError.unsupportedFormat(path: path, found: version, supported: formatVersion)
        }
        return version
    }

    static func storedSchema(_ txn: Transaction, _ meta: Database, _ path: String) throws -> Schema {
        guard let bytes = try txn.get(meta, key: Array("schema".utf8)) else {
            throw StoreError.notAGeodeStore(path: path, reason: "its schema is missing")
        }
        guard let value = try ContainerView(document: bytes).value(at: 0) else {
            throw StoreError.corruptDocument(detail: "stored schema is empty", offset: 0)
        }
        return try Schema(storedValue: value.decode())
    }

    /// Opens the objects database of every top-level class (by class name) and
    /// the primary-key index of those with a primary key (by `pk/` + name),
    /// and the indexes: built from the documents when missing; the spatial
    /// ones dropped instead when `spatial` is false (a write transaction).
    ///
    /// `previous` is the schema writers followed until now (in a write
    /// transaction that changes it): an index it did not declare was not kept
    /// up to date, so one found in the file is stale (left from before the
    /// index was removed) and is built again; an index it declared that
    /// `schema` does not is emptied. Emptied, not removed: another store of
    /// this process may still hold its handle, which LMDB could give to another
    /// database.
    static func openTables(
        _ schema: Schema, _ txn: Transaction, create: Bool, keys: MapKeySpelling,
        spatial: Bool, previous: Schema?
    ) throws -> [String: Database] {
        var databases: [String: Database] = [:]
        databases[metaLabel] = try txn.existingDatabase("meta")
        let kept = previous.map(indexNames)
        let write = create ? txn as? WriteTransaction : nil
        /// Whether index `name` must be built: missing, or stale.
        func needsBuilding(_ name: String) throws -> Bool {
            guard let write, let existing = try txn.existingDatabase(name) else { return write != nil }
            guard let kept, !kept.contains(name) else { return false }
            try write.drop(existing, remove: false)
            try BulkLoadRecord.forget(name, write)
            return true
        }
        func open(_ name: String, as label: String) throws {
            if let write = txn as? WriteTransaction, create {
                databases[label] = try write.openDatabase(name)
            } else {
                databases[label] = try txn.existingDatabase(name)
            }
        }
        for cls in schema.classes where !cls.isEmbedded {
            try open("obj/\(cls.name)", as: cls.name)
            if cls.primaryKey != nil && !cls.isKeyedByPrimaryKey { try open("pk/\(cls.name)", as: "pk/\(cls.name)") }
            for property in ValueIndex.properties(of: cls) {
                let name = ValueIndex.databaseName(cls.name, property.name)
                let build = try needsBuilding(name)
                try open(name, as: name)
                if let write, let objects = databases[cls.name], let db = databases[name] {
                    let index = ValueIndex(
                        property: property.name, slot: property.slot, isMixed: property.type == .mixed, database: db,
                        loads: databases[metaLabel])
                    if build {
                        try backfill(index, objects, write, keys)
                    } else if let marker = try index.bulkLoad(write), !marker.owner.isRunning {
                        // A bulk load whose process ended first: finish it.
                        try index.recoverBulkLoad(marker, objects, write, keys)
                    }
                }
            }
            for geo in GeoIndex.properties(of: cls, in: schema) {
                let name = GeoIndex.databaseName(cls.name, geo.property.name)
                let recentName = GeoIndex.recentDatabaseName(cls.name, geo.property.name)
                guard spatial else {
                    if let write = txn as? WriteTransaction {
                        for tree in [name, recentName] {
                            if let db = try txn.existingDatabase(tree) { try write.drop(db, remove: true) }
                        }
                        try BulkLoadRecord.forget(name, write)
                    }
                    continue
                }
                let build = try needsBuilding(name)
                try open(name, as: name)
                try open(recentName, as: recentName)
                // A store written before this index existed: index what it holds, in one tree.
                if build, let write, let objects = databases[cls.name], let db = databases[name] {
                    if let recent = databases[recentName] { try write.drop(recent, remove: false) }
                    let index = GeoIndex(
                        property: geo.property.name, slot: geo.property.slot, slots: geo.slots,
                        isList: geo.property.collection == .list, database: db, recent: nil)
                    try backfill(index, objects, write, keys)
                } else if let write, let objects = databases[cls.name], let db = databases[name] {
                    // A bulk load whose process ended first: finish it.
                    let index = GeoIndex(
                        property: geo.property.name, slot: geo.property.slot, slots: geo.slots,
                        isList: geo.property.collection == .list, database: db, recent: databases[recentName],
                        loads: databases[metaLabel])
                    if let marker = try index.bulkLoad(write), !marker.owner.isRunning {
                        try index.recoverBulkLoad(marker, objects, write, keys)
                    }
                }
            }
        }
        // The backlink index: built from the documents when a writer meets a store without one.
        let hadBacklinks = try txn.existingDatabase(BacklinkIndex.databaseName) != nil
        try open(BacklinkIndex.databaseName, as: BacklinkIndex.databaseName)
        if let write, !hadBacklinks, let db = databases[BacklinkIndex.databaseName] {
            try BacklinkIndex(database: db).build(
                Catalog(schema: schema, databases: databases).tables.values, write, keys)
        }
        if let write, let kept {
            for name in kept.subtracting(indexNames(of: schema)) {
                if let db = try write.existingDatabase(name) { try write.drop(db, remove: false) }
                try BulkLoadRecord.forget(name, write)
            }
        }
        return databases
    }

    /// The label of the `meta` database among those ``openTables(_:_:create:keys:spatial:previous:)``
    /// returns: the empty name, which no class has.
    static let metaLabel = ""

    /// The databases of the value and spatial indexes `schema` declares.
    static func indexNames(of schema: Schema) -> Set<String> {
        var names = Set<String>()
        for cls in schema.classes where !cls.isEmbedded {
            for property in ValueIndex.properties(of: cls) {
                names.insert(ValueIndex.databaseName(cls.name, property.name))
            }
            for geo in GeoIndex.properties(of: cls, in: schema) {
                names.formUnion(GeoIndex.databaseNames(cls.name, geo.property.name))
            }
        }
        return names
    }

    /// How many documents an index build reads before it writes their
    /// entries: the build holds one batch, not the class (a migration of
    /// millions of objects rebuilds its indexes in bounded memory).
    static let backfillBatch = 65_536

    /// Reads what `read` takes from each document in `objects` and hands the
    /// results with their object keys to `write`, a batch at a time: the
    /// batch's reads are done (its cursor closed) before `write` runs, so that
    /// writing the index never moves a page the cursor stands on.
    static func forEachBatch<T>(
        _ objects: Database, _ txn: WriteTransaction, from first: ObjectKey? = nil,
        _ read: (UnsafeRawBufferPointer) throws -> T, write: ([(ObjectKey, T)]) throws -> Void
    ) throws {
        var after = first.flatMap { $0.rawValue > 0 ? ObjectKey($0.rawValue - 1) : nil }
        while true {
            // The cursor lives only in here: it is closed when the batch is read.
            let batch = try { () throws -> [(ObjectKey, T)] in
                var batch: [(ObjectKey, T)] = []
                batch.reserveCapacity(backfillBatch)
                let cursor = try txn.cursor(objects)
                var entry: Cursor.Entry?
                if let after {
                    guard after.rawValue < .max else { return [] }
                    entry = try cursor.seek(atLeast: withUnsafeBytes(of: (after.rawValue + 1).bigEndian) { Array($0) })
                } else {
                    entry = try cursor.first()
                }
                while let (key, value) = entry, batch.count < backfillBatch {
                    guard key.count == 8 else { break }
                    let objectKey = ObjectKey(UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)))
                    batch.append((objectKey, try read(value)))
                    entry = try cursor.next()
                }
                return batch
            }()
            try write(batch)
            guard batch.count == backfillBatch, let last = batch.last?.0 else { return }
            after = last
        }
    }

    private static func backfill(
        _ index: ValueIndex, _ objects: Database, _ txn: WriteTransaction, _ keys: MapKeySpelling,
        from first: ObjectKey? = nil
    ) throws {
        try forEachBatch(objects, txn, from: first) { document in
            try ContainerView(document: document, keys: keys).value(at: index.slot)?.decode() ?? .null
        } write: { batch in
            for (key, value) in batch { try index.add(value, key, txn) }
        }
    }

    private static func backfill(
        _ index: GeoIndex, _ objects: Database, _ txn: WriteTransaction, _ keys: MapKeySpelling,
        from first: ObjectKey? = nil
    ) throws {
        try forEachBatch(objects, txn, from: first) { document in
            try index.footprint(in: try ContainerView(document: document, keys: keys))
        } write: { batch in
            for (key, footprint) in batch { try index.add(footprint, key, txn) }
        }
    }

    /// Finishes in `txn` the bulk load `marker` names, whose process ended
    /// before it did (see ``BulkLoad``): removes the entries of the
    /// objects from its first key on, which may be stale or missing, and
    /// indexes those objects again from their documents.
    static func recoverBulkLoad(
        _ index: GeoIndex, _ marker: BulkLoadRecord.Marker, _ objects: Database, _ txn: WriteTransaction,
        _ keys: MapKeySpelling
    ) throws {
        try index.endBulkLoad(txn)
        try index.removeEntries(from: marker.first, txn)
        try backfill(index, objects, txn, keys, from: marker.first)
    }

    /// ``recoverBulkLoad(_:_:_:_:_:)`` for a value index.
    static func recoverBulkLoad(
        _ index: ValueIndex, _ marker: BulkLoadRecord.Marker, _ objects: Database, _ txn: WriteTransaction,
        _ keys: MapKeySpelling
    ) throws {
        try index.endBulkLoad(txn)
        try index.removeEntries(from: marker.first, txn)
        try backfill(index, objects, txn, keys, from: marker.first)
    }

    private static func dropData(of schema: Schema, _ txn: WriteTransaction, _ meta: Database) throws {
        for cls in schema.classes where !cls.isEmbedded {
            let geoNames =
                GeoIndex.properties(of: cls, in: schema).flatMap { GeoIndex.databaseNames(cls.name, $0.property.name) }
                + ValueIndex.properties(of: cls).map { ValueIndex.databaseName(cls.name, $0.name) }
            for name in ["obj/\(cls.name)", "pk/\(cls.name)"] + geoNames {
                if let db = try txn.existingDatabase(name) { try txn.drop(db, remove: true) }
                try BulkLoadRecord.forget(name, txn)
            }
            try txn.delete(meta, key: Array("next/\(cls.table)".utf8))
        }
        if let db = try txn.existingDatabase(BacklinkIndex.databaseName) { try txn.drop(db, remove: false) }
    }

    // MARK: - Interned map keys

    /// Adds to `table` the keys committed to `keys` that it lacks (another
    /// process interned them), when `txn` may see some.
    static func syncKeys(_ table: MapKeyTable, _ txn: Transaction, _ keys: Database) throws {
        let version = txn.version
        guard table.needsSync(at: version) else { return }
        table.sync(loading: try storedKeys(txn, keys, from: table.committedCount), version: version)
    }

    /// The spellings stored under numbers `from` and up, in number order.
    static func storedKeys(_ txn: Transaction, _ keys: Database, from first: Int) throws -> [[UInt8]] {
        guard try txn.count(keys) > first else { return [] }
        let cursor = try txn.cursor(keys)
        var found: [[UInt8]] = []
        var entry = try cursor.seek(atLeast: withUnsafeBytes(of: UInt32(first).bigEndian, Array.init))
        var expected = UInt32(first)
        while let (key, value) = entry {
            guard key.count == 4, UInt32(bigEndian: key.loadUnaligned(as: UInt32.self)) == expected,
                value.count <= MapKeyTable.longestKey
            else {
                throw StoreError.corruptDocument(
                    detail: "the key table has a gap or a damaged entry at number \(expected)", offset: 0)
            }
            found.append(Array(value))
            expected += 1
            entry = try cursor.next()
        }
        return found
    }

    /// Starts a write transaction's use of the key table: forgets what an
    /// aborted one interned, loads what other processes committed, and stores
    /// the keys this one interns just before it commits.
    func beginKeys(_ txn: WriteTransaction) throws {
        let table = mapKeys
        table.beginWrite(loading: try Self.storedKeys(txn, keysDatabase, from: table.committedCount))
        let db = keysDatabase
        txn.onCommit {
            for (number, utf8) in table.pendingKeys() {
                try withUnsafeBytes(of: number.bigEndian) { k in
                    try utf8.withUnsafeBytes { try txn.put(db, key: k, value: $0) }
                }
            }
        }
        let version = txn.version
        txn.onCommitted { table.commitPending(version: version) }
        txn.onAbort { table.beginWrite(loading: []) }
    }

    /// Writes a consistent, compacted copy of the store to `destination`,
    /// which must not exist; other threads and processes may write meanwhile.
    /// The copy appears whole or not at all.
    ///
    /// ```swift
    /// try store.copy(to: "/backups/places.geode")
    /// ```
    package func copy(to destination: String) throws {
        guard access(destination, F_OK) != 0 else {
            throw StoreError.fileAccess(path: destination, operation: "copy to (it exists)", errno: EEXIST)
        }
        let temporary = destination + ".copying-\(getpid())"
        defer { unlink(temporary) }
        try environment.copy(to: temporary)
        if link(temporary, destination) != 0 {
            throw StoreError.fileAccess(path: destination, operation: "create", errno: errno)
        }
    }

    // MARK: - Transactions

    /// Runs `body` in a read transaction: one consistent version of the store.
    package func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try environment.read { txn in
            try Self.syncKeys(mapKeys, txn, keysDatabase)
            return try body(StoreTransaction(store: self, transaction: txn))
        }
    }

    /// Runs `body` in the write transaction and commits; a thrown error leaves the
    /// store unchanged. `body` may run again if the map had to grow.
    package func write<T>(_ body: (StoreWriteTransaction) throws -> T) throws -> T {
        if configuration.readOnly { throw StoreError.readOnly(path: path) }
        return try environment.write { txn in
            try beginKeys(txn)
            let scope = StoreWriteTransaction(store: self, transaction: txn)
            return try body(scope)
        }
    }

    /// Begins the write transaction for a caller that ends it later on this same
    /// thread with ``StoreWriteTransaction/commit()`` or ``StoreWriteTransaction/abort()``.
    package func beginWrite() throws -> StoreWriteTransaction {
        if configuration.readOnly { throw StoreError.readOnly(path: path) }
        let txn = try environment.beginWrite()
        do { try beginKeys(txn) } catch { txn.abort(); throw error }
        return StoreWriteTransaction(store: self, transaction: txn)
    }

    /// Waits, suspended, until no write of this process is open on the store,
    /// then runs `body` (a synchronous write) on the caller's isolation; see
    /// ``Environment/withWriterTurn(isolation:_:)``. A write of another
    /// process still blocks `body`'s thread while it lasts.
    ///
    /// ```swift
    /// let key = try await store.withWriterTurn { try store.write { txn in try txn.insert(row, into: table) } }
    /// ```
    package func withWriterTurn<T>(isolation: isolated (any Actor)? = #isolation, _ body: () throws -> T)
        async throws -> T
    {
        try await environment.withWriterTurn(body)
    }

    /// Pins the current version for reading from any thread until closed.
    package func pin() throws -> PinnedTransaction { try environment.pin() }

    /// How many versions of the file readers of any process hold now (the
    /// versions the file must keep).
    package var activeVersionCount: Int { environment.readerVersions().count }

    /// Runs `body` on the version `pinned` holds.
    package func read<T>(_ pinned: PinnedTransaction, _ body: (StoreTransaction) throws -> T) throws -> T {
        try pinned.read { txn in
            try Self.syncKeys(mapKeys, txn, keysDatabase)
            // One view per pinned version, kept with it: a small query reads many times.
            if let scope = pinned.companion as? StoreTransaction, scope.store === self { return try body(scope) }
            let scope = StoreTransaction(store: self, transaction: txn)
            pinned.companion = scope
            return try body(scope)
        }
    }
}

extension Environment {
    /// Whether this process has the environment at `path` open.
    static func isOpen(path: String) -> Bool {
        registryContains(canonicalPath(path))
    }
}
