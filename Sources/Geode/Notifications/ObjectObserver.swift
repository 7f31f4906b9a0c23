import Foundation
import GeodeCore

/// Observes one object: at each notification, the properties the change log
/// says changed (for an embedded object, or a range the log does not cover,
/// those whose stored values differ), with their old and new values.
final class ObjectObserver<T: ObjectBase>: ChangeObserver {
    private let object: T
    private let ref: ManagedRef
    private let paths: [[Substring]]?
    private let block: (ObjectChange<T>) -> Void
    /// Whether some key path starts at a linking-objects property (worked
    /// out once: an observer is asked at every notification).
    private let namesLinkingObjects: Bool

    init(object: T, keyPaths: [String]?, block: @escaping (ObjectChange<T>) -> Void) {
        guard let ref = object._ref else { preconditionFailure("Geode: only a managed object can be observed") }
        self.object = object
        self.ref = ref
        ChangeDelivery.checkKeyPaths(keyPaths, from: ref.cls.name, in: ref.realm.store.schema)
        let paths = ChangeDelivery.split(keyPaths)
        self.paths = paths
        namesLinkingObjects =
            paths.map { paths in
                ref.cls.info.properties.contains { property in
                    property.kind.type == .linkingObjects && paths.contains { $0.first.map(String.init) == property.name }
                }
            } ?? false
        self.block = block
        super.init()
        hasDeliveredInitial = true  // objects have no initial notification
    }

    override func deliver(_ delivery: ChangeDelivery, silently: Bool) {
        let own = delivery.changes[table: ref.root.table.schema.table]
        let realm = delivery.realm
        if own.wasDeleted(ref.key) || !realm.exists(ref) {
            invalidate()
            if !silently { block(.deleted) }
            return
        }
        let info = ref.cls.info
        let logged = ref.path.isEmpty && delivery.changes.isComplete ? own.modified[ref.key] : nil
        if ref.path.isEmpty && delivery.changes.isComplete && logged == nil && !followsLinks && !namesLinkingObjects {
            return
        }
        let old = delivery.oldRealm
        // The observed accessor is invalidated once its realm was: the values are read through a new one.
        let current = ref.wasInvalidated ? accessor(in: realm) ?? object : object
        var changed: [PropertyChange] = []
        for (index, property) in info.properties.enumerated() {
            let through = paths?.filter { $0.first.map(String.init) == property.name }
            if property.kind.type == .linkingObjects {
                // Heard only when a key path names them, as in Realm: never without key paths.
                if let through, !through.isEmpty, linkingObjectsChanged(property, through, current, delivery) {
                    changed.append(PropertyChange(name: property.name, oldValue: nil, newValue: nil))
                }
                continue
            }
            let slot = ref.cls.slots[index]
            guard slot >= 0 else { continue }
            if let through, through.isEmpty { continue }
            var didChange: Bool
            if let through, ref.path.isEmpty, delivery.changes.isComplete, through.allSatisfy({ $0.count > 1 }) {
                // Only paths through this property: through links, or into an embedded object.
                didChange = delivery.isModified(ref.key, in: ref.root.table, paths: through)
            } else if let logged {
                didChange = logged.contains(slot)
            } else if ref.path.isEmpty && delivery.changes.isComplete {
                didChange = false
            } else {
                didChange = storedValue(slot, in: old) != storedValue(slot, in: realm)
            }
            if !didChange, let through, through.contains(where: { $0.count > 1 }) {
                // A key path through this link: a change to the linked object's properties.
                didChange = delivery.isModified(ref.key, in: ref.root.table, paths: through.filter { $0.count > 1 })
            }
            guard didChange else { continue }
            let isCollection = property.kind.collection != .single
            changed.append(
                PropertyChange(
                    name: property.name,
                    oldValue: isCollection ? nil : accessor(in: old)?[property.name] ?? nil,
                    newValue: isCollection ? nil : current[property.name]))
        }
        guard !silently, !changed.isEmpty else { return }
        block(.change(object, changed))
    }

    /// Whether some key path goes through a link (a linked object's change counts).
    private var followsLinks: Bool { paths?.contains { $0.count > 1 } ?? false }


