import Foundation
import GeodeCore

/// How `add` and `create` treat an object whose primary key is already stored
/// (Realm's `Realm.UpdatePolicy`, with Realm's raw values).
///
/// ```swift
/// realm.add(person, update: .modified)
/// let policy = Realm.UpdatePolicy(rawValue: 3)   // .modified
/// ```
public enum UpdatePolicy: Int, Sendable {
    /// A second object with the same primary key is an error.
    case error = 1
    /// Update the stored object, writing only the properties whose values
    /// differ. Its embedded objects are changed in place: accessors read
    /// before read the new values.
    case modified = 3
    /// Update the stored object, writing every property. Its embedded objects
    /// are replaced: accessors read before are invalidated.
    case all = 2
}

extension Realm {
    /// Realm's name for ``UpdatePolicy``, nested in `Realm` as Realm Swift declares it.
    ///
    /// ```swift
    /// func save(_ person: Person, update: Realm.UpdatePolicy = .modified) { … }
    /// ```
    public typealias UpdatePolicy = Geode.UpdatePolicy
}

extension Realm {
    // MARK: - Adding

    /// Adds an unmanaged object, and every unmanaged object it links to, to the
    /// realm. Inside a write transaction only. The embedded objects and
    /// collections it holds that code kept become managed too, as in Realm:
    /// a kept `address` reads and writes the stored one afterwards.
    ///
    /// ```swift
    /// let address = Address(value: ["street": "Main Street"])
    /// person.address = address
    /// try realm.write { realm.add(person) }
    /// try realm.write { address.street = "High Street" }   // the stored address
    /// ```
    public func add(_ object: Object, update: UpdatePolicy = .error) {
        guard let txn = requireWrite("adding an object") else { return }
        let outer = nestedUpdatePolicy
        nestedUpdatePolicy = update
        defer { nestedUpdatePolicy = outer }
        do {
            _ = try addObject(object, update, txn)
        } catch {
            record(error)
        }
    }

    /// Adds every object of a sequence.
    public func add<S: Sequence>(_ objects: S, update: UpdatePolicy = .error) where S.Element: Object {
        for object in objects { add(object, update: update) }
    }

    /// Creates a managed object of `type` from a dictionary (property name →
    /// value), an array in property order, or another object (of this realm,
    /// another realm, or unmanaged: a deep copy). Nested values create related
    /// and embedded objects. Inside a write transaction only.
    ///
    /// ```swift
    /// let toy = realm.create(DogToy.self, value: ["name": "Tennis ball"])
    /// ```
    @discardableResult
    public func create<T: Object>(_ type: T.Type, value: Any = [String: Any](), update: UpdatePolicy = .error) -> T {
        // `type`, not `T`: the metatype may be a subclass's held as `Object.Type`.
        let result = type.init()
        guard let txn = requireWrite("creating an object") else { return result }
        let outer = nestedUpdatePolicy
        nestedUpdatePolicy = update
        defer { nestedUpdatePolicy = outer }
        do {
            // The engine's rules for an input value, the same as `dynamicCreate`'s;
            // properties left out take the Swift class's initial values.
            let cls = realmClass(type)
            let key = try dynamicCreate(cls, value, update, txn, creating: [])
            result.becomeManaged(ManagedRef(realm: self, cls: cls, root: cls, key: key, path: []))
        } catch {
            record(error)
        }
        return result
    }

