import Foundation

extension ProjectionObservable {
    /// Calls `block` after each write that changes a projected property of
    /// the root object (or of objects it links to, as the projection reads
    /// them), and with `.deleted` once the object is gone. Each change names
    /// the projection's property and gives its value as the projection reads
    /// it, before and after. `keyPaths` are the root's key paths the
    /// projection reads (`"firstName"`, `"friends.firstName"`); nil or empty
    /// observes them all. With `queue`, `block` runs on that serial queue.
    ///
    /// ```swift
    /// let token = personProjection.observe { change in
    ///     if case .change(_, let properties) = change {
    ///         for p in properties { print(p.name, p.newValue ?? "nil") }
    ///     }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil, _ block: @escaping (ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        let declared = (self as? Projection<Root>).map { Projection<Root>.projectedProperties(of: $0) } ?? []
        let properties = declared.compactMap { label, property -> ObservedProperty? in
            let path = String(property.storedPath.dropFirst(2))
            guard !path.isEmpty, keyPaths?.isEmpty != false || keyPaths?.contains(path) == true else { return nil }
            return ObservedProperty(label: label, root: String(path.prefix { $0 != "." }), path: path, read: property)
        }
        var delivered: Self?
        return observeObject(rootObject, keyPaths: properties.map(\.path), on: queue) {
            (change: ObjectChange<Root>) in
            switch change {
            case let .change(root, changes):
                let projection = delivered ?? Self(projecting: root)
                delivered = projection
                // Old values are read through the projection from a copy of the root holding them.
                let old = Root()
                for change in changes where change.oldValue != nil { old[change.name] = change.oldValue }
                let projected = changes.flatMap { change in
                    properties.filter { $0.root == change.name }.map {
                        PropertyChange(
                            name: $0.label, oldValue: change.oldValue == nil ? nil : $0.read.value(on: old),
                            newValue: $0.read.value(on: root))
                    }
                }
                if !projected.isEmpty { block(.change(projection, projected)) }
            case .deleted: block(.deleted)
            case let .error(error): block(.error(error))
            }
        }
    }

    /// ``observe(keyPaths:on:_:)-(_,_,(ObjectChange<Self>)->Void)`` with the projection's own key paths:
    /// `\PersonProjection.name` observes the root property it reads.
    ///
    /// ```swift
    /// let token = personProjection.observe(keyPaths: [\PersonProjection.name]) { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [PartialKeyPath<Self>], on queue: DispatchQueue? = nil,
        _ block: @escaping (ObjectChange<Self>) -> Void
    ) -> NotificationToken {
        let tracer = Self(projecting: Root())
        let paths = keyPaths.map { keyPath in
            let trace = ProjectionTrace.run { tracer[keyPath: keyPath] }
            return trace.components.prefix(trace.collectionEnd ?? trace.components.count).compactMap { component in
                if case let .property(name) = component { return name } else { return nil }
            }.joined(separator: ".")
        }
        return observe(keyPaths: paths.isEmpty ? nil : paths, on: queue, block)
    }
}

/// A projected property an observer reports: its name, the root property
/// whose change reaches it, the key path it reads, and how to read it.
private struct ObservedProperty {
    let label: String
    let root: String
    let path: String
    let read: any AnyProjected
}
