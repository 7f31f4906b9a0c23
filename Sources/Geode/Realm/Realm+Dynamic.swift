import Foundation
import GeodeCore
import OrderedCollections

extension Realm {
    /// The classes of the realm, with their properties: every class in the
    /// file, but — as in Realm — those the file held when the realm opened
    /// that its ``Configuration/objectTypes`` (when given and not empty) do
    /// not declare or reach. `dynamicObjects` still reads those.
    ///
    /// ```swift
    /// for objectSchema in realm.schema.objectSchema { print(objectSchema.className) }
    /// ```
    public var schema: Schema {
        guard !undeclaredClasses.isEmpty else { return fileSchema }
        var schema = store.schema
        schema.classes.removeAll { undeclaredClasses.contains($0.name) }
        return Schema(schema)
    }

    /// Every class in the file, configured or not: for tools that read any
    /// store (the `geode` command).
    package var fileSchema: Schema { Schema(store.schema) }

    /// Every object of the class named `className`, by name: for code that has
    /// no Swift type for it (tools, the `geode` command).
    public func dynamicObjects(_ className: String) -> Results<DynamicObject> {
        guard let cls = dynamicClass(named: className) else {
            preconditionFailure("Geode: the realm has no class named '\(className)'")
        }
        return Results(realm: self, cls: cls)
    }

    /// Creates an object of the class named `className` from a dictionary
    /// (property name → value), an array in property order, or another object,
    /// as ``create(_:value:update:)`` does for a Swift class. Values are checked
    /// against the stored property types; a mismatch is thrown by the write. A
    /// property not given takes its type's zero value (`""`, `0`, nil, empty).
    /// Nested dictionaries and arrays create linked objects; with `update`
    /// `.modified` or `.all`, an object whose primary key is already stored is
    /// updated with the properties given instead. Inside a write only.
    ///
    /// ```swift
    /// try realm.write {
    ///     realm.dynamicCreate("Dog", value: ["id": 1, "name": "Rex", "owner": ["id": 7, "name": "Ann"]])
    ///     realm.dynamicCreate("Dog", value: ["id": 1, "age": 4], update: .modified)
    /// }
    /// ```
    @discardableResult
    public func dynamicCreate(_ className: String, value: Any = [String: Any](), update: UpdatePolicy = .error)
        -> DynamicObject
    {
        let result = DynamicObject()
        guard let txn = requireWrite("creating an object") else { return result }
        guard let cls = dynamicClass(named: className) else {
            record(GeodeError.schema("the realm has no class named '\(className)'"))
            return result
        }
        do {
            let key = try dynamicCreate(cls, value, update, txn, creating: [])
            result.becomeManaged(ManagedRef(realm: self, cls: cls, root: cls, key: key, path: []))
        } catch {
            record(error)
        }
        return result
    }

    /// Stores the object `value` describes and returns its key. `creating`
    /// holds the dictionaries and arrays being created further up, so that a
    /// value that contains itself is refused instead of recursing forever.
    func dynamicCreate(
        _ cls: RealmClass, _ value: Any, _ update: UpdatePolicy, _ txn: StoreWriteTransaction,
        creating: [ObjectIdentifier]
    ) throws -> ObjectKey {
        let schema = cls.table.schema
        if update != .error && schema.primaryKey == nil {
            throw GeodeError.invalidValue(
                "'\(schema.name)' has no primary key: it cannot be created with update \(update)")
        }
        let context = _WriteContext(realm: self, transaction: txn)
        var given = try givenValues(value, of: cls, update, txn, context, creating: creating)
        // A Swift class fills what the input leaves out with a new instance's values.
        let typed = cls.info.type != DynamicObject.self
        let defaults = typed ? try initialValues(of: cls, missingFrom: given, context) : [:]
        if schema.primaryKey.map({ given[$0.name] == nil }) == true, let pk = schema.primaryKey,
            let value = defaults[pk.name]
        {
            given[pk.name] = value
        }
        let builder = RowBuilder(schema: store.schema)
        // A nullable primary key that is not given is null, and finds the object whose key is null.
        if update != .error, let pk = schema.primaryKey, let pkValue = given[pk.name] ?? (pk.isOptional ? .null : nil),
            let existing = try txn.object(
                withPrimaryKey: try builder.value(pkValue, for: pk, in: schema), in: cls.table),
            let stored = try txn.row(existing, in: cls.table)
        {
            var merged = OrderedDictionary<String, Value>()
            for (property, old) in zip(schema.storedProperties, stored) {
                switch (given[property.name], old) {
                case let (new?, old)
                where update == .modified && (property.collection == .map || property.type == .mixed):
                    merged[property.name] = Self.assigned(new, over: old)
                case let (new, old):
                    merged[property.name] = new ?? old
                }
            }
            try txn.update(try builder.row(from: merged, of: schema), key: existing, in: cls.table)
            changeCount += 1
            if update == .all {
                let replaced = schema.storedProperties.filter { given[$0.name] != nil && holdsEmbeddedObjects($0) }
                noteReplacedEmbeddedObjects(of: cls.table, existing, slots: replaced.map(\.slot))
                // Every property given is set, changed or not (the primary key is never set again).
                let set = schema.storedProperties.filter { given[$0.name] != nil && !$0.isPrimaryKey }
                txn.noteModification(existing, slots: SlotSet(set.map(\.slot)), in: cls.table)
            }
            return existing
        }
        let key = try txn.insert(
            try builder.row(from: given, of: schema, fillingMissing: true, defaults: defaults), into: cls.table)
        changeCount += 1
        return key
    }