    /// Adds `object` (managed here already: its key) and returns its key.
    func addObject(_ object: ObjectBase, _ update: UpdatePolicy, _ txn: StoreWriteTransaction) throws -> ObjectKey {
        if let ref = object._ref {
            if manages(ref) { return ref.key }
            throw GeodeError.invalidValue(
                .init(
                    "\(ref.cls.name) is already managed by another realm: use create(_:value:) to copy it into this one",
                    kind: .notAllowedHere, className: ref.cls.name))
        }
        let cls = realmClass(type(of: object))
        let context = _WriteContext(realm: self, transaction: txn)
        var primaryKey: Value?
        if let pkIndex = cls.primaryKey {
            let pk = try cls.info.engineValue(of: object, pkIndex, context)
            primaryKey = pk
            // Under `.error` storing the object claims its key and throws for a
            // duplicate (the write then rolls back): no lookup first.
            if update != .error, let existing = try txn.object(withPrimaryKey: pk, in: cls.table) {
                object.becomeManaged(ManagedRef(realm: self, cls: cls, root: cls, key: existing, path: []))
                noteAdded(object)
                let row = try unmanagedRow(object, cls, context)
                let stored = try txn.row(existing, in: cls.table)
                if update == .all || stored != row {
                    try txn.update(row, key: existing, in: cls.table)
                }
                if update == .all {
                    noteReplacedEmbeddedObjects(
                        of: cls.table, existing, slots: cls.info.embeddedPlaces.map { cls.slots[$0] })
                    // Every property is set, changed or not (the primary key is never set again).
                    let set = cls.table.storedProperties.filter { !$0.isPrimaryKey }
                    txn.noteModification(existing, slots: SlotSet(set.map(\.slot)), in: cls.table)
                }
                takeNestedPlaces(of: object, cls)
                return existing
            }
        }
        let key = try txn.newKey(in: cls.table, primaryKey: primaryKey)
        // Managed before its values are written, so that objects linking back to it find its key.
        object.becomeManaged(ManagedRef(realm: self, cls: cls, root: cls, key: key, path: []))
        noteAdded(object)
        try txn.insert(try unmanagedRow(object, cls, context), key: key, into: cls.table)
        takeNestedPlaces(of: object, cls)
        changeCount += 1
        return key
    }

    /// Makes the embedded objects and collections a just-added object held
    /// unmanaged, and that code kept, managed (read from its values, so after
    /// they are written; the embedded objects first, from the collections
    /// still unmanaged).
    private func takeNestedPlaces(of object: ObjectBase, _ cls: RealmClass) {
        if !cls.info.embeddedPlaces.isEmpty, let ref = object._ref { manageEmbeddedObjects(of: object, cls, at: ref) }
        if !cls.info.collectionPlaces.isEmpty { adoptCollections(of: object, cls) }
    }

    /// The row an unmanaged object's values make, in the table's row order.
    private func unmanagedRow(_ object: ObjectBase, _ cls: RealmClass, _ context: _WriteContext) throws -> [Value] {
        var row: [Value] = []
        row.reserveCapacity(cls.propertyByRow.count)
        for index in cls.propertyByRow {
            guard index >= 0 else {
                row.append(.null)
                continue
            }
            do {
                row.append(try cls.info.engineValue(of: object, index, context))
            } catch let error as GeodeError {
                throw error.located(in: cls.name, cls.info.properties[index].name)
            }
        }
        return row
    }

    /// The link to `object`, adding it first if it is unmanaged (with the
    /// update policy of the `add` or `create` in progress, as Realm does).
    func link(to object: Object, _ txn: StoreWriteTransaction) throws -> Link {
        let key = try addObject(object, nestedUpdatePolicy, txn)
        let cls = object._ref?.root ?? realmClass(type(of: object))
        return Link(table: cls.table.schema.table, key: key)
    }

    /// The slots of an embedded object's document, from its unmanaged values.
    func embeddedSlots(of object: EmbeddedObject, _ txn: StoreWriteTransaction) throws -> [Value] {
        let cls = realmClass(type(of: object))
        if object._ref != nil {
            throw StoreError.invalidValue(
                ValueIssue(.notAllowedHere("an embedded object that already has an owner"), className: cls.name))
        }
        let context = _WriteContext(realm: self, transaction: txn)
        // Filled in slot order, as `unmanagedRow` fills a row: `Array(repeating:count:)`
        // looked up the array's metadata at run time for each embedded object.
        var slots: [Value] = []
        slots.reserveCapacity(cls.propertyBySlot.count)
        for index in cls.propertyBySlot {
            slots.append(index >= 0 ? try cls.info.engineValue(of: object, index, context) : .null)
        }
        return slots
    }

