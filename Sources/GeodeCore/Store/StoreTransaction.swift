import Foundation

/// A read transaction on a store: documents by class and key, read in place.
///
/// A *row* is a class's stored property values in declaration order; the store
/// maps it onto document slots (which differ once properties were removed).
///
/// ```swift
/// try store.read { txn in
///     let table = try txn.store.table("Dog")
///     try txn.forEach(in: table) { key, document in
///         print(key, try document.value(at: 0)?.string() ?? "")
///         return true
///     }
/// }
/// ```
package class StoreTransaction {
    package let store: Store
    let transaction: Transaction

    init(store: Store, transaction: Transaction) {
        self.store = store
        self.transaction = transaction
    }

    /// The document of object `key`, read in place (valid inside the transaction).
    package func document(_ key: ObjectKey, in table: Table) throws -> ContainerView? {
        do {
            guard let db = table.objects, let bytes = try transaction.get(db, key: key.rawValue) else { return nil }
            return try ContainerView(document: bytes, keys: store.mapKeys.spelling)
        } catch {
            throw error.inObject(table, key)
        }
    }

    /// The stored bytes of object `key`'s document, nil when there is no such
    /// object: two versions of an object compare by them.
    package func documentBytes(_ key: ObjectKey, in table: Table) throws -> [UInt8]? {
        guard let db = table.objects, let bytes = try transaction.get(db, key: key.rawValue) else { return nil }
        return Array(bytes)
    }

    /// Whether object `key` exists.
    package func contains(_ key: ObjectKey, in table: Table) throws -> Bool {
        guard let db = table.objects else { return false }
        return try transaction.get(db, key: key.rawValue) != nil
    }

    /// The number of objects of a class.
    package func count(_ table: Table) throws -> Int {
        guard let db = table.objects else { return 0 }
        return try transaction.count(db)
    }

    /// The object whose primary key is `value`, if any.
    package func object(withPrimaryKey value: Value, in table: Table) throws -> ObjectKey? {
        if table.isKeyedByPrimaryKey {
            guard let key = table.objectKey(forPrimaryKey: value), try contains(key, in: table) else { return nil }
            return key
        }
        guard let db = table.primaryKeys, let key = IndexKey.encode(value),
            let found = try transaction.get(db, key: key), found.count == 8
        else { return nil }
        return ObjectKey(UInt64(bigEndian: found.loadUnaligned(as: UInt64.self)))
    }

    /// The objects whose indexed single-valued `property` equals `value`
    /// (numbers compare by value, as in queries), through its secondary index;
    /// nil when the property has no index.
    package func objects(whereIndexed property: String, equals value: Value, in table: Table) throws -> [ObjectKey]? {
        guard let index = table.valueIndexes.first(where: { $0.property == property }) else { return nil }
        guard let encoded = index.encode(value) else { return [] }
        var candidates: [ObjectKey] = []
        if try index.isBulkLoading(transaction) {
            // A bulk load may hold entries back: every object is a candidate.
            guard let db = table.objects else { return [] }
            let cursor = try transaction.cursor(db)
            var entry = try cursor.first()
            while let (key, _) = entry, key.count == 8 {
                candidates.append(ObjectKey(UInt64(bigEndian: key.loadUnaligned(as: UInt64.self))))
                entry = try cursor.next()
            }
        } else {
            try index.collect(equalTo: encoded, transaction, into: &candidates)
        }
        return try candidates.filter { key in
            guard let stored = try document(key, in: table)?.value(at: index.slot)?.decode() else {
                return value == .null
            }
            return MixedOrder.rank(stored) == MixedOrder.rank(value) && MixedOrder.equal(stored, value)
        }
    }

    /// Calls `body` with every object of the class in key order until it
    /// returns false; with `from` / `before`, only keys in `from ..< before`;
    /// `backward`, from the last key down.
    package func forEach(
        in table: Table, from: ObjectKey? = nil, before: ObjectKey? = nil, backward: Bool = false,
        _ body: (ObjectKey, ContainerView) throws -> Bool
    ) throws {
        guard let db = table.objects else { return }
        do {
            let cursor = try transaction.cursor(db)
            let keys = store.mapKeys.spelling
            func seek(_ key: ObjectKey) throws -> Cursor.Entry? {
                try cursor.seek(atLeast: withUnsafeBytes(of: key.rawValue.bigEndian, Array.init))
            }
            var entry: Cursor.Entry?
            if backward {
                // The last key below `before`: the one before the first key at or above it.
                entry =
                    try before.map { try seek($0) == nil ? try cursor.last() : try cursor.previous() }
                    ?? cursor.last()
            } else {
                entry = try from.map(seek) ?? cursor.first()
            }
            while let (key, value) = entry {
                guard key.count == 8 else {
                    throw StoreError.corruptDocument(
                        detail: "object key of \(key.count) bytes in \(db.name)", offset: 0)
                }
                let objectKey = ObjectKey(UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)))
                if let before, objectKey >= before { return }
                if backward, let from, objectKey < from { return }
                Cursor.readAhead(below: value)
                guard try body(objectKey, try ContainerView(document: value, keys: keys)) else { return }
                entry = try backward ? cursor.previous() : cursor.next()
            }
        } catch let error as StoreError {
            guard case let .damagedEntry(_, database, key) = error, database == db.name, key.count == 8 else {
                throw error
            }
            // The cursor met a document whose check fails: name its object.
            throw error.inObject(
                table, ObjectKey(UInt64(bigEndian: key.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })))
        }
    }

    /// The smallest and largest object keys of the class; nil when it has none.
    package func keyBounds(in table: Table) throws -> (first: ObjectKey, last: ObjectKey)? {
        guard let db = table.objects else { return nil }
        let cursor = try transaction.cursor(db)
        guard let (first, _) = try cursor.first(), let (last, _) = try cursor.last(), first.count == 8, last.count == 8
        else { return nil }
        return (
            ObjectKey(UInt64(bigEndian: first.loadUnaligned(as: UInt64.self))),
            ObjectKey(UInt64(bigEndian: last.loadUnaligned(as: UInt64.self)))
        )
    }

    /// The version of the store this transaction sees (LMDB's transaction id).
    package var version: Int { transaction.version }

    /// Decodes object `key`'s row; nil when there is no such object.
    package func row(_ key: ObjectKey, in table: Table) throws -> [Value]? {
        guard let document = try document(key, in: table) else { return nil }
        return try Self.row(of: document, table)
    }

    /// The value of one property of object `key`, decoding nothing else.
    package func value(of property: String, _ key: ObjectKey, in className: String) throws -> Value? {
        let table = try store.table(className)
        guard let p = table.schema.property(named: property), p.isStored,
            let document = try document(key, in: table)
        else { return nil }
        return try document.value(at: p.slot)?.decode() ?? p.defaultValue
    }

    /// The backlink index this transaction can read: nil when the store has
    /// none (opened read-only before it had one) or a migration is under way.
    var backlinks: BacklinkIndex? { store.current.backlinks }

    /// The objects that hold a link to `target`, by class, property slot and
    /// key, through the backlink index; nil when there is none to read.
    package func origins(of target: Link) throws -> [BacklinkIndex.Origin]? {
        try backlinks?.origins(of: target, transaction)
    }

    /// The objects of `origin` whose property in slot `slot` links to
    /// `target`, in key order (with `eachLink`, an object once per link); nil
    /// when there is no backlink index to read.
    package func origins(of target: Link, from origin: Table, slot: Int, eachLink: Bool = false) throws
        -> [ObjectKey]?
    {
        try backlinks?.origins(of: target, from: origin.schema.table, slot: slot, eachLink: eachLink, transaction)
    }

    /// Decodes a document into a row (properties added after it was written
    /// read as their defaults).
    package static func row(of document: ContainerView, _ table: Table) throws -> [Value] {
        if table.slotsAreDense && document.count == table.storedProperties.count {
            return try document.decodeAll()
        }
        return try table.storedProperties.map { p in
            try document.value(at: p.slot)?.decode() ?? p.defaultValue
        }
    }
}

