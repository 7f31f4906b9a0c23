import OrderedCollections

/// Removes every reference to a deleted object: it leaves lists, sets and maps
/// of links, to-one links to it become null, and mixed values holding it
/// become null. A migration that moves objects to new keys also points the
/// links to them at their new keys here.
///
/// The backlink index names the objects that hold a link to a deleted one,
/// so deleting costs in proportion to the links, not to the store. In a
/// migration (whose index is built again at its end), and in a store without
/// the index, it reads the documents of every class that can hold a link.
package struct LinkCleaner {
    let store: Store
    let transaction: StoreWriteTransaction

    package init(store: Store, transaction: StoreWriteTransaction) {
        self.store = store
        self.transaction = transaction
    }

    /// Removes the references to `target` from every object of the store.
    package func removeLinks(to target: Link) throws {
        // Checked before any set is made: most deleted objects are of classes nothing links to.
        guard store.current.linkHolders[target.table]?.isEmpty == false else { return }
        try removeLinks(to: [target.table: [target.key]])
    }

    /// Removes the references to the objects `targets` names (table number →
    /// keys): from the objects the backlink index names, or in one pass over
    /// the documents that can hold them (deleting many objects costs one
    /// scan, not one per object).

    /// Removes the references to every object of table `id` (a migration
    /// deleting a class's data).
    package func removeLinks(toTable id: UInt32) throws {
        try removeLinks(toTables: [id]) { _ in true }
    }

    package func removeLinks(to targets: [UInt32: Set<ObjectKey>]) throws {
        // Objects of a class no class can link to leave nothing to clean.
        let targets = targets.filter { !(store.current.linkHolders[$0.key] ?? []).isEmpty }
        guard !targets.isEmpty else { return }
        guard let index = transaction.backlinks else {
            try removeLinks(toTables: Set(targets.keys)) { targets[$0.table]?.contains($0.key) == true }
            return
        }
        // A store whose objects hold no link at all has nothing to clean.
        guard try transaction.transaction.count(index.database) > 0 else { return }
        // The objects holding the links, each cleaned once however many of the targets it links to.
        var holders: [UInt32: Set<ObjectKey>] = [:]
        for (table, keys) in targets {
            for key in keys {
                for origin in try transaction.origins(of: Link(table: table, key: key)) ?? [] {
                    holders[origin.table, default: []].insert(origin.key)
                }
            }
        }
        let isTarget = { (link: Link) in targets[link.table]?.contains(link.key) == true }
        for (id, keys) in holders.sorted(by: { $0.key < $1.key }) {
            guard let table = store.current.tablesByID[id] else { continue }
            for key in keys.sorted() {
                guard let row = try transaction.row(key, in: table) else { continue }
                let cleaned = Self.clean(row, of: table, isTarget)
                guard cleaned != row else { continue }
                try transaction.update(cleaned, key: key, in: table)
                noteRemovals(from: row, of: table, key: key, isTarget)
            }
        }
    }

    /// Notes the removal of each element of the lists of objects of `row`
    /// that `isTarget` picks, the last first, as realm-core logs the removal
    /// of a deleted object from a list (see ``ListEdit``).
    private func noteRemovals(from row: [Value], of table: Table, key: ObjectKey, _ isTarget: (Link) -> Bool) {
        for (property, value) in zip(table.storedProperties, row)
        where property.collection == .list && property.type == .object {
            guard case let .list(items) = value else { continue }
            for (i, item) in items.enumerated().reversed() {
                if case let .link(link) = item, isTarget(link) {
                    transaction.noteListEdit(.removed(i), key: key, slot: property.slot, in: table)
                }
            }
        }
    }

    /// `row` of an object of `table` without the links `isTarget` picks.
    private static func clean(_ row: [Value], of table: Table, _ isTarget: (Link) -> Bool) -> [Value] {
        zip(table.storedProperties, row).map { property, value in
            // Lists and sets of objects lose the link; anywhere else (to-one
            // links, map values, mixed values) it becomes null.
            clean(value, removeFromLists: property.type == .object, isTarget)
        }
    }

    private func removeLinks(toTables ids: Set<UInt32>, where isTarget: (Link) -> Bool) throws {
        // Which classes can hold such a link is known per catalog, not worked out per deleted object.
        let holders = ids.flatMap { store.current.linkHolders[$0] ?? [] }
        var seen = Set<UInt32>()
        for table in holders where seen.insert(table.schema.table).inserted {
            try transaction.rewriteRows(of: table) { row in
                Self.clean(row, of: table) { ids.contains($0.table) && isTarget($0) }
            }
        }
    }

    /// `value` without references to the objects `isTarget` picks: removed from
    /// lists of objects when `removeFromLists`, null everywhere else.
    static func clean(_ value: Value, removeFromLists: Bool, _ isTarget: (Link) -> Bool) -> Value {
        switch value {
        case let .link(link) where isTarget(link): return .null
        case let .list(items):
            return .list(
                items.compactMap { item in
                    if removeFromLists, case let .link(link) = item, isTarget(link) { return nil }
                    return clean(item, removeFromLists: removeFromLists, isTarget)
                })
        case let .map(entries):
            return .map(
                OrderedDictionary(
                    uniqueKeysWithValues: entries.map { ($0.key, clean($0.value, removeFromLists: false, isTarget)) }))
        case let .embedded(slots):
            return .embedded(slots.map { clean($0, removeFromLists: true, isTarget) })
        default:
            return value
        }
    }

    /// `value` with every link to an object that moved pointing at the
    /// object's new key (`newKey` answers nil for one that did not move).
    static func relink(_ value: Value, _ newKey: (Link) throws -> ObjectKey?) rethrows -> Value {
        switch value {
        case let .link(link):
            guard let key = try newKey(link) else { return value }
            return .link(Link(table: link.table, key: key))
        case let .list(items): return .list(try items.map { try relink($0, newKey) })
        case let .map(entries): return .map(try entries.mapValues { try relink($0, newKey) })
        case let .embedded(slots): return .embedded(try slots.map { try relink($0, newKey) })
        default: return value
        }
    }

    /// Points every link to an object that moved at its new key, in the
    /// objects of `tables` (a migration that rekeyed classes). `moved` holds,
    /// per table number, a database of old keys to new keys (big-endian).
    /// Objects are read and written a batch at a time.
    package func relinkObjects(_ moved: [UInt32: Database], in tables: [Table]) throws {
        func newKey(_ link: Link) throws -> ObjectKey? {
            guard let db = moved[link.table], let bytes = try transaction.transaction.get(db, key: link.key.rawValue),
                bytes.count == 8
            else { return nil }
            return ObjectKey(UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
        }
        for table in tables
        where table.objects != nil
            && table.storedProperties.contains(where: { $0.type == .object || $0.type == .mixed })
        {
            try transaction.rewriteRows(of: table) { row in try row.map { try Self.relink($0, newKey) } }
        }
    }
}
