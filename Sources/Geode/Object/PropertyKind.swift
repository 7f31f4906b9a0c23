import Foundation
import GeodeCore

/// How a property is stored: type, collection kind, optionality, link target.
public struct _PropertyKind: @unchecked Sendable {
    var type: GeodeCore.PropertyType
    var collection: CollectionKind
    var isOptional: Bool
    var objectType: ObjectBase.Type?
    /// Whether the Swift type maps to the stored one (`CustomPersistable`).
    var isMapped = false

    init(
        _ type: GeodeCore.PropertyType, collection: CollectionKind = .single, isOptional: Bool = false,
        objectType: ObjectBase.Type? = nil
    ) {
        self.type = type
        self.collection = collection
        self.isOptional = isOptional
        self.objectType = objectType
    }

    /// Whether the stored property may hold null: the Swift type is optional,
    /// or a required mapped type is stored as an embedded object, alone or as
    /// a map's value (a missing one reads as the mapped value of a default
    /// object), as in Realm.
    var storesNull: Bool {
        isOptional || (isMapped && type == .object && (collection == .single || collection == .map))
    }
}
