import GeodeCore

/// A class as a realm stores it: its name and properties.
///
/// ```swift
/// for property in dog.objectSchema.properties { print(property.name, property.type) }
/// ```
public struct ObjectSchema: CustomStringConvertible, Sendable {
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
    /// The properties, in declaration order.
    public var properties: [Property] { schema.properties.map(Property.init) }
    /// The primary key property, if any.
    public var primaryKeyProperty: Property? { schema.primaryKey.map(Property.init) }

    /// The property named `name`.
    public subscript(name: String) -> Property? { schema.property(named: name).map(Property.init) }

    public var description: String {
        "\(className) {\n" + properties.map { "    \($0.name): \($0.typeDescription)" }.joined(separator: "\n") + "\n}"
    }
}

/// One property of an ``ObjectSchema``.
public struct Property: Sendable {
    let schema: PropertySchema

    init(_ schema: PropertySchema) { self.schema = schema }

    /// The stored type of a property (of its elements, for collections).
    public enum ValueType: String, Sendable, CaseIterable {
        case bool, int, float, double, string, data, date, decimal128, objectId, uuid
        /// `AnyRealmValue`.
        case mixed
        /// A link to an object, or an embedded object.
        case object
    }

    /// Whether a property holds one value or a collection.
    public enum Collection: String, Sendable {
        case single, list, set, map
    }

    /// Describes a property of a class that has no Swift type.
    public init(name: String, type: ValueType, collection: Collection = .single, isOptional: Bool = false,
                objectClassName: String? = nil, isPrimary: Bool = false, isIndexed: Bool = false) {
        schema = PropertySchema(name: name, type: PropertyType(rawValue: type.rawValue) ?? .mixed,
                                collection: CollectionKind(rawValue: collection.rawValue) ?? .single,
                                isOptional: isOptional, objectClassName: objectClassName,
                                isPrimaryKey: isPrimary, isIndexed: isIndexed)
    }

    /// The property's name.
    public var name: String { schema.name }
    /// The stored type's name: `int`, `string`, `object`, `mixed`, ...
    public var type: String { schema.type.rawValue }
    /// Whether the value (or, for collections, each element) may be nil.
    public var isOptional: Bool { schema.isOptional }
    /// Whether the property is a List, MutableSet or Map.
    public var isCollection: Bool { schema.collection != .single }
    /// The class a link or embedded object property points at.
    public var objectClassName: String? { schema.objectClassName }
    /// Whether the property is the primary key.
    public var isPrimary: Bool { schema.isPrimaryKey }
    /// Whether the property is indexed.
    public var isIndexed: Bool { schema.isIndexed }
    /// The type as declared: `List<String>`, `Int?`.
    public var typeDescription: String { schema.typeDescription }
}
