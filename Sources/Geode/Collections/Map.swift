import Foundation
import GeodeCore
import OrderedCollections

/// The key type of a `Map`: String.
public protocol _MapKey: Hashable {
    /// The key as the store holds it.
    var _geodeString: String { get }
    /// The key the store's text stands for.
    init(_geodeString: String)
}

extension String: _MapKey {
    /// The string itself: map keys are stored as they are.
    public var _geodeString: String { self }
    /// The stored key, as it is.
    public init(_geodeString: String) { self = _geodeString }
}

/// String keys to values or objects, held by a property. Keys may not be
/// empty, start with `$` or contain `.` (percent-encode those characters).
///
/// ```swift
/// dog.favoriteParksByCity["New York"] = "Domino Park"
/// try realm.write { dog.favoriteParksByCity.setValue("Bush Park", forKey: "Ottawa") }
/// ```
public final class Map<Key: _MapKey, Value: _PersistableValue>: Sequence {
    private var entries: OrderedDictionary<String, Value>
    /// Where the collection lives; nil while unmanaged. Set later only when
    /// an object that held the collection unmanaged is added (see ``AdoptedCollection``).
    private(set) var location: CollectionLocation?

    /// An empty unmanaged map.
    public init() {
        entries = [:]
        location = nil
    }

    init(location: CollectionLocation) {
        entries = [:]
        self.location = location
    }

    /// The number of entries.
    public var count: Int { location?.count ?? entries.count }

    /// Whether the map is empty.
    public var isEmpty: Bool { count == 0 }

    /// The keys, in the order they were added.
    public var keys: [Key] { snapshot.map { Key(_geodeString: $0.key) } }

    /// The values, in key order of addition.
    public var values: [Value] { snapshot.map(\.value) }

    /// The typed value of a stored entry: an optional value that does not
    /// convert is nil (the entry is there, as in Realm), a null where a mapped
    /// embedded object belongs is the default one; a required one is left out.
    private static func converted(_ value: ValueView, _ location: CollectionLocation, _ key: String) -> Value? {
        if let typed = try? Value._geodeFrom(view: value, location.context(.key(key))) { return typed }
        return Value._geodeKind.storesNull ? Value._geodeDefault() : nil
    }

    /// The value under `key`; assigning nil removes the entry.
    public subscript(key: Key) -> Value? {
        get {
            guard let location else { return entries[key._geodeString] ?? _tracedElement(Value.self) }
            return location.read { container -> Value? in
                guard let container, let value = try? container.value(forKey: key._geodeString) else { return nil }
                return Self.converted(value, location, key._geodeString)
            }
        }
        set {
            guard let location else { entries[key._geodeString] = newValue; return }
            location.mutate(.replaced(.key(key._geodeString))) { map, context in
                guard case var .map(stored) = map else { map = .map([:]); return }
                stored[key._geodeString] = try newValue.map { try $0._geodeEngineValue(context).value }
                map = .map(stored)
            }
            if Value._geodeKind.type == .object, let newValue {
                location.realm.manageEmbedded(newValue, in: location, at: .key(key._geodeString))
            }
        }
    }

    /// Sets the value under `key` (key-value coding style); nil removes it.
    public func setValue(_ value: Any?, forKey key: String) {
        guard let value, !(value is NSNull) else {
            self[Key(_geodeString: key)] = nil
            return
        }
        do {
            self[Key(_geodeString: key)] = try Value._geodeFromAny(value, location?.realm)
        } catch {
            if let location { location.realm.record(error) } else { preconditionFailure("Geode: \(error)") }
        }
    }

    /// The value under `key` (key-value coding style), boxed as an object;
    /// nil when the map has no such key or holds nil there.
    ///
    /// ```swift
    /// let park = dog.favoriteParksByCity.value(forKey: "Ottawa") as? String
    /// ```
    public func value(forKey key: String) -> AnyObject? {
        guard let value = self[Key(_geodeString: key)] else { return nil }
        // In key-value coding's form: an optional unwrapped and an `AnyRealmValue`
        // opened, so that `as? Int` reads it.
        return KeyValueCoding.plain(value).map { $0 as AnyObject }
    }

    /// The value at `keyPath`: its first name is a key of the map, the rest is
    /// read from the value there by key-value coding (`"rex.name"`).
    public func value(forKeyPath keyPath: String) -> AnyObject? {
        let names = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = names.first, let value = value(forKey: first) else { return nil }
        guard names.count > 1 else { return value }
        return KeyValueCoding.value(at: names[1], of: value).map { $0 as AnyObject }
    }

