import OrderedCollections

/// Removes every reference to a deleted object: it leaves lists, sets and maps
/// of links, to-one links to it become null, and mixed values holding it
/// become null. A migration that moves objects to new keys also points the
/// links to them at their new keys here.
///
/// It scans the documents of every class that can hold a link. A backlink
/// index will make this proportional to the links instead.
package struct LinkCleaner {
    let store: Store
    let transaction: StoreWriteTransaction

    package init(store: Store, transaction: StoreWriteTransaction) {
        self.store = store
        self.transaction = transaction
    }

    /// Removes the references to `target` from every object of the store.
    package func removeLinks(to target: Link) throws {
        try removeLinks(toTables: [target.table]) { $0 == target }
    }

    /// Removes the references to the objects `targets` names (table number →
    /// keys) in one pass over the documents that can hold them: deleting many
    /// objects costs one scan, not one per object.
    package func removeLinks(to targets: [UInt32: Set<ObjectKey>]) throws {
        try removeLinks(toTables: Set(targets.keys)) { targets[$0.table]?.contains($0.key) == true }
    }

    /// Removes the references to every object of table `id` (a migration
    /// deleting a class's data).
    package func removeLinks(toTable id: UInt32) throws {
        try removeLinks(toTables: [id]) { _ in true }
    }

    private func removeLinks(toTables ids: Set<UInt32>, where isTarget: (Link) -> Bool) throws {
        // Which classes can hold such a link is known per catalog, not worked out per deleted object.
        let holders = ids.flatMap { store.current.linkHolders[$0] ?? [] }
        var seen = Set<UInt32>()
        for table in holders where seen.insert(table.schema.table).inserted {
            try transaction.rewriteRows(of: table) { row in
                zip(table.storedProperties, row).map { property, value in
                    // Lists and sets of objects lose the link; anywhere else (to-one
                    // links, map values, mixed values) it becomes null.
                    Self.clean(value, removeFromLists: property.type == .object) {
                        ids.contains($0.table) && isTarget($0)
                    }
                }
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
