import Foundation
import GeodeCore

/// Observes the objects of a query (``Results``) or of a collection of
/// objects (``LinkingObjects``): the keys at the last notification are kept,
/// compared with the keys now, and the objects in both are checked against
/// the change log for modifications.
final class KeysObserver: ChangeObserver {
    let cls: RealmClass
    let paths: [[Substring]]?
    /// Key paths an order kept outside this observer reads (a sectioned
    /// view's sort): a write to one of an element's is delivered, without
    /// positions, so that the order can be worked out again, though it is
    /// not a modification as `paths` see it. Nil when there are none.
    private let sortPaths: [[Substring]]?
    /// The keys now (the query run again, or worked out from the log).
    private let currentKeys: () -> [ObjectKey]
    private let sink: CollectionSink
    /// Hands keys worked out from the log to the collection, which would
    /// otherwise run its query again.
    private let adopt: ([ObjectKey]) -> Void
    private var keys: [ObjectKey] = []
    /// Whether the keys are every object of the class in key order (results of
    /// the whole class): then they follow from the log alone.
    private let isWholeClass: Bool
    /// Whether the keys are in key order (an unsorted query over the class).
    private let isInKeyOrder: Bool

    init(
        cls: RealmClass, keyPaths: [String]?, sortKeyPaths: [String] = [], isWholeClass: Bool, isInKeyOrder: Bool,
        keys: @escaping () -> [ObjectKey], sink: CollectionSink, adopt: @escaping ([ObjectKey]) -> Void = { _ in }
    ) {
        self.adopt = adopt
        self.cls = cls
        paths = ChangeDelivery.split(keyPaths)
        sortPaths = ChangeDelivery.split(sortKeyPaths: sortKeyPaths, besides: keyPaths)
        self.isWholeClass = isWholeClass
        self.isInKeyOrder = isInKeyOrder
        currentKeys = keys
        self.sink = sink
    }

    override func deliverInitial() {
        super.deliverInitial()
        keys = currentKeys()
        sink.initial()
    }

    override func deliver(_ delivery: ChangeDelivery, silently: Bool) {
        let changes = delivery.changes
        let table = cls.table.schema.table
        let own = changes[table: table]
        let newKeys: [ObjectKey]
        var positions: IndexChanges
        let sameObjects =
            isWholeClass && changes.isComplete && !changes.schemaChanged && own.insertedRuns.isEmpty
            && own.deleted.isEmpty && !own.wasCleared
        // Only this class's modified objects can be modified, unless a change to a linked object counts.
        let ownModificationsOnly = changes.isComplete && !linksMayMatter(delivery)
        // The modified objects, when the order's change needed them first.
        var modified: Set<ObjectKey>?
        if sameObjects {
            // Only modifications: the same objects in the same order, nothing to compare.
            newKeys = keys
            adopt(newKeys)
            positions = IndexChanges()
        } else {
            newKeys = currentKeys()
            if isInKeyOrder {
                // Nothing can move: the order is the keys'.
                positions = IndexChanges.unique(old: keys, new: newKeys) { own.wasDeleted($0) }
            } else {
                // Which objects moved depends on which were modified (Realm moves those).
                let found = modifiedKeys(own, newKeys, delivery, ownModificationsOnly: ownModificationsOnly)
                var modifiedPositions = Set<Int>()
                if !found.isEmpty {
                    for (j, key) in newKeys.enumerated() where found.contains(key) { modifiedPositions.insert(j) }
                }
                positions = IndexChanges.sorted(
                    old: keys, new: newKeys, replaced: { own.wasDeleted($0) }, modified: modifiedPositions)
                modified = found
            }
        }
        if let modified {
            positions.modifications = positions.kept.compactMap { modified.contains(newKeys[$0.new]) ? $0.old : nil }
        } else if ownModificationsOnly && isInKeyOrder {
            positions.modifications = modifiedPositions(own, keys, newKeys, delivery, positions)
        } else if sameObjects {
            // Nothing moved: each object is where it was.
            positions.modifications = newKeys.indices.filter {
                delivery.isModified(newKeys[$0], in: cls.table, paths: paths)
            }
        } else {
            positions.modifications = positions.kept.compactMap { pair in
                delivery.isModified(newKeys[pair.new], in: cls.table, paths: paths) ? pair.old : nil
            }
        }
        keys = newKeys
        guard !silently, !positions.isEmpty || sortKeyWritten(own, newKeys, delivery) else { return }
        sink.update(positions)
    }

    /// Whether the write set a sort key path (see ``sortPaths``) of an
    /// object in the collection.
    private func sortKeyWritten(_ own: TableChanges, _ newKeys: [ObjectKey], _ delivery: ChangeDelivery) -> Bool {
        guard let sortPaths, delivery.anyModification else { return false }
        guard delivery.changes.isComplete, !delivery.followsLinks(from: cls.table.schema, paths: sortPaths) else {
            return newKeys.contains { delivery.isModified($0, in: cls.table, paths: sortPaths) }
        }
        let written = own.modified.keys.filter { delivery.isModified($0, in: cls.table, paths: sortPaths) }
        guard !written.isEmpty else { return false }
        let members = Set(newKeys)
        return written.contains { members.contains($0) }
    }