    // MARK: - Reading

    /// Object `key` of class `cls`, as a managed accessor. Outside a write it
    /// keeps where its document lies (`document`, else looked up now), so that
    /// reading its properties costs no lookup each.
    func accessor(_ cls: RealmClass, _ key: ObjectKey, document: PinnedDocument? = nil) -> ObjectBase {
        let object = cls.info.type.init()
        repoint(object, of: cls, to: key, document: document)
        cls.info.markValuesHeldElsewhere(in: object)
        return object
    }

    /// Points `accessor`, an accessor of class `cls` that nobody else holds
    /// (a new one, or one an iteration let go of), at object `key`.
    func repoint(_ accessor: ObjectBase, of cls: RealmClass, to key: ObjectKey, document: PinnedDocument?) {
        let kept =
            document ?? (transaction == nil ? (try? store.pinnedDocument(key, in: cls.table, pinned)) ?? nil : nil)
        // The ref itself is changed in place when the accessor alone holds it
        // (no list or embedded object made from it is alive).
        // Collections it adopted belong to the object it pointed at: they stay with it.
        accessor._adoptedCollections = nil
        if isKnownUniquelyReferenced(&accessor._ref) {
            accessor._ref?.repoint(to: key, document: kept)
        } else {
            accessor._ref = ManagedRef(realm: self, cls: cls, root: cls, key: key, path: [], document: kept)
        }
    }

    /// The object a link points at as a `DynamicObject`.
    func dynamicObject(for link: Link) -> DynamicObject? {
        let name =
            oldSchemaTables.map { $0.values.first { $0.schema.table == link.table }?.schema.name }
            ?? store.table(id: link.table)?.schema.name
        guard let name, let cls = dynamicClass(named: name) else { return nil }
        return existingAccessor(cls, link.key) as? DynamicObject
    }

    /// The object a link points at (a `DynamicObject` when its class has no
    /// Swift type); nil when it no longer exists.
    func object(for link: Link) -> ObjectBase? {
        guard let cls = realmClass(table: link.table) else { return dynamicObject(for: link) }
        return existingAccessor(cls, link.key)
    }

    /// Object `key`'s accessor, nil when the object no longer exists: outside a
    /// write the one lookup that finds it is the document the accessor keeps.
    private func existingAccessor(_ cls: RealmClass, _ key: ObjectKey) -> ObjectBase? {
        if transaction == nil {
            guard let document = (try? store.pinnedDocument(key, in: cls.table, pinned)) ?? nil else { return nil }
            return accessor(cls, key, document: document)
        }
        guard (try? withDocument(cls, key) { $0 != nil }) == true else { return nil }
        return accessor(cls, key)
    }

    /// An accessor for the embedded object at `path` in `owner`'s document.
    func embeddedObject(of type: EmbeddedObject.Type, owner: ManagedRef, path: [PathStep]) -> EmbeddedObject {
        let object = type.init()
        let cls = realmClass(type)
        object.becomeManaged(
            ManagedRef(
                realm: self, cls: cls, root: owner.root, key: owner.key, path: path, document: owner.document))
        return object
    }

    /// Runs `body` with the document of object `key` (nil when it does not exist),
    /// as this realm sees it: its write transaction, else its pinned version.
    func withDocument<T>(_ cls: RealmClass, _ key: ObjectKey, _ body: (ContainerView?) throws -> T) throws -> T {
        if let txn = transaction { return try body(try txn.document(key, in: cls.table)) }
        return try store.read(pinned) { try body(try $0.document(key, in: cls.table)) }
    }

    /// Runs `body` with the document holding `ref`'s object (nil when it does not
    /// exist): through the document the accessor kept, while it is good.
    func withDocument<T>(of ref: ManagedRef, _ body: (ContainerView?) throws -> T) throws -> T {
        var result: T?
        if try readKeptDocument(of: ref, { result = try body($0) }), let result { return result }
        return try withDocument(ref.root, ref.key, body)
    }

