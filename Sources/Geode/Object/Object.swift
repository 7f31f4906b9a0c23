import Foundation
import GeodeCore

/// A top-level object: stored in its own right, addressed by key (and primary
/// key), linked to from other objects.
///
/// ```swift
/// class Dog: Object {
///     @Persisted var name = ""
///     @Persisted var age = 0
/// }
/// ```
open class Object: ObjectBase {}

extension Object: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.object, objectType: self) }
    public static func _geodeDefault() -> Self { Self() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        // Read by name (a dynamic list, a migration), a link is a dynamic object whatever class it has,
        // and so is an embedded object in a dynamic collection.
        if Self.self == DynamicObject.self {
            switch value.value {
            case let .link(link): return context.realm.dynamicObject(for: link) as? Self
            case .embedded:
                return context.realm.dynamicEmbeddedObject(owner: context.owner, path: context.path) as? Self
            default: return nil
            }
        }
        guard case let .link(link) = value.value else { return nil }
        return context.realm.object(for: link) as? Self
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        guard let txn = context.transaction else {
            return .init(.link(try context.realm.existingLink(to: self)))
        }
        return .init(.link(try context.realm.link(to: self, txn)))
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        if let object = any as? Self { return object }
        if any is [String: Any] || any is [Any] || any is ObjectBase { return try checked(any) }
        throw GeodeError.invalidValue(
            "expected \(Self.self) (an object, a dictionary or an array), found \(type(of: any))")
    }
}
