// The standard library's field reflection (`_forEachField`, an SPI) lists a
// class's stored fields with their offsets and types. Geode uses it for two
// things only, each with a fallback a test covers (FieldListingFallbackTests):
// reading an unmanaged object's `@Persisted` wrappers in place (`add`, and
// `create` from objects), and proving that a class holds nothing but wrappers,
// so that iteration may reuse one accessor for the next object. Measured with
// `geode-bench objects --count 100000` (release, same machine, same run):
// inserting 100,000 objects takes 0.215 s with the field list and 11.3 s
// through `Mirror` (53×); reading every name 0.011 s against 0.029 s (2.6×).
// Without the SPI (a runtime that cannot list a class) the fallback is `Mirror`.
@_spi(Reflection) import Swift
import Foundation
import Synchronization
import GeodeCore

/// What Geode knows of one Swift model class: its properties in declaration
/// order, found by `Mirror` over a fresh instance, and the engine schema that
/// follows from them.
final class ClassInfo: @unchecked Sendable {
    /// One `@Persisted` property.
    struct Property {
        let name: String
        /// The name the store gives the property (``ObjectBase/propertiesMapping()``); usually `name`.
        var storedName: String
        let kind: _PropertyKind
        let options: PersistedOptions
        /// The property's Swift type, for converting input values.
        let valueType: any _Persistable.Type
    }

    let type: ObjectBase.Type
    let name: String
    let isEmbedded: Bool
    let properties: [Property]
    /// A fresh instance whose wrappers carry discovery tokens.
    let discoveryInstance: ObjectBase
    /// The property index of each discovery token.
    private let indexByToken: [Int32: Int]
    let schema: ClassSchema

