import GeodeCore

/// A light view model over an `Object` or `EmbeddedObject`: a class whose
/// `@Projected` properties pass through, rename, reach through links and
/// embedded objects, transform, or map collections of the root object's
/// properties. Everything not projected is left out.
///
/// ```swift
/// class PersonProjection: Projection<Person> {
///     @Projected(\Person.firstName) var firstName
///     @Projected(\Person.lastName.localizedUppercase) var lastNameCaps
///     @Projected(\Person.address?.city) var homeCity
///     @Projected(\Person.friends.projectTo.firstName) var friendsFirstName: ProjectedCollection<String>
/// }
///
/// let people = realm.objects(PersonProjection.self).filter("lastName == 'Smith'")
/// let first = PersonProjection(projecting: person)
/// print(first.lastNameCaps)   // "SMITH"
/// ```
///
/// A projection reads its root live; writes through writable key paths go to
/// the root (inside a write transaction, as for the object itself).
open class Projection<Root: ObjectBase>: CustomStringConvertible {
    /// The object this projection shows.
    public let rootObject: Root

    /// A projection of `object`.
    ///
    /// ```swift
    /// let projection = PersonProjection(projecting: person)
    /// ```
    public required init(projecting object: Root) {
        rootObject = object
    }

    /// The realm that manages the root object; nil when it is unmanaged.
    public var realm: Realm? { rootObject.realm }

    /// Whether the root object was deleted or its realm closed.
    public var isInvalidated: Bool { rootObject.isInvalidated }

    /// Whether the root object belongs to a frozen realm.
    public var isFrozen: Bool { rootObject.realm?.isFrozen ?? false }

    /// The projected properties, each with the stored path it reads and its
    /// value, in Realm's format.
    ///
    /// ```swift
    /// print(projection)
    /// // PersonProjection<Person> <0x600000c04000> {
    /// //         firstName(\.firstName) = John;
    /// //     lastNameCaps(\.lastName) = SNOW;
    /// // }
    /// ```
    open var description: String {
        let lines = Self.projectedProperties(of: self).map { label, projected in
            "\t\(label)(\(projected.storedPath)) = \(projected.describe(on: rootObject));"
        }
        let address = Unmanaged.passUnretained(rootObject).toOpaque()
        return "\(Self.self)<\(Root.self)> <\(address)> {\n\t" + lines.joined(separator: "\n") + "\n}"
    }

    /// The `@Projected` properties of `projection`, by name, in declaration order
    /// (a superclass's first).
    static func projectedProperties(of projection: Projection) -> [(String, any AnyProjected)] {
        var levels: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: projection)
        while let m = mirror {
            levels.append(m)
            mirror = m.superclassMirror
        }
        return levels.reversed().flatMap { level in
            level.children.compactMap { child -> (String, any AnyProjected)? in
                guard let label = child.label, label.hasPrefix("_"), let projected = child.value as? AnyProjected else {
                    return nil
                }
                return (String(label.dropFirst()), projected)
            }
        }
    }
}

extension Projection where Root: Object {
    /// A frozen projection: of the root object in a frozen copy of its realm.
    ///
    /// ```swift
    /// let snapshot = projection.freeze()
    /// ```
    ///
    /// The projection of a deleted object cannot be frozen (as in Realm).
    public func freeze() -> Self {
        precondition(
            !isInvalidated, "Geode: \(Self.self)'s object has been deleted or invalidated; it cannot be frozen")
        return Self(projecting: rootObject.freeze())
    }

    /// The live projection of a frozen one; nil when the root object was deleted since.
    public func thaw() -> Self? { rootObject.thaw().map { Self(projecting: $0) } }
}

extension Projection where Root: EmbeddedObject {
    /// A frozen projection: of the embedded root object in a frozen copy of its realm.
    /// The projection of a deleted object cannot be frozen (as in Realm).
    public func freeze() -> Self {
        precondition(
            !isInvalidated, "Geode: \(Self.self)'s object has been deleted or invalidated; it cannot be frozen")
        return Self(projecting: rootObject.freeze())
    }

    /// The live projection of a frozen one; nil when the embedded root object is gone since.
    public func thaw() -> Self? { rootObject.thaw().map { Self(projecting: $0) } }
}

extension Projection: Equatable, Hashable {
    /// Projections are equal when they project the same object.
    public static func == (lhs: Projection, rhs: Projection) -> Bool { lhs.rootObject == rhs.rootObject }

    public func hash(into hasher: inout Hasher) { hasher.combine(rootObject) }
}

extension Projection: RealmFetchable where Root: Object {
    public static var _geodeRootType: Object.Type { Root.self }
    public static func _geodeElement(of object: Object) -> Self? {
        // Results hand out objects of the root class itself: skip the dynamic cast then.
        if type(of: object) == Root.self { return Self(projecting: unsafeDowncast(object, to: Root.self)) }
        return (object as? Root).map { Self(projecting: $0) }
    }
    public var _geodeObject: Object { rootObject }

    /// Each `@Projected` property must read a persisted property of the root,
    /// as Realm requires ("@Projected property must be a part of Realm object"):
    /// checked once per projection class.
    public static func _geodeCheckDeclaration() {
        ProjectionDeclarations.check(Self.self) {
            for (label, projected) in projectedProperties(of: Self(projecting: Root()))
            where projected.storedPath == "\\." {
                preconditionFailure(
                    "Geode: @Projected property '\(label)' of \(Self.self) reads no persisted property of "
                        + "\(Root.self); it must be a part of the Realm object")
            }
        }
    }
}

/// The projection classes whose declarations were checked.
enum ProjectionDeclarations {
    private static let checked = Locked<Set<ObjectIdentifier>>([])

    static func check(_ type: Any.Type, _ body: () -> Void) {
        let first = checked.withLock { $0.insert(ObjectIdentifier(type)).inserted }
        if first { body() }
    }
}
