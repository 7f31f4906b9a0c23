/// What `Realm.objects(_:)` can fetch: `Object` subclasses, and projections
/// of them (`Projection<Root>` subclasses).
///
/// ```swift
/// func names<T: RealmFetchable>(_ type: T.Type, in realm: Realm) -> Int {
///     realm.objects(type).count
/// }
/// ```
public protocol RealmFetchable {
    /// The class whose stored objects are fetched.
    static var _geodeRootType: Object.Type { get }
    /// The element for a stored object of that class.
    static func _geodeElement(of object: Object) -> Self?
    /// The stored object the element stands for.
    var _geodeObject: Object { get }
    /// Stops the program when the type cannot be fetched as declared (a
    /// projection of a property that is not persisted); called by `objects(_:)`.
    static func _geodeCheckDeclaration()
}

extension RealmFetchable {
    public static func _geodeCheckDeclaration() {}
}

extension Object: RealmFetchable {
    public static var _geodeRootType: Object.Type { self }
    public static func _geodeElement(of object: Object) -> Self? { object as? Self }
    public var _geodeObject: Object { self }
}

/// An optional object is what a map of objects holds (`Map<String, Dog?>`):
/// the results of querying, sorting or filtering such a map are `Results<Dog?>`,
/// as in Realm, and never hold nil.
extension Optional: RealmFetchable where Wrapped: Object {
    public static var _geodeRootType: Object.Type { Wrapped.self }
    public static func _geodeElement(of object: Object) -> Self? { (object as? Wrapped).map { .some($0) } }
    public var _geodeObject: Object {
        guard let self else { preconditionFailure("Geode: a nil link has no object") }
        return self
    }
}