    /// Runs `body` on the document `ref`'s accessor kept, when it kept one and
    /// it is still good (the realm's version, the map unmoved); false when not.
    /// Not generic: collections and values decoded as engine values come here
    /// (scalars read through ``ManagedRef/readKept(_:as:)``).
    private func readKeptDocument(of ref: ManagedRef, _ body: (ContainerView) throws -> Void) throws -> Bool {
        guard let kept = ref.document else { return false }
        return try kept.read(pinnedAt: keptDocumentSerial, body)
    }

    /// Reads property `property` of a managed object.
    func read(_ ref: ManagedRef, _ property: Int, shallow: Bool = false) -> (_EngineValue, _ReadContext) {
        ref.checkNotInvalidated("the \(ref.cls.name) object")
        let slot = ref.cls.slots[property]
        func value(in document: ContainerView) throws -> Value {
            guard let view = try ref.value(slot, in: document) else { return ref.cls.absentValues[property] }
            return shallow ? try view.decodeShallow() : try view.decode()
        }
        do {
            // Through the kept document without the generic `withDocument(of:)`.
            var read = Value.null
            if try !readKeptDocument(of: ref, { read = try value(in: $0) }) {
                read = try withDocument(ref.root, ref.key) { document in
                    guard let document else {
                        preconditionFailure("Geode: the \(ref.cls.name) object was deleted; it can no longer be read")
                    }
                    return try value(in: document)
                }
            }
            return (.init(read), _ReadContext(realm: self, base: ref, prefix: ref.path, step: .index(slot)))
        } catch {
            // A damaged document: the property's default value, and the error waits for the next throwing call.
            deferReadError(error.inObject(ref.cls.table, ref.key))
            let schema = ref.cls.table.schema.properties[property]
            return (
                .init(schema.defaultValue), _ReadContext(realm: self, base: ref, prefix: ref.path, step: .index(slot))
            )
        }
    }

    /// Writes property `property` of a managed object with the value `produce`
    /// makes; a refused value is recorded for the commit to throw.
    func write(_ ref: ManagedRef, _ property: Int, _ produce: (_WriteContext) throws -> _EngineValue) {
        ref.checkNotInvalidated("the \(ref.cls.name) object")
        guard let txn = requireWrite("changing \(ref.cls.name).\(ref.cls.info.properties[property].name)") else {
            return
        }
        do {
            let value = try produce(_WriteContext(realm: self, transaction: txn)).value
            let slot = ref.cls.slots[property]
            let path = ref.path
            let updated = path.isEmpty ? try updateTopLevel(slot, in: ref, with: value, txn) : false
            if !updated { try replace(at: path + [.index(slot)], in: ref, with: value, txn) }
            // The embedded objects the property held are replaced: their accessors no longer read them.
            if holdsEmbeddedObjects(ref.cls, property) { noteEmbeddedEdit(.replaced(.index(slot)), at: path, in: ref) }
        } catch {
            record(error)
        }
    }

    /// Replaces the value at `path` of `ref`'s document and writes the document back.
    func replace(at path: [PathStep], in ref: ManagedRef, with value: Value, _ txn: StoreWriteTransaction) throws {
        if path.count == 1, case let .index(slot) = path[0], try updateTopLevel(slot, in: ref, with: value, txn) {
            return
        }
        guard var row = try txn.row(ref.key, in: ref.root.table) else {
            throw StoreError.objectNotFound(className: ref.root.name, key: ref.key.rawValue)
        }
        guard case let .index(slot) = path.first, slot < ref.root.rowIndexBySlot.count else { return }
        try Self.set(&row[ref.root.rowIndexBySlot[slot]], path.dropFirst(), value)
        try txn.update(row, key: ref.key, in: ref.root.table)
        changeCount += 1
    }

