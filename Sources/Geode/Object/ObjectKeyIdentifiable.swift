import GeodeCore

/// Objects and projections identified by the object they are (for SwiftUI's
/// `ForEach`, diffing, dictionaries of views): every accessor of one stored
/// object has the same `id`, and an object not yet added is identified by
/// its own instance.
///
/// ```swift
/// final class Dog: Object, ObjectKeyIdentifiable {
///     @Persisted var name = ""
/// }
/// let same = realm.objects(Dog.self)[0].id == realm.objects(Dog.self)[0].id   // true
/// ```
public protocol ObjectKeyIdentifiable: Identifiable {
    /// The stable identity of the object.
    var id: UInt64 { get }
}

/// The name Realm gave ``ObjectKeyIdentifiable`` first.
@available(*, deprecated, renamed: "ObjectKeyIdentifiable")
public typealias ObjectKeyIdentifable = ObjectKeyIdentifiable

extension ObjectKeyIdentifiable where Self: ObjectBase {
    /// The stored object's key (an embedded object's place in its owner),
    /// or the instance's address while it is not managed.
    public var id: UInt64 { objectKeyIdentity }
}

extension ObjectKeyIdentifiable where Self: ProjectionObservable {
    /// The identity of the object the projection reads.
    public var id: UInt64 { rootObject.objectKeyIdentity }
}

extension ObjectBase {
    /// What ``ObjectKeyIdentifiable/id`` gives.
    var objectKeyIdentity: UInt64 {
        guard let ref = _ref else { return UInt64(UInt(bitPattern: ObjectIdentifier(self))) }
        guard !ref.path.isEmpty else { return ref.key.rawValue }
        // An embedded object has no key of its own: its owner's key and its path in the owner stand for it.
        var hasher = Hasher()
        hasher.combine(ref.root.name)
        hasher.combine(ref.key.rawValue)
        hasher.combine(ref.path)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }
}
