import Foundation

/// A live collection of one property of each object of a `List` or
/// `MutableSet`, made by `projectTo` in a projection's key path. Setting an
/// element sets that property of the object at its position (inside a write
/// transaction), when the key path can be written.
///
/// ```swift
/// class PersonProjection: Projection<Person> {
///     @Projected(\Person.friends.projectTo.firstName) var friendsFirstName: ProjectedCollection<String>
/// }
/// print(Array(projection.friendsFirstName))   // ["Ann", "Bob"]
/// try realm.write { projection.friendsFirstName[0] = "Anna" }
/// ```
public final class ProjectedCollection<Element>: RandomAccessCollection, CustomStringConvertible {
    private let objects: any ProjectableObjects
    private let elementAt: (Int) -> Element
    private let setElementAt: ((Int, Element) -> Void)?
    private let freezeOf: () -> ProjectedCollection
    private let thawOf: () -> ProjectedCollection?
    /// Observes the underlying list or set, handing on its changes with the
    /// same projection of the collection each one carries.
    private let observeOf: Observing
    /// How the same projection is found in another realm (for ``ThreadSafeReference``).
    private let resolverOf: () -> _ThreadConfinedResolver

    typealias Observing = (
        _ keyPaths: [String]?, _ sortKeyPaths: [String], _ queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<ProjectedCollection>) -> Void
    ) -> NotificationToken

    init(
        objects: any ProjectableObjects, element: @escaping (Int) -> Element, set: ((Int, Element) -> Void)?,
        freeze: @escaping () -> ProjectedCollection, thaw: @escaping () -> ProjectedCollection?,
        observe: @escaping Observing, resolver: @escaping () -> _ThreadConfinedResolver
    ) {
        self.objects = objects
        elementAt = element
        setElementAt = set
        freezeOf = freeze
        thawOf = thaw
        observeOf = observe
        resolverOf = resolver
    }

    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }
    /// One past the last position: the underlying list's or set's current count.
    public var endIndex: Int { objects.count }

    /// The projected value of the object at `position`; setting it sets the
    /// projected property of that object (a key path that cannot be written,
    /// such as a transform, stops the program).
    public subscript(position: Int) -> Element {
        get { elementAt(position) }
        set {
            guard let setElementAt else {
                preconditionFailure(
                    "Geode: this ProjectedCollection<\(Element.self)> projects a key path that cannot be written")
            }
            setElementAt(position, newValue)
        }
    }

    /// Whether the underlying list or set belongs to a frozen realm.
    public var isFrozen: Bool { objects.isFrozen }

    /// Whether the object holding the underlying list or set was deleted or its realm closed.
    public var isInvalidated: Bool { objects.isInvalidated }

    /// The same projection of the underlying list or set frozen: its elements
    /// at this version, readable from another thread.
    ///
    /// ```swift
    /// let snapshot = projection.friendsFirstName.freeze()
    /// ```
    public func freeze() -> ProjectedCollection { freezeOf() }

    /// The same projection of the live list or set; nil when the object holding it was deleted since.
    public func thaw() -> ProjectedCollection? { thawOf() }

    /// Calls `block` with the collection now, then after each write that
    /// changes the underlying list or set: the positions removed, inserted
    /// and modified are the list's or set's own, and each change carries the
    /// projected collection (read on the thread or `queue` that delivers it).
    /// `keyPaths` name properties of the objects (`["firstName"]`): a change
    /// to any other property is not heard. A frozen collection cannot be
    /// observed (the program stops).
    ///
    /// ```swift
    /// let token = projection.friendsFirstName.observe(keyPaths: ["firstName"]) { change in
    ///     switch change {
    ///     case .initial(let names): print(Array(names))
    ///     case .update(let names, let deletions, let insertions, let modifications):
    ///         print(Array(names), deletions, insertions, modifications)
    ///     case .error(let error): print(error)
    ///     }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<ProjectedCollection<Element>>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: [], on: queue, block)
    }

    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<ProjectedCollection<Element>>) -> Void
    ) -> NotificationToken {
        // A frozen one stops in its list's or set's realm, which is frozen too.
        observeOf(keyPaths, sortKeyPaths, queue, block)
    }

    /// The elements, one per line with its position, in Realm's format:
    /// `ProjectedCollection<String> {\n\t[0] John\n\t[1] Daenerys\n}`.
    public var description: String {
        "ProjectedCollection<\(Element.self)> {\n" + enumerated().map { "\t[\($0.offset)] \($0.element)\n" }.joined()
            + "}"
    }
}