/// The write transaction on a store: insert, update and delete documents.
///
/// ```swift
/// let key = try store.write { txn in
///     try txn.insert([.string("Rex"), .int(3)], into: try txn.store.table("Dog"))
/// }
/// ```
package final class StoreWriteTransaction: StoreTransaction {
    /// Interns new map keys: this is the write transaction. Only this
    /// transaction's own methods touch it, never re-entrantly, so its accesses
    /// go unchecked (a dynamic exclusivity check on every insert otherwise).
    @exclusivity(unchecked) private var writer: DocumentWriter
    /// Next object keys, kept here and written back once before the commit.
    private var nextKeys: [UInt32: UInt64] = [:]
    /// The class inserted into last and its next key: most writes fill one class.
    private var lastTable: UInt32?
    private var lastNext: UInt64 = 0

    let write: WriteTransaction
    /// Set while a ``StoreMigration`` runs: primary keys may change (Realm
    /// checks them once, after the migration), and inserted keys are noted so
    /// that enumerating a class's old objects skips the new ones. Read at
    /// every write of a migration, by this transaction and its migration on
    /// one thread, never re-entrantly: unchecked, as ``writer`` is.
    @exclusivity(unchecked) var migrationLog: MigrationLog?

    /// What a migration's writes did that its end must know.
    struct MigrationLog {
        /// Table numbers of classes whose primary keys the end must check
        /// again: one changed, or an object was added while checks wait.
        var changedPrimaryKeys: Set<UInt32> = []
        /// Per table number, the slots whose values no property holds any
        /// more (removed or retyped properties): every write of an object of
        /// the class stores them as null, so a class whose every object was
        /// written once needs no rewrite at the end (see ``StoreMigration``).
        var retiredSlots: [UInt32: SlotSet] = [:]
        /// The database and key of the document stored last.
        var lastStored: (database: Database, key: ObjectKey)?
        /// Table numbers of classes an object was deleted from: the others'
        /// old objects all still exist.
        var tablesWithDeletions: Set<UInt32> = []
    }

    /// What this transaction did to objects and the schema, for the change
    /// log; unchecked for the same reason as ``writer``.
    @exclusivity(unchecked) private(set) var record: ChangeRecord

    init(store: Store, transaction: WriteTransaction) {
        write = transaction
        writer = DocumentWriter(keys: store.mapKeys, interning: true)
        record = ChangeRecord(version: transaction.version)
        recordsChanges = store.changeLog != nil && store.configuration.keepsChangeLog
        super.init(store: store, transaction: transaction)
        if let log = store.changeLog, recordsChanges {
            // The transaction drops this closure when it ends, breaking the cycle.
            transaction.onCommit {
                guard !self.record.isEmpty else { return }
                try log.append(self.record, transaction, oldestReader: { store.environment.oldestReaderVersion() }) {
                    table, key in
                    guard let db = store.current.tablesByID[table]?.objects else { return nil }
                    return try transaction.get(db, key: key.rawValue)
                }
            }
        }
    }

    /// Whether this transaction records its changes (see ``StoreConfiguration/keepsChangeLog``).
    private let recordsChanges: Bool

    /// Notes that the schema changed in this transaction (classes added, a migration).
    package func noteSchemaChange() { record.schemaChanged = true }

    /// Notes that this transaction changes objects without listing them (a
    /// migration): observers compare documents instead.
    func noteUnlistedChanges() { record.objectsUnlisted = true }

    /// Applies `change` to what this transaction records of `table`'s objects.
    @inline(__always)
    private func noteChange(in table: Table, _ change: (inout TableChanges) -> Void) {
        guard recordsChanges, !record.objectsUnlisted else { return }
        change(&record.tables[table.schema.table, default: TableChanges()])
    }

    /// Notes properties `slots` of object `key` as modified, whatever
    /// values they hold: Realm counts a property set to the value it had as
    /// modified (`create(_:value:update: .all)`).
    package func noteModification(_ key: ObjectKey, slots: SlotSet, in table: Table) {
        noteChange(in: table) { $0.noteModification(key, slots: slots) }
    }

    /// Notes an operation on list property `slot` of object `key` (see
    /// ``ListEdit``), made by the write just stored.
    package func noteListEdit(_ edit: ListEdit, key: ObjectKey, slot: Int, in table: Table) {
        noteChange(in: table) { $0.noteListEdit(edit, key: key, slot: slot) }
    }

    /// Adds classes the store does not have yet, in this transaction: they are
    /// usable at once and stored when it commits (and forgotten if it aborts).
    /// The schema in the file, not this process's copy, is the base, so classes
    /// another writer added are kept.
    package func addClasses(_ classes: [ClassSchema]) throws {
        let before = store.current
        let stored = try Store.storedSchema(transaction, store.meta, store.path)
        let missing = classes.filter { stored[$0.name] == nil }
        var declared = stored
        declared.classes += missing
        let outcome = try SchemaReconciliation.reconcile(
            declared: declared, stored: stored,
            deleteIfMigrationNeeded: false, path: store.path)
        if outcome.changed {
            try write.put(
                store.meta, key: Array("schema".utf8), value: DocumentWriter.encode(outcome.schema.storedValue))
        }
        let databases = try Store.openTables(
            outcome.schema, transaction, create: true, keys: store.mapKeys.spelling,
            spatial: store.configuration.maintainsSpatialIndexes, previous: stored)
        store.install(Catalog(schema: outcome.schema, databases: databases))
        write.onAbort { [store] in store.install(before) }
        if outcome.changed { record.schemaChanged = true }
    }

    /// The LMDB transaction underneath, for the store's own maintenance.
    var writeTransaction: WriteTransaction { write }

    /// Commits a transaction from ``Store/beginWrite()``.
    package func commit() throws { try write.commit() }

    /// Discards a transaction from ``Store/beginWrite()``.
    package func abort() { write.abort() }

    /// Adds an object and returns its new key. The row is validated first: a
    /// bad value throws ``StoreError/invalidValue(_:)`` and writes nothing.
    @discardableResult
    package func insert(_ row: [Value], into table: Table) throws -> ObjectKey {
        try insert(row, key: nil, into: table)
    }

    /// A new key for an object of the class whose primary key is
    /// `primaryKey`, to insert later with ``insert(_:key:into:)`` (objects
    /// that link to each other need keys first).
    package func newKey(in table: Table, primaryKey: Value?) throws -> ObjectKey {
        guard table.isKeyedByPrimaryKey else { return try allocateKey(table) }
        guard let primaryKey, let key = table.objectKey(forPrimaryKey: primaryKey) else {
            let property = table.primaryKeyRowIndex.map { table.storedProperties[$0].name } ?? ""
            throw StoreError.invalidValue(
                ValueIssue(
                    .wrongType(expected: "int", found: primaryKey?.typeName ?? "nothing"),
                    className: table.schema.name, property: property))
        }
        return key
    }

    /// Adds an object under a key from ``newKey(in:primaryKey:)``.
    package func insert(_ row: [Value], key: ObjectKey, into table: Table) throws {
        _ = try insert(row, key: Optional(key), into: table)
    }

    /// Adds an object under `key`, or under a new one.
    private func insert(_ row: [Value], key given: ObjectKey?, into table: Table) throws -> ObjectKey {
        let db = try table.objectDatabase()
        // Nothing is written until the whole row is known to be valid.
        let slots = try table.encode(row, into: &writer)
        let primaryKey = table.primaryKeyRowIndex.map { row[$0] }
        var key = try given ?? newKey(in: table, primaryKey: primaryKey)
        if migrationLog != nil && primaryKey != nil {
            // In a migration, as in Realm, primary keys are checked once, at its
            // end: until then a taken one is allowed (the object waits under a
            // key of its own, and the end moves it to its key).
            migrationLog?.changedPrimaryKeys.insert(table.schema.table)
            if table.isKeyedByPrimaryKey, try contains(key, in: table) { key = try allocateKey(table) }
        } else {
            try claimPrimaryKey(primaryKey, key: key, table: table)
        }
        let holdsLinks = writer.wroteLink
        try writer.withEncodedDocument {
            try putNew($0, key: key, primaryKey: primaryKey, db, table)
            if holdsLinks { try addBacklinks(of: key, in: table, document: $0) }
        }
        try IndexEntries(slots, of: table).add(key, to: table, write)
        noteChange(in: table) { $0.noteInsertion(key) }
        return key
    }

    /// Replaces object `key`'s row (the document grows or shrinks to fit). The
    /// primary key cannot change.
    package func update(_ row: [Value], key: ObjectKey, in table: Table) throws {
        guard let old = try document(key, in: table) else {
            throw StoreError.objectNotFound(className: table.schema.name, key: key.rawValue)
        }
        // Checked (and encoded) first: a bad row changes nothing.
        let slots = try table.encode(row, into: &writer)
        // Read everything needed from the old document before writing: LMDB may move it.
        let oldFootprints = try table.geoIndexes.map { try $0.footprint(in: old) }
        let oldValues = try table.valueIndexes.map { try old.value(at: $0.slot)?.decode() ?? .null }
        if recordsChanges {
            let changed = try writer.withEncodedDocument { try Self.slotsThatDiffer(old, $0) }
            noteChange(in: table) { $0.noteModification(key, slots: changed) }
        }
        if let slot = table.primaryKeySlot, let index = table.primaryKeyRowIndex {
            let before = try old.value(at: slot)?.decode() ?? .null
            if before != row[index] {
                guard migrationLog != nil else {
                    throw StoreError.invalidValue(
                        ValueIssue(
                            .notAllowedHere("changing the primary key (from \(before) to \(row[index]))"),
                            className: table.schema.name, property: table.storedProperties[index].name))
                }
                // A migration may change primary keys; its end rebuilds the index and checks them.
                migrationLog?.changedPrimaryKeys.insert(table.schema.table)
            }
        }
        for (index, footprint) in zip(table.geoIndexes, oldFootprints) { try index.remove(footprint, key, write) }
        for (index, value) in zip(table.valueIndexes, oldValues) { try index.remove(value, key, write) }
        try IndexEntries(slots, of: table).add(key, to: table, write)
        let db = try table.objectDatabase()
        try writer.withEncodedDocument { try put($0, key: key, db, table) }
    }

    /// Writes each object of `table` again whose row `transform` changes, a
    /// batch of keys at a time, so that memory stays flat however many
    /// objects change.
    func rewriteRows(of table: Table, _ transform: ([Value]) throws -> [Value]) throws {
        try forEachBatchOfKeys(in: table) { keys in
            for key in keys {
                guard let row = try row(key, in: table) else { continue }
                let changed = try transform(row)
                if changed != row { try update(changed, key: key, in: table) }
            }
        }
    }

    /// Calls `body` with the keys of `table`'s objects, 4,096 at a time in
    /// key order, found before `body` runs: `body` may write to the table (a
    /// cursor walking a database must not see it written).
    func forEachBatchOfKeys(in table: Table, _ body: ([ObjectKey]) throws -> Void) throws {
        var after: ObjectKey?
        while true {
            var keys: [ObjectKey] = []
            try forEach(in: table, from: after.map { ObjectKey($0.rawValue &+ 1) }) { key, _ in
                keys.append(key)
                return keys.count < 4096
            }
            guard let last = keys.last else { return }
            try body(keys)
            if last.rawValue == .max { return }
            after = last
        }
    }

    /// The slots whose stored bytes differ between document `old` and the
    /// encoded document `new` (a slot one of them lacks differs): what an
    /// update changed, found without decoding either.
    private static func slotsThatDiffer(_ old: ContainerView, _ new: UnsafeRawBufferPointer) throws -> SlotSet {
        let encoded = try ContainerView(document: new)
        var changed = SlotSet()
        for slot in 0 ..< max(old.count, encoded.count) {
            guard slot < old.count, slot < encoded.count,
                try old.elementBytes(at: slot).elementsEqual(try encoded.elementBytes(at: slot))
            else {
                changed.insert(slot)
                continue
            }
        }
        return changed
    }

    /// Sets one property of object `key` to `value`, copying the document's
    /// other slots as they are (nothing else is decoded or checked again). A
    /// property with an index, or the primary key, goes through
    /// ``update(_:key:in:)`` instead, which keeps the indexes.
    package func update(_ value: Value, of property: PropertySchema, key: ObjectKey, in table: Table) throws {
        let slot = property.slot
        // Only a migration sets a stored object's primary key: Realm refuses it
        // elsewhere even when the value is the one the key already has.
        if table.primaryKeySlot == slot, migrationLog == nil {
            throw StoreError.invalidValue(
                ValueIssue(
                    .notAllowedHere("setting the primary key of an object already added"),
                    className: table.schema.name, property: property.name))
        }
        let indexed =
            table.primaryKeySlot == slot || table.valueIndexes.contains { $0.slot == slot }
            || table.geoIndexes.contains { $0.slot == slot }
        guard !indexed, property.isStored, slot < table.schema.slotCount else {
            guard var row = try row(key, in: table),
                let index = table.storedProperties.firstIndex(where: { $0.name == property.name })
            else {
                throw StoreError.objectNotFound(className: table.schema.name, key: key.rawValue)
            }
            row[index] = value
            try update(row, key: key, in: table)
            // Set, even to the value it had: a modification, as in Realm.
            noteChange(in: table) { $0.noteModification(key, slot: slot) }
            return
        }
        guard let old = try document(key, in: table) else {
            throw StoreError.objectNotFound(className: table.schema.name, key: key.rawValue)
        }
        try table.validator.validate(value, for: property, in: table.schema)
        noteChange(in: table) { $0.noteModification(key, slot: slot) }
        let slots = max(old.count, slot + 1)
        let retired = migrationLog?.retiredSlots[table.schema.table]
        try writer.encodeDocument(slots: slots, from: old) { i in
            if i == slot { return .value(value) }
            if retired?.contains(i) == true { return .value(.null) }
            if i < old.count { return .copy(i) }
            // A slot added after the document was written: its property's absent value.
            return .value(table.storedProperties.first { $0.slot == i }?.defaultValue ?? .null)
        }
        let db = try table.objectDatabase()
        // The other slots are copied as they were: their links stand.
        let setsLinks = table.linkSlots.contains(slot)
        try writer.withEncodedDocument { try put($0, key: key, db, table, linksMayChange: setsLinks) }
    }

    /// Removes object `key`; returns whether it existed.
    @discardableResult
    package func delete(_ key: ObjectKey, in table: Table) throws -> Bool {
        guard let db = table.objects else { return false }
        if migrationLog != nil { migrationLog?.tablesWithDeletions.insert(table.schema.table) }
        guard let document = try document(key, in: table) else { return false }
        // Read everything needed from the document before writing: LMDB may move it.
        let footprints = try table.geoIndexes.map { try $0.footprint(in: document) }
        let values = try table.valueIndexes.map { try document.value(at: $0.slot)?.decode() ?? .null }
        let links = try backlinkEntries(of: document, in: table)
        var pk: [UInt8]?
        if table.primaryKeys != nil, let slot = table.primaryKeySlot {
            pk = IndexKey.encode(try document.value(at: slot)?.decode() ?? .null)
        }
        if let pkDatabase = table.primaryKeys, let pk { _ = try write.delete(pkDatabase, key: pk) }
        for (index, found) in zip(table.geoIndexes, footprints) { try index.remove(found, key, write) }
        for (index, value) in zip(table.valueIndexes, values) { try index.remove(value, key, write) }
        if let links, let index = table.backlinks { try index.remove(links, of: key, in: table.schema.table, write) }
        noteChange(in: table) { $0.noteDeletion(key) }
        return try write.delete(db, key: key.rawValue)
    }

    /// Stores object `key` again with its retired slots (see
    /// ``MigrationLog/retiredSlots``) null, unless they are already; false
    /// when the object does not exist.
    @discardableResult
    func clearRetiredSlots(of key: ObjectKey, in table: Table) throws -> Bool {
        // Just stored by a write, which cleared them.
        if let last = migrationLog?.lastStored, last.key == key, last.database == table.objects { return true }
        guard let document = try document(key, in: table) else { return false }
        guard let retired = migrationLog?.retiredSlots[table.schema.table],
            try retired.contains(where: { try !(document.value(at: $0)?.isNull ?? true) })
        else { return true }
        try writer.encodeDocument(slots: document.count, from: document) { i in
            retired.contains(i) ? .value(.null) : .copy(i)
        }
        let db = try table.objectDatabase()
        try writer.withEncodedDocument { try put($0, key: key, db, table) }
        return true
    }

    /// Stores `document` laid out for `table` under `key` — its slot `j`
    /// copied byte for byte from the document's slot `slots[j]`, or
    /// `defaults[j]` where it has none — leaving every index as it is: for a
    /// migration, which rebuilds the indexes of the classes it rewrites. With
    /// `parking`, the document goes there instead, unless that holds `key`
    /// already (then nothing is stored and the result is false).
    func relayout(
        _ document: ContainerView, slots: [Int?], defaults: [Value], key: ObjectKey, in table: Table,
        parking: Database?
    ) throws -> Bool {
        record.schemaChanged = true
        try writer.encodeDocument(slots: slots.count, from: document) { j in
            if let slot = slots[j], slot < document.count { return .copy(slot) }
            return .value(defaults[j])
        }
        guard let parking else {
            let db = try table.objectDatabase()
            try writer.withEncodedDocument { try put($0, key: key, db, table) }
            return true
        }
        return try writer.withEncodedDocument { bytes in
            try withUnsafeBytes(of: key.rawValue.bigEndian) { try write.putNew(parking, key: $0, value: bytes) }
        }
    }

    /// Makes sure keys allocated for the class from now on come after `last`
    /// (a migration that stops keying a class by its primary key leaves keys
    /// from its primary keys above the counter).
    func reserveKeys(through last: ObjectKey, in table: Table) throws {
        let id = table.schema.table
        if id == lastTable {
            lastNext = max(lastNext, last.rawValue &+ 1)
            return
        }
        let next = try firstKey(id).rawValue
        nextKeys[id] = max(next, last.rawValue &+ 1)
    }

    /// Removes every object of every class; the backlink index empties at once
    /// instead of losing each object's entries one by one.
    package func deleteAllObjects() throws {
        if migrationLog == nil, let index = store.current.backlinks { try index.removeAll(write) }
        for cls in store.schema.classes where !cls.isEmbedded { try deleteAll(in: try store.table(cls.name)) }
    }

    /// Removes every object of the class (keys from the counter are still never
    /// reused; a class keyed by its primary key reuses a deleted one's key).
    package func deleteAll(in table: Table) throws {
        if migrationLog != nil { migrationLog?.tablesWithDeletions.insert(table.schema.table) }
        guard let db = table.objects else { return }
        // A store whose objects hold no link at all (most stores of features) reads nothing here.
        if let index = table.backlinks, keepsBacklinks(of: table), try transaction.count(index.database) > 0 {
            try forEachBatchOfKeys(in: table) { keys in
                for key in keys {
                    guard let document = try document(key, in: table),
                        let links = try backlinkEntries(of: document, in: table)
                    else { continue }
                    try index.remove(links, of: key, in: table.schema.table, write)
                }
            }
        }
        noteChange(in: table) { $0.noteCleared() }
        try write.drop(db, remove: false)
        if let pk = table.primaryKeys { try write.drop(pk, remove: false) }
        for index in table.geoIndexes {
            for tree in index.trees { try write.drop(tree, remove: false) }
            try index.endBulkLoad(write)
        }
        for index in table.valueIndexes {
            try write.drop(index.database, remove: false)
            try index.endBulkLoad(write)
        }
    }

    /// Adds a row prepared by a ``RowPreparer`` (validated and encoded
    /// already) under a new key; only the primary key's uniqueness is checked here.
    package func insert(_ prepared: PreparedRow, into table: Table) throws -> ObjectKey {
        var deferred = DeferredIndexEntries()
        let key = try insert(prepared, into: table, deferring: &deferred)
        try add(&deferred)
        return key
    }

    /// Adds the index entries held back by ``insert(_:into:deferring:)``, in key order.
    package func add(_ deferred: inout DeferredIndexEntries) throws {
        let (table, entries, values) = deferred.take()
        guard let table else { return }
        for entry in values.entries {
            try values.put(entry, into: table.valueIndexes[Int(entry.index)].database, write)
        }
        // The entries come grouped by index: each index is taken from the table once.
        var start = entries.startIndex
        while start < entries.endIndex {
            let index = table.geoIndexes[entries[start].index]
            var end = start
            while end < entries.endIndex, entries[end].index == entries[start].index {
                let entry = entries[end]
                try index.add(cell: entry.cell, entry.longitude, entry.latitude, entry.key, write)
                end += 1
            }
            start = end
        }
        for index in table.geoIndexes { index.mergeBeforeCommit(write) }
    }

    /// Takes the next step of merging each spatial index of `table` into one
    /// tree, whatever the size of its recent tree (see ``GeoIndex``); returns
    /// whether a step is left. What a bulk writer runs, a transaction per
    /// step, once it is done writing.
    package func finishSpatialMerges(of table: Table) throws -> Bool {
        var more = false
        for index in table.geoIndexes where try index.mergeIfGrown(write, finishing: true) { more = true }
        return more
    }

    /// Like ``insert(_:into:)``, holding the object's spatial-index entries
    /// back in `deferred`; ``add(_:)`` must add them before the transaction
    /// commits or reads the index.
    package func insert(_ prepared: PreparedRow, into table: Table, deferring deferred: inout DeferredIndexEntries)
        throws -> ObjectKey
    {
        let db = try table.objectDatabase()
        let key = try newKey(in: table, primaryKey: prepared.primaryKey)
        try claimPrimaryKey(prepared.primaryKey, key: key, table: table)
        if prepared.spellsOutNewKey {
            // Encoded where keys cannot be interned: intern them now, so that
            // equal documents keep equal bytes.
            let slots = try prepared.document.withUnsafeBytes {
                try ContainerView(document: $0, keys: store.mapKeys.spelling).decodeAll()
            }
            try writer.withDocument(slots) { try putNew($0, key: key, primaryKey: prepared.primaryKey, db, table) }
        } else {
            try prepared.document.withUnsafeBytes {
                try putNew($0, key: key, primaryKey: prepared.primaryKey, db, table)
            }
        }
        if prepared.holdsLinks {
            try prepared.document.withUnsafeBytes { try addBacklinks(of: key, in: table, document: $0) }
        }
        try prepared.entries.add(key, to: table, write, deferring: &deferred)
        noteChange(in: table) { $0.noteInsertion(key) }
        return key
    }

    /// Maps primary key `value` to object `key` in the `pk/` index, throwing
    /// when another object has it. A class keyed by its primary key has no such
    /// index: storing the document (``putNew(_:key:primaryKey:_:_:)``) is its claim.
    private func claimPrimaryKey(_ value: Value?, key: ObjectKey, table: Table) throws {
        guard let value, let db = table.primaryKeys, let encoded = IndexKey.encode(value) else { return }
        if try transaction.get(db, key: encoded) != nil { throw duplicatePrimaryKey(value, table) }
        try withUnsafeBytes(of: key.rawValue.bigEndian) { k in
            try encoded.withUnsafeBytes { try write.put(db, key: $0, value: k) }
        }
    }

    /// A short text for a key value in error messages: `1`, `"Rex"`, an ObjectId's hex digits.
    static func describe(_ value: Value) -> String {
        switch value {
        case let .int(i): return String(i)
        case let .string(s): return "\"\(s)\""
        case let .objectId(id): return id.array.map { String(format: "%02x", $0) }.joined()
        case let .uuid(u): return u.uuidString
        case .null: return "null"
        default: return value.typeName
        }
    }

    /// Stores a new object's document under `key`, throwing when an object
    /// has that key already: in a class keyed by its primary key, one with the
    /// same primary key.
    private func putNew(
        _ document: UnsafeRawBufferPointer, key: ObjectKey, primaryKey: Value?,
        _ db: Database, _ table: Table
    ) throws {
        let stored = try withUnsafeBytes(of: key.rawValue.bigEndian) { try write.putNew(db, key: $0, value: document) }
        guard !stored else { return }
        if let primaryKey { throw duplicatePrimaryKey(primaryKey, table) }
        throw StoreError.storage(code: EEXIST, operation: "insert object \(key) into \(db.name)", path: store.path)
    }

    /// Replaces the document of object `key`, and its backlink entries
    /// unless the caller knows its links did not change.
    private func put(
        _ document: UnsafeRawBufferPointer, key: ObjectKey, _ db: Database, _ table: Table, linksMayChange: Bool = true
    ) throws {
        // The old links are read before the put, which may move the old document's page.
        let old =
            linksMayChange && keepsBacklinks(of: table)
            ? try self.document(key, in: table).flatMap { try backlinkEntries(of: $0, in: table) } : nil
        try withUnsafeBytes(of: key.rawValue.bigEndian) { try write.put(db, key: $0, value: document) }
        if migrationLog != nil { migrationLog?.lastStored = (db, key) }
        if let old, let index = table.backlinks {
            let new = try backlinkEntries(
                of: ContainerView(document: document, keys: store.mapKeys.spelling), in: table)
            try index.replace(old, with: new ?? [], of: key, in: table.schema.table, write)
        }
    }

    // MARK: Backlinks

    /// Whether this transaction keeps `table`'s entries in the backlink index:
    /// the store has one, the class can hold links, and no migration runs
    /// (a migration builds the index again at its end).
    private func keepsBacklinks(of table: Table) -> Bool {
        table.backlinks != nil && !table.linkSlots.isEmpty && migrationLog == nil
    }

    /// The backlink entries of an object of `table` whose document is
    /// `document`; nil when this transaction does not keep them.
    private func backlinkEntries(of document: ContainerView, in table: Table) throws -> [BacklinkIndex.Entry]? {
        guard keepsBacklinks(of: table) else { return nil }
        return try BacklinkIndex.entries(in: document, slots: table.linkSlots)
    }

    /// Adds the backlink entries of new object `key`, whose document is `document`.
    private func addBacklinks(of key: ObjectKey, in table: Table, document: UnsafeRawBufferPointer) throws {
        guard let index = table.backlinks,
            let entries = try backlinkEntries(
                of: ContainerView(document: document, keys: store.mapKeys.spelling), in: table)
        else { return }
        try index.add(entries, of: key, in: table.schema.table, write)
    }

    override var backlinks: BacklinkIndex? { migrationLog == nil ? super.backlinks : nil }

    private func duplicatePrimaryKey(_ value: Value, _ table: Table) -> StoreError {
        .invalidValue(
            ValueIssue(
                .duplicatePrimaryKey(Self.describe(value)), className: table.schema.name,
                property: table.primaryKeyRowIndex.map { table.storedProperties[$0].name } ?? ""))
    }

    private func allocateKey(_ table: Table) throws -> ObjectKey {
        let id = table.schema.table
        if id == lastTable {
            lastNext += 1
            return ObjectKey(lastNext - 1)
        }
        if let last = lastTable { nextKeys[last] = lastNext }
        let key = try firstKey(id)
        lastTable = id
        lastNext = key.rawValue + 1
        return key
    }

    /// The next key of class `id`, from this transaction's counters or the store's.
    private func firstKey(_ id: UInt32) throws -> ObjectKey {
        if let next = nextKeys[id] {
            return ObjectKey(next)
        }
        let counterKey = Array("next/\(id)".utf8)
        var next: UInt64 = 1
        if let stored = try transaction.get(store.meta, key: counterKey), stored.count == 8 {
            next = UInt64(bigEndian: stored.loadUnaligned(as: UInt64.self))
        }
        if nextKeys.isEmpty && lastTable == nil {
            // The transaction drops this closure when it ends, breaking the cycle.
            write.onCommit { try self.flushKeyCounters() }
        }
        return ObjectKey(next)
    }

    private func flushKeyCounters() throws {
        if let last = lastTable { nextKeys[last] = lastNext }
        for (id, next) in nextKeys {
            try write.put(
                store.meta, key: Array("next/\(id)".utf8), value: withUnsafeBytes(of: next.bigEndian, Array.init))
        }
    }
}

extension PropertySchema {
    /// The value of a property that a document does not hold (added later):
    /// null, an empty collection, or the type's zero value.
    package var defaultValue: Value {
        switch collection {
        case .list, .set: return .list([])
        case .map: return .map([:])
        case .single: break
        }
        if isOptional { return .null }
        switch type {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .float: return .float(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .data: return .binary([])
        case .date: return .timestamp(Timestamp(seconds: 0, nanoseconds: 0))
        case .decimal128: return .decimal128(Decimal128Bits(low: 0, high: 0x3040_0000_0000_0000))
        case .objectId: return .objectId(ObjectIdBytes([UInt8](repeating: 0, count: 12)))
        case .uuid: return .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        case .mixed, .object, .linkingObjects: return .null
        }
    }
}
