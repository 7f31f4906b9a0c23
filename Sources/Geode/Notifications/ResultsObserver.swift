import Foundation
import GeodeCore

/// Observes the objects of a query (``Results``) or of a collection of
/// objects (``LinkingObjects``): the keys at the last notification are kept,
/// compared with the keys now, and the objects in both are checked against
/// the change log for modifications.
final class KeysObserver: ChangeObserver {
    let cls: RealmClass
    let paths: [[Substring]]?
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
        cls: RealmClass, keyPaths: [String]?, isWholeClass: Bool, isInKeyOrder: Bool,
        keys: @escaping () -> [ObjectKey], sink: CollectionSink, adopt: @escaping ([ObjectKey]) -> Void = { _ in }
    ) {
        self.adopt = adopt
        self.cls = cls
        paths = ChangeDelivery.split(keyPaths)
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
        if sameObjects {
            // Only modifications: the same objects in the same order, nothing to compare.
            newKeys = keys
            adopt(newKeys)
            positions = IndexChanges()
        } else {
            newKeys = currentKeys()
            positions = IndexChanges.unique(old: keys, new: newKeys) { own.wasDeleted($0) }
        }
        if changes.isComplete && !linksMayMatter(delivery) {
            // Only this class's modified objects can be modified: look them up.
            positions.modifications = modifiedPositions(own, newKeys, delivery, positions)
        } else {
            let kept = sameObjects ? newKeys.indices.map { (old: $0, new: $0) } : positions.kept
            positions.modifications = kept.compactMap { pair in
                delivery.isModified(newKeys[pair.new], in: cls.table, paths: paths) ? pair.new : nil
            }
        }
        keys = newKeys
        guard !silently, !positions.isEmpty else { return }
        sink.update(positions)
    }

    override func fail(_ error: Error) { sink.failure(error) }

    /// Whether a change to a linked object could count: the class links to
    /// top-level objects and another class's objects were modified.
    private func linksMayMatter(_ delivery: ChangeDelivery) -> Bool {
        let table = cls.table.schema.table
        guard delivery.changes.tables.contains(where: { $0.key != table && !$0.value.modified.isEmpty }) else {
            return false
        }
        return cls.table.schema.storedProperties.contains { delivery.isLinkToTopLevel($0) }
    }

    /// The new positions of this class's modified objects that are in both versions.
    private func modifiedPositions(
        _ own: TableChanges, _ newKeys: [ObjectKey], _ delivery: ChangeDelivery, _ positions: IndexChanges
    ) -> [Int] {
        let candidates = own.modified.keys.filter { delivery.isModified($0, in: cls.table, paths: paths) }
        guard !candidates.isEmpty else { return [] }
        let inserted = Set(positions.insertions)
        var found: [Int] = []
        if isInKeyOrder {
            for key in candidates {
                var low = 0
                var high = newKeys.count
                while low < high {
                    let mid = (low + high) / 2
                    if newKeys[mid] < key { low = mid + 1 } else { high = mid }
                }
                if low < newKeys.count, newKeys[low] == key, !inserted.contains(low) { found.append(low) }
            }
        } else {
            let wanted = Set(candidates)
            for (j, key) in newKeys.enumerated() where wanted.contains(key) && !inserted.contains(j) { found.append(j) }
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
        precondition(!isFrozen, "Geode: frozen results never change; they cannot be observed")
        if queue != nil, case .keys = base {
            preconditionFailure("Geode: observe(on:) takes the results of a class; observe the collection itself")
        }
        let source = Unchecked(self)
        return realmOfResults.register(on: queue) { realm in
            let results = source.value.resolved(in: realm)
            return results.makeObserver(keyPaths: keyPaths, block)
        }
    }

    /// The same query in `realm` (another realm of the same store).
    func resolved(in realm: Realm) -> Results<Element> {
        if realm === realmOfResults { return self }
        return Results(realm: realm, cls: realm.realmClass(Element._geodeRootType), query: query, base: base)
    }

    func makeObserver(
        keyPaths: [String]?, _ block: @escaping (RealmCollectionChange<Results<Element>>) -> Void
    ) -> ChangeObserver {
        var isTable = false
        if case .table = base { isTable = true }
        return KeysObserver(
            cls: cls, keyPaths: keyPaths, isWholeClass: isTable && query.selectsEverything,
            isInKeyOrder: isTable && query.keepsKeyOrder,
            keys: { [self] in keys }, sink: CollectionSink(self, block), adopt: { [self] in adopt($0) })
    }
}