    /// The keys of the objects in both versions that were modified, as the
    /// key paths see it.
    private func modifiedKeys(
        _ own: TableChanges, _ newKeys: [ObjectKey], _ delivery: ChangeDelivery, ownModificationsOnly: Bool
    ) -> Set<ObjectKey> {
        let candidates: [ObjectKey] = ownModificationsOnly ? Array(own.modified.keys) : newKeys
        return Set(candidates.filter { delivery.isModified($0, in: cls.table, paths: paths) })
    }

    override func fail(_ error: Error) { sink.failure(error) }

    /// Whether a change to a linked object could count: a key path goes
    /// through a link, or (with none) the class links to another top-level
    /// class (see ``ChangeDelivery/followsLinks(from:paths:)``), and some
    /// object was modified.
    private func linksMayMatter(_ delivery: ChangeDelivery) -> Bool {
        delivery.anyModification && delivery.followsLinks(from: cls.table.schema, paths: paths)
    }

    /// The old positions of this class's modified objects that are in both
    /// versions (Realm reports modifications where the objects were), for
    /// results in key order: each is found in both versions by its key.
    private func modifiedPositions(
        _ own: TableChanges, _ oldKeys: [ObjectKey], _ newKeys: [ObjectKey], _ delivery: ChangeDelivery,
        _ positions: IndexChanges
    ) -> [Int] {
        let candidates = own.modified.keys.filter { delivery.isModified($0, in: cls.table, paths: paths) }
        guard !candidates.isEmpty else { return [] }
        let deleted = Set(positions.deletions)
        func position(of key: ObjectKey, in keys: [ObjectKey]) -> Int? {
            var low = 0
            var high = keys.count
            while low < high {
                let mid = (low + high) / 2
                if keys[mid] < key { low = mid + 1 } else { high = mid }
            }
            return low < keys.count && keys[low] == key ? low : nil
        }
        // With nothing inserted or deleted the versions hold the same keys: one search each.
        let sameKeys = positions.insertions.isEmpty && deleted.isEmpty && oldKeys.count == newKeys.count
        var found: [Int] = []
        for key in candidates {
            if let old = position(of: key, in: oldKeys), !deleted.contains(old),
                sameKeys || position(of: key, in: newKeys) != nil
            {
                found.append(old)
            }
        }
        return found.sorted()
    }
}

extension Results where Element: RealmFetchable {
    /// Calls `block` with the results now, then after each write that changes them:
    /// which objects left, which came, and which were modified.
    ///
    /// With `keyPaths`, a modification counts only when it is to a property a
    /// key path names (`"name"`, or through links, `"owner.name"`); without,
    /// any property of the object or of an object it links to (four links deep).
    /// With `queue`, `block` runs on that serial queue with the results as
    /// read there, as soon as any writer commits; without, on this realm's
    /// thread at its commits and refreshes (see ``Realm/observe(_:)``).
    ///
    /// ```swift
    /// let token = realm.objects(Dog.self).where { $0.age > 2 }.observe { change in
    ///     if case .update(_, let deletions, let insertions, let modifications) = change {
    ///         print(deletions, insertions, modifications)
    ///     }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (RealmCollectionChange<Results<Element>>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths, sortKeyPaths: [], on: queue, block)
    }

    func observe(
        keyPaths: [String]?, sortKeyPaths: [String], on queue: DispatchQueue?,
        _ block: @escaping (RealmCollectionChange<Results<Element>>) -> Void
    ) -> NotificationToken {
        precondition(!isFrozen, "Geode: frozen results never change; they cannot be observed")
        if queue != nil, case let .keys(collection) = base, collection.moved == nil {
            preconditionFailure("Geode: observe(on:) cannot follow a snapshot's results to another realm")
        }
        let source = Unchecked(self)
        return realmOfResults.register(on: queue) { realm in
            let results = source.value.resolved(in: realm)
            return results.makeObserver(keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, block)
        }
    }

    /// The same query in `realm` (another realm of the same store).
    func resolved(in realm: Realm) -> Results<Element> {
        if realm === realmOfResults { return self }
        var moved = base
        if case let .keys(collection) = base, let follow = collection.moved {
            // The same collection there; one whose owner is gone there holds nothing.
            moved = .keys(follow(realm) ?? .fixed([]))
        }
        return Results(realm: realm, cls: realm.realmClass(Element._geodeRootType), query: query, base: moved)
    }

    func makeObserver(
        keyPaths: [String]?, sortKeyPaths: [String] = [],
        _ block: @escaping (RealmCollectionChange<Results<Element>>) -> Void
    ) -> ChangeObserver {
        ChangeDelivery.checkKeyPaths(keyPaths, from: cls.table.schema.name, in: realmOfResults.store.schema)
        var isTable = false
        if case .table = base { isTable = true }
        return KeysObserver(
            cls: cls, keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, isWholeClass: isTable && query.selectsEverything,
            isInKeyOrder: isTable && query.keepsKeyOrder,
            keys: { [self] in keys }, sink: CollectionSink(self, block), adopt: { [self] in adopt($0) })
    }
}