    /// The value under `key`, which must be a string, boxed as an object
    /// (Realm's Objective-C form of the subscript).
    public func object(forKey key: AnyObject) -> AnyObject? {
        (key as? String).flatMap { value(forKey: $0) }
    }

    /// Removes the entry under `key`.
    public func removeObject(for key: Key) { self[key] = nil }

    /// Removes every entry.
    public func removeAll() {
        guard let location else { entries.removeAll(); return }
        location.mutate(.replacedAll, skipsWhenEmpty: true) { map, _ in map = .map([:]) }
    }

    var snapshot: [(key: String, value: Value)] {
        guard let location else { return entries.map { ($0.key, $0.value) } }
        return location.read { container -> [(key: String, value: Value)] in
            guard let container else { return [] }
            return (0 ..< container.count).compactMap { i in
                guard let key = try? container.key(at: i), let value = try? container.value(at: i),
                    let typed = Self.converted(value, location, key)
                else { return nil }
                return (key, typed)
            }
        }
    }

    /// Iterates the entries in the order their keys were added.
    public func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> {
        snapshot.map { (key: Key(_geodeString: $0.key), value: $0.value) }.makeIterator()
    }
}

extension Map: _Persistable {
    public static func _geodeUnmanagedAssignment(_ new: Map, replacing old: Map?) -> Map {
        assigned(new, over: old)
    }
    public var _geodeHeldObject: AnyObject? { self }
    public static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject? {
        sharedReference(at: pointer)
    }
    public static var _geodeKind: _PropertyKind {
        var kind = Value._geodeKind
        kind.collection = .map
        return kind
    }
    public static func _geodeDefault() -> Map { Map() }
    public static func _geodeGet(_ object: ObjectBase, _ property: Int) -> Map {
        if let adopted = object._adoptedCollections?[property] as? Map { return adopted }
        let make = { Map(location: CollectionLocation(object: object, property: property)) }
        return object._ref?.collection(property, make) ?? make()
    }
    public static func _geodeSet(_ object: ObjectBase, _ property: Int, _ value: Map) {
        let entries = value.snapshot
        CollectionLocation(object: object, property: property).mutate(.replacedAll) { map, context in
            var stored = OrderedDictionary<String, GeodeCore.Value>()
            for (key, element) in entries { stored[key] = try element._geodeEngineValue(context).value }
            map = .map(stored)
        }
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        var stored = OrderedDictionary<String, GeodeCore.Value>()
        for (key, element) in snapshot { stored[key] = try element._geodeEngineValue(context).value }
        return .init(.map(stored))
    }
    public static var _geodeChecksInput: Bool { Value._geodeChecksInput }
    public static func _geodeInput(_ any: Any) throws -> Any {
        guard let dictionary = any as? [String: Any] else { return any }
        return try dictionary.mapValues { try Value._geodeInput($0) }
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Map {
        let map = Map()
        if let other = any as? Map { for (k, v) in other { map[k] = v }; return map }
        if unwrappedInput(any) == nil { return map }
        // Another map's entries (a map of objects for a map of optional objects, as in Realm).
        let entries: Any? = holdsClassInstance(any) ? (any as? InputCollection)?.inputValue : any
        guard let dictionary = entries as? [String: Any] else { throw wrongInput(any, Map.self) }
        for (key, element) in dictionary { map.entries[key] = try Value._geodeFromAny(element, realm) }
        return map
    }
}

extension Map: CustomStringConvertible, RealmDescribable {
    /// The entries in Realm's format: `Map<string, int> <0x…> (\n\t[a]: 1\n)`.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    func realmDescription(depth: Int) -> String { RealmDescription.map(self, snapshot, depth: depth) }
}

extension Map: AdoptedCollection {
    func takeElements(of other: Map) { entries = other.entries }
    func adopt(_ location: CollectionLocation?) { self.location = location }
}

extension Map: EmbeddedObjectHolder {
    func keptEmbeddedObjects() -> [(PathStep, EmbeddedObject)] {
        guard location == nil else { return [] }
        let keys = entries.keys
        return entries.values.withUnsafeMutableBufferPointer { keptEmbeddedElements(in: $0) { .key(keys[$0]) } }
    }
}