    private let lock = NSLock()
    private var indexByKeyPath: [AnyKeyPath: Int] = [:]
    /// The same by key-path identity, the fast first look (key-path literals are
    /// instantiated once). Holding the key path keeps its identifier from being
    /// reused by another object; capped in case key paths are made anew each time.
    private var indexByIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, index: Int)] = [:]
    /// One stored property's `@Persisted` wrapper inside an instance.
    struct WrapperField {
        /// Where the wrapper lies, from the start of the instance.
        let offset: Int
        let type: any DiscoverablePersisted.Type
        /// The engine-value reader the wrapper registered during discovery.
        let reader: WrapperReader?
    }

    /// Each property's wrapper, by property index (nil for linking objects);
    /// nil when the fields could not be listed.
    private let wrapperFields: [WrapperField?]?
    /// Whether the class stores nothing but `@Persisted` wrappers: then one
    /// managed accessor differs from another only in the object it points at,
    /// and iteration may point one nobody holds at the next object.
    let accessorsAreInterchangeable: Bool
    /// The List, MutableSet and Map properties, and the embedded-object ones:
    /// what an object holds that becomes managed with it when it is added
    /// (``Realm/adoptCollections(of:_:)``, and ``Realm/manageEmbeddedObjects(of:_:at:)`` for what an assigned embedded object holds).
    let collectionPlaces: [Int], embeddedPlaces: [Int]
    /// Whether the class is `Encodable`: its wrappers are then told when the
    /// object's values live elsewhere (see ``markValuesHeldElsewhere(in:)``).
    let isEncodable: Bool

    private init(
        type: ObjectBase.Type, instance: ObjectBase, discovered: [(token: Int32, property: Property)],
        readers: [Int32: WrapperReader], listingFields: Bool
    ) {
        let properties = discovered.map(\.property)
        indexByToken = Dictionary(discovered.enumerated().map { ($1.token, $0) }, uniquingKeysWith: { a, _ in a })
        self.type = type
        name = Self.className(type)
        isEmbedded = type is EmbeddedObject.Type
        self.properties = properties
        let fields = (listingFields ? Self.wrapperFields(of: type, properties: properties) : nil).map { fields in
            zip(fields, discovered).map { field, found in
                field.map { WrapperField(offset: $0.offset, type: $0.type, reader: readers[found.token]) }
            }
        }
        wrapperFields = fields
        accessorsAreInterchangeable = fields != nil && Self.holdsOnlyWrappers(type)
        collectionPlaces = properties.indices.filter {
            properties[$0].kind.collection != .single && properties[$0].kind.type != .linkingObjects
        }
        embeddedPlaces = properties.indices.filter { properties[$0].kind.objectType is EmbeddedObject.Type }
        isEncodable = type is any Encodable.Type
        discoveryInstance = instance
        schema = ClassSchema(
            name: name,
            properties: properties.map { p in
                var property = PropertySchema(
                    name: p.storedName, type: p.kind.type, collection: p.kind.collection, isOptional: p.kind.storesNull,
                    objectClassName: p.kind.objectType.map(Self.className),
                    // The origin is named in Swift, after the linking class's own mapping.
                    originProperty: p.options.originProperty.map { p.kind.objectType?.propertiesMapping()[$0] ?? $0 },
                    isPrimaryKey: p.options.isPrimaryKey, isIndexed: p.options.isIndexed)
                if p.storedName != p.name { property.publicName = p.name }
                return property
            }, isEmbedded: type is EmbeddedObject.Type)
    }

    /// The info of a class known only from the store (no Swift type): its
    /// objects are `DynamicObject`s and its values `DynamicValue`s.
    init(dynamic schema: ClassSchema) {
        type = DynamicObject.self
        name = schema.name
        isEmbedded = schema.isEmbedded
        properties = schema.properties.map { p in
            Property(
                name: p.inputName, storedName: p.name,
                kind: _PropertyKind(p.type, collection: p.collection, isOptional: p.isOptional),
                options: PersistedOptions(
                    isPrimaryKey: p.isPrimaryKey, isIndexed: p.isIndexed, originProperty: p.originProperty),
                valueType: DynamicValue.self)
        }
        wrapperFields = nil
        accessorsAreInterchangeable = false
        // A dynamic object's collections and embedded objects are read through its values, not adopted.
        (collectionPlaces, embeddedPlaces) = ([], [])
        isEncodable = false
        indexByToken = [:]
        discoveryInstance = DynamicObject()
        self.schema = schema
    }

    /// The name a class has in the store: its ``ObjectBase/_realmObjectName()``,
    /// else its Swift name without the module (`Dog`; `Kennel.Dog` for a type
    /// nested in `Kennel`).
    static func className(_ type: ObjectBase.Type) -> String {
        if let name = type._realmObjectName() { return name }
        // `Module.Outer.(unknown context at $…).Name` for types declared in a function.
        let components = String(reflecting: type).split(separator: ".").filter { !$0.hasPrefix("(") }
        return components.dropFirst().joined(separator: ".")
    }

    /// The index of the property `keyPath` names; `token` reads its discovery token.
    func propertyIndex(for keyPath: AnyKeyPath, token: () -> Int) -> Int {
        lock.lock()
        if let known = indexByIdentity[ObjectIdentifier(keyPath)] {
            lock.unlock()
            return known.index
        }
        if let index = indexByKeyPath[keyPath] {
            if indexByIdentity.count < 4096 { indexByIdentity[ObjectIdentifier(keyPath)] = (keyPath, index) }
            lock.unlock()
            return index
        }
        lock.unlock()
        guard let index = indexByToken[Int32(token())] else {
            preconditionFailure("Geode: a @Persisted property of \(name) was not found in its schema")
        }
        lock.lock()
        indexByKeyPath[keyPath] = index
        lock.unlock()
        return index
    }

    /// The values the wrappers of the unmanaged `object` hold, in property
    /// order (defaults for linking objects); nil when the fields are unknown.
    func wrapperValues(of object: ObjectBase) -> [any _Persistable]? {
        guard let wrapperFields else { return nil }
        return withExtendedLifetime(object) {
            let base = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            return wrapperFields.enumerated().map { index, field in
                guard let field else { return properties[index].valueType._geodeDefault() }
                return field.type.unmanagedValue(at: base + field.offset)
            }
        }
    }

    /// Tells each wrapper of `object`, of an `Encodable` class, that the
    /// object's values live elsewhere (the store, or the values `init(value:)`
    /// set aside), by giving it its property index: synthesized `encode(to:)`
    /// sees only the wrappers, and must refuse rather than write their stale
    /// or default values. Nothing is done for other classes.
    func markValuesHeldElsewhere(in object: ObjectBase) {
        guard isEncodable, let wrapperFields else { return }
        withExtendedLifetime(object) {
            let base = Unmanaged.passUnretained(object).toOpaque()
            for (index, field) in wrapperFields.enumerated() {
                if let field { field.type.markHeldElsewhere(at: base + field.offset, index: index) }
            }
        }
    }

    /// The collection or embedded object the unmanaged `object` holds for
    /// property `index` that code may have kept: the one `init(value:)` set
    /// aside, or its wrapper's when something besides the wrapper holds it;
    /// nil otherwise (nothing can read it unmanaged once the object is stored).
    func heldObject(of object: ObjectBase, _ index: Int) -> AnyObject? {
        if let assigned = object._unmanaged?[index] { return (assigned as? any _Persistable)?._geodeHeldObject }
        guard let wrapperFields else { return ValueAssignment.unmanagedValue(of: object, index)._geodeHeldObject }
        guard let field = wrapperFields[index] else { return nil }
        return withExtendedLifetime(object) {
            let address = Unmanaged.passUnretained(object).toOpaque() + field.offset
            guard let reader = field.reader else { return field.type.sharedObject(at: address) }
            return reader.shared(address)
        }
    }

    /// The value of property `index` of the unmanaged `object`: the one
    /// `init(value:)` set aside, else its wrapper's (read at its field).
    func unmanagedValue(of object: ObjectBase, _ index: Int) -> any _Persistable {
        if let assigned = object._unmanaged?[index] as? any _Persistable { return assigned }
        guard let field = wrapperFields?[index] else { return ValueAssignment.unmanagedValue(of: object, index) }
        return withExtendedLifetime(object) {
            field.type.unmanagedValue(at: UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset)
        }
    }

    /// The engine value of property `index` of the unmanaged `object`: the
    /// value `init(value:)` set aside, else the wrapper's, read by the reader
    /// the wrapper registered (through `any _Persistable` only for a class
    /// whose fields could not be listed).
    func engineValue(of object: ObjectBase, _ index: Int, _ context: _WriteContext) throws -> Value {
        guard object._unmanaged?[index] == nil, let field = wrapperFields?[index], let read = field.reader?.read else {
            return try unmanagedValue(of: object, index)._geodeEngineValue(context).value
        }
        return try withExtendedLifetime(object) {
            try read(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + field.offset, context).value
        }
    }

    /// Finds each stored property's wrapper among the fields of `type` (its
    /// superclasses' included) with the standard library's field reflection,
    /// so that `add` reads an unmanaged object without `Mirror`.
    private static func wrapperFields(of type: ObjectBase.Type, properties: [Property])
        -> [(offset: Int, type: any DiscoverablePersisted.Type)?]?
    {
        var found: [String: (offset: Int, type: any DiscoverablePersisted.Type)] = [:]
        // `_EachFieldOptions.classType`, spelled by its raw value: the static is not marked Sendable.
        let listed = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) {
            name, offset, fieldType, _ in
            let label = String(cString: name)
            if label.hasPrefix("_"), let wrapper = fieldType as? any DiscoverablePersisted.Type {
                found[String(label.dropFirst())] = (offset, wrapper)
            }
            return true
        }
        guard listed else { return nil }
        var fields: [(offset: Int, type: any DiscoverablePersisted.Type)?] = []
        for property in properties {
            if property.kind.type == .linkingObjects {
                fields.append(nil)
                continue
            }
            guard let field = found[property.name] else { return nil }
            fields.append(field)
        }
        return fields
    }

    /// Whether every stored field of `type` is a `@Persisted` wrapper or one
    /// of `ObjectBase`'s own: a plain `var` (a cache, a counter) would carry
    /// over from one object to the next if an accessor were reused.
    private static func holdsOnlyWrappers(_ type: ObjectBase.Type) -> Bool {
        var baseFields = 0
        guard
            _forEachField(
                of: ObjectBase.self, options: _EachFieldOptions(rawValue: 1 << 0),
                body: { _, _, _, _ in
                    baseFields += 1
                    return true
                })
        else { return false }
        var others = -baseFields
        let listed = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { _, _, fieldType, _ in
            if !(fieldType is any DiscoverablePersisted.Type) { others += 1 }
            return true
        }
        return listed && others == 0
    }

    /// The index of the property named `name`, else of the one the store names so.
    func index(of name: String) -> Int? {
        properties.firstIndex { $0.name == name } ?? properties.firstIndex { $0.storedName == name }
    }

    // MARK: - Registry

    nonisolated(unsafe) private static var known: [ObjectIdentifier: ClassInfo] = [:]
    private static let registryLock = NSRecursiveLock()

    /// The class's info, discovered on first use.
    static func of(_ type: ObjectBase.Type) -> ClassInfo {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let info = known[ObjectIdentifier(type)] { return info }
        let info = discover(type)
        known[ObjectIdentifier(type)] = info
        return info
    }

    /// Discovers `type` (not registered). Without `listingFields`, the info
    /// is what a class whose fields the runtime cannot list gets: unmanaged
    /// values through `Mirror`, accessors neither prepared nor reused.
    static func discover(_ type: ObjectBase.Type, listingFields: Bool = true) -> ClassInfo {
        let (instance, readers) = SchemaDiscovery.withTokens { type.init() }
        return ClassInfo(
            type: type, instance: instance, discovered: Self.discoverProperties(of: instance), readers: readers,
            listingFields: listingFields)
    }

    /// Every class discovered so far, and the classes they reach.
    static var all: [ClassInfo] {
        registryLock.lock()
        defer { registryLock.unlock() }
        return Array(known.values)
    }

    /// `root` and every class its properties reach, transitively.
    static func closure(of roots: [ObjectBase.Type]) -> [ClassInfo] {
        var seen = Set<ObjectIdentifier>()
        var order: [ClassInfo] = []
        var pending = roots
        while let next = pending.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            let info = of(next)
            order.append(info)
            pending += info.properties.compactMap(\.kind.objectType)
        }
        return order
    }

    /// The `@Persisted` wrappers of `instance`, superclass properties first, each
    /// with the token it took when the instance was made.
    private static func discoverProperties(of instance: ObjectBase) -> [(token: Int32, property: Property)] {
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let m = mirror {
            mirrors.append(m)
            mirror = m.superclassMirror
        }
        let mapping = Swift.type(of: instance).propertiesMapping()
        var found: [(token: Int32, property: Property)] = []
        for m in mirrors.reversed() {
            for child in m.children {
                guard let label = child.label, label.hasPrefix("_"),
                    let wrapper = child.value as? DiscoverablePersisted
                else { continue }
                let name = String(label.dropFirst())
                found.append(
                    (
                        wrapper.token,
                        Property(
                            name: name, storedName: mapping[name] ?? name, kind: wrapper.kind,
                            options: wrapper.options, valueType: wrapper.valueType)
                    ))
            }
        }
        return found
    }
}

