/// Declares a property of a `Projection`: the value a key path reaches from
/// the root object.
///
/// ```swift
/// class PersonProjection: Projection<Person> {
///     @Projected(\Person.firstName) var firstName                     // passthrough
///     @Projected(\Person.firstName) var givenName                     // rename
///     @Projected(\Person.lastName.localizedUppercase) var lastNameCaps // transform
///     @Projected(\Person.address?.city) var homeCity                  // through an embedded object
///     @Projected(\Person.friends.projectTo.firstName) var friendsFirstName: ProjectedCollection<String>
/// }
/// ```
///
/// Setting a property whose key path is writable sets the root's property
/// (inside a write transaction when the root is managed); setting one that is
/// not (a transform) stops the program.
@propertyWrapper
public struct Projected<T: ObjectBase, Value> {
    /// The key path from the root object.
    @usableFromInline let keyPath: KeyPath<T, Value>

    /// Unavailable: the property is read and written only through the
    /// enclosing projection (`subscript(_enclosingInstance:wrapped:storage:)`).
    @available(*, unavailable, message: "@Projected can only be used on properties of Projection subclasses")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }  // swiftlint:disable:this unused_setter_value
    }

    /// A property projecting `projectedKeyPath` of the root object.
    public init(_ projectedKeyPath: KeyPath<T, Value>) {
        keyPath = projectedKeyPath
    }

    /// Reads and writes the property through the projection's root object.
    /// Inlinable, so each projection class gets it specialized.
    @inlinable
    public static subscript<EnclosingSelf: Projection<T>>(
        _enclosingInstance observed: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Projected<T, Value>>
    ) -> Value {
        get {
            observed.rootObject[keyPath: observed[keyPath: storageKeyPath].keyPath]
        }
        set {
            let keyPath = observed[keyPath: storageKeyPath].keyPath
            guard let writable = keyPath as? ReferenceWritableKeyPath<T, Value> else {
                preconditionFailure(
                    "Geode: \(EnclosingSelf.self).\(wrappedKeyPath) projects \(keyPath), which cannot be written")
            }
            observed.rootObject[keyPath: writable] = newValue
        }
    }
}

/// Lets a projection describe its properties without knowing their types.
protocol AnyProjected {
    /// The property's value on `root`, as Swift prints it.
    func describe(on root: ObjectBase) -> String
    /// The property's value on `root`; nil when `root` is not of its root class.
    func value(on root: ObjectBase) -> Any?
    /// The stored path the key path reads, `\.address.city` (a transform and a
    /// collection's projected element left out); `\.` alone when it reads none.
    var storedPath: String { get }
}

extension Projected: AnyProjected {
    func describe(on root: ObjectBase) -> String {
        guard let root = root as? T else { return "?" }
        return String(describing: root[keyPath: keyPath])
    }

    func value(on root: ObjectBase) -> Any? {
        (root as? T).map { $0[keyPath: keyPath] }
    }

    var storedPath: String {
        ProjectedStoredPaths.paths.value(for: keyPath) {
            let trace = ProjectionTrace.run { T()[keyPath: keyPath] }
            let read = trace.components.prefix(trace.collectionEnd ?? trace.components.count)
            return "\\."
                + read.map { if case let .property(name) = $0 { return name } else { return "\($0)" } }.joined(
                    separator: ".")
        }
    }
}

/// The stored paths of projected key paths, traced once each.
enum ProjectedStoredPaths {
    static let paths = KeyPathCache<String>()
}
