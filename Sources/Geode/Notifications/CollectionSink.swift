/// Where a collection observer sends what it finds: the user's block, with
/// Realm's change values made for one collection.
struct CollectionSink {
    let initial: () -> Void
    let update: (IndexChanges) -> Void
    let mapUpdate: (_ deletions: [String], _ insertions: [String], _ modifications: [String]) -> Void
    let failure: (Error) -> Void

    /// The sink of an observer of `collection` (results, a list, a set, linking objects).
    init<C>(_ collection: C, _ block: @escaping (RealmCollectionChange<C>) -> Void) {
        initial = { block(.initial(collection)) }
        update = {
            block(.update(collection, deletions: $0.deletions, insertions: $0.insertions, modifications: $0.modifications))
        }
        mapUpdate = { _, _, _ in }
        failure = { block(.error($0)) }
    }

    /// The sink of an observer of `map`.
    init<M>(map: M, _ block: @escaping (RealmMapChange<M>) -> Void) {
        initial = { block(.initial(map)) }
        update = { _ in }
        mapUpdate = { block(.update(map, deletions: $0, insertions: $1, modifications: $2)) }
        failure = { block(.error($0)) }
    }
}
