import Foundation

extension Realm {
    /// Opens a realm isolated to `actor`: use it only there (for example on
    /// the main actor, `try await Realm(actor: MainActor.shared)`). It
    /// refreshes on the actor whenever another thread or process commits, and
    /// its observers are called there.
    ///
    /// ```swift
    /// actor Tracker {
    ///     var realm: Realm!
    ///     func open() async throws { realm = try await Realm(actor: self) }
    /// }
    /// ```
    public convenience init<A: Actor>(configuration: Configuration = .defaultConfiguration, actor: A) async throws {
        try self.init(configuration: configuration)
        self.actor = actor
    }

    /// Opens a realm isolated to the caller's actor, as
    /// ``init(configuration:actor:)`` does with that actor.
    ///
    /// ```swift
    /// @MainActor func load() async throws {
    ///     let realm = try await Realm.open(configuration: configuration)
    /// }
    /// ```
    public static func open(
        configuration: Configuration = .defaultConfiguration, _isolation actor: isolated any Actor = #isolation
    ) async throws -> Realm {
        let realm = try Realm(configuration: configuration)
        realm.actor = actor
        return realm
    }

    /// Runs `block` in a write transaction and commits it, from async code.
    ///
    /// While another thread or task of this process writes to the file, the
    /// call suspends instead of blocking its thread, and waiting calls take
    /// their turns first come first served. LMDB's writer lock belongs to one
    /// thread from the start of a write to its end, so the write itself runs
    /// where it is called, without suspending. A write of another process is
    /// not awaited this way: the call's thread blocks on the file's
    /// process-shared lock until that write ends.
    ///
    /// A task cancelled before the write starts (before the call or while it
    /// waits) throws `CancellationError` and runs nothing, as in Realm. Inside
    /// a write open on this thread it throws at once, as a nested
    /// ``write(withoutNotifying:_:)`` does.
    ///
    /// ```swift
    /// try await realm.asyncWrite { realm.add(Dog(value: ["name": "Rex"])) }
    /// ```
    @discardableResult
    public func asyncWrite<Result>(
        isolation: isolated (any Actor)? = #isolation, _ block: () throws -> Result
    ) async throws -> Result {
        try Task.checkCancellation()
        // A write inside this thread's write fails now, as a nested write does; it would wait for itself.
        if isInWriteTransaction { return try write(block) }
        // An asynchronous write while it waits and runs, as ``isPerformingAsynchronousWriteOperations`` tells.
        asyncWrites.withLock { $0.running += 1 }
        defer { asyncWrites.withLock { $0.running -= 1 } }
        return try await store.withWriterTurn { try write(block) }
    }

    /// Advances the realm to the latest version and delivers its notifications, from async code.
    /// In a cancelled task it does nothing and returns false, as in Realm.
    ///
    /// ```swift
    /// await realm.asyncRefresh()
    /// ```
    @discardableResult
    public func asyncRefresh(isolation: isolated (any Actor)? = #isolation) async -> Bool {
        if Task.isCancelled { return false }
        return refresh()
    }

    /// Runs `block` in a write transaction later, on the realm's queue (a
    /// realm opened with one), or at once otherwise, and reports how it
    /// ended to `onComplete`: nil, or the error that undid the write.
    /// Returns an id that ``cancelAsyncWrite(_:)`` takes until it starts.
    ///
    /// ```swift
    /// realm.writeAsync({ realm.add(Dog()) }, onComplete: { error in print(error ?? "committed") })
    /// ```
    @discardableResult
    public func writeAsync(_ block: @escaping () -> Void, onComplete: ((Swift.Error?) -> Void)? = nil)
        -> AsyncTransactionId
    {
        beginAsyncWrite {
            block()
            self.commitAsyncWrite(onComplete)
        }
    }