    /// Sets the top-level property in slot `slot` of `ref`'s object, without
    /// decoding the rest of the document; false when no property has the slot.
    private func updateTopLevel(_ slot: Int, in ref: ManagedRef, with value: Value, _ txn: StoreWriteTransaction)
        throws -> Bool
    {
        guard slot < ref.root.rowIndexBySlot.count, ref.root.rowIndexBySlot[slot] >= 0 else { return false }
        try txn.update(
            value, of: ref.root.table.storedProperties[ref.root.rowIndexBySlot[slot]], key: ref.key,
            in: ref.root.table)
        changeCount += 1
        return true
    }

    private static func set(_ target: inout Value, _ path: ArraySlice<PathStep>, _ value: Value) throws {
        guard let step = path.first else {
            target = value
            return
        }
        switch (step, target) {
        case (let .index(i), .list(var items)) where i < items.count:
            try set(&items[i], path.dropFirst(), value)
            target = .list(items)
        case (let .index(i), .embedded(var slots)) where i < slots.count:
            try set(&slots[i], path.dropFirst(), value)
            target = .embedded(slots)
        case (let .key(k), .map(var entries)):
            var entry = entries[k] ?? .null
            try set(&entry, path.dropFirst(), value)
            entries[k] = entry
            target = .map(entries)
        default:
            throw StoreError.invalidValue(ValueIssue(.notAllowedHere("writing through a path that no longer exists")))
        }
    }

    /// Whether object `key` of `cls` exists, as this realm sees it.
    func exists(_ cls: RealmClass, _ key: ObjectKey) -> Bool {
        (try? withDocument(cls, key) { $0 != nil }) == true
    }

    /// Whether a managed object still exists.
    func exists(_ ref: ManagedRef) -> Bool {
        (try? withDocument(of: ref) { document -> Bool in
            guard let document else { return false }
            if ref.path.isEmpty { return true }
            guard let value = try document.value(atPath: ref.path) else { return false }
            return !value.isNull
        }) ?? false
    }

    // MARK: - Queries and deletes

    /// Every object of `type`, live; or, for a projection type, a projection
    /// of every object of its root class.
    ///
    /// ```swift
    /// let dogs = realm.objects(Dog.self)
    /// let people = realm.objects(PersonProjection.self)
    /// ```
    public func objects<T: RealmFetchable>(_ type: T.Type) -> Results<T> {
        type._geodeCheckDeclaration()
        return Results(realm: self, cls: realmClass(type._geodeRootType))
    }

    /// The object of `type` with primary key `key`, if any.
    ///
    /// ```swift
    /// let person = realm.object(ofType: Person.self, forPrimaryKey: 123)
    /// ```
    public func object<T: Object>(ofType type: T.Type, forPrimaryKey key: Any?) -> T? {
        let cls = realmClass(type)
        guard let pkIndex = cls.primaryKey else {
            preconditionFailure("Geode: \(cls.name) has no primary key")
        }
        let property = cls.info.properties[pkIndex]
        guard let typed = try? property.valueType._geodeFromAny(key ?? NSNull(), self) else { return nil }
        guard let value = try? typed._geodeEngineValue(_WriteContext(realm: self, transaction: nil)).value else {
            return nil
        }
        let found: ObjectKey?
        if let txn = transaction {
            found = try? txn.object(withPrimaryKey: value, in: cls.table)
        } else if let key = cls.table.objectKey(forPrimaryKey: value) {
            // The object key is the primary key: the one lookup finds the document the accessor keeps.
            return existingAccessor(cls, key) as? T
        } else {
            found = try? store.read(pinned) { try $0.object(withPrimaryKey: value, in: cls.table) }
        }
        return found.map { accessor(cls, $0) as? T } ?? nil
    }