    /// The engine values of the properties `value` gives for an object of `cls`.
    private func givenValues(
        _ value: Any, of cls: RealmClass, _ update: UpdatePolicy, _ txn: StoreWriteTransaction,
        _ context: _WriteContext, creating: [ObjectIdentifier]
    ) throws -> OrderedDictionary<String, Value> {
        let schema = cls.table.schema
        var given = OrderedDictionary<String, Value>()
        let typed = cls.info.type != DynamicObject.self
        for (property, item) in try dynamicInput(value, of: cls) {
            do {
                // A Swift class's property first applies what its Swift type knows.
                var input = item
                if typed, let index = cls.info.index(of: property.name),
                    cls.info.properties[index].valueType._geodeChecksInput
                {
                    // An engine value (from an import) is checked as the Swift value it stands for.
                    let plain = engineInput(item).map { DynamicValue.plain($0, self) ?? NSNull() } ?? item
                    input = try cls.info.properties[index].valueType._geodeInput(plain)
                }
                given[property.name] = try dynamicEngineValue(
                    input, for: property, update, txn, context, creating: creating)
            } catch {
                throw GeodeError.from(error).located(in: schema.name, property.name)
            }
        }
        return given
    }

    /// An embedded object of the Swift class `cls` given as a dictionary, an
    /// array or an instance: its values, with what the input leaves out taken from a new instance
    /// of the class, as Realm fills them (and as ``dynamicCreate(_:_:_:_:creating:)``
    /// fills a top-level object's).
    private func embeddedDocument(
        _ input: Any, of cls: RealmClass, _ update: UpdatePolicy, _ txn: StoreWriteTransaction,
        _ context: _WriteContext, creating: [ObjectIdentifier]
    ) throws -> Value {
        // The create's update policy reaches the objects the embedded object links to, as in Realm.
        var given = try givenValues(input, of: cls, update, txn, context, creating: creating)
        for (name, value) in try initialValues(of: cls, missingFrom: given, context) where given[name] == nil {
            given[name] = value
        }
        return .map(given)
    }

    /// `new` assigned over `old` as Realm's `.modified` update assigns a map
    /// or an `AnyRealmValue`: a map sets the keys given and keeps the others,
    /// a list sets its elements in place and ends where `new` ends, and a map
    /// or list inside either is assigned over the one at its place in the
    /// same way; any other value replaces what was there.
    static func assigned(_ new: Value, over old: Value) -> Value {
        switch (new, old) {
        case let (.map(given), .map(kept)):
            var merged = kept
            for (key, value) in given { merged[key] = kept[key].map { assigned(value, over: $0) } ?? value }
            return .map(merged)
        case let (.list(given), .list(kept)):
            return .list(given.enumerated().map { i, value in i < kept.count ? assigned(value, over: kept[i]) : value })
        default:
            return new
        }
    }

    /// The engine values of a new instance of a Swift class: what Realm stores
    /// for the properties a `create` input does not give (the declared initial
    /// values, made afresh for each object, as `ObjectId.generate()` must be).
    private func initialValues(
        of cls: RealmClass, missingFrom given: OrderedDictionary<String, Value>,
        _ context: _WriteContext
    ) throws -> [String: Value] {
        let missing = cls.info.properties.indices.filter {
            cls.info.properties[$0].kind.type != .linkingObjects && given[cls.info.properties[$0].storedName] == nil
        }
        guard !missing.isEmpty else { return [:] }
        let fresh = ValueAssignment.unmanagedValues(of: cls.info.type.init())
        var values: [String: Value] = [:]
        for index in missing {
            values[cls.info.properties[index].storedName] = try fresh[index]._geodeEngineValue(context).value
        }
        return values
    }