extension ProjectedCollection: RealmCollection {
    /// The type of the projected values.
    public typealias ElementType = Element
    /// The realm of the underlying list or set; nil when it is unmanaged.
    public var realm: Realm? { objects.realm }
}

extension ProjectedCollection where Element: Equatable {
    /// The position of the first element equal to `value`; nil when there is none.
    ///
    /// ```swift
    /// let i = projection.friendsFirstName.index(of: "Bob")   // Optional(1)
    /// ```
    public func index(of value: Element) -> Int? { firstIndex(of: value) }
}

extension ProjectedCollection: ThreadConfined {
    /// Finds the list or set in the other realm and projects it again.
    public func _geodeResolver() -> _ThreadConfinedResolver { resolverOf() }
}

extension ProjectedCollection: ErasedObserving {}

/// A `List` or `MutableSet` of objects, whose objects' property a
/// ``ProjectedCollection`` reads, freezes, observes and hands to another
/// thread through: one mechanism for both (each one's own members).
protocol ProjectableObjects<Element>: AnyObject, ThreadConfined {
    associatedtype Element: ObjectBase
    var count: Int { get }
    subscript(position: Int) -> Element { get }
    var realm: Realm? { get }
    var isFrozen: Bool { get }
    var isInvalidated: Bool { get }
    func freeze() -> Self
    func thaw() -> Self?
    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<Self>) -> Void
    ) -> NotificationToken
}

extension RealmCollectionChange {
    /// The same change, carrying `transform` of its collection.
    func mapCollection<T>(_ transform: (CollectionType) -> T) -> RealmCollectionChange<T> {
        switch self {
        case let .initial(collection): return .initial(transform(collection))
        case let .update(collection, deletions, insertions, modifications):
            return .update(
                transform(collection), deletions: deletions, insertions: insertions, modifications: modifications)
        case let .error(error): return .error(error)
        }
    }
}

extension List: ProjectableObjects where Element: ObjectBase {}
extension MutableSet: ProjectableObjects where Element: ObjectBase {}

/// The objects of a `List` or `MutableSet` on their way into a
/// `ProjectedCollection`: name one of their properties after `projectTo`.
///
/// ```swift
/// @Projected(\Person.friends.projectTo.firstName) var friendsFirstName: ProjectedCollection<String>
/// ```
@dynamicMemberLookup
public struct ElementMapper<Element: ObjectBase> {
    let objects: any ProjectableObjects<Element>

    /// The value of `keyPath` for each object.
    public subscript<V>(dynamicMember keyPath: KeyPath<Element, V>) -> ProjectedCollection<V> {
        if let trace = ProjectionTrace.current {
            // Follow the path into an element, so a query can name it.
            trace.enterElements()
            trace.finish(with: Element()[keyPath: keyPath])
        }
        return Self.project(objects, keyPath)
    }

    /// `keyPath` of each of `objects`, frozen, thawed, observed and resolved
    /// in another realm with them.
    private static func project<Objects: ProjectableObjects<Element>, V>(
        _ objects: Objects, _ keyPath: KeyPath<Element, V>
    ) -> ProjectedCollection<V> {
        let set = (keyPath as? ReferenceWritableKeyPath<Element, V>).map { writable in
            { (position: Int, value: V) in objects[position][keyPath: writable] = value }
        }
        return ProjectedCollection(
            objects: objects, element: { objects[$0][keyPath: keyPath] }, set: set,
            freeze: { project(objects.freeze(), keyPath) }, thaw: { objects.thaw().map { project($0, keyPath) } },
            observe: { keyPaths, sortKeyPaths, queue, block in
                // The list's or set's own changes; each carries the collection the
                // delivering realm reads, projected again.
                objects.observe(keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, on: queue) { change in
                    block(change.mapCollection { project($0, keyPath) })
                }
            },
            resolver: {
                let inner = objects._geodeResolver()
                return _ThreadConfinedResolver { realm in
                    (inner.resolve(realm) as? Objects).map { project($0, keyPath) }
                }
            })
    }
}