    /// Deletes a managed object: it disappears from every list, set and map that
    /// held it, links to it become nil, and its embedded objects go with it.
    public func delete(_ object: ObjectBase) {
        guard let txn = requireWrite("deleting an object") else { return }
        guard let managed = object._ref, manages(managed) else {
            preconditionFailure("Geode: only objects managed by this realm can be deleted from it")
        }
        let ref = local(managed)
        do {
            if ref.path.isEmpty {
                try deleteObject(ref.root, ref.key, txn)
            } else {
                try removeEmbedded(ref, txn)
            }
        } catch {
            record(error)
        }
    }

    /// Deletes every object of a sequence. Links to them are removed in one
    /// pass over the objects that can hold them, however many are deleted.
    public func delete<S: Sequence>(_ objects: S) where S.Element: ObjectBase {
        guard let txn = requireWrite("deleting objects") else { return }
        var deleted: [UInt32: Set<ObjectKey>] = [:]
        do {
            for object in Array(objects) {
                guard let managed = object._ref, manages(managed) else {
                    preconditionFailure("Geode: only objects managed by this realm can be deleted from it")
                }
                let ref = local(managed)
                if !ref.path.isEmpty {
                    try removeEmbedded(ref, txn)
                } else if try txn.delete(ref.key, in: ref.root.table) {
                    deleted[ref.root.table.schema.table, default: []].insert(ref.key)
                }
            }
            changeCount += 1
            if !deleted.isEmpty { try LinkCleaner(store: store, transaction: txn).removeLinks(to: deleted) }
        } catch {
            record(error)
        }
    }

    /// Deletes every object of every class.
    public func deleteAll() {
        guard let txn = requireWrite("deleting all objects") else { return }
        do {
            try txn.deleteAllObjects()
            changeCount += 1
        } catch {
            record(error)
        }
    }

    private func deleteObject(_ cls: RealmClass, _ key: ObjectKey, _ txn: StoreWriteTransaction) throws {
        guard try txn.delete(key, in: cls.table) else { return }
        changeCount += 1
        try LinkCleaner(store: store, transaction: txn).removeLinks(to: Link(table: cls.table.schema.table, key: key))
    }

    private func removeEmbedded(_ ref: ManagedRef, _ txn: StoreWriteTransaction) throws {
        // An embedded object is deleted by clearing the place that holds it.
        let path = ref.path
        guard let last = path.last else { return }
        let parentPath = Array(path.dropLast())
        if case let .index(i) = last, parentPath.count >= 1 {
            let holder = try withDocument(of: ref) { try $0?.value(atPath: parentPath)?.decode() }
            if case var .list(items)? = holder, i < items.count {
                items.remove(at: i)
                try replace(at: parentPath, in: ref, with: .list(items), txn)
                noteEmbeddedEdit(.removed(i), at: parentPath, in: ref)
                return
            }
        }
        try replace(at: path, in: ref, with: .null, txn)
        noteEmbeddedEdit(.replaced(last), at: parentPath, in: ref)
    }

    /// Whether `ref` is an object of this realm: this instance's, or another
    /// live instance's of the same store (Realm gives one instance per thread
    /// and file; Geode's instances share the store, so keys mean the same).
    func manages(_ ref: ManagedRef) -> Bool {
        ref.realm === self || (ref.realm.store.path == store.path && !ref.realm.isFrozen && !isFrozen)
    }

    /// `ref` as this realm's own: the same object, read through this
    /// instance's classes and transaction.
    func local(_ ref: ManagedRef) -> ManagedRef {
        if ref.realm === self { return ref }
        return ManagedRef(
            realm: self, cls: realmClass(named: ref.cls.name) ?? ref.cls,
            root: realmClass(named: ref.root.name) ?? ref.root, key: ref.key, path: ref.path)
    }

    /// The link to a managed object (for lookups, where nothing may be added).
    func existingLink(to object: Object) throws -> Link {
        guard let ref = object._ref, manages(ref) else {
            throw GeodeError.invalidValue("an unmanaged object cannot be compared or looked up")
        }
        return Link(table: ref.root.table.schema.table, key: ref.key)
    }
}