    /// The properties `value` gives (see ``CreateInput``), with their schemas.
    private func dynamicInput(_ value: Any, of cls: RealmClass) throws -> [(PropertySchema, Any)] {
        let properties = cls.table.storedProperties
        var given: [(PropertySchema, Any)] = []
        given.reserveCapacity(properties.count)
        try CreateInput.forEach(
            // Input names properties as programs do (a mapped property by its Swift name).
            value, names: cls.inputNames, className: cls.table.schema.name,
            reading: { object, name in object.objectSchema[name] == nil ? nil : object[name] ?? NSNull() }
        ) { given.append((properties[$0], $1)) }
        return given
    }

    /// Sets property `index` of the dynamic object `ref` to `value` by
    /// ``dynamicCreate(_:value:update:)``'s rules: a dictionary or an array
    /// becomes an embedded object, or a new linked object; a number fills
    /// another numeric type when it converts exactly. A refused value is
    /// recorded for the commit to throw, naming the class and property.
    func dynamicSet(_ ref: ManagedRef, _ index: Int, to value: Any?) {
        write(ref, index) { context in
            let table = ref.cls.table
            if let value, let scalar = DynamicValue.commonScalar(value),
                table.schema.properties[index].collection == .single,
                ValueRules.isScalar(scalar, of: table.schema.properties[index].type)
            {
                // A string, number or bool of the property's own type: nothing to look up,
                // create or convert (the write checks it as every value).
                return .init(scalar)
            }
            let property = table.schema.properties[index]
            let given: Value
            do {
                guard let txn = context.transaction else { throw GeodeError.invalidValue("no write transaction") }
                given = try dynamicEngineValue(value ?? NSNull(), for: property, .error, txn, context, creating: [])
            } catch {
                throw GeodeError.from(error).located(in: table.schema.name, property.name)
            }
            return .init(try RowBuilder(schema: store.schema).value(given, for: property, in: table.schema))
        }
    }

    /// The engine value of one given property value; dictionaries and arrays
    /// given for a link create (or, with an update policy, update) the linked
    /// objects.
    private func dynamicEngineValue(
        _ item: Any, for property: PropertySchema, _ update: UpdatePolicy, _ txn: StoreWriteTransaction,
        _ context: _WriteContext, creating: [ObjectIdentifier]
    ) throws -> Value {
        guard let present = unwrappedInput(item), engineInput(present) != .null else { return .null }
        let collection = holdsClassInstance(present) ? present as? InputCollection : nil
        // A mixed value holds lists and dictionaries, never sets: Realm refuses one.
        if property.type == .mixed, property.collection == .single, collection?.holdsDistinctValues == true {
            throw GeodeError.invalidValue("Invalid property value: a MutableSet for '\(property.name)', a mixed value")
        }
        let item = collection?.inputValue ?? present
        guard property.type == .object, let targetName = property.objectClassName,
            let target = dynamicClass(named: targetName)
        else {
            return try DynamicValue.engine(item, context, numbersAs: property.type)
        }
        if target.table.schema.isEmbedded {
            // Dictionaries for a Swift embedded class take its defaults for what they leave out.
            guard let swiftClass = classesByName[targetName], swiftClass.info.type != DynamicObject.self else {
                return try DynamicValue.engine(item, context)
            }
            func embedded(_ element: Any) throws -> Value {
                // A dictionary, an array in property order or an embedded object, read as a
                // top-level object's input is (by public names): what it leaves out takes the
                // class's defaults.
                let isInstance = holdsClassInstance(element) && element is EmbeddedObject
                guard isInstance || element is [String: Any] || element is [Any] else {
                    return try DynamicValue.engine(element, context)
                }
                return try embeddedDocument(element, of: swiftClass, update, txn, context, creating: creating)
            }
            switch property.collection {
            case .single: return try embedded(item)
            case .list, .set:
                guard let items = item as? [Any] else { return try DynamicValue.engine(item, context) }
                return .list(try items.map(embedded))
            case .map:
                guard let items = item as? [String: Any] else { return try DynamicValue.engine(item, context) }
                var map = OrderedDictionary<String, Value>()
                for key in items.keys.sorted() {
                    guard let element = unwrappedInput(items[key] as Any) else {
                        map[key] = .null
                        continue
                    }
                    map[key] = try embedded(element)
                }
                return .map(map)
            }
        }
        func link(_ element: Any) throws -> Value {
            guard let element = unwrappedInput(element) else { return .null }
            // An engine value (from an import): a link already, or a map or array that describes an object.
            switch engineInput(element) {
            case .null?: return .null
            case let .link(link)?: return .link(link)
            default: break
            }
            let object = holdsClassInstance(element) ? element as? Object : nil
            if let object, let ref = object._ref, manages(ref) { return try DynamicValue.engine(object, context) }
            // An object of another class is not copied into this one, as in Realm.
            if let object {
                let className = object._ref?.cls.name ?? ClassInfo.of(type(of: object)).name
                guard className == target.name else {
                    throw GeodeError.invalidValue(
                        "Invalid property value: a \(className) object for '\(property.name)', a link to \(target.name)")
                }
            }
            // Only objects can contain themselves: dictionaries and arrays are values.
            let identity = object.map(ObjectIdentifier.init)
            if let identity, creating.contains(identity) {
                throw GeodeError.invalidValue("the value of '\(property.name)' contains itself")
            }
            // A linked class without a primary key cannot be looked up: its objects are always new.
            let policy = target.table.schema.primaryKey == nil ? .error : update
            let key = try dynamicCreate(
                target, element, policy, txn, creating: creating + (identity.map { [$0] } ?? []))
            return .link(Link(table: target.table.schema.table, key: key))
        }
        switch property.collection {
        case .single:
            return try link(item)
        case .list, .set:
            if case let .list(items)? = engineInput(item) { return .list(try items.map(link)) }
            guard let items = item as? [Any] else { return try DynamicValue.engine(item, context) }
            return .list(try items.map(link))
        case .map:
            var map = OrderedDictionary<String, Value>()
            if case let .map(entries)? = engineInput(item) {
                for (key, element) in entries { map[key] = try link(element) }
                return .map(map)
            }
            guard let items = item as? [String: Any] else { return try DynamicValue.engine(item, context) }
            for key in items.keys.sorted() { map[key] = try link(items[key] as Any) }
            return .map(map)
        }
    }

