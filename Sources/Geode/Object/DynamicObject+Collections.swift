import Foundation
import GeodeCore

extension Object {
    /// The list of objects in property `propertyName`, live, with each object
    /// read through the dynamic API (what a ``DynamicObject``'s
    /// `self[propertyName]` gives as `List<DynamicObject>`), as in Realm.
    ///
    /// The object must be managed and the property a list; anything else
    /// stops the program, as in Realm. A list of primitives is read typed
    /// through the subscript (`List<String>`, `List<Int?>`…): given as a list
    /// of objects, as Realm gives it, its count and changes can be read, but
    /// reading one of its values as an object stops the program.
    ///
    /// ```swift
    /// migration.enumerateObjects(ofType: "Person") { _, new in
    ///     let dogs = new!.dynamicList("dogs")
    ///     dogs.append(migration.create("Dog", value: ["name": "Rex"]))
    /// }
    /// ```
    public func dynamicList(_ propertyName: String) -> List<DynamicObject> {
        dynamicCollection(propertyName, as: List<DynamicObject>.self)
    }

    /// The set of objects in property `propertyName`, live (a set of linked
    /// objects; a set of primitives as ``dynamicList(_:)`` gives a list of them).
    ///
    /// ```swift
    /// let friends = person.dynamicMutableSet("friends")
    /// ```
    public func dynamicMutableSet(_ propertyName: String) -> MutableSet<DynamicObject> {
        dynamicCollection(propertyName, as: MutableSet<DynamicObject>.self)
    }

    /// The map of objects in property `propertyName`, live (a map of linked
    /// or embedded objects; a value is nil where its object was deleted).
    ///
    /// ```swift
    /// let pets: Map<String, DynamicObject?> = person.dynamicMap("pets")
    /// ```
    public func dynamicMap<Key: _MapKey>(_ propertyName: String) -> Map<Key, DynamicObject?> {
        dynamicCollection(propertyName, as: Map<Key, DynamicObject?>.self)
    }

    /// The collection of objects `propertyName` as `C`, read through the dynamic API.
    private func dynamicCollection<C>(_ propertyName: String, as type: C.Type) -> C {
        let info = _ref?.cls.info ?? ClassInfo.of(Swift.type(of: self))
        guard let ref = _ref, let index = info.index(of: propertyName) else {
            preconditionFailure("Geode: \(info.name).\(propertyName) is not a managed collection of the kind \(C.self)")
        }
        let property = ref.cls.table.schema.properties[index]
        if let collection = DynamicObject.liveCollection(of: self, property, index) as? C { return collection }
        // A list or set of primitives, wrapped as Realm wraps it (not kept as the
        // property's collection, which its own element type reads).
        let location = CollectionLocation(object: self, property: index)
        switch property.collection {
        case .list where C.self == List<DynamicObject>.self:
            if let list = List<DynamicObject>(location: location) as? C { return list }
        case .set where C.self == MutableSet<DynamicObject>.self:
            if let set = MutableSet<DynamicObject>(location: location) as? C { return set }
        default: break
        }
        preconditionFailure("Geode: \(info.name).\(propertyName) is not a managed collection of the kind \(C.self)")
    }
}

extension DynamicObject {
    /// The live collection of a managed dynamic object's collection property,
    /// as Realm's `DynamicObject` gives it: a `List`, `MutableSet` or `Map`
    /// whose element type follows the property's (`DynamicObject` for links,
    /// `String?` for optional strings, `AnyRealmValue` for mixed). Nil for a
    /// property that is not a collection.
    static func liveCollection(of object: ObjectBase, _ property: PropertySchema, _ index: Int) -> Any? {
        guard let element = elementType(of: property) else { return nil }
        switch property.collection {
        case .single: return nil
        case .list: return list(of: element, object, index)
        case .map: return map(of: element, object, index)
        case .set:
            guard let hashable = element as? any (_PersistableValue & Hashable).Type else { return nil }
            return set(of: hashable, object, index)
        }
    }

    private static func list<T: _PersistableValue>(of _: T.Type, _ object: ObjectBase, _ index: Int) -> Any {
        List<T>._geodeGet(object, index)
    }

    private static func set<T: _PersistableValue & Hashable>(of _: T.Type, _ object: ObjectBase, _ index: Int) -> Any {
        MutableSet<T>._geodeGet(object, index)
    }

    private static func map<T: _PersistableValue>(of _: T.Type, _ object: ObjectBase, _ index: Int) -> Any {
        Map<String, T>._geodeGet(object, index)
    }

    /// The Swift type of one element of `property`, as Realm's dynamic API
    /// types it (`DynamicObject` for links and embedded objects alike); nil
    /// for linking objects.
    private static func elementType(of property: PropertySchema) -> (any _PersistableValue.Type)? {
        let type: any _PersistableValue.Type
        switch property.type {
        case .bool: type = Bool.self
        case .int: type = Int.self
        case .float: type = Float.self
        case .double: type = Double.self
        case .string: type = String.self
        case .data: type = Data.self
        case .date: type = Date.self
        case .decimal128: type = Decimal128.self
        case .objectId: type = ObjectId.self
        case .uuid: type = UUID.self
        case .mixed: return AnyRealmValue.self
        // A map's object may be nil (a link to a deleted object); a list's or set's never is.
        case .object: return property.collection == .map ? DynamicObject?.self : DynamicObject.self
        case .linkingObjects: return nil
        }
        return property.isOptional ? optional(type) : type
    }

    private static func optional<T: _PersistableValue>(_: T.Type) -> any _PersistableValue.Type { T?.self }
}
