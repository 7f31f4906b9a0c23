import GeodeCore

extension Realm {
    /// Makes the embedded objects an object held unmanaged, and that code
    /// kept, managed at the places its document now holds them (as in Realm:
    /// `address.realm` is the realm once the person is added), at any depth.
    /// `ref` is where the object itself now lives. Objects nothing else holds
    /// are left alone: nobody can read them unmanaged again.
    func manageEmbeddedObjects(of object: ObjectBase, _ cls: RealmClass, at ref: ManagedRef) {
        let base = ref.path
        for index in cls.info.embeddedPlaces {
            guard cls.slots[index] >= 0 else { continue }
            let path = cls.path(of: index, under: base)
            if cls.info.properties[index].kind.collection == .single {
                if let embedded = cls.info.heldObject(of: object, index) as? EmbeddedObject {
                    manage(embedded, in: ref, at: path)
                }
            } else if let holder = cls.info.unmanagedValue(of: object, index) as? EmbeddedObjectHolder {
                for (step, embedded) in holder.keptEmbeddedObjects() { manage(embedded, in: ref, at: path + [step]) }
            }
        }
    }

    /// Makes `element`, an unmanaged embedded object just written at `path` of
    /// the document of `ref`, managed there, with what it holds.
    private func manageEmbedded(_ element: Any, in ref: ManagedRef, at path: [PathStep]) {
        guard let embedded = unwrappedInput(element) as? EmbeddedObject else { return }
        manage(embedded, in: ref, at: path)
    }

    private func manage(_ embedded: EmbeddedObject, in ref: ManagedRef, at path: [PathStep]) {
        guard embedded._ref == nil else { return }
        let cls = realmClass(type(of: embedded))
        let embeddedRef = ManagedRef(realm: self, cls: cls, root: ref.root, key: ref.key, path: path)
        if !cls.info.embeddedPlaces.isEmpty { manageEmbeddedObjects(of: embedded, cls, at: embeddedRef) }
        embedded.becomeManaged(embeddedRef)
        // A cancelled write hands it back unmanaged, as it does the object that holds it.
        noteAdded(embedded)
    }

    /// Writes `embedded` into property `property` of the managed object at
    /// `ref`, and makes it (and the embedded objects it holds) managed there.
    /// The object already there is a no-op; one another place owns fails the
    /// write, as Realm's "existing managed embedded object" does.
    func assign(_ embedded: EmbeddedObject, to ref: ManagedRef, _ property: Int) {
        let path = ref.path + [.index(ref.cls.slots[property])]
        if let own = embedded._ref, manages(own), own.root.name == ref.root.name, own.key == ref.key, own.path == path {
            return
        }
        write(ref, property) { context in try embedded._geodeEngineValue(context) }
        guard pendingWriteError == nil else { return }
        manageEmbedded(embedded, in: ref, at: path)
    }

    /// Logs an edit of the container at `container` in the document of `owner`
    /// (any object of that document), for the accessors of the embedded objects
    /// it held to follow (see ``EmbeddedEdits``).
    func noteEmbeddedEdit(_ change: EmbeddedEdits.Change, at container: [PathStep], in owner: ManagedRef) {
        embeddedEdits.append(
            .init(table: owner.root.table.schema.table, key: owner.key, container: container, change: change))
    }

    /// Logs that an update `.all` replaced the embedded objects object `key`
    /// of `table` held in document slots `slots` (``UpdatePolicy/modified``
    /// changes them in place, as in Realm).
    func noteReplacedEmbeddedObjects(of table: Table, _ key: ObjectKey, slots: [Int]) {
        for slot in slots where slot >= 0 {
            embeddedEdits.append(
                .init(table: table.schema.table, key: key, container: [], change: .replaced(.index(slot))))
        }
    }

    /// Whether property `property` of `cls` holds embedded objects (alone, or
    /// in a list or map).
    func holdsEmbeddedObjects(_ cls: RealmClass, _ property: Int) -> Bool {
        guard cls.info.properties[property].kind.type == .object,
            let stored = cls.table.schema.property(named: cls.info.properties[property].storedName)
        else { return false }
        return holdsEmbeddedObjects(stored)
    }

    /// Whether the stored property `property` holds embedded objects.
    func holdsEmbeddedObjects(_ property: PropertySchema) -> Bool {
        property.type == .object && property.objectClassName.flatMap { store.schema[$0]?.isEmbedded } == true
    }

    /// Makes `element`, just written as an element of the collection at
    /// `location` (at `step`: its index or key), managed there when it is an
    /// unmanaged embedded object and the write went through.
    func manageEmbedded(_ element: Any, in location: CollectionLocation, at step: PathStep) {
        guard pendingWriteError == nil else { return }
        manageEmbedded(element, in: location.owner, at: location.path + [step])
    }
}

/// An unmanaged list or map of embedded objects: the elements code kept
/// besides it, which become managed when the collection's owner is added.
protocol EmbeddedObjectHolder {
    /// The elements something besides the collection holds, with their places.
    func keptEmbeddedObjects() -> [(PathStep, EmbeddedObject)]
}

/// The embedded objects among a collection's `elements` that something
/// besides the collection holds, each with its place (`step` of its
/// position). The elements are checked in place, so that the check does not
/// hold them itself.
func keptEmbeddedElements<Element: _Persistable>(
    in elements: UnsafeMutableBufferPointer<Element>, step: (Int) -> PathStep
) -> [(PathStep, EmbeddedObject)] {
    guard Element._geodeKind.objectType is EmbeddedObject.Type, let base = elements.baseAddress else { return [] }
    var kept: [(PathStep, EmbeddedObject)] = []
    for position in elements.indices {
        if let embedded = Element._geodeSharedObject(in: base + position) as? EmbeddedObject {
            kept.append((step(position), embedded))
        }
    }
    return kept
}
