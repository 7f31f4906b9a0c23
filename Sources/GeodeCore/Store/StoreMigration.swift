/// Moves a store from the schema in its file to a declared one with a higher
/// version, inside one write transaction, following Realm's migration rules.
///
/// When it begins, every declared class and property exists: a property whose
/// type (element type, link target) and optionality are unchanged, or that
/// became optional, keeps its values; any other changed or new property starts
/// at its type's zero value (null, empty) in a slot of its own. The old objects
/// stay readable, exactly as they were committed, through ``snapshot`` and
/// ``oldTable(_:)``. The caller's code then runs in ``transaction`` (renames,
/// objects created, changed and deleted, primary keys changed, duplicates
/// allowed for now), and ``finish()`` makes it final: classes whose documents
/// hold values of no property are rewritten without them, objects of a class
/// keyed by its primary key move to their keys, primary keys are checked for
/// duplicates, the indexes of rewritten classes are rebuilt, and the schema is
/// stored. An error anywhere aborts the transaction: the file stays as it was.
///
/// ```swift
/// try store.migrate(to: declared) { migration in
///     try migration.renameProperty(onType: "Dog", from: "name", to: "fullName")
/// }
/// ```
package final class StoreMigration {
    /// The write transaction everything happens in.
    package let transaction: StoreWriteTransaction
    /// The version before the migration, pinned: the old objects as committed.
    package let snapshot: PinnedTransaction
    /// The schema in the file before the migration.
    package let oldSchema: Schema
    /// The schema the migration moves to (renames applied as they are made):
    /// the declared classes and the file's other classes, which stay.
    package private(set) var newSchema: Schema
    /// The names of the declared classes.
    package let declaredClasses: Set<String>
    /// Reports progress while documents are rewritten: class, done, total.
    package var onRewrite: ((_ className: String, _ done: Int, _ total: Int) -> Void)?
    /// The old schema's tables, over the same databases.
    private let oldTables: [String: Table]
    /// For each class, the file's properties by name as renames leave them:
    /// a rename to a name the new schema lacks is a step in a chain of renames.
    private var fileColumns: [String: [String: PropertySchema]]
    /// Names renames gave that the new schema lacks, by class: each must be
    /// renamed again before the migration ends.
    private var pendingNames: [String: Set<String>] = [:]
    /// Databases of classes ``deleteData(forType:)`` removed, emptied, to remove at the end.
    private var removedDatabases: [String] = []
    /// Classes whose retired slots are being cleared object by object (see
    /// ``beginClearing(_:)``): true once every old object was cleared.
    private var clearing: [String: Bool] = [:]
    /// Declared classes that change between top-level and embedded: they keep
    /// the file's kind until the block has run (see ``EmbeddingConversion``).
    private let conversions: [ClassSchema]

    package var store: Store { transaction.store }

    /// Begins the migration from `stored` (the file's schema, read in
    /// `transaction`) to `declared`.
    init(transaction: StoreWriteTransaction, stored: Schema, declared: Schema) throws {
        try declared.validate()
        self.transaction = transaction
        let store = transaction.store
        snapshot = try store.pin()
        oldSchema = stored
        declaredClasses = Set(declared.classes.map(\.name))
        conversions = declared.classes.filter { cls in stored[cls.name].map { $0.isEmbedded != cls.isEmbedded } ?? false }
        newSchema = try Self.transitional(from: stored, to: declared)
        fileColumns = Dictionary(
            uniqueKeysWithValues: stored.classes.map { cls in
                (cls.name, Dictionary(cls.storedProperties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a }))
            })
        // A primary key that moved, changed type or changed how objects are keyed:
        // its old index is wrong from now on; ``finish()`` builds a new one.
        let write = transaction.writeTransaction
        for cls in newSchema.classes where !cls.isEmbedded {
            guard let old = stored[cls.name], Self.primaryKeyChanged(old, cls) else { continue }
            transaction.migrationLog?.changedPrimaryKeys.insert(cls.table)
            // Emptied, not removed: LMDB may give a removed database's handle to
            // another while the snapshot could still use it.
            if let db = try write.existingDatabase("pk/\(cls.name)") { try write.drop(db, remove: false) }
        }
        let databases = try Store.openTables(
            newSchema, write, create: true, keys: store.mapKeys.spelling,
            spatial: store.configuration.maintainsSpatialIndexes, previous: stored)
        oldTables = Catalog(schema: stored, databases: databases).tables
        install(databases)
    }

    /// The table of class `name` as the file had it, for reading its documents
    /// through ``snapshot`` (nil for a class the file did not have).
    package func oldTable(_ name: String) -> Table? { oldTables[name] }

    /// The number of objects class `name` had before the migration.
    package func oldObjectCount(of name: String) throws -> Int {
        guard let table = oldTables[name] else { return 0 }
        return try store.read(snapshot) { try $0.count(table) }
    }

    // MARK: - Renames and deletions

    /// Gives property `to` of the new schema the values of property `from` of
    /// the file, as Realm's `renameProperty(onType:from:to:)` does, with its
    /// checks in its order and its messages. A rename to a name the new schema
    /// lacks is a step of a chain (`a` → `tmp`, then `tmp` → `b`).
    package func renameProperty(onType className: String, from: String, to: String) throws {
        func refuse(_ reason: String, _ property: String? = from) -> StoreError {
            .migrationFailed(className: className, property: property, reason: reason)
        }
        // A class this migration adds has its table already, as in Realm: no property to rename.
        guard var columns = fileColumns[className] ?? (declaredClasses.contains(className) ? [:] : nil) else {
            throw refuse("Cannot rename properties for type '\(className)' because it does not exist.", nil)
        }
        guard declaredClasses.contains(className),
            let newIndex = newSchema.classes.firstIndex(where: { $0.name == className })
        else {
            throw refuse(
                "Cannot rename properties for type '\(className)' because it has been removed from the Realm.", nil)
        }
        var cls = newSchema.classes[newIndex]
        guard cls.property(named: from) == nil else {
            throw refuse(
                "Cannot rename property '\(className).\(from)' to '\(to)' because the source property still exists.")
        }
        guard let old = columns[from] else {
            throw refuse("Cannot rename property '\(className).\(from)' because it does not exist.")
        }
        columns[from] = nil
        pendingNames[className]?.remove(from)
        guard let target = cls.properties.firstIndex(where: { $0.name == to && $0.isStored }) else {
            // One step of a chain: the next rename starts from this name.
            var renamed = old
            renamed.name = to
            columns[to] = renamed
            fileColumns[className] = columns
            pendingNames[className, default: []].insert(to)
            return
        }
        let new = cls.properties[target]
        guard Self.keepsValues(old, new) || (old.isOptional && !new.isOptional && Self.sameType(old, new)) else {
            throw refuse(
                "Cannot rename property '\(className).\(from)' to '\(to)' because it would change from type '\(old.typeDescription)' to '\(new.typeDescription)'."
            )
        }
        if !Self.keepsValues(old, new) {
            throw refuse(
                "Cannot rename property '\(className).\(from)' to '\(to)' because it would change from optional to required."
            )
        }
        var renamed = old
        renamed.name = to
        columns[to] = renamed
        fileColumns[className] = columns
        cls.properties[target].slot = old.slot
        newSchema.classes[newIndex] = cls
        if cls.primaryKey?.name == to || oldSchema[className]?.primaryKey?.slot == old.slot {
            transaction.migrationLog?.changedPrimaryKeys.insert(cls.table)
        }
        install(store.current.databases)
        try restoreRetiredSlot(old.slot, of: className)
    }

    // MARK: - Clearing retired slots while the block writes

    /// Starts clearing the retired slots of class `className` — those of the
    /// file's properties no property of the new schema keeps — in every write
    /// of one of its objects from now on, so that visiting each object once
    /// (``Migration``'s enumeration, which writes the objects the block left
    /// alone with ``clearRetiredSlots(of:in:)``) leaves a class that needs no
    /// rewrite at the end: one pass over the documents instead of two.
    package func beginClearing(_ className: String) {
        guard clearing[className] == nil, let cls = newSchema[className], !cls.isEmbedded else { return }
        let retired = retiredSlots(of: cls)
        guard !retired.isEmpty else { return }
        transaction.migrationLog?.retiredSlots[cls.table] = retired
        clearing[className] = false
    }

    /// Stores old object `key` with its retired slots null, unless a write
    /// of the block did so already.
    package func clearRetiredSlots(of key: ObjectKey, in table: Table) throws {
        try transaction.clearRetiredSlots(of: key, in: table)
    }

    /// Whether an object of the class with table number `table` may have
    /// been deleted in the migration so far (else each old object still exists).
    package func mayHaveDeletedObjects(ofTable table: UInt32) -> Bool {
        transaction.migrationLog?.tablesWithDeletions.contains(table) ?? true
    }

    /// The table of class `className` while its old objects are being
    /// cleared (nil when they are not, or no longer need to be).
    package func tableBeingCleared(_ className: String) -> Table? {
        clearing[className] == false ? store.current.tables[className] : nil
    }

    /// Notes that every old object of class `className` was cleared.
    package func endClearing(_ className: String) {
        if clearing[className] == false { clearing[className] = true }
    }

    /// The slots of the file's layout of `cls` no property of the new schema uses.
    private func retiredSlots(of cls: ClassSchema) -> SlotSet {
        guard let old = oldSchema[cls.name] else { return SlotSet() }
        let used = SlotSet(cls.storedProperties.map(\.slot))
        return SlotSet(old.storedProperties.map(\.slot).filter { !used.contains($0) })
    }

    /// A rename gave a retired slot a property again: the objects cleared so
    /// far get their values back from the version before the migration.
    private func restoreRetiredSlot(_ slot: Int, of className: String) throws {
        guard let table = store.current.tables[className],
            var retired = transaction.migrationLog?.retiredSlots[table.schema.table], retired.contains(slot)
        else { return }
        retired.remove(slot)
        transaction.migrationLog?.retiredSlots[table.schema.table] = retired
        guard let oldTable = oldTables[className],
            let property = table.storedProperties.first(where: { $0.slot == slot })
        else { return }
        var after: ObjectKey?
        while true {
            var batch: [(ObjectKey, Value)] = []
            try store.read(snapshot) { txn in
                try txn.forEach(in: oldTable, from: after.map { ObjectKey($0.rawValue &+ 1) }) { key, document in
                    batch.append((key, try document.value(at: slot)?.decode() ?? property.defaultValue))
                    return batch.count < 4096
                }
            }
            guard let last = batch.last?.0 else { return }
            for (key, value) in batch where try transaction.document(key, in: table) != nil {
                try transaction.update(value, of: property, key: key, in: table)
            }
            if last.rawValue == .max { return }
            after = last
        }
    }

    /// Removes every object of class `className`, and the class itself when
    /// the new schema does not declare it (and no class refers to it); links
    /// to its objects become null. Returns whether the file has the class
    /// (also when this migration added it).
    package func deleteData(forType className: String) throws -> Bool {
        guard let cls = newSchema[className] else { return false }
        let write = transaction.writeTransaction
        let removesClass = !declaredClasses.contains(className) && isUnreferenced(className)
        transaction.migrationLog?.tablesWithDeletions.insert(cls.table)
        if !cls.isEmbedded {
            let names = Self.databaseNames(of: cls)
            // Emptied now; removed at the end, once the snapshot is closed.
            for name in names {
                if let db = try write.existingDatabase(name) { try write.drop(db, remove: false) }
                try BulkLoadRecord.forget(name, write)
            }
            try LinkCleaner(store: store, transaction: transaction).removeLinks(toTable: cls.table)
            if removesClass { removedDatabases += names }
        }
        if removesClass {
            newSchema.classes.removeAll { $0.name == className }
            try write.delete(store.meta, key: Array("next/\(cls.table)".utf8))
            install(store.current.databases)
        }
        return true
    }

    /// Removes the databases of class `cls` (its objects, primary keys and
    /// indexes) and its key counter: a class that became embedded.
    private func removeDatabases(of cls: ClassSchema) throws {
        let write = transaction.writeTransaction
        for name in Self.databaseNames(of: cls) {
            if let db = try write.existingDatabase(name) { try write.drop(db, remove: true) }
            try BulkLoadRecord.forget(name, write)
        }
        try write.delete(store.meta, key: Array("next/\(cls.table)".utf8))
    }

    /// The databases a top-level class may have: objects, primary keys, indexes.
    private static func databaseNames(of cls: ClassSchema) -> [String] {
        ["obj/\(cls.name)", "pk/\(cls.name)"]
            + cls.storedProperties.map { ValueIndex.databaseName(cls.name, $0.name) }
            + cls.storedProperties.flatMap { GeoIndex.databaseNames(cls.name, $0.name) }
    }

    /// Whether no class of the new schema can hold a link to or an embedded
    /// object of class `name`.
    private func isUnreferenced(_ name: String) -> Bool {
        !newSchema.classes.contains { cls in
            cls.name != name && cls.properties.contains { $0.objectClassName == name }
        }
    }

    // MARK: - Finishing

    /// Makes the migration final (see the type's summary) and stores the new schema.
    package func finish() throws {
        for (className, names) in pendingNames {
            if let name = names.sorted().first {
                throw StoreError.migrationFailed(
                    className: className, property: name,
                    reason: "Renamed property '\(className).\(name)' does not exist.")
            }
        }
        // The old objects are no longer read: databases can go now.
        snapshot.close()
        let write = transaction.writeTransaction
        for name in removedDatabases {
            if let db = try write.existingDatabase(name) { try write.drop(db, remove: true) }
            try BulkLoadRecord.forget(name, write)
        }
        var final = newSchema
        let changedKeys = transaction.migrationLog?.changedPrimaryKeys ?? []
        var rewritten: [(ClassSchema, rekeys: Bool)] = []
        for (index, cls) in final.classes.enumerated() where !cls.isEmbedded {
            // Values of no property (removed, or of a changed type) go; keys are checked again.
            let retired = retiredSlots(of: cls)
            let keysChanged = changedKeys.contains(cls.table)
            guard !retired.isEmpty || keysChanged else { continue }
            // Every object written once with its retired slots null: the slots
            // stay unused instead, unless they would outnumber the live ones.
            if !keysChanged, clearing[cls.name] == true,
                retired.isSubset(of: transaction.migrationLog?.retiredSlots[cls.table] ?? SlotSet()),
                cls.slotCount <= 2 * max(1, cls.storedProperties.count)
            {
                continue
            }
            // Rewritten anyway: the new layout is dense, in declaration order.
            var laidOut = cls
            laidOut.assignSlotsInOrder()
            final.classes[index] = laidOut
            rewritten.append((cls, cls.isKeyedByPrimaryKey && keysChanged))
        }
        if !rewritten.isEmpty {
            // The rewritten classes' indexes are built again from their new documents.
            for (cls, _) in rewritten {
                let names =
                    ["pk/\(cls.name)"]
                    + ValueIndex.properties(of: cls).map { ValueIndex.databaseName(cls.name, $0.name) }
                    + GeoIndex.properties(of: cls, in: newSchema).flatMap {
                        GeoIndex.databaseNames(cls.name, $0.property.name)
                    }
                for name in names {
                    if let db = try write.existingDatabase(name) { try write.drop(db, remove: true) }
                    try BulkLoadRecord.forget(name, write)
                }
            }
            let source = store.current
            var databases = source.databases
            for (cls, _) in rewritten {
                databases = databases.filter {
                    !$0.key.hasPrefix("ix/\(cls.name)/") && !$0.key.hasPrefix("geo/\(cls.name)/")
                        && !$0.key.hasPrefix("geo+/\(cls.name)/")
                        && $0.key != "pk/\(cls.name)"
                }
            }
            let target = Catalog(schema: final, databases: databases)
            var moved: [UInt32: Database] = [:]
            for (cls, rekeys) in rewritten {
                guard let from = source.tables[cls.name], let to = target.tables[cls.name] else { continue }
                moved[cls.table] = try rewrite(from, as: to, rekeys: rekeys, write)
            }
            if !moved.isEmpty {
                try LinkCleaner(store: store, transaction: transaction).relinkObjects(
                    moved, in: Array(target.tables.values))
                for db in moved.values { try write.drop(db, remove: true) }
            }
        }
        // Classes change kind now, after the block and the rewrites, as in Realm.
        var embedding: [Table] = []
        for declared in conversions {
            guard let index = final.classes.firstIndex(where: { $0.name == declared.name }) else { continue }
            if declared.isEmbedded, let table = store.current.tables[declared.name] { embedding.append(table) }
            final.classes[index].isEmbedded = declared.isEmbedded
            for i in final.classes[index].properties.indices {
                let name = final.classes[index].properties[i].name
                final.classes[index].properties[i].isPrimaryKey = declared.property(named: name)?.isPrimaryKey ?? false
            }
        }
        try write.put(store.meta, key: Array("schema".utf8), value: DocumentWriter.encode(final.storedValue))
        // The transitional schema's indexes were kept up to date during the migration.
        let databases = try Store.openTables(
            final, write, create: true, keys: store.mapKeys.spelling,
            spatial: store.configuration.maintainsSpatialIndexes, previous: newSchema)
        newSchema = final
        install(databases)
        for table in embedding {
            try EmbeddingConversion(transaction: transaction, schema: final, className: table.schema.name)
                .embed(from: table)
            try removeDatabases(of: table.schema)
        }
        for declared in conversions where !declared.isEmbedded {
            guard let table = store.current.tables[declared.name] else { continue }
            try EmbeddingConversion(transaction: transaction, schema: final, className: declared.name)
                .extract(into: table)
        }
        let catalog = store.current
        for (cls, _) in rewritten {
            guard let table = catalog.tables[cls.name] else { continue }
            try rebuildPrimaryKeys(table, write)
            if !table.isKeyedByPrimaryKey, let bounds = try transaction.keyBounds(in: table) {
                try transaction.reserveKeys(through: bounds.last, in: table)
            }
        }
        // Documents and keys moved wholesale, unindexed: the backlinks are built again.
        if let backlinks = catalog.backlinks {
            try backlinks.removeAll(write)
            try backlinks.build(catalog.tables.values, write, store.mapKeys.spelling)
        }
    }

    /// Rewrites every document of a class from its layout in `source` to the
    /// one in `target`; with `rekeys`, objects move to the key their primary
    /// key gives. Returns a database of the keys that changed (old key to new
    /// key, both big-endian), nil when none did: kept in the file, not in
    /// memory, however many objects move.
    private func rewrite(
        _ source: Table, as target: Table, rekeys: Bool,
        _ write: WriteTransaction
    ) throws -> Database? {
        let total = try transaction.count(source)
        let parking = rekeys ? try write.openDatabase("migrating/\(target.schema.name)") : nil
        let movedKeys = rekeys ? try write.openDatabase("migrating/moved/\(target.schema.name)") : nil
        var movedCount = 0
        // Each slot of the new layout, from the old layout's slot of the same property.
        let slots = target.storedProperties.map { p in source.schema.property(named: p.name)?.slot }
        let defaults = target.storedProperties.map(\.defaultValue)
        let primaryKey = target.schema.primaryKey.flatMap { source.schema.property(named: $0.name) }
        let objects = try target.objectDatabase()
        var done = 0
        try transaction.forEachBatchOfKeys(in: source) { keys in
            for key in keys {
                guard let document = try transaction.document(key, in: source) else { continue }
                var destination = key
                var value = Value.null
                if parking != nil, let primaryKey {
                    value = try document.value(at: primaryKey.slot)?.decode() ?? primaryKey.defaultValue
                    destination = target.objectKey(forPrimaryKey: value) ?? key
                }
                let parked = destination != key ? parking : nil
                guard
                    try transaction.relayout(
                        document, slots: slots, defaults: defaults, key: destination, in: target, parking: parked)
                else {
                    throw duplicatePrimaryKey(target, value: value)
                }
                if parked != nil, let movedKeys {
                    _ = try write.delete(objects, key: key.rawValue)
                    try withUnsafeBytes(of: key.rawValue.bigEndian) { old in
                        try withUnsafeBytes(of: destination.rawValue.bigEndian) {
                            try write.put(movedKeys, key: old, value: $0)
                        }
                    }
                    movedCount += 1
                }
            }
            done += keys.count
            onRewrite?(target.schema.name, done, total)
        }
        if let parking {
            let cursor = try write.cursor(parking)
            var entry = try cursor.first()
            while let (key, document) = entry {
                guard try write.putNew(objects, key: key, value: document) else {
                    let pk = Int64(bitPattern: UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)) ^ (1 << 63))
                    throw duplicatePrimaryKey(target, value: .int(pk))
                }
                entry = try cursor.next()
            }
            try write.drop(parking, remove: true)
        }
        guard let movedKeys else { return nil }
        guard movedCount > 0 else {
            try write.drop(movedKeys, remove: true)
            return nil
        }
        return movedKeys
    }

    /// Fills the emptied `pk/` index of a rewritten class from its documents,
    /// throwing Realm's error when two objects have the same primary key.
    private func rebuildPrimaryKeys(_ table: Table, _ write: WriteTransaction) throws {
        guard let db = table.primaryKeys, let slot = table.primaryKeySlot else { return }
        var pending: [([UInt8], ObjectKey)] = []
        var after: ObjectKey?
        while true {
            pending.removeAll(keepingCapacity: true)
            try transaction.forEach(in: table, from: after.map { ObjectKey($0.rawValue &+ 1) }) { key, document in
                let value = try document.value(at: slot)?.decode() ?? .null
                guard let encoded = IndexKey.encode(value) else { return true }
                pending.append((encoded, key))
                return pending.count < 4096
            }
            guard let last = pending.last?.1 else { return }
            for (encoded, key) in pending {
                let stored = try encoded.withUnsafeBytes { k in
                    try withUnsafeBytes(of: key.rawValue.bigEndian) { try write.putNew(db, key: k, value: $0) }
                }
                guard stored else {
                    throw duplicatePrimaryKey(
                        table, value: try transaction.document(key, in: table)?.value(at: slot)?.decode() ?? .null)
                }
            }
            if last.rawValue == .max { return }
            after = last
        }
    }

    private func duplicatePrimaryKey(_ table: Table, value: Value) -> StoreError {
        let property = table.schema.primaryKey?.name ?? ""
        return .migrationFailed(
            className: table.schema.name, property: property,
            reason:
                "primary key property '\(table.schema.name).\(property)' has duplicate values after the migration (\(StoreWriteTransaction.describe(value)))"
        )
    }

    // MARK: - Plans

    /// The schema during the migration: `declared`, with the file's table
    /// numbers and a slot for each property (its old one when its values are kept).
    static func transitional(from stored: Schema, to declared: Schema) throws -> Schema {
        var result = stored
        for declaredClass in declared.classes {
            guard let index = result.classes.firstIndex(where: { $0.name == declaredClass.name }) else {
                result.addNewClass(declaredClass)
                continue
            }
            let storedClass = result.classes[index]
            var merged = declaredClass
            if storedClass.isEmbedded != declaredClass.isEmbedded {
                // The kind changes after the block, as in Realm: until then the file's.
                merged.isEmbedded = storedClass.isEmbedded
                if merged.isEmbedded {
                    for i in merged.properties.indices { merged.properties[i].isPrimaryKey = false }
                }
            }
            merged.table = storedClass.table
            merged.slotCount = storedClass.slotCount
            for i in merged.properties.indices where merged.properties[i].isStored {
                if let old = storedClass.property(named: merged.properties[i].name), old.isStored,
                    keepsValues(old, merged.properties[i])
                {
                    merged.properties[i].slot = old.slot
                } else {
                    merged.properties[i].slot = merged.slotCount
                    merged.slotCount += 1
                }
            }
            result.classes[index] = merged
        }
        result.version = declared.version
        return result
    }

    /// Whether a property declared as `new` keeps the values stored as `old`:
    /// the same element type, collection and link target, and not made
    /// required (Realm resets a property made required, nulls or not).
    static func keepsValues(_ old: PropertySchema, _ new: PropertySchema) -> Bool {
        sameType(old, new) && !(old.isOptional && !new.isOptional)
    }

    /// Whether two properties have the same element type, collection and link target.
    static func sameType(_ old: PropertySchema, _ new: PropertySchema) -> Bool {
        old.type == new.type && old.collection == new.collection && old.objectClassName == new.objectClassName
    }

    /// Whether the primary key moved to another property, changed type or
    /// changed how the class's objects are keyed.
    static func primaryKeyChanged(_ old: ClassSchema, _ new: ClassSchema) -> Bool {
        old.primaryKey?.name != new.primaryKey?.name || old.primaryKey?.slot != new.primaryKey?.slot
            || old.primaryKey?.isOptional != new.primaryKey?.isOptional
            || old.isKeyedByPrimaryKey != new.isKeyedByPrimaryKey
    }

    /// Installs the catalog of ``newSchema`` over `databases`.
    private func install(_ databases: [String: Database]) {
        store.install(Catalog(schema: newSchema, databases: databases))
    }
}
