import Foundation
import GeodeCore

/// The code that moves a realm's data to a new schema version: called once,
/// when a realm opens a file whose schema version is lower than
/// ``Realm/Configuration/schemaVersion``, with the version the file had.
///
/// The block may throw: the realm then fails to open with that error and the
/// file is left exactly as it was, as it is when a change inside the block is
/// refused (a wrong type, duplicate primary keys after the migration).
///
/// ```swift
/// var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2)
/// configuration.migrationBlock = { migration, oldSchemaVersion in
///     if oldSchemaVersion < 1 {
///         migration.renameProperty(onType: "Person", from: "name", to: "fullName")
///     }
///     if oldSchemaVersion < 2 {
///         migration.enumerateObjects(ofType: "Person") { old, new in
///             new?["age"] = "\(old?["age"] as? Int ?? 0)"   // Int became String
///         }
///     }
/// }
/// let realm = try Realm(configuration: configuration)
/// ```
public typealias MigrationBlock = @Sendable (_ migration: Migration, _ oldSchemaVersion: UInt64) throws -> Void

/// An object seen by a migration: read and written by property name.
public typealias MigrationObject = DynamicObject

/// What ``Migration/enumerateObjects(ofType:_:)`` calls for each object: the
/// object as the old schema saw it and as the new schema sees it (nil once the
/// migration deleted it).
public typealias MigrationObjectEnumerateBlock = (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) -> Void

/// A migration in progress: the old and new schemas, the objects in both,
/// and the changes a schema needs besides adding and removing properties.
///
/// Everything a migration does happens in one write transaction. When it
/// begins, properties that kept their type keep their values (also when they
/// became optional or required); new properties, and properties whose type
/// changed, hold their type's zero value, while the old values stay readable
/// through the old objects. When the block returns, properties made required
/// lose their nulls, primary keys are checked, indexes are rebuilt and the
/// new schema is stored.
///
/// ```swift
/// configuration.migrationBlock = { migration, _ in
///     migration.enumerateObjects(ofType: "Dog") { old, new in
///         new?["name"] = (old?["firstName"] as? String ?? "") + " " + (old?["lastName"] as? String ?? "")
///     }
/// }
/// ```
public final class Migration {
    let engine: StoreMigration
    /// The realm the migration writes through: its write transaction is the migration's.
    let realm: Realm
    /// The read-only realm of the old objects, as the file had them.
    let oldRealm: Realm
    private let progress: (@Sendable (MigrationProgress) -> Void)?

    init(engine: StoreMigration, realm: Realm, oldRealm: Realm, progress: (@Sendable (MigrationProgress) -> Void)?) {
        self.engine = engine
        self.realm = realm
        self.oldRealm = oldRealm
        self.progress = progress
    }

    /// The schema of the file before the migration, every class it held.
    public var oldSchema: Schema { Schema(engine.oldSchema) }

    /// The schema the migration moves the file to: the configuration's classes.
    public var newSchema: Schema {
        var schema = engine.newSchema
        schema.classes.removeAll { !engine.declaredClasses.contains($0.name) }
        return Schema(schema)
    }

    /// Calls `block` with every object the class had before the migration:
    /// as the file had it (read-only, unchanged by the block) and as the new
    /// schema reads it now. Objects the block created are not visited, nor
    /// are objects it deleted. A class the new schema does not declare gives
    /// nil new objects; a class only the new schema has gives nil old objects
    /// (its objects the block created so far). The objects are visited in
    /// batches, so memory stays flat however many there are. An old or new
    /// object the block does not keep is pointed at the next object rather
    /// than a new one being made, as in an iteration over ``Results``: keep it
    /// strongly, not only weakly, to hold on to it past its turn.
    ///
    /// ```swift
    /// migration.enumerateObjects(ofType: "Person") { old, new in
    ///     new?["email"] = (old?["email"] as? String)?.lowercased()
    /// }
    /// ```
    public func enumerateObjects(ofType typeName: String, _ block: MigrationObjectEnumerateBlock) {
        let oldClass = oldRealm.dynamicClass(named: typeName)
        let newClass = engine.declaredClasses.contains(typeName) ? realm.dynamicClass(named: typeName) : nil
        if let oldClass, oldClass.table.schema.isEmbedded { return }
        do {
            guard let oldClass else {
                // Realm's odd case, kept: a class new in this migration yields the objects made so far.
                guard let newClass, !newClass.table.schema.isEmbedded else { return }
                for object in Array(realm.dynamicObjects(typeName)) { block(nil, object) }
                return
            }
            let total = try engine.oldObjectCount(of: typeName)
            // Each visited object is written once, by the block or after it, without the
            // values of properties the new schema dropped: the class needs no second pass.
            if newClass != nil { engine.beginClearing(typeName) }
            guard let oldTable = engine.oldTable(typeName) else { return }
            var done = 0
            var after: ObjectKey?
            // The objects of the last visit, pointed at the next object when the block kept
            // neither (as an iteration over Results reuses its objects): making two objects
            // for each of a million was a fifth of a migration that renames and converts.
            var spareOld: MigrationObject?
            var spareNew: MigrationObject?
            while true {
                // The old documents come with their keys, kept by the old objects for their reads.
                let (keys, documents) = try engine.store.pinnedObjects(
                    after: after, limit: 1024, in: oldTable, engine.snapshot)
                guard let last = keys.last else { break }
                let clearing = engine.tableBeingCleared(typeName)
                for (key, document) in zip(keys, documents) {
                    let old = Self.object(key, of: oldClass, in: oldRealm, document: document, reusing: &spareOld)
                    guard let newClass else {
                        block(old, nil)
                        continue
                    }
                    // An object deleted earlier in the migration is not visited, as in Realm.
                    if engine.mayHaveDeletedObjects(ofTable: newClass.table.schema.table) {
                        guard realm.exists(newClass, key) else { continue }
                    }
                    let new = Self.object(key, of: newClass, in: realm, document: nil, reusing: &spareNew)
                    block(old, new)
                    if let clearing { try engine.clearRetiredSlots(of: key, in: clearing) }
                }
                done += keys.count
                progress?(
                    MigrationProgress(
                        phase: .enumerating, className: typeName, completedObjects: done, totalObjects: total))
                after = last
            }
            if newClass != nil { engine.endClearing(typeName) }
        } catch {
            realm.record(error)
        }
    }

