import Foundation

extension Results where Element: RealmFetchable {
    /// The results' changes as an asynchronous sequence, for `for await`:
    /// first `.initial`, then an `.update` after each write that changes
    /// them. Each element holds a frozen snapshot, readable on any thread.
    /// The sequence ends when its task is cancelled, or after an `.error`.
    ///
    /// ```swift
    /// for await change in realm.objects(Dog.self).changes {
    ///     if case .update(let dogs, _, let insertions, _) = change { print(dogs.count, insertions) }
    /// }
    /// ```
    public var changes: AsyncStream<RealmCollectionChange<Results<Element>>> { changes(keyPaths: nil) }

    /// ``changes`` with modifications counted only for `keyPaths`.
    ///
    /// ```swift
    /// for await change in dogs.changes(keyPaths: ["name"]) { print(change) }
    /// ```
    public func changes(keyPaths: [String]?) -> AsyncStream<RealmCollectionChange<Results<Element>>> {
        let queue = DispatchQueue(label: "Geode.Results.changes")
        return AsyncStream { continuation in
            let sink = Unchecked(continuation)
            let token = observe(keyPaths: keyPaths, on: queue) { change in
                switch change {
                case let .initial(results):
                    sink.value.yield(.initial(results.freeze()))
                case let .update(results, deletions, insertions, modifications):
                    sink.value.yield(
                        .update(
                            results.freeze(), deletions: deletions, insertions: insertions,
                            modifications: modifications))
                case let .error(error):
                    sink.value.yield(.error(error))
                    sink.value.finish()
                }
            }
            continuation.onTermination = invalidating(token)
        }
    }
}

/// What ends an asynchronous sequence of changes: its observation stops.
private func invalidating<Change>(_ token: NotificationToken) -> @Sendable (AsyncStream<Change>.Continuation.Termination)
    -> Void
{
    { _ in token.invalidate() }
}

extension Object {
    /// The object's changes as an asynchronous sequence, for `for await`:
    /// an element after each write that changes it (with a frozen copy of
    /// the object), ending after `.deleted` or when the task is cancelled.
    ///
    /// ```swift
    /// for await change in dog.changes(as: Dog.self) {
    ///     if case .change(let dog, let properties) = change { print(dog.name, properties.map(\.name)) }
    /// }
    /// ```
    public func changes<T: Object>(as type: T.Type, keyPaths: [String]? = nil) -> AsyncStream<ObjectChange<T>> {
        let queue = DispatchQueue(label: "Geode.Object.changes")
        return AsyncStream { continuation in
            let sink = Unchecked(continuation)
            let token = observe(keyPaths: keyPaths, on: queue) { (change: ObjectChange<T>) in
                switch change {
                case let .change(object, properties):
                    sink.value.yield(.change(object.freeze(), properties))
                case .deleted:
                    sink.value.yield(.deleted)
                    sink.value.finish()
                case let .error(error):
                    sink.value.yield(.error(error))
                    sink.value.finish()
                }
            }
            continuation.onTermination = invalidating(token)
        }
    }
}