    /// Opens a write transaction later, on the realm's queue (at once on a
    /// realm without one), and runs `block` in it; `block` ends it with
    /// ``commitAsyncWrite(allowGrouping:_:)`` or ``cancelWrite()``.
    ///
    /// ```swift
    /// realm.beginAsyncWrite {
    ///     realm.add(Dog())
    ///     realm.commitAsyncWrite()
    /// }
    /// ```
    @discardableResult
    public func beginAsyncWrite(_ block: @escaping () -> Void) -> AsyncTransactionId {
        let id = asyncWrites.withLock { writes in
            writes.next &+= 1
            writes.pending.insert(writes.next)
            return writes.next
        }
        let work = Unchecked((self, block))
        let run = {
            let (realm, block) = work.value
            guard realm.asyncWrites.withLock({ $0.pending.remove(id) != nil }) else { return }  // cancelled
            do {
                try realm.openWrite()
            } catch {
                realm.deferReadError(error)
                return
            }
            realm.asyncWrites.withLock { $0.running += 1 }
            block()
            realm.asyncWrites.withLock { $0.running -= 1 }
            // A block that neither committed nor cancelled is cancelled, as in Realm.
            if realm.isInWriteTransaction { realm.cancelWrite() }
        }
        if let queue {
            let job = Unchecked(run)
            queue.async { job.value() }
        } else {
            run()
        }
        return id
    }

    /// Commits the open write transaction and reports how it ended to
    /// `onComplete`, later on the realm's queue (at once without one).
    /// `allowGrouping` is taken for Realm's signature; every commit here is durable at once.
    ///
    /// ```swift
    /// realm.commitAsyncWrite { error in print(error ?? "committed") }
    /// ```
    @discardableResult
    public func commitAsyncWrite(allowGrouping: Bool = false, _ onComplete: ((Swift.Error?) -> Void)? = nil)
        -> AsyncTransactionId
    {
        let id = asyncWrites.withLock { writes in
            writes.next &+= 1
            return writes.next
        }
        var failure: Swift.Error?
        do {
            try commitWrite()
        } catch {
            failure = error
        }
        guard let onComplete else { return id }
        if let queue {
            let job = Unchecked({ onComplete(failure) })
            queue.async { job.value() }
        } else {
            onComplete(failure)
        }
        return id
    }

    /// Cancels an asynchronous write that has not started yet; one that has
    /// started or ended is left as it is.
    ///
    /// ```swift
    /// let id = realm.writeAsync { realm.add(Dog()) }
    /// try realm.cancelAsyncWrite(id)
    /// ```
    public func cancelAsyncWrite(_ asyncTransactionId: AsyncTransactionId) throws {
        asyncWrites.withLock { _ = $0.pending.remove(asyncTransactionId) }
    }

    /// Whether asynchronous writes of this realm wait to start or are running.
    public var isPerformingAsynchronousWriteOperations: Bool {
        asyncWrites.withLock { !$0.pending.isEmpty || $0.running > 0 }
    }
}

/// Names an asynchronous write (``Realm/writeAsync(_:onComplete:)``), to cancel it.
public typealias AsyncTransactionId = UInt32

/// The asynchronous writes of a realm: the last id given, those waiting to
/// start, and how many are running.
struct AsyncWrites {
    var next: AsyncTransactionId = 0
    var pending: Set<AsyncTransactionId> = []
    var running = 0
}

extension Realm {
    /// Registers the observer `make` builds with a realm of the same
    /// configuration isolated to `actor`: opened here (an error waits in this
    /// realm, as for a queue), its observer made and registered there.
    func register<A: Actor>(on actor: A, _ make: @escaping (Realm) -> ChangeObserver?) async -> NotificationToken {
        precondition(!isFrozen, "Geode: a frozen realm never changes; it cannot be observed")
        // A task cancelled before it observes registers nothing, as in Realm.
        if Task.isCancelled { return .inert }
        let isolatedRealm: Realm
        do {
            isolatedRealm = try Realm(configuration: configuration)
        } catch {
            deferReadError(error)
            return .inert
        }
        isolatedRealm.actor = actor
        return await Realm.register(Unchecked((isolatedRealm, make)), on: actor)
    }

    private static func register<A: Actor>(
        _ work: Unchecked<(Realm, (Realm) -> ChangeObserver?)>, on actor: isolated A
    ) -> NotificationToken {
        let (realm, make) = work.value
        guard let observer = make(realm) else { return .inert }
        return realm.register(observer)
    }
}

/// Calls `block` on `actor`, where the observer of an actor-isolated realm runs.
private func onActor<A: Actor, Change>(_ actor: A, _ block: @escaping @Sendable (isolated A, Change) -> Void)
    -> (Change) -> Void
{
    { change in
        let change = Unchecked(change)
        actor.assumeIsolated { actor in block(actor, change.value) }
    }
}

