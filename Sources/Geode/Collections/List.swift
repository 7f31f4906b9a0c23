import Foundation
import GeodeCore

/// An ordered collection of values or objects held by a property: a to-many
/// relationship, or a list of primitives.
///
/// Unmanaged, it is a plain array; managed, it reads and writes the store and
/// can change only inside a write transaction.
///
/// ```swift
/// class Person: Object {
///     @Persisted var dogs: List<Dog>
///     @Persisted var nicknames: List<String>
/// }
/// try realm.write { person.nicknames.append("Jo") }
/// ```
public final class List<Element: _PersistableValue>: RandomAccessCollection, MutableCollection {
    /// The elements of an unmanaged list (a managed one keeps none).
    @usableFromInline var items: [Element]
    /// Where the collection lives; nil while unmanaged. Set later only when
    /// an object that held the collection unmanaged is added (see ``AdoptedCollection``).
    private(set) var location: CollectionLocation?

    /// An empty unmanaged list.
    public init() {
        items = []
        location = nil
    }

    init(location: CollectionLocation) {
        items = []
        self.location = location
    }

    /// Whether the list belongs to a managed object.
    public var isManaged: Bool { location != nil }

    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }
    /// One past the last position: the number of elements.
    public var endIndex: Int { location?.count ?? items.count }

    /// The element at `index`.
    public subscript(index: Int) -> Element {
        get {
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
        set {
            guard let location else { items[index] = newValue; return }
            location.mutate(.replaced(.index(index))) { list, context in
                guard case var .list(elements) = list, index >= 0, index < elements.count else {
                    throw GeodeError.invalidValue("index \(index) is out of bounds of \(location.name)")
                }
                elements[index] = try newValue._geodeEngineValue(context).value
                list = .list(elements)
            }
            if Element._geodeKind.type == .object {
                location.realm.manageEmbedded(newValue, in: location, at: .index(index))
            }
        }
    }

    /// The number of elements.
    public var count: Int { location?.count ?? items.count }

    /// Adds `element` at the end.
    public func append(_ element: Element) {
        guard location != nil else { items.append(element); return }
        insert(element, at: count)
    }

    /// Adds the elements of `sequence` at the end.
    ///
    /// Inlinable, so that filling an unmanaged list is specialized for the
    /// sequence's type where it is called.
    @inlinable
    public func append<S: Sequence>(objectsIn sequence: S) where S.Element == Element {
        guard isManaged else { items.append(contentsOf: sequence); return }
        for element in sequence { append(element) }
    }

    /// Inserts `element` at `index`.
    public func insert(_ element: Element, at index: Int) {
        guard let location else { items.insert(element, at: index); return }
        location.mutate(.inserted(index)) { list, context in
            var elements = Self.elements(list)
            guard index >= 0 && index <= elements.count else {
                throw GeodeError.invalidValue("index \(index) is out of bounds of \(location.name)")
            }
            elements.insert(try element._geodeEngineValue(context).value, at: index)
            list = .list(elements)
        }
        if Element._geodeKind.type == .object {
            location.realm.manageEmbedded(element, in: location, at: .index(index))
        }
    }

    /// Removes the element at `index`.
    public func remove(at index: Int) {
        guard let location else { items.remove(at: index); return }
        location.mutate(.removed(index)) { list, _ in
            var elements = Self.elements(list)
            guard index >= 0 && index < elements.count else {
                throw GeodeError.invalidValue("index \(index) is out of bounds of \(location.name)")
            }
            elements.remove(at: index)
            list = .list(elements)
        }
    }

    /// Removes every element.
    public func removeAll() {
        guard let location else { items.removeAll(); return }
        location.mutate(.replacedAll, skipsWhenEmpty: true) { list, _ in list = .list([]) }
    }

    /// Removes the last element.
    public func removeLast() { remove(at: count - 1) }

    /// Moves the element at `from` to `to`.
    public func move(from: Int, to: Int) {
        guard let location else { items.insert(items.remove(at: from), at: to); return }
        location.mutate(.moved(from: from, to: to)) { list, _ in
            var elements = Self.elements(list)
            guard from >= 0, to >= 0, from < elements.count, to < elements.count else {
                throw GeodeError.invalidValue("index out of bounds of \(location.name)")
            }
            elements.insert(elements.remove(at: from), at: to)
            list = .list(elements)
        }
    }

    private static func elements(_ value: Value) -> [Value] {
        if case let .list(elements) = value { return elements }
        return []
    }
}

extension List: _Persistable {
    public var _geodeHeldObject: AnyObject? { self }
    public static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject? {
        sharedReference(at: pointer)
    }
    public static var _geodeKind: _PropertyKind {
        var kind = Element._geodeKind
        kind.collection = .list
        return kind
    }
    public static func _geodeDefault() -> List { List() }
    public static func _geodeUnmanagedAssignment(_ new: List, replacing old: List?) -> List {
        assigned(new, over: old)
    }
    public static func _geodeGet(_ object: ObjectBase, _ property: Int) -> List {
        if let adopted = object._adoptedCollections?[property] as? List { return adopted }
        let make = { List(location: CollectionLocation(object: object, property: property)) }
        return object._ref?.collection(property, make) ?? make()
    }
    public static func _geodeSet(_ object: ObjectBase, _ property: Int, _ value: List) {
        let elements = Array(value)
        CollectionLocation(object: object, property: property).mutate(.replacedAll) { list, context in
            list = try elements.engineList(context)
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
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> List {
        let list = List()
        if let other = any as? List { list.items = Array(other); return list }
        // nil or NSNull for the whole list empties it, as in Realm.
        if unwrappedInput(any) == nil { return list }
        guard let sequence = inputElements(any) else { throw wrongInput(any, List.self) }
        // A list's elements are null only when they are optional (a map's values may be).
        if !Element._geodeKind.isOptional, sequence.contains(where: isNullInput) {
            throw wrongInput(NSNull(), Element.self)
        }
        list.items = try sequence.map { try Element._geodeFromAny($0, realm) }
        return list
    }
}

extension List: CustomStringConvertible, RealmDescribable {
    /// The elements in Realm's format: `List<string> <0x…> (\n\t[0] a,\n\t[1] b\n)`.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    func realmDescription(depth: Int) -> String { RealmDescription.collection("List", self, depth: depth) }
}

extension List: AdoptedCollection {
    func takeElements(of other: List) { items = other.items }
    func adopt(_ location: CollectionLocation?) { self.location = location }
}

extension List: EmbeddedObjectHolder {
    func keptEmbeddedObjects() -> [(PathStep, EmbeddedObject)] {
        guard location == nil else { return [] }
        return items.withUnsafeMutableBufferPointer { keptEmbeddedElements(in: $0) { .index($0) } }
    }
}
