import GeodeCore
import OrderedCollections

extension Realm {
    /// The classes of the realm's store, with their properties: every class in
    /// the file, whether or not the program has a Swift type for it.
    ///
    /// ```swift
    /// for objectSchema in realm.schema.objectSchema { print(objectSchema.className) }
    /// ```
    public var schema: Schema { Schema(store.schema) }

    /// Every object of the class named `className`, by name: for code that has
    /// no Swift type for it (tools, the `geode` command).
    public func dynamicObjects(_ className: String) -> Results<DynamicObject> {
        guard let cls = dynamicClass(named: className) else {
            preconditionFailure("Geode: the realm has no class named '\(className)'")
        }
        return Results(realm: self, cls: cls)
    }

    /// Creates an object of the class named `className` from a dictionary
    /// (property name → value). Values are checked against the stored
    /// property types; a mismatch is thrown by the write. A property not given
    /// takes its type's zero value (`""`, `0`, nil, empty). Inside a write only.
    @discardableResult
    public func dynamicCreate(_ className: String, value: [String: Any]) -> DynamicObject {
        let result = DynamicObject()
        guard let txn = requireWrite("creating an object") else { return result }
        guard let cls = dynamicClass(named: className) else {
            record(GeodeError.schema("the realm has no class named '\(className)'"))
            return result
        }
        do {
            let context = _WriteContext(realm: self, transaction: txn)
            var given = OrderedDictionary<String, Value>()
            for (key, item) in value { given[key] = try DynamicValue.engine(item, context) }
            let row = try RowBuilder(schema: store.schema).row(from: given, of: cls.table.schema, fillingMissing: true)
            let key = try txn.insert(row, into: cls.table)
            changeCount += 1
            result._ref = ManagedRef(realm: self, cls: cls, root: cls, key: key, path: [])
        } catch {
            record(error)
        }
        return result
    }

    /// For a dynamic object's embedded-object property: the embedded object as a
    /// `DynamicObject` bound to its place in the owner (`.some(nil)` when null);
    /// nil when the property is of another kind.
    func dynamicEmbeddedObject(in ref: ManagedRef, _ property: Int) -> DynamicObject?? {
        guard ref.cls.info.type == DynamicObject.self else { return nil }
        let schema = ref.cls.table.schema.properties[property]
        guard schema.type == .object, schema.collection == .single, let target = schema.objectClassName,
              let cls = dynamicClass(named: target), cls.table.schema.isEmbedded else { return nil }
        let path = ref.path + [.index(ref.cls.slots[property])]
        let present = (try? withDocument(of: ref) { try $0?.value(atPath: path).map { !$0.isNull } }) ?? nil
        guard present == true else { return .some(nil) }
        let object = DynamicObject()
        object._ref = ManagedRef(realm: self, cls: cls, root: ref.root, key: ref.key, path: path, document: ref.document)
        return .some(object)
    }

    /// The binding of a class by name, typed when the program has its Swift
    /// class, else dynamic.
    func dynamicClass(named name: String) -> RealmClass? {
        if let bound = dynamicClasses[name] { return bound }
        guard let table = try? store.table(name) else { return nil }
        let cls = RealmClass(info: ClassInfo(dynamic: table.schema), table: table)
        dynamicClasses[name] = cls
        return cls
    }
}

/// The classes of a realm (``Realm/schema``).
public struct Schema: Sendable {
    let schema: GeodeCore.Schema

    init(_ schema: GeodeCore.Schema) { self.schema = schema }

    /// Every class, in the order the store keeps them.
    public var objectSchema: [ObjectSchema] { schema.classes.map(ObjectSchema.init) }

    /// The class named `className`.
    public subscript(className: String) -> ObjectSchema? { schema[className].map(ObjectSchema.init) }
}
