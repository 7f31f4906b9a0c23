import GeodeCore

/// An unordered collection of distinct values or objects held by a property.
/// Managed sets change only inside a write transaction.
///
/// ```swift
/// try realm.write { dog.citiesVisited.insert("Boston") }
/// dog.citiesVisited.contains("Boston")   // true
/// ```
public final class MutableSet<Element: _PersistableValue & Hashable>: RandomAccessCollection {
    private var items: [Element]
    /// Where the collection lives; nil while unmanaged. Set later only when
    /// an object that held the collection unmanaged is added (see ``AdoptedCollection``).
    private(set) var location: CollectionLocation?

    /// An empty unmanaged set.
    public init() {
        items = []
        location = nil
    }

    init(location: CollectionLocation) {
        items = []
        self.location = location
    }

    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }
    /// One past the last position: the number of elements.
    public var endIndex: Int { location?.count ?? items.count }
    /// The number of elements.
    public var count: Int { endIndex }

    /// The element at `index`: in sorted order when managed, insertion order when not.
    public subscript(index: Int) -> Element {
        guard let location else {
            if !items.indices.contains(index), let traced = _tracedElement(Element.self) { return traced }
            return items[index]
        }
        return location.read { container -> Element in
            guard let container, let value = try? container.value(at: index) else {
                preconditionFailure("Geode: index \(index) is out of bounds of \(location.name)")
            }
            guard let element = try? Element._geodeFrom(view: value, location.context(.index(index))) else {
                location.noteUnconvertible(at: index, Element.self)
                return Element._geodeDefault()
            }
            return element
        }
    }

    /// Whether the set holds `element`.
    public func contains(_ element: Element) -> Bool { Array(self).contains(element) }

    /// Adds `element` unless the set holds it already.
    public func insert(_ element: Element) {
        guard let location else {
            if !items.contains(element) { items.append(element) }
            return
        }
        location.mutate { set, context in
            guard case var .list(elements) = set else { set = .list([]); return }
            let value = try element._geodeEngineValue(context).value
            // Realm's set: 1 and 1.0 are one element of a mixed set, and elements stay sorted.
            MixedOrder.insert(value, intoSet: &elements)
            set = .list(elements)
        }
    }

    /// Adds every element of `sequence` the set does not hold.
    public func insert<S: Sequence>(objectsIn sequence: S) where S.Element == Element {
        for element in sequence { insert(element) }
    }

    /// Removes `element`.
    public func remove(_ element: Element) {
        guard let location else { items.removeAll { $0 == element }; return }
        location.mutate { set, context in
            guard case var .list(elements) = set else { return }
            let value = try element._geodeEngineValue(context).value
            elements.removeAll { $0 == value }
            set = .list(elements)
        }
    }

    /// Removes every element.
    public func removeAll() {
        guard let location else { items.removeAll(); return }
        location.mutate(skipsWhenEmpty: true) { set, _ in set = .list([]) }
    }
}

extension MutableSet: _Persistable {
    public static func _geodeUnmanagedAssignment(_ new: MutableSet, replacing old: MutableSet?) -> MutableSet {
        assigned(new, over: old)
    }
    public var _geodeHeldObject: AnyObject? { self }
    public static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject? {
        sharedReference(at: pointer)
    }
    public static var _geodeKind: _PropertyKind {
        var kind = Element._geodeKind
        kind.collection = .set
        return kind
    }
    public static func _geodeDefault() -> MutableSet { MutableSet() }
    public static func _geodeGet(_ object: ObjectBase, _ property: Int) -> MutableSet {
        if let adopted = object._adoptedCollections?[property] as? MutableSet { return adopted }
        let make = { MutableSet(location: CollectionLocation(object: object, property: property)) }
        return object._ref?.collection(property, make) ?? make()
    }
    public static func _geodeSet(_ object: ObjectBase, _ property: Int, _ value: MutableSet) {
        let elements = Array(value)
        CollectionLocation(object: object, property: property).mutate { set, context in
            var unique: [Value] = []
            for element in elements {
                let engine = try element._geodeEngineValue(context).value
                if !unique.contains(engine) { unique.append(engine) }
            }
            set = .list(unique)
        }
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        // Unmanaged: the array itself, not the collection's generic index walk.
        .init(try (location == nil ? items : Array(self)).engineList(context))
    }
    public static var _geodeChecksInput: Bool { Element._geodeChecksInput }
    public static func _geodeInput(_ any: Any) throws -> Any {
        guard let items = any as? [Any] else { return any }
        return try items.map { try Element._geodeInput($0) }
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> MutableSet {
        let set = MutableSet()
        if let other = any as? MutableSet { set.insert(objectsIn: Array(other)); return set }
        if unwrappedInput(any) == nil { return set }
        guard let sequence = inputElements(any) else { throw wrongInput(any, MutableSet.self) }
        set.insert(objectsIn: try sequence.map { try Element._geodeFromAny($0, realm) })
        return set
    }
}

extension MutableSet: CustomStringConvertible, RealmDescribable {
    /// The elements in Realm's format: `MutableSet<int> <0x…> (\n\t[0] 1\n)`.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    func realmDescription(depth: Int) -> String { RealmDescription.collection("MutableSet", self, depth: depth) }
}

extension MutableSet: AdoptedCollection {
    func takeElements(of other: MutableSet) { items = other.items }
    func adopt(_ location: CollectionLocation?) { self.location = location }
}
