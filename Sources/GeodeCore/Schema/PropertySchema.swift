/// The stored type of a property (of its elements, for collections).
package enum PropertyType: String, Hashable, Sendable, CaseIterable {
    case bool, int, float, double, string, data, date, decimal128, objectId, uuid
    /// Any value (Realm's AnyRealmValue), including nested lists and maps.
    case mixed
    /// A link to an object, or an embedded object when the target class is embedded.
    case object
    /// The objects linking here through `originProperty` (computed, not stored).
    case linkingObjects

    /// Whether a primary key may have this type.
    package var canBePrimaryKey: Bool {
        switch self {
        case .int, .string, .objectId, .uuid: return true
        default: return false
        }
    }

    /// Whether a secondary index may cover this type.
    package var canBeIndexed: Bool {
        switch self {
        case .bool, .int, .string, .objectId, .uuid, .date, .mixed: return true
        default: return false
        }
    }
}

/// Whether a property holds one value or a collection of them.
package enum CollectionKind: String, Hashable, Sendable {
    case single, list, set, map
}

/// One property of a class as the engine knows it.
///
/// ```swift
/// let tags = PropertySchema(name: "tags", type: .string, collection: .list)
/// let owner = PropertySchema(name: "owner", type: .object, isOptional: true, objectClassName: "Person")
/// ```
package struct PropertySchema: Hashable, Sendable {
    package var name: String
    /// The name programs use for it when the store's differs (a Swift class's
    /// `propertiesMapping()`): key paths and queries may use either.
    package var publicName: String?
    /// The name programs give the property: its public name, else its stored one.
    package var inputName: String { publicName ?? name }
    package var type: PropertyType
    package var collection: CollectionKind
    /// For single values: may be null. For collections: elements may be null.
    package var isOptional: Bool
    /// The target class of `.object` and `.linkingObjects` properties.
    package var objectClassName: String?
    /// The link property of `objectClassName` that a `.linkingObjects` property follows.
    package var originProperty: String?
    package var isPrimaryKey: Bool
    package var isIndexed: Bool
    /// Where the value sits in the class's documents; assigned by the store.
    package var slot: Int

    package init(
        name: String, type: PropertyType, collection: CollectionKind = .single, isOptional: Bool = false,
        objectClassName: String? = nil, originProperty: String? = nil,
        isPrimaryKey: Bool = false, isIndexed: Bool = false
    ) {
        self.name = name
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.objectClassName = objectClassName
        self.originProperty = originProperty
        self.isPrimaryKey = isPrimaryKey
        self.isIndexed = isIndexed
        self.slot = -1
    }

    /// Whether the property has a slot in documents (everything but linking objects).
    package var isStored: Bool { type != .linkingObjects }

    /// A short description of the type, as a user would write it: `List<String?>`.
    package var typeDescription: String {
        var element = type == .object || type == .linkingObjects ? (objectClassName ?? "?") : type.rawValue
        if isOptional { element += "?" }
        switch collection {
        case .single:
            return type == .linkingObjects
                ? "LinkingObjects<\(objectClassName ?? "?")>.\(originProperty ?? "?")" : element
        case .list: return "List<\(element)>"
        case .set: return "MutableSet<\(element)>"
        case .map: return "Map<String, \(element)>"
        }
    }

    /// Equal in everything a stored document depends on (slot and index aside).
    package func hasSameShape(as other: PropertySchema) -> Bool {
        type == other.type && collection == other.collection && isOptional == other.isOptional
            && objectClassName == other.objectClassName && originProperty == other.originProperty
    }
}
