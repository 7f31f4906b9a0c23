import Foundation

/// Moves values into and out of unmanaged objects by property index: the
/// `init(value:)` input (Swift values, no store; a managed `create` converts
/// its input to engine values and builds the row with the engine's
/// `RowBuilder`), and what `add` writes.
enum ValueAssignment {
    /// Assigns a dictionary (name → value), an array in property order, or
    /// another object's values to the unmanaged `object`.
    static func assign(_ value: Any, to object: ObjectBase) throws {
        let info = ClassInfo.of(type(of: object))
        let stored = info.properties.indices.filter { info.properties[$0].kind.type != .linkingObjects }
        var values = object._unmanaged ?? [:]
        try CreateInput.forEach(
            value, names: stored.lazy.map { info.properties[$0].name }, className: info.name,
            reading: { source, name in
                ClassInfo.of(type(of: source)).index(of: name).map { currentValue(of: source, $0) }
            }
        ) { position, item in
            let index = stored[position]
            let property = info.properties[index]
            do {
                values[index] = try property.valueType._geodeFromAny(item, Realm?.none)
            } catch let error as GeodeError {
                throw error.located(in: info.name, property.name)
            }
        }
        object._unmanaged = values
    }

    /// The value of property `index` of `object`, managed or not.
    static func currentValue(of object: ObjectBase, _ index: Int) -> any _Persistable {
        if let ref = object._ref {
            return ref.cls.info.properties[index].valueType._geodeGet(object, index)
        }
        return unmanagedValues(of: object)[index]
    }

    /// The value of property `index` of an unmanaged object.
    static func unmanagedValue(of object: ObjectBase, _ index: Int) -> any _Persistable {
        unmanagedValues(of: object)[index]
    }

    /// Every property value of an unmanaged object, in property order: those
    /// assigned by index, else the wrappers' own (read at their field offsets;
    /// through `Mirror` only if the fields could not be listed).
    static func unmanagedValues(of object: ObjectBase, info: ClassInfo? = nil) -> [any _Persistable] {
        let info = info ?? ClassInfo.of(type(of: object))
        if var values = info.wrapperValues(of: object) {
            if let assigned = object._unmanaged {
                for (index, value) in assigned {
                    if let value = value as? any _Persistable { values[index] = value }
                }
            }
            return values
        }
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let m = mirror {
            mirrors.append(m)
            mirror = m.superclassMirror
        }
        var values: [any _Persistable] = []
        for m in mirrors.reversed() {
            for child in m.children {
                guard let label = child.label, label.hasPrefix("_"), let wrapper = child.value as? DiscoverablePersisted
                else { continue }
                let index = values.count
                values.append(object._unmanaged?[index].flatMap { $0 as? any _Persistable } ?? wrapper.unmanagedValue)
            }
        }
        return values
    }
}