    /// Object `key` of `cls` in `realm`: `spare` pointed at it when nobody
    /// else holds `spare`, else a new object, kept in `spare` for the next key.
    private static func object(
        _ key: ObjectKey, of cls: RealmClass, in realm: Realm, document: PinnedDocument?,
        reusing spare: inout MigrationObject?
    ) -> MigrationObject {
        if isKnownUniquelyReferenced(&spare), let object = spare {
            realm.repoint(object, of: cls, to: key, document: document)
            return object
        }
        let object = MigrationObject()
        object.becomeManaged(ManagedRef(realm: realm, cls: cls, root: cls, key: key, path: [], document: document))
        spare = object
        return object
    }

    /// Creates an object of class `typeName` in the new schema from a
    /// dictionary, an array in property order or another object, as
    /// ``Realm/dynamicCreate(_:value:update:)`` does.
    ///
    /// ```swift
    /// migration.create("Settings", value: ["id": 1, "theme": "dark"])
    /// ```
    @discardableResult
    public func create(_ typeName: String, value: Any = [Any]()) -> MigrationObject {
        realm.dynamicCreate(typeName, value: value)
    }

    /// Deletes an object (a new object from ``enumerateObjects(ofType:_:)`` or
    /// ``create(_:value:)``).
    ///
    /// ```swift
    /// migration.enumerateObjects(ofType: "Visit") { _, new in
    ///     if let new { migration.delete(new) }
    /// }
    /// ```
    public func delete(_ object: MigrationObject) {
        if object._ref?.cls.readsOldSchema == true {
            realm.record(
                GeodeError.schema(
                    GeodeError.SchemaFailure(
                        "an old object of a migration cannot be deleted: delete the new one",
                        className: object._ref?.cls.name)))
            return
        }
        realm.delete(object)
    }

    /// Deletes every object of class `typeName`, and the class itself when the
    /// new schema does not declare it (and no class refers to it); links to
    /// its objects become null. Returns whether the file had the class.
    ///
    /// ```swift
    /// migration.deleteData(forType: "Cache")
    /// ```
    @discardableResult
    public func deleteData(forType typeName: String) -> Bool {
        do {
            let deleted = try engine.deleteData(forType: typeName)
            realm.forgetDynamicClasses()
            return deleted
        } catch {
            realm.record(error)
            return false
        }
    }

    /// Gives property `newName` of the new schema the values property
    /// `oldName` had in the old one. The old property must be gone from the new
    /// schema and the type must stay the same (optional may become required
    /// only through a type change, as in Realm); otherwise the migration fails.
    ///
    /// ```swift
    /// migration.renameProperty(onType: "Person", from: "yearsSinceBirth", to: "age")
    /// ```
    public func renameProperty(onType typeName: String, from oldName: String, to newName: String) {
        do {
            try engine.renameProperty(onType: typeName, from: oldName, to: newName)
            realm.forgetDynamicClasses()
        } catch {
            realm.record(error)
        }
    }
}

extension Realm {
    /// Runs the configuration's migration, if the file needs one, without
    /// keeping a realm open: the file is at the configured schema version
    /// afterwards.
    ///
    /// ```swift
    /// try Realm.performMigration(for: configuration)
    /// ```
    public static func performMigration(for configuration: Configuration = .defaultConfiguration) throws {
        _ = try Realm(configuration: configuration)
    }
}

/// The schema version stored in the file at `fileURL`, without opening it
/// as a realm (no schema is checked or changed). Geode does not encrypt
/// stores: an `encryptionKey` is refused. A file that does not exist is a
/// ``GeodeError/FileFailure/Reason/missing`` file whose code is Realm's
/// `.invalidDatabase` (a store not initialized), as in Realm.
///
/// ```swift
/// if try schemaVersionAtURL(url) < 3 { print("this store will be migrated") }
/// ```
public func schemaVersionAtURL(_ fileURL: URL, encryptionKey: Data? = nil) throws -> UInt64 {
    guard encryptionKey == nil else {
        throw GeodeError.invalidValue(
            "Geode does not encrypt stores: an encryption key cannot be given (\(fileURL.path) was not read)")
    }
    do {
        var configuration = StoreConfiguration(path: fileURL.path)
        configuration.readOnly = true
        return try Store.open(configuration).schema.version
    } catch {
        // Realm's code for a file that was never made: a database not initialized.
        guard case var .file(failure) = GeodeError.from(error), failure.reason == .missing else {
            throw GeodeError.from(error)
        }
        failure.realmCode = .invalidDatabase
        throw GeodeError.file(failure)
    }
}

/// An error the configuration's migration block threw, carried through the
/// store so that ``Realm/init(configuration:)`` throws it unchanged.
struct MigrationBlockError: Error {
    let error: Error
}
