import Foundation
import GeodeCore

/// An object that lives inside exactly one owner and dies with it.
///
/// An embedded object is stored inside its owner's document. Its accessor
/// follows it through the edits of the list, map or property holding it made
/// through the same realm, as Realm's accessors do: an insertion, removal or
/// move before it takes it to its new index, and once it is removed or
/// replaced it is ``ObjectBase/isInvalidated`` and writing it fails the
/// write. Edits another realm instance made, and brought in by
/// ``Realm/refresh()``, are not followed: such an accessor reads its place.
///
/// ```swift
/// class Address: EmbeddedObject {
///     @Persisted var street: String?
///     @Persisted var city: String?
/// }
/// let second = person.addresses[1]
/// try realm.write { person.addresses.remove(at: 0) }
/// print(second.street)   // the same address, now at index 0
/// ```
open class EmbeddedObject: ObjectBase {}

extension EmbeddedObject: _PersistableValue {
    public var _geodeHeldObject: AnyObject? { self }
    public static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject? {
        sharedReference(at: pointer)
    }
    public static var _geodeKind: _PropertyKind { .init(.object, objectType: self) }
    public static var _geodeReadsShallow: Bool { true }
    public static func _geodeDefault() -> Self { Self() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        guard case .embedded = value.value else { return nil }
        return context.realm.embeddedObject(of: self, owner: context.owner, path: context.path) as? Self
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeInput(_ any: Any) throws -> Any {
        // A dictionary for an embedded object: each property's own checks (the engine builds it).
        guard let dictionary = any as? [String: Any] else { return any }
        let info = ClassInfo.of(self)
        var checked = dictionary
        for (name, value) in dictionary {
            guard let index = info.index(of: name) else { continue }
            do {
                checked[name] = try info.properties[index].valueType._geodeInput(value)
            } catch let error as GeodeError {
                throw error.located(in: info.name, name)
            }
        }
        return checked
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        guard let txn = context.transaction else {
            throw GeodeError.invalidValue("an embedded object cannot be a lookup key")
        }
        return .init(.embedded(try context.realm.embeddedSlots(of: self, txn)))
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        if let object = any as? Self { return object }
        if any is [String: Any] || any is [Any] || any is ObjectBase { return try checked(any) }
        throw GeodeError.invalidValue(
            "expected \(Self.self) (an object, a dictionary or an array), found \(type(of: any))")
    }

}