extension List where Element: ObjectBase {
    /// The list's objects, to project one of their properties:
    /// `\Person.friends.projectTo.firstName`.
    public var projectTo: ElementMapper<Element> { ElementMapper(objects: self) }
}

extension MutableSet where Element: ObjectBase {
    /// The set's objects, to project one of their properties:
    /// `\Person.clubs.projectTo.name`.
    public var projectTo: ElementMapper<Element> { ElementMapper(objects: self) }
}

/// A live, read-only map of one property of each object of a `Map`, made by
/// `projectTo` in a projection's key path (Realm projects only lists and sets).
///
/// ```swift
/// class OwnerProjection: Projection<Owner> {
///     @Projected(\Owner.dogsByName.projectTo.age) var agesByName: ProjectedMap<String, Int?>
/// }
/// print(projection.agesByName["Rex"] as Any)   // Optional(Optional(3))
/// ```
public final class ProjectedMap<Key: _MapKey, Value>: Sequence, CustomStringConvertible {
    private let entries: () -> [(key: Key, value: Value)]
    private let lookup: (Key) -> Value?
    private let countOf: () -> Int

    init(
        entries: @escaping () -> [(key: Key, value: Value)], lookup: @escaping (Key) -> Value?,
        count: @escaping () -> Int
    ) {
        self.entries = entries
        self.lookup = lookup
        countOf = count
    }

    /// The number of entries.
    public var count: Int { countOf() }
    /// Whether the map has no entries.
    public var isEmpty: Bool { count == 0 }
    /// The keys, in the order they were added.
    public var keys: [Key] { entries().map(\.key) }
    /// The projected values, in key order.
    public var values: [Value] { entries().map(\.value) }
    /// The projected value under `key`; nil when the map has no such key.
    public subscript(key: Key) -> Value? { lookup(key) }

    /// An iterator over a snapshot of the entries, taken now, in the map's order.
    public func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> { entries().makeIterator() }

    /// The entries, one per line with its key, in the format of ``ProjectedCollection``'s.
    public var description: String {
        "ProjectedMap<\(Key.self), \(Value.self)> {\n" + entries().map { "\t[\($0.key)] \($0.value)\n" }.joined() + "}"
    }
}

/// The values of a `Map` of objects on their way into a `ProjectedMap`.
@dynamicMemberLookup
public struct MapValueMapper<Key: _MapKey, Target: ObjectBase> {
    let entries: () -> [(key: Key, value: Target?)]
    let lookup: (Key) -> Target??
    let countOf: () -> Int

    /// The value of `keyPath` for each entry's object (nil for an entry without one).
    public subscript<V>(dynamicMember keyPath: KeyPath<Target, V>) -> ProjectedMap<Key, V?> {
        if let trace = ProjectionTrace.current {
            trace.enterElements()
            trace.finish(with: Target()[keyPath: keyPath])
        }
        let entries = self.entries, lookup = self.lookup
        return ProjectedMap(
            entries: { entries().map { (key: $0.key, value: $0.value.map { $0[keyPath: keyPath] }) } },
            lookup: { key in lookup(key).map { $0.map { $0[keyPath: keyPath] } } },
            count: countOf)
    }
}

/// Optional objects, the values of maps of objects.
public protocol _OptionalObject {
    associatedtype _Target: ObjectBase
    var _object: _Target? { get }
}

extension Optional: _OptionalObject where Wrapped: ObjectBase {
    public var _object: Wrapped? { self }
}

extension Map where Value: _OptionalObject {
    /// The map's objects, to project one of their properties:
    /// `\Owner.dogsByName.projectTo.age`.
    public var projectTo: MapValueMapper<Key, Value._Target> {
        MapValueMapper(
            entries: { self.map { (key: $0.key, value: $0.value._object) } },
            lookup: { key in self[key].map { $0._object } },
            countOf: { self.count })
    }
}
