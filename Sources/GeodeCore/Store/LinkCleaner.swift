import OrderedCollections

/// Removes every reference to a deleted object: it leaves lists, sets and maps
/// of links, to-one links to it become null, and mixed values holding it
/// become null.
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
        // Which classes can hold such a link is known per catalog, not worked out per deleted object.
        for table in store.current.linkHolders[target.table] ?? [] {
            var changed: [(ObjectKey, [Value])] = []
            try transaction.forEach(in: table) { key, document in
                let row = try StoreTransaction.row(of: document, table)
                let cleaned = zip(table.storedProperties, row).map { property, value in
                    // Lists and sets of objects lose the link; anywhere else (to-one
                    // links, map values, mixed values) it becomes null.
                    Self.clean(value, of: target, removeFromLists: property.type == .object)
                }
                if cleaned != row { changed.append((key, cleaned)) }
                return true
            }
            for (key, row) in changed { try transaction.update(row, key: key, in: table) }
        }
    }

    /// `value` without references to `target`: removed from lists of objects
    /// when `removeFromLists`, null everywhere else.
    static func clean(_ value: Value, of target: Link, removeFromLists: Bool) -> Value {
        switch value {
        case let .link(link) where link == target: return .null
        case let .list(items):
            return .list(items.compactMap { item in
                if removeFromLists, case let .link(link) = item, link == target { return nil }
                return clean(item, of: target, removeFromLists: removeFromLists)
            })
        case let .map(entries):
            return .map(OrderedDictionary(uniqueKeysWithValues: entries.map { ($0.key, clean($0.value, of: target, removeFromLists: false)) }))
        case let .embedded(slots):
            return .embedded(slots.map { clean($0, of: target, removeFromLists: true) })
        default:
            return value
        }
    }
}