    /// For a dynamic object's embedded-object property: the embedded object as a
    /// `DynamicObject` bound to its place in the owner (`.some(nil)` when null);
    /// nil when the property is of another kind.
    func dynamicEmbeddedObject(in ref: ManagedRef, _ property: Int) -> DynamicObject?? {
        guard ref.cls.info.type == DynamicObject.self else { return nil }
        let schema = ref.cls.table.schema.properties[property]
        guard schema.type == .object, schema.collection == .single, let target = schema.objectClassName,
            let cls = dynamicClass(named: target), cls.table.schema.isEmbedded
        else { return nil }
        let path = ref.path + [.index(ref.cls.slots[property])]
        let present = (try? withDocument(of: ref) { try $0?.value(atPath: path).map { !$0.isNull } }) ?? nil
        guard present == true else { return .some(nil) }
        let object = DynamicObject()
        object.becomeManaged(
            ManagedRef(
                realm: self, cls: cls, root: ref.root, key: ref.key, path: path, document: ref.document))
        return .some(object)
    }

    /// The embedded object at `path` in `owner`'s document as a
    /// `DynamicObject` (an element of a dynamic collection of embedded
    /// objects), its class found by following the path from the owner's class.
    func dynamicEmbeddedObject(owner: ManagedRef, path: [PathStep]) -> DynamicObject? {
        guard let cls = embeddedClass(along: path, from: owner.cls) else { return nil }
        let object = DynamicObject()
        object.becomeManaged(
            ManagedRef(
                realm: self, cls: cls, root: owner.root, key: owner.key, path: path, document: owner.document))
        return object
    }

    /// The embedded class whose object sits at `path` below an object of
    /// `root`: each property on the way names the next class, and a
    /// collection's step is followed by its element's.
    private func embeddedClass(along path: [PathStep], from root: RealmClass) -> RealmClass? {
        var cls = root
        var rest = path[...]
        while case let .index(slot)? = rest.first {
            guard let property = cls.table.schema.properties.first(where: { $0.isStored && $0.slot == slot }),
                property.type == .object, let name = property.objectClassName,
                let target = dynamicClass(named: name), target.table.schema.isEmbedded
            else { return nil }
            cls = target
            rest = rest.dropFirst(property.collection == .single ? 1 : 2)
        }
        return rest.isEmpty && cls !== root ? cls : nil
    }

    /// The binding of a class by name, typed when the program has its Swift
    /// class, else dynamic.
    /// Forgets the bindings of classes used by name: the store's schema
    /// changed under them (a migration renamed a property or removed a class).
    func forgetDynamicClasses() {
        dynamicClasses = [:]
    }

    func dynamicClass(named name: String) -> RealmClass? {
        if let bound = dynamicClasses[name] { return bound }
        if let tables = oldSchemaTables {
            guard let table = tables[name] else { return nil }
            let cls = RealmClass(info: ClassInfo(dynamic: table.schema), table: table, readsOldSchema: true)
            dynamicClasses[name] = cls
            return cls
        }
        guard let table = try? store.table(name) else { return nil }
        let cls = RealmClass(info: ClassInfo(dynamic: table.schema), table: table)
        dynamicClasses[name] = cls
        return cls
    }
}
