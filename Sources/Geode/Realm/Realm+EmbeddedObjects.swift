import GeodeCore

extension Realm {
    /// Makes the embedded objects an object held unmanaged managed at the
    /// places its document now holds them (as in Realm: `address.realm` is
    /// the realm once the person is added), at any depth. `ref` is where the
    /// object itself now lives.
    func manageEmbeddedObjects(of object: ObjectBase, _ cls: RealmClass, at ref: ManagedRef) {
        let values = ValueAssignment.unmanagedValues(of: object, info: cls.info)
        for (index, property) in cls.info.properties.enumerated()
        where property.kind.type == .object && index < values.count && cls.slots[index] >= 0 {
            let path = ref.path + [.index(cls.slots[index])]
            func manage(_ element: Any, _ at: [PathStep]) {
                guard let embedded = unwrappedInput(element) as? EmbeddedObject, embedded._ref == nil else { return }
                let embeddedClass = realmClass(type(of: embedded))
                let embeddedRef = ManagedRef(realm: self, cls: embeddedClass, root: ref.root, key: ref.key, path: at)
                manageEmbeddedObjects(of: embedded, embeddedClass, at: embeddedRef)
                embedded._ref = embeddedRef
            }
            switch property.kind.collection {
            case .single: manage(values[index], path)
            case .list, .set:
                guard let elements = (values[index] as? InputCollection)?.inputValue as? [Any] else { continue }
                for (position, element) in elements.enumerated() { manage(element, path + [.index(position)]) }
            case .map:
                guard let entries = (values[index] as? InputCollection)?.inputValue as? [String: Any] else { continue }
                for (key, element) in entries { manage(element, path + [.key(key)]) }
            }
        }
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
        guard embedded._ref == nil, writeError == nil else { return }
        let cls = realmClass(type(of: embedded))
        let embeddedRef = ManagedRef(realm: self, cls: cls, root: ref.root, key: ref.key, path: path)
        manageEmbeddedObjects(of: embedded, cls, at: embeddedRef)
        embedded._ref = embeddedRef
    }

    /// Makes `element`, just written as an element of the collection at
    /// `location` (at `step`: its index or key), managed there when it is an
    /// unmanaged embedded object and the write went through.
    func manageEmbedded(_ element: Any, in location: CollectionLocation, at step: PathStep) {
        guard let embedded = unwrappedInput(element) as? EmbeddedObject, embedded._ref == nil, writeError == nil
        else { return }
        let cls = realmClass(type(of: embedded))
        let ref = ManagedRef(
            realm: self, cls: cls, root: location.owner.root, key: location.owner.key, path: location.path + [step])
        manageEmbeddedObjects(of: embedded, cls, at: ref)
        embedded._ref = ref
    }
}