extension Results where Element: RealmFetchable {
    /// Calls `block` on `actor` with the results as that actor reads them,
    /// then after each write that changes them (as `observe(keyPaths:on:_:)`
    /// with a queue does).
    ///
    /// ```swift
    /// let token = await dogs.observe(on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<Results<Element>>) -> Void
    ) async -> NotificationToken {
        await observeErased(keyPaths: keyPaths, on: actor, typedChanges(onActor(actor, block)) { $0 as? Self })
    }

    /// ``observe(keyPaths:on:_:)-(_,A,_)`` with the key paths as Swift key
    /// paths: only changes to those properties count as modifications.
    ///
    /// ```swift
    /// let token = await dogs.observe(keyPaths: [\.name], on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [PartialKeyPath<Element>], on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<Results<Element>>) -> Void
    ) async -> NotificationToken where Element: ObjectBase {
        await observe(keyPaths: keyPaths.map { QueryKeyPaths.name(of: $0) }, on: actor, block)
    }
}

extension List {
    /// Calls `block` on `actor` with the list as that actor reads it, then
    /// after each write that changes it (as `observe(keyPaths:on:_:)` with a
    /// queue does).
    ///
    /// ```swift
    /// let token = await person.dogs.observe(on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<List<Element>>) -> Void
    ) async -> NotificationToken {
        await observeErased(keyPaths: keyPaths, on: actor, typedChanges(onActor(actor, block)) { $0 as? Self })
    }
}

extension MutableSet {
    /// Calls `block` on `actor` with the set as that actor reads it, then
    /// after each write that changes it.
    ///
    /// ```swift
    /// let token = await dog.citiesVisited.observe(on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<MutableSet<Element>>) -> Void
    ) async -> NotificationToken {
        await observeErased(keyPaths: keyPaths, on: actor, typedChanges(onActor(actor, block)) { $0 as? Self })
    }
}

extension Map {
    /// Calls `block` on `actor` with the map as that actor reads it, then
    /// after each write that changes it: the keys removed, added and changed.
    ///
    /// ```swift
    /// let token = await person.scores.observe(on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmMapChange<Map<Key, Value>>) -> Void
    ) async -> NotificationToken {
        guard let location else { preconditionFailure("Geode: only a managed map can be observed") }
        return await location.register(on: actor, Self.observer(keyPaths, onActor(actor, block)))
    }
}

extension LinkingObjects {
    /// Calls `block` on `actor` with the linking objects as that actor reads
    /// them, then after each write that changes them.
    ///
    /// ```swift
    /// let token = await dog.owners.observe(on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<LinkingObjects<Element>>) -> Void
    ) async -> NotificationToken {
        await observeErased(keyPaths: keyPaths, on: actor, typedChanges(onActor(actor, block)) { $0 as? Self })
    }
}

/// The collections that deliver changes on an actor, with the collection in
/// each change typed as `Any`: what ``AnyRealmCollection`` and generic code
/// over `RealmCollection` observe through. `deliver` is called on the actor.
protocol ErasedActorObserving {
    func observeErased<A: Actor>(
        keyPaths: [String]?, on actor: A, _ deliver: @escaping (RealmCollectionChange<Any>) -> Void
    ) async -> NotificationToken
}

/// `deliver`, fed erased changes: each collection cast back by `cast` (a
/// change whose collection does not cast is not delivered).
func typedChanges<C>(
    _ deliver: @escaping (RealmCollectionChange<C>) -> Void, _ cast: @escaping (Any) -> C?
) -> (RealmCollectionChange<Any>) -> Void {
    { change in
        switch change {
        case let .initial(collection): if let typed = cast(collection) { deliver(.initial(typed)) }
        case let .update(collection, deletions, insertions, modifications):
            if let typed = cast(collection) {
                deliver(.update(typed, deletions: deletions, insertions: insertions, modifications: modifications))
            }
        case let .error(error): deliver(.error(error))
        }
    }
}

extension Results: ErasedActorObserving where Element: RealmFetchable {
    func observeErased<A: Actor>(
        keyPaths: [String]?, on actor: A, _ deliver: @escaping (RealmCollectionChange<Any>) -> Void
    ) async -> NotificationToken {
        let source = Unchecked(self)
        return await realmOfResults.register(on: actor) { realm in
            source.value.resolved(in: realm).makeObserver(keyPaths: keyPaths) { deliver($0.erased) }
        }
    }
}

