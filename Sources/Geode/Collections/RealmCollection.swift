/// What every Geode collection of objects or values offers: `Results`, `List`,
/// `MutableSet` and `LinkingObjects`. Write generic code against it.
///
/// ```swift
/// func operateOn<C: RealmCollection>(collection: C) {
///     print("operating on collection containing \(collection.count) objects")
/// }
/// ```
public protocol RealmCollection: RandomAccessCollection where Index == Int, Element == ElementType {
    /// The type of the collection's elements.
    associatedtype ElementType
    /// The realm that manages the collection; nil when it is unmanaged.
    var realm: Realm? { get }
}

/// Marks the collections `AnyRealmCollection` can wrap (the name Realm Swift's
/// samples constrain on).
public protocol _ObjcBridgeable {}

extension Results: RealmCollection, _ObjcBridgeable {
    public typealias ElementType = Element
    public var realm: Realm? { realmOfResults }
}

extension List: RealmCollection, _ObjcBridgeable {
    public typealias ElementType = Element
    public var realm: Realm? { location?.realm }
}

extension MutableSet: RealmCollection, _ObjcBridgeable {
    public typealias ElementType = Element
    public var realm: Realm? { location?.realm }
}

extension LinkingObjects: RealmCollection, _ObjcBridgeable {
    public typealias ElementType = Element
    public var realm: Realm? { origin?.realm }
}

/// A type-erased `RealmCollection`: store any of Geode's collections of one
/// element type in one property.
///
/// ```swift
/// let collection: AnyRealmCollection<Dog> = AnyRealmCollection(realm.objects(Dog.self))
/// ```
public final class AnyRealmCollection<Element>: RealmCollection {
    public typealias ElementType = Element
    private let countOf: () -> Int
    private let elementAt: (Int) -> Element
    private let realmOf: () -> Realm?

    /// Wraps `base`; reads go to it, so a live collection stays live.
    public init<C: RealmCollection>(_ base: C) where C.ElementType == Element {
        countOf = { base.count }
        elementAt = { base[base.startIndex + $0] }
        realmOf = { base.realm }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { countOf() }
    public subscript(index: Int) -> Element { elementAt(index) }
    public var realm: Realm? { realmOf() }
}