    /// Whether the linking objects `property` gives changed for key paths
    /// `through` (each starting at it): another object links here, or one
    /// stopped linking; with a longer path, also when a linking object
    /// changed as the rest of the path sees it (`"owners.name"`).
    private func linkingObjectsChanged(
        _ property: ClassInfo.Property, _ through: [[Substring]], _ current: ObjectBase, _ delivery: ChangeDelivery
    ) -> Bool {
        guard let now = (current[property.name] as? LinkingObjectKeys)?.keys else { return false }
        let before = (accessor(in: delivery.oldRealm)?[property.name] as? LinkingObjectKeys)?.keys
        if before != now { return true }
        let rest = through.filter { $0.count > 1 }.map { Array($0.dropFirst()) }
        guard !rest.isEmpty, let origin = property.kind.objectType else { return false }
        let table = delivery.realm.realmClass(origin).table
        return now.contains { delivery.isModified($0, in: table, paths: rest) }
    }

    /// The engine value in slot `slot` of the object, as `realm` reads it.
    private func storedValue(_ slot: Int, in realm: Realm) -> Value? {
        try? realm.withDocument(ref.root, ref.key) { document in
            try document?.value(atPath: ref.path + [.index(slot)])?.decode()
        }
    }

    /// The object as `realm` (the old version) reads it.
    private func accessor(in realm: Realm) -> ObjectBase? {
        let copy = type(of: object).init()
        copy.becomeManaged(ManagedRef(realm: realm, cls: ref.cls, root: ref.root, key: ref.key, path: ref.path))
        return copy
    }

    override func fail(_ error: Error) { block(.error(error)) }
}

extension Object {
    /// Calls `block` after each write that changes the object's properties
    /// (those `keyPaths` names, or through links, `"owner.name"`), with their
    /// old and new values; `.deleted` once it is deleted.
    ///
    /// ```swift
    /// let token = dog.observe(keyPaths: ["name"]) { change in
    ///     if case .change(_, let properties) = change {
    ///         for p in properties { print(p.name, p.oldValue ?? "nil", "→", p.newValue ?? "nil") }
    ///     }
    /// }
    /// ```
    public func observe<T: Object>(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil, _ block: @escaping (ObjectChange<T>) -> Void
    ) -> NotificationToken {
        observeObject(self, keyPaths: keyPaths, on: queue, block)
    }

    /// ``observe(keyPaths:on:_:)-(_,_,(ObjectChange<T>)->Void)`` with the key paths as Swift key paths.
    ///
    /// ```swift
    /// let token = dog.observe(keyPaths: [\Dog.name, \Dog.owner?.name]) { (change: ObjectChange<Dog>) in
    ///     print(change)
    /// }
    /// ```
    public func observe<T: Object>(
        keyPaths: [PartialKeyPath<T>], on queue: DispatchQueue? = nil, _ block: @escaping (ObjectChange<T>) -> Void
    ) -> NotificationToken {
        observeObject(self, keyPaths: keyPaths.map { QueryKeyPaths.name(of: $0) }, on: queue, block)
    }
}

extension EmbeddedObject {
    /// Calls `block` after each write that changes the embedded object's
    /// properties; `.deleted` once it (or its owner) is gone.
    ///
    /// ```swift
    /// let token = person.address!.observe { (change: ObjectChange<Address>) in print(change) }
    /// ```
    public func observe<T: EmbeddedObject>(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil, _ block: @escaping (ObjectChange<T>) -> Void
    ) -> NotificationToken {
        observeObject(self, keyPaths: keyPaths, on: queue, block)
    }
}

/// Registers an ``ObjectObserver`` of `object` (as a `T`) with its realm, or
/// with a realm confined to `queue`.
func observeObject<T: ObjectBase>(
    _ object: ObjectBase, keyPaths: [String]?, on queue: DispatchQueue?, _ block: @escaping (ObjectChange<T>) -> Void
) -> NotificationToken {
    guard let ref = object._ref else { preconditionFailure("Geode: only a managed object can be observed") }
    precondition(object is T, "Geode: observing a \(type(of: object)) as a \(T.self)")
    guard ref.realm.exists(ref) else {
        ref.realm.deferReadError(
            GeodeError.invalidValue("the \(ref.cls.name) object was deleted; a deleted object cannot be observed"))
        return .inert
    }
    let source = Unchecked(ref)
    let type = Swift.type(of: object)
    return ref.realm.register(on: queue) { realm in
        let ref = source.value
        let resolved: ObjectBase
        if realm === ref.realm {
            resolved = object
        } else {
            guard let root = realm.realmClass(named: ref.root.name), let cls = realm.realmClass(named: ref.cls.name)
            else { return nil }
            resolved = type.init()
            resolved.becomeManaged(ManagedRef(realm: realm, cls: cls, root: root, key: ref.key, path: ref.path))
        }
        guard let typed = resolved as? T else { return nil }
        return ObjectObserver(object: typed, keyPaths: keyPaths, block: block)
    }
}