extension List: ErasedActorObserving {
    func observeErased<A: Actor>(
        keyPaths: [String]?, on actor: A, _ deliver: @escaping (RealmCollectionChange<Any>) -> Void
    ) async -> NotificationToken {
        guard let location else { preconditionFailure("Geode: only a managed list can be observed") }
        return await location.register(on: actor, Self.observer(keyPaths) { deliver($0.erased) })
    }
}

extension MutableSet: ErasedActorObserving {
    func observeErased<A: Actor>(
        keyPaths: [String]?, on actor: A, _ deliver: @escaping (RealmCollectionChange<Any>) -> Void
    ) async -> NotificationToken {
        guard let location else { preconditionFailure("Geode: only a managed set can be observed") }
        return await location.register(on: actor, Self.observer(keyPaths) { deliver($0.erased) })
    }
}

extension LinkingObjects: ErasedActorObserving {
    func observeErased<A: Actor>(
        keyPaths: [String]?, on actor: A, _ deliver: @escaping (RealmCollectionChange<Any>) -> Void
    ) async -> NotificationToken {
        guard let origin else { preconditionFailure("Geode: only the linking objects of a managed object can be observed") }
        return await origin.realm.register(on: actor, observer(keyPaths) { deliver($0.erased) })
    }
}

extension AnyRealmCollection: ErasedActorObserving {
    /// Calls `block` on `actor` with the wrapped collection as that actor
    /// reads it, then after each write that changes it.
    ///
    /// ```swift
    /// let token = await AnyRealmCollection(person.dogs).observe(on: MainActor.shared) { _, change in print(change) }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<AnyRealmCollection<Element>>) -> Void
    ) async -> NotificationToken {
        await observeErased(keyPaths: keyPaths, on: actor, typedChanges(onActor(actor, block)) { $0 as? Self })
    }

    func observeErased<A: Actor>(
        keyPaths: [String]?, on actor: A, _ deliver: @escaping (RealmCollectionChange<Any>) -> Void
    ) async -> NotificationToken {
        guard let observing = base as? any ErasedActorObserving else {
            preconditionFailure("Geode: the collection this AnyRealmCollection wraps cannot be observed on an actor")
        }
        return await observing.observeErased(keyPaths: keyPaths, on: actor, typedChanges({ deliver($0.erased) }, wrapBase))
    }
}

extension RealmCollection where Element: ObjectBase {
    /// Calls `block` on `actor` with the collection as that actor reads it,
    /// then after each write that changes it, as the collection's own
    /// `observe(keyPaths:on:_:)` with an actor does: what generic code over
    /// `RealmCollection` observes through.
    ///
    /// ```swift
    /// func watch<C: RealmCollection>(_ dogs: C) async -> NotificationToken where C.Element == Dog {
    ///     await dogs.observe(on: MainActor.shared) { _, change in print(change) }
    /// }
    /// ```
    public func observe<A: Actor>(
        keyPaths: [String]? = nil, on actor: A,
        _ block: @Sendable @escaping (isolated A, RealmCollectionChange<Self>) -> Void
    ) async -> NotificationToken {
        guard let observing = self as? any ErasedActorObserving else {
            preconditionFailure("Geode: a \(Self.self) cannot be observed on an actor")
        }
        return await observing.observeErased(keyPaths: keyPaths, on: actor, typedChanges(onActor(actor, block)) { $0 as? Self })
    }
}

extension Object {
    /// Calls `block` on `actor` after each write that changes the object, with
    /// the object as that actor reads it.
    ///
    /// ```swift
    /// let token = await dog.observe(on: MainActor.shared) { (_, change: ObjectChange<Dog>) in print(change) }
    /// ```
    public func observe<A: Actor, T: Object>(
        keyPaths: [String]? = nil, on actor: A, _ block: @Sendable @escaping (isolated A, ObjectChange<T>) -> Void
    ) async -> NotificationToken {
        guard let ref = _ref else { preconditionFailure("Geode: only a managed object can be observed") }
        let resolver = _geodeResolver()
        let deliver = onActor(actor, block)
        return await ref.realm.register(on: actor) { realm in
            guard let object = resolver.resolve(realm) as? T else { return nil }
            return ObjectObserver(object: object, keyPaths: keyPaths, block: deliver)
        }
    }
}