/// Numbers the `@Persisted` wrappers created while a class is being discovered,
/// so a wrapper reached through a key path can be matched to a `Mirror` label,
/// and keeps the engine-value readers the wrappers hand in (see
/// ``_registerWrapperReader(_:_:)``).
enum SchemaDiscovery {
    /// What one discovery on a thread collects.
    final class Discovery {
        var lastToken: Int32 = 0
        var readers: [Int32: WrapperReader] = [:]
    }

    /// The discovery running on this thread, if any (kept in its ``ThreadTrace``).
    static var current: Discovery? { ThreadTrace.current?.discovery }

    /// Whether a class is being discovered on this thread.
    static var isActive: Bool { current != nil }

    /// Discoveries running on any thread. Every `@Persisted` initializer asks
    /// for a token; while this is 0 (almost always) the answer needs no
    /// thread-local look-up.
    private static let running = Atomic<Int>(0)

    /// The next token on this thread while discovery runs, else 0.
    static func nextToken() -> Int32 {
        guard running.load(ordering: .relaxed) > 0, let discovery = current else { return 0 }
        discovery.lastToken += 1
        return discovery.lastToken
    }

    /// Runs `body` with tokens switched on for this thread; returns what it
    /// made and the readers its wrappers registered.
    static func withTokens<T>(_ body: () -> T) -> (T, [Int32: WrapperReader]) {
        let discovery = Discovery()
        running.add(1, ordering: .relaxed)
        defer { running.subtract(1, ordering: .relaxed) }
        let made = ThreadTrace.run(discovery: discovery, body)
        return (made, discovery.readers)
    }
}

