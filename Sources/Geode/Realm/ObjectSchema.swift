import Foundation
import GeodeCore

/// A class as a realm stores it: its name and properties.
///
/// ```swift
/// for property in dog.objectSchema.properties { print(property.name, property.type) }
/// ```
public struct ObjectSchema: CustomStringConvertible, Equatable, Sendable {
    let schema: ClassSchema

    init(_ schema: ClassSchema) { self.schema = schema }

    /// Describes a class that has no Swift type, for
    /// ``Realm/Configuration/dynamicClasses``.
    ///
    /// ```swift
    /// let place = ObjectSchema(className: "Place", properties: [
    ///     Property(name: "id", type: .int, isPrimary: true),
    ///     Property(name: "name", type: .string),
    ///     Property(name: "tags", type: .string, collection: .list),
    /// ])
    /// ```
    public init(className: String, properties: [Property], isEmbedded: Bool = false) {
        schema = ClassSchema(name: className, properties: properties.map(\.schema), isEmbedded: isEmbedded)
    }

    /// The class's name.
    public var className: String { schema.name }
    /// Whether the class is embedded.
    public var isEmbedded: Bool { schema.isEmbedded }
    /// The stored properties, in declaration order. `LinkingObjects` are
    /// computed, not stored, and are left out as in Realm; the subscript
    /// finds them by name.
    public var properties: [Property] { schema.properties.filter(\.isStored).map(Property.init) }
    /// The primary key property, if any.
    public var primaryKeyProperty: Property? { schema.primaryKey.map(Property.init) }
    /// The Swift class the schema describes, as in Realm: the program's class
    /// of this name, else ``DynamicObject`` for a class known only from the file.
    ///
    /// ```swift
    /// realm.schema["Dog"]?.objectClass == Dog.self   // true
    /// ```
    public var objectClass: ObjectBase.Type {
        ClassInfo.all.first { $0.name == className && $0.type != DynamicObject.self }?.type ?? DynamicObject.self
    }

    /// The property named `name`.
    public subscript(name: String) -> Property? { schema.property(named: name).map(Property.init) }

    /// The class in Realm's format: its name, `(embedded)` if it is, and each
    /// property's ``Property/description`` indented by a tab, stored properties
    /// first, then linking objects.
    public var description: String {
        let all = schema.properties.filter(\.isStored) + schema.properties.filter { !$0.isStored }
        let body = all.map { "\t" + Property($0).description.replacingOccurrences(of: "\n", with: "\n\t") + "\n" }
        return "\(className) \(isEmbedded ? "(embedded) " : ""){\n" + body.joined() + "}"
    }

    /// Whether two schemas describe the same class: name, embedding and
    /// properties, as in Realm. Where a store keeps the class (its table and
    /// slot numbers) is left out, so a class's own schema equals the one a
    /// realm reports for it.
    public static func == (lhs: ObjectSchema, rhs: ObjectSchema) -> Bool {
        lhs.className == rhs.className && lhs.isEmbedded == rhs.isEmbedded
            && lhs.schema.properties.map(Property.init) == rhs.schema.properties.map(Property.init)
    }
}

/// One property of an ``ObjectSchema``, as Realm describes it.
///
/// ```swift
/// let age = realm.schema["Dog"]?["age"]
/// if age?.type == .int, age?.isOptional == false { print("age is an Int") }
/// ```
public struct Property: Sendable, Equatable, CustomStringConvertible {
    let schema: PropertySchema

    init(_ schema: PropertySchema) { self.schema = schema }

    /// Whether a property holds one value or a collection.
    public enum Collection: String, Sendable {
        case single, list, set, map
    }

    /// Describes a property of a class that has no Swift type.
    ///
    /// ```swift
    /// let tags = Property(name: "tags", type: .string, collection: .list)
    /// ```
    public init(
        name: String, type: PropertyType, collection: Collection = .single, isOptional: Bool = false,
        objectClassName: String? = nil, isPrimary: Bool = false, isIndexed: Bool = false
    ) {
        schema = PropertySchema(
            name: name, type: type.engineType,
            collection: CollectionKind(rawValue: collection.rawValue) ?? .single,
            isOptional: isOptional, objectClassName: objectClassName,
            isPrimaryKey: isPrimary, isIndexed: isIndexed)
    }

    /// The property's name: the Swift name for a mapped property
    /// (``ObjectBase/propertiesMapping()``).
    public var name: String { schema.inputName }
    /// The name the store gives the property: ``name`` unless it is mapped.
    ///
    /// ```swift
    /// Person().objectSchema["firstName"]?.columnName   // "first_name"
    /// ```
    public var columnName: String { schema.name }
    /// The type of the property's values; of each element for a List, MutableSet or Map.
    public var type: PropertyType { PropertyType(schema.type) }
    /// Whether the value (or, for collections, each element) may be nil.
    public var isOptional: Bool { schema.isOptional }
    /// Whether the property is a `List`, or `LinkingObjects` (which Realm
    /// reports as an array of the objects linking here).
    public var isArray: Bool { schema.collection == .list || schema.type == .linkingObjects }
    /// Whether the property is a `MutableSet`.
    public var isSet: Bool { schema.collection == .set }
    /// Whether the property is a `Map`.
    public var isMap: Bool { schema.collection == .map }
    /// Whether the property is a List, MutableSet or Map.
    public var isCollection: Bool { schema.collection != .single }
    /// The class a link, embedded object or linking objects property points at.
    public var objectClassName: String? { schema.objectClassName }
    /// Whether the property is the primary key.
    public var isPrimary: Bool { schema.isPrimaryKey }
    /// Whether the property is indexed (a primary key always is, as in Realm).
    public var isIndexed: Bool { schema.isIndexed || schema.isPrimaryKey }
    /// The type as declared: `List<String>`, `Int?`.
    public var typeDescription: String { schema.typeDescription }

