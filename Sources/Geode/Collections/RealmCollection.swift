import Foundation
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

extension RealmCollection {
    /// The values of `key` for every element, in order (`self` gives the
    /// elements themselves): key-value coding as Realm offers it.
    ///
    /// ```swift
    /// let names = dogs.value(forKey: "name") as? [String]
    /// ```
    public func value(forKey key: String) -> Any? { KeyValueCoding.value(at: key, of: self) }

    /// The value at `keyPath` for every element, or a collection operator's
    /// answer: `@count`, `@min.age`, `@max.age`, `@sum.age`, `@avg.age`,
    /// `@unionOfObjects.name`, `@distinctUnionOfObjects.name`.
    ///
    /// ```swift
    /// let oldest = dogs.value(forKeyPath: "@max.age") as? Int
    /// let ownerNames = dogs.value(forKeyPath: "owner.name") as? [String?]
    /// ```
    public func value(forKeyPath keyPath: String) -> Any? { KeyValueCoding.value(at: keyPath, of: self) }
}

/// Marks the collections `AnyRealmCollection` can wrap (the name Realm Swift's
/// samples constrain on).
public protocol _ObjcBridgeable {}

extension Results: RealmCollection, _ObjcBridgeable {
    /// The type of the objects (or projections) the results hold.
    public typealias ElementType = Element
    /// The realm the results read from (results always have one).
    public var realm: Realm? { realmOfResults }
}

extension List: RealmCollection, _ObjcBridgeable {
    /// The type of the list's elements.
    public typealias ElementType = Element
    /// The realm of the object holding the list; nil for an unmanaged list.
    public var realm: Realm? { location?.realm }
}

extension MutableSet: RealmCollection, _ObjcBridgeable {
    /// The type of the set's elements.
    public typealias ElementType = Element
    /// The realm of the object holding the set; nil for an unmanaged set.
    public var realm: Realm? { location?.realm }
}

extension LinkingObjects: RealmCollection, _ObjcBridgeable {
    /// The type of the linking objects.
    public typealias ElementType = Element
    /// The realm of the object linked to; nil when that object is unmanaged.
    public var realm: Realm? { origin?.realm }
}

/// A type-erased `RealmCollection`: store any of Geode's collections of one
/// element type in one property.
///
/// ```swift
/// let collection: AnyRealmCollection<Dog> = AnyRealmCollection(realm.objects(Dog.self))
/// ```
public final class AnyRealmCollection<Element>: RealmCollection {
    /// The type of the wrapped collection's elements.
    public typealias ElementType = Element
    private let countOf: () -> Int
    private let elementAt: (Int) -> Element
    private let iteratorOf: () -> AnyIterator<Element>
    private let firstOf: () -> Element?
    private let lastOf: () -> Element?
    private let isEmptyOf: () -> Bool
    private let realmOf: () -> Realm?
    let invalidatedOf: () -> Bool
    /// The wrapped collection's objects as live results, when it holds
    /// objects (`Results`, or a `List`, `MutableSet` or `LinkingObjects` of them).
    let resultsOf: (() -> Any)?
    /// How the wrapped collection is found in another realm (for ``ThreadSafeReference``).
    let resolverOf: (() -> _ThreadConfinedResolver)?
    /// Frozen and live copies of the wrapped collection, wrapped (nil for one
    /// that cannot be frozen).
    let frozenOf: (() -> AnyRealmCollection<Element>)?
    let thawedOf: (() -> AnyRealmCollection<Element>?)?
    /// The wrapped collection, and a wrapper for another collection of its
    /// type (what an observer on an actor hands over).
    let base: Any
    let wrapBase: (Any) -> AnyRealmCollection<Element>?
    /// Observes the wrapped collection: key paths, sort key paths (see
    /// ``ErasedObserving``), queue, block (nil for one that cannot be observed).
    let observeBase:
        (
            (
                [String]?, [String], DispatchQueue?,
                @escaping (RealmCollectionChange<AnyRealmCollection<Element>>) -> Void
            ) -> NotificationToken
        )?

    /// Wraps `base`; reads go to it, so a live collection stays live.
    public init<C: RealmCollection>(_ base: C) where C.ElementType == Element {
        countOf = { base.count }
        elementAt = { base[base.startIndex + $0] }
        iteratorOf = { AnyIterator(base.makeIterator()) }
        self.base = base
        wrapBase = { ($0 as? C).map { AnyRealmCollection($0) } }
        // The wrapped collection's own ends: results find them without running the whole query.
        firstOf = { base.first }
        lastOf = { base.last }
        isEmptyOf = { base.isEmpty }
        realmOf = { base.realm }
        invalidatedOf = { (base as? any InvalidationReporting)?.isInvalidated ?? false }
        resultsOf = (base as? any ResultsSource).map { source in { source.erasedResults } }
        resolverOf = (base as? any ThreadConfined).map { confined in
            {
                let inner = confined._geodeResolver()
                return _ThreadConfinedResolver { realm in (inner.resolve(realm) as? C).map { AnyRealmCollection($0) } }
            }
        }
        let freezable = base as? any FreezableCollection
        frozenOf = freezable.map { freezable in
            {
                guard let frozen = freezable.frozenCopy() as? C else {
                    preconditionFailure("Geode: the frozen copy of \(C.self) is not a \(C.self)")
                }
                return AnyRealmCollection(frozen)
            }
        }
        thawedOf = freezable.map { freezable in
            { (freezable.thawedCopy() as? C).map { AnyRealmCollection($0) } }
        }
        observeBase = (base as? any ErasedObserving).map { observable in
            { keyPaths, sortKeyPaths, queue, block in
                observable.observeErased(keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, on: queue) { change in
                    func wrap(_ collection: Any) -> AnyRealmCollection<Element>? {
                        (collection as? C).map { AnyRealmCollection($0) }
                    }
                    switch change {
                    case let .initial(collection):
                        if let wrapped = wrap(collection) { block(.initial(wrapped)) }
                    case let .update(collection, deletions, insertions, modifications):
                        if let wrapped = wrap(collection) {
                            block(
                                .update(
                                    wrapped, deletions: deletions, insertions: insertions,
                                    modifications: modifications))
                        }
                    case let .error(error):
                        block(.error(error))
                    }
                }
            }
        }
    }

    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }
    /// One past the last position: the wrapped collection's current count.
    public var endIndex: Int { countOf() }
    /// The wrapped collection's element at offset `index` from its start.
    public subscript(index: Int) -> Element { elementAt(index) }
    /// Iterates as the wrapped collection iterates: over the elements it
    /// holds when iteration starts (deleting each object in the loop deletes
    /// them all).
    public func makeIterator() -> AnyIterator<Element> { iteratorOf() }
    /// The wrapped collection's first element; nil when it is empty.
    ///
    /// ```swift
    /// let anyDog = AnyRealmCollection(realm.objects(Dog.self).filter("age > 2")).first
    /// ```
    public var first: Element? { firstOf() }
    /// The wrapped collection's last element; nil when it is empty.
    public var last: Element? { lastOf() }
    /// Whether the wrapped collection has no elements.
    public var isEmpty: Bool { isEmptyOf() }
    /// The wrapped collection's realm; nil when it is unmanaged.
    public var realm: Realm? { realmOf() }
}

extension AnyRealmCollection: CustomStringConvertible, RealmDescribable {
    /// The elements in Realm's format: `AnyRealmCollection<Dog> <0x…> (\n\t[0] Dog {…}\n)`.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    func realmDescription(depth: Int) -> String {
        RealmDescription.collection("AnyRealmCollection", self, depth: depth)
    }
}