/// Reads the engine value of the `@Persisted` wrapper at an address inside an
/// unmanaged object. Made by the wrapper's initializer, so that it is compiled
/// for the property's own type in the model's module: converting through
/// `any _Persistable` instead costs type-metadata look-ups and boxing per value.
public typealias _WrapperReader = (UnsafeRawPointer, _WriteContext) throws -> _EngineValue

/// Hands the discovery running on this thread the reader of the wrapper that
/// took `token`.
@usableFromInline
func _registerWrapperReader(
    _ token: Int32, read: @escaping _WrapperReader, shared: @escaping (UnsafeMutableRawPointer) -> AnyObject?
) {
    SchemaDiscovery.current?.readers[token] = WrapperReader(read: read, shared: shared)
}

/// A wrapper's reader, boxed: a closure kept in a dictionary is stored at the
/// dictionary's abstraction, and every call then passed through two
/// reabstraction thunks (about 230 instructions per add of a five-property
/// object with an embedded one).
final class WrapperReader {
    let read: _WrapperReader
    /// The wrapper's `DiscoverablePersisted/sharedObject(at:)`, compiled for its type.
    let shared: (UnsafeMutableRawPointer) -> AnyObject?
    init(read: @escaping _WrapperReader, shared: @escaping (UnsafeMutableRawPointer) -> AnyObject?) {
        self.read = read
        self.shared = shared
    }
}