    /// The property in Realm's format, one attribute a line:
    /// `age {\n\ttype = int;\n\tcolumnName = age;\n\tindexed = NO;\n…\n}`.
    public var description: String {
        func flag(_ value: Bool) -> String { value ? "YES" : "NO" }
        var lines = ["type = \(type.realmName)"]
        if type == .object || type == .linkingObjects {
            lines.append("objectClassName = \(objectClassName ?? "(null)")")
            lines.append("linkOriginPropertyName = \(schema.originProperty ?? "(null)")")
        }
        lines += [
            "columnName = \(columnName)", "indexed = \(flag(isIndexed))", "isPrimary = \(flag(isPrimary))",
            "array = \(flag(isArray))", "set = \(flag(isSet))", "dictionary = \(flag(isMap))",
            "optional = \(flag(isOptional))",
        ]
        return "\(name) {\n" + lines.map { "\t\($0);\n" }.joined() + "}"
    }

    /// Whether two properties describe the same column: names, type,
    /// collection, optionality, target, origin, key and index, as in Realm
    /// (where a store keeps the value is left out).
    public static func == (lhs: Property, rhs: Property) -> Bool {
        let (a, b) = (lhs.schema, rhs.schema)
        return a.name == b.name && a.inputName == b.inputName && a.type == b.type && a.collection == b.collection
            && a.isOptional == b.isOptional && a.objectClassName == b.objectClassName
            && a.originProperty == b.originProperty && a.isPrimaryKey == b.isPrimaryKey && a.isIndexed == b.isIndexed
    }
}

/// The type of a property's values, with Realm's names and numbers
/// (`RLMPropertyType`), so code that inspects a schema reads as it does with Realm.
///
/// ```swift
/// for property in dog.objectSchema.properties where property.type == .string { print(property.name) }
/// ```
public enum PropertyType: Int, Sendable, CaseIterable, CustomStringConvertible {
    case int = 0
    case bool = 1
    case string = 2
    case data = 3
    case date = 4
    case float = 5
    case double = 6
    /// A link to an object, or an embedded object.
    case object = 7
    /// The objects linking to this one (`LinkingObjects`).
    case linkingObjects = 8
    /// `AnyRealmValue`.
    case any = 9
    case objectId = 10
    case decimal128 = 11
    case UUID = 12

    /// `AnyRealmValue`: Geode's name for ``any``.
    public static var mixed: PropertyType { .any }
    /// Geode's name for ``UUID``.
    public static var uuid: PropertyType { .UUID }

    init(_ type: GeodeCore.PropertyType) {
        switch type {
        case .bool: self = .bool
        case .int: self = .int
        case .float: self = .float
        case .double: self = .double
        case .string: self = .string
        case .data: self = .data
        case .date: self = .date
        case .decimal128: self = .decimal128
        case .objectId: self = .objectId
        case .uuid: self = .UUID
        case .mixed: self = .any
        case .object: self = .object
        case .linkingObjects: self = .linkingObjects
        }
    }

    /// The engine's type for this one (the inverse of ``init(_:)``, which covers every case).
    var engineType: GeodeCore.PropertyType {
        GeodeCore.PropertyType.allCases.first { PropertyType($0) == self } ?? .mixed
    }

    /// The type's name in a store's schema and in messages: `int`, `string`, `mixed`, `uuid`, ...
    public var description: String { engineType.rawValue }

    /// The type's name in Realm's descriptions of a schema: `int`, `object id`, `linking objects`, ...
    var realmName: String {
        switch self {
        case .objectId: return "object id"
        case .linkingObjects: return "linking objects"
        case .UUID: return "uuid"
        default: return engineType.rawValue
        }
    }
}

extension ObjectBase {
    /// The schema of this class, as an instance's ``objectSchema`` reports it;
    /// nil for the base classes (`ObjectBase`, `Object`, `EmbeddedObject`,
    /// `DynamicObject`), which no realm stores, as in Realm.
    ///
    /// ```swift
    /// Dog.sharedSchema()?.properties.map(\.name)   // ["name", "age"]
    /// Object.sharedSchema()                        // nil
    /// ```
    public class func sharedSchema() -> ObjectSchema? {
        let bases: [ObjectBase.Type] = [ObjectBase.self, Object.self, EmbeddedObject.self, DynamicObject.self]
        guard !bases.contains(where: { $0 == self }) else { return nil }
        return ObjectSchema(ClassInfo.of(self).schema)
    }
}
