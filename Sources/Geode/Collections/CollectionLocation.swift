import GeodeCore

/// Where a managed collection lives: a property of a managed object (or a
/// place nested inside one), read and rewritten through the owner's document.
struct CollectionLocation {
    let realm: Realm
    /// The top-level object whose document holds the collection.
    let owner: ManagedRef
    /// The collection's path in that document.
    let path: [PathStep]
    /// What `name` is made from, only when a message needs it: every read of
    /// a collection property makes a location, and few of them ever say their name.
    private let naming: Naming

    private enum Naming {
        /// A property of a class: `Dog.tags`.
        case property(RealmClass, Int)
        /// A collection inside an `AnyRealmValue` of a class: `Dog AnyRealmValue`.
        case mixed(RealmClass)
        case text(String)
    }

    /// For error messages: `Dog.tags`.
    var name: String {
        switch naming {
        case let .property(cls, property): return "\(cls.name).\(cls.info.properties[property].name)"
        case let .mixed(cls): return "\(cls.name) AnyRealmValue"
        case let .text(text): return text
        }
    }

    init(object: ObjectBase, property: Int) {
        guard let ref = object._ref else {
            preconditionFailure("Geode: an unmanaged object has no managed collections")
        }
        realm = ref.realm
        owner = ref.owner
        path = ref.cls.path(of: property, under: ref.path)
        naming = .property(ref.cls, property)
    }

    /// Runs `body` with the collection's container (nil when it is empty or
    /// absent). Stops the program when the realm was invalidated since the
    /// collection's object was read, as Realm raises.
    func read<T>(_ body: (ContainerView?) throws -> T) -> T {
        owner.checkNotInvalidated(name)
        return readStored(body)
    }

    /// ``read(_:)`` without the invalidation check: for what a ``Results``
    /// reads of the collection, which keeps reading after
    /// ``Realm/invalidate()`` (see ``CollectionKeys/linked(from:)``).
    func readStored<T>(_ body: (ContainerView?) throws -> T) -> T {
        do {
            return try realm.withDocument(of: owner) { document in
                guard let document else { preconditionFailure("Geode: the object holding \(name) was deleted") }
                return try body(try document.value(atPath: path)?.container())
            }
        } catch {
            // A damaged document: the collection reads as empty, and the error waits for the next throwing call.
            realm.deferReadError(error)
            if let empty = try? body(nil) { return empty }
            preconditionFailure("Geode: reading \(name) failed: \(error)")
        }
    }

    /// A collection nested inside a value (a list or map inside an `AnyRealmValue`).
    init(realm: Realm, owner: ManagedRef, path: [PathStep], name: String) {
        self.init(realm: realm, owner: owner, path: path, naming: .text(name))
    }

    /// A collection nested inside an `AnyRealmValue` of `owner`'s class.
    init(realm: Realm, owner: ManagedRef, mixedAt path: [PathStep]) {
        self.init(realm: realm, owner: owner, path: path, naming: .mixed(owner.cls))
    }

    private init(realm: Realm, owner: ManagedRef, path: [PathStep], naming: Naming) {
        self.realm = realm
        self.owner = owner
        self.path = path
        self.naming = naming
    }

    /// The number of elements.
    var count: Int { read { $0?.count ?? 0 } }

    /// The engine value of the whole collection.
    var value: Value {
        owner.checkNotInvalidated(name)
        return storedValue
    }

    /// ``value`` without the invalidation check (see ``readStored(_:)``).
    var storedValue: Value {
        readStored { container in
            guard let container else { return .list([]) }
            return container.kind == .map
                ? .map((try? container.decodeMap()) ?? [:]) : .list((try? container.decodeAll()) ?? [])
        }
    }

    /// An element that does not convert to the collection's required element
    /// type reads as the default; the error waits for the next throwing call.
    func noteUnconvertible<Element: _Persistable>(at index: Int, _ type: Element.Type) {
        guard !Element._geodeKind.isOptional else { return }
        let dot = name.lastIndex(of: ".")
        realm.deferReadError(
            GeodeError.invalidValue(
                .init(
                    "\(name)[\(index)] holds a value that does not convert to \(Element.self)", kind: .notConvertible,
                    className: dot.map { String(name[..<$0]) },
                    property: dot.map { String(name[name.index(after: $0)...]) }, keyPath: "[\(index)]")))
    }

    /// The read context of element `step`.
    func context(_ step: PathStep) -> _ReadContext {
        _ReadContext(realm: realm, base: owner, prefix: path, step: step)
    }

    /// Logs what `edit` did to a list property, for its observers to report
    /// the change realm-core reports (see ``ListEdit``); a list elsewhere (in
    /// an embedded object, a mixed value) is compared instead.
    private func noteListEdit(_ edit: EmbeddedEdits.Change, before: Value, after: Value, _ txn: StoreWriteTransaction) {
        guard case .property = naming, path.count == 1, case let .index(slot) = path[0] else { return }
        let table = owner.root.table
        func note(_ listEdit: ListEdit) { txn.noteListEdit(listEdit, key: owner.key, slot: slot, in: table) }
        if case .map = after {
            // A map's other changes are seen by comparing its entries; a key set to its own value is not.
            if case let .replaced(.key(key)) = edit { note(.keySet(key)) }
            return
        }
        guard case let .list(old) = before, case let .list(new) = after else { return }
        switch edit {
        case let .inserted(index): note(.inserted(at: index, count: 1))
        case let .removed(index): note(.removed(index))
        case let .moved(from, to): if from != to { note(.moved(from: from, to: to)) }
        case let .replaced(.index(index)): note(.replaced(index))
        case .replacedAll:
            // Assigned whole (or emptied): every element removed, then the new ones inserted.
            if !old.isEmpty { note(.cleared) }
            if !new.isEmpty { note(.inserted(at: 0, count: new.count)) }
        case .replaced: note(.unlisted)
        }
    }

    /// Replaces the collection with the value `change` makes from the current one,
    /// inside the realm's write transaction (refused values are recorded there).
    /// `edit` says what became of the elements, for the accessors of embedded
    /// objects to follow (see ``EmbeddedEdits``). With `skipsWhenEmpty`, an
    /// empty collection is left as it is: no write, no change to observe (as
    /// realm-core's `clear()` of an empty collection logs nothing).
    func mutate(
        _ edit: EmbeddedEdits.Change? = nil, skipsWhenEmpty: Bool = false,
        _ change: (inout Value, _WriteContext) throws -> Void
    ) {
        owner.checkNotInvalidated(name)
        guard let txn = realm.requireWrite("changing \(name)") else { return }
        do {
            var current = value
            if skipsWhenEmpty {
                switch current {
                case let .list(elements) where elements.isEmpty: return
                case let .map(entries) where entries.isEmpty: return
                default: break
                }
            }
            let before = current
            try change(&current, _WriteContext(realm: realm, transaction: txn))
            try realm.replace(at: path, in: owner, with: current, txn)
            if let edit { noteListEdit(edit, before: before, after: current, txn) }
            if let edit, case let .property(cls, property) = naming, realm.holdsEmbeddedObjects(cls, property) {
                realm.noteEmbeddedEdit(edit, at: path, in: owner)
            }
        } catch {
            realm.record(error)
        }
    }
}
