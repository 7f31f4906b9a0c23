import GeodeCore

/// The objects whose `originProperty` links to this one: an inverse
/// relationship, kept current by Geode and never set by hand.
///
/// ```swift
/// class Task: Object {
///     @Persisted(originProperty: "tasks") var assignee: LinkingObjects<User>
/// }
/// ```
public final class LinkingObjects<Element: Object>: RandomAccessCollection {
    let origin: ManagedRef?
    let originProperty: String

    init(origin: ManagedRef?, originProperty: String) {
        self.origin = origin
        self.originProperty = originProperty
    }

    /// The keys of the linking objects, in key order, an object once for each
    /// of its links (a list holding this object twice links twice, as in
    /// Realm): from the store's backlink index, or (in a store opened
    /// read-only before it had one) by reading the origin property of every
    /// object of the origin class.
    var keys: [ObjectKey] {
        guard let target = origin else { return [] }
        let realm = target.realm
        let cls = realm.realmClass(Element.self)
        guard let index = cls.info.index(of: originProperty) else { return [] }
        let slot = cls.slots[index]
        guard target.path.isEmpty else { return Self.owner(of: target, ifHeldBy: cls, slot) }
        let linked = Link(table: target.root.table.schema.table, key: target.key)
        let linkValue = Value.link(linked)
        var keys: [ObjectKey] = []
        try? realm.withTransaction { txn in
            if let found = try txn.origins(of: linked, from: cls.table, slot: slot, eachLink: true) {
                keys = found
                return
            }
            try txn.forEach(in: cls.table) { key, document in
                switch try document.value(at: slot)?.decode() {
                case let .list(items)?:
                    keys += Array(repeating: key, count: items.lazy.filter { $0 == linkValue }.count)
                case let .map(entries)?:
                    keys += Array(repeating: key, count: entries.values.lazy.filter { $0 == linkValue }.count)
                case let value? where value == linkValue: keys.append(key)
                default: break
                }
                return true
            }
        }
        return keys
    }

    /// The object that holds embedded object `target` directly in property
    /// `slot`, when it is a top-level object of class `cls`: an embedded
    /// object is linked from its one owner, inline in the owner's document.
    private static func owner(of target: ManagedRef, ifHeldBy cls: RealmClass, _ slot: Int) -> [ObjectKey] {
        guard target.root.table === cls.table, case .index(slot) = target.path[0],
            let property = cls.table.schema.properties.first(where: { $0.isStored && $0.slot == slot })
        else { return [] }
        return target.path.count == (property.collection == .single ? 1 : 2) ? [target.key] : []
    }

    /// The position of the first linking object: always 0.
    public var startIndex: Int { 0 }
    /// The number of objects linking here now (0 for an unmanaged object).
    public var endIndex: Int { keys.count }

    /// The linking object at `index`, in the origin class's key order.
    public subscript(index: Int) -> Element {
        let keys = self.keys
        if !keys.indices.contains(index), let traced = _tracedElement(Element.self) { return traced }
        precondition(index >= 0 && index < keys.count, "Geode: index \(index) is out of bounds (\(keys.count) objects)")
        return object(keys[index])
    }

    /// The linking object with key `key`.
    private func object(_ key: ObjectKey) -> Element {
        guard let origin, let object = origin.realm.accessor(origin.realm.realmClass(Element.self), key) as? Element
        else {
            preconditionFailure("Geode: the linking object \(key) is not a \(Element.self)")
        }
        return object
    }

    /// Iterates over the objects linking here when iteration starts, as
    /// Realm does: deleting each object in the loop deletes them all.
    ///
    /// ```swift
    /// try realm.write { for owner in dog.owners { realm.delete(owner) } }
    /// ```
    public func makeIterator() -> Iterator { Iterator(objects: self, keys: keys.makeIterator()) }

    /// The linking objects as they were when iteration started.
    public struct Iterator: IteratorProtocol {
        let objects: LinkingObjects
        var keys: IndexingIterator<[ObjectKey]>

        /// The next linking object.
        public mutating func next() -> Element? { keys.next().map(objects.object) }
    }
}

/// Linking objects read without their element type: what an observer of
/// the object they point at compares between two versions.
protocol LinkingObjectKeys {
    /// The keys of the linking objects, in key order (see ``LinkingObjects/keys``).
    var keys: [ObjectKey] { get }
}

extension LinkingObjects: LinkingObjectKeys {}

/// Lets `@Persisted(originProperty:)` find `LinkingObjects` properties.
public protocol _LinkingObjectsProperty: _Persistable {}

extension LinkingObjects: _LinkingObjectsProperty {
    public static var _geodeKind: _PropertyKind { .init(.linkingObjects, objectType: Element.self) }
    public static func _geodeDefault() -> LinkingObjects { LinkingObjects(origin: nil, originProperty: "") }
    public static func _geodeGet(_ object: ObjectBase, _ property: Int) -> LinkingObjects {
        let info = ClassInfo.of(type(of: object))
        return LinkingObjects(
            origin: object._ref, originProperty: info.properties[property].options.originProperty ?? "")
    }
    public static func _geodeSet(_ object: ObjectBase, _ property: Int, _ value: LinkingObjects) {
        preconditionFailure("Geode: LinkingObjects are computed and cannot be set")
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.null) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> LinkingObjects { _geodeDefault() }
}

extension Persisted where Value: _LinkingObjectsProperty {
    /// An inverse relationship: the objects whose `originProperty` links here.
    public init(originProperty: String) {
        self.init(stored: nil, options: PersistedOptions(originProperty: originProperty))
    }
}

extension LinkingObjects: CustomStringConvertible, RealmDescribable {
    /// The linking objects in Realm's format: `LinkingObjects<Person> <0x…> (\n\t[0] Person {…}\n)`.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    func realmDescription(depth: Int) -> String { RealmDescription.collection("LinkingObjects", self, depth: depth) }
}
