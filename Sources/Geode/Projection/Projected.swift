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

    @available(*, unavailable, message: "@Projected can only be used on properties of Projection subclasses")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") } // swiftlint:disable:this unused_setter_value
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
                preconditionFailure("Geode: \(EnclosingSelf.self).\(wrappedKeyPath) projects \(keyPath), which cannot be written")
            }
            observed.rootObject[keyPath: writable] = newValue
        }
    }
}

/// Lets a projection describe its properties without knowing their types.
protocol AnyProjected {
    func describe(on root: ObjectBase) -> String
}

extension Projected: AnyProjected {
    func describe(on root: ObjectBase) -> String {
        guard let root = root as? T else { return "?" }
        let value = root[keyPath: keyPath]
        if let string = value as? String { return "\"\(string)\"" }
        return String(describing: value)
    }
}
