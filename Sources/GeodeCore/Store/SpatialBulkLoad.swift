import GeodeGeo

/// The spatial-index entries of a bulk writer's points (an import's), held
/// back across its transactions and added in large runs in key order.
///
/// Points arrive in no spatial order. Added a batch at a time, they land all
/// over the index, and LMDB copies every page a transaction touches: at ten
/// million places the merges of the recent tree into the large one copied
/// the large tree some sixteen times, and each batch most of the recent tree,
/// which nearly doubled the import's time. A bulk load holds the entries of
/// about a million points (``threshold``), sorts them, and adds them to the
/// merged tree in key order, a stretch in each following batch's
/// transaction: each run copies each page of the tree at most once. A batch
/// adds twice the entries it brought (at least ``step``), so that a run is
/// done in about half the time the next one takes to gather, its work spread
/// evenly between the batches that the parser threads keep feeding, and each
/// transaction copies only the pages of its short stretch (which LMDB holds
/// in memory until the commit).
///
/// While a load runs, the index's marker (see ``GeoIndex/bulkLoadKey``) has
/// queries read documents instead of the index, so no reader misses an
/// object whose entries are still held. Other writers keep the index right
/// as always and mark the objects they change from the load's first key on,
/// whose held entries the load then leaves out. A load whose process ended
/// before it did is finished by the next to open the store for writing, or by
/// the next load (``Store/recoverBulkLoad(_:_:_:_:_:)``).
///
/// ```swift
/// let load = SpatialBulkLoad(table: table)
/// for batch in batches {
///     let txn = try store.beginWrite()
///     for row in batch { _ = try txn.insert(row, into: table, deferring: &load.held) }
///     try load.endBatch(txn)
///     try txn.commit()
/// }
/// var more = true
/// while more {
///     let txn = try store.beginWrite()
///     more = try load.finishStep(txn)
///     try txn.commit()
/// }
/// ```
package final class SpatialBulkLoad {
    let table: Table
    /// The entries of points inserted and not yet being added.
    package var held = DeferredSpatialEntries()
    /// The run being added, in key order, from ``next`` on.
    private var adding: [DeferredSpatialEntries.Entry] = []
    private var next = 0
    /// How many of the held entries belong to committed objects: those after
    /// them were held in a transaction that did not commit.
    private var heldCommitted = 0
    /// Set when the held entries were taken again in a transaction that has
    /// not committed yet: some may belong to objects it wrote.
    private var heldUnverified = false
    /// How many held entries start a run.
    let threshold: Int
    /// The fewest entries of a run a batch adds, or a transaction of
    /// ``finishStep(_:)`` (which adds an eighth of the run when that is more).
    let step: Int
    private var owner = BulkLoadOwner.begin()
    /// Whether this load's markers were committed and not yet removed: when
    /// they are gone, another writer removed them.
    private var claimed = false

    /// A load into `table`'s spatial indexes; nil when a bulk load does not
    /// apply: the class has no spatial index, or is keyed by its primary key
    /// (whose keys come back after a delete, which the marks of changed
    /// objects cannot tell apart).
    package init?(table: Table, threshold: Int = 1 << 20, step: Int = 1 << 14) {
        guard !table.geoIndexes.isEmpty, !table.schema.isKeyedByPrimaryKey,
            table.geoIndexes.allSatisfy({ $0.loads != nil })
        else { return nil }
        self.table = table
        self.threshold = max(1, threshold)
        self.step = max(1, step)
    }

    deinit { owner.end() }

    /// Runs in each batch's transaction before it commits: claims the
    /// indexes and adds the next step of the run under way. Once the
    /// transaction commits, a run starts when enough entries are held.
    package func endBatch(_ txn: StoreWriteTransaction) throws {
        guard held.count > 0 || next < adding.count else { return }
        guard try claim(txn) else { return try addDirectly(txn) }
        let end = next < adding.count ? try addStep(txn, count: max(step, 2 * (held.count - heldCommitted))) : next
        txn.write.onCommitted { [self] in
            advance(to: end)
            claimed = true
            heldUnverified = false
            if next == adding.count, held.count >= threshold { startRun() }
            heldCommitted = held.count
        }
    }

    /// What the writer runs once it is done writing (or failed), a
    /// transaction per call: adds what is left, a step at a time, then
    /// removes the markers. Returns whether a step is left.
    package func finishStep(_ txn: StoreWriteTransaction) throws -> Bool {
        // What a transaction that did not commit held is not to be added.
        if heldUnverified { try takeAgain(txn) } else { held.truncate(to: heldCommitted) }
        if next == adding.count, held.count > 0 { startRun() }
        guard next < adding.count || claimed else { return false }
        guard try claim(txn) else {
            try addDirectly(txn)
            return false
        }
        // No parser waits now: fewer, larger transactions (an eighth of the run each) cost less.
        let end = next < adding.count ? try addStep(txn, count: max(step, adding.count / 8)) : next
        // Entries held while the run went on make the next run.
        guard end == adding.count, held.count == 0 else {
            txn.write.onCommitted { [self] in
                advance(to: end)
                claimed = true
                heldUnverified = false
            }
            return true
        }
        for index in table.geoIndexes where try index.bulkLoad(txn.write)?.owner == owner {
            try index.endBulkLoad(txn.write)
        }
        txn.write.onCommitted { [self] in
            advance(to: end)
            claimed = false
            heldUnverified = false
            // A later load through this object is another load.
            owner.end()
            owner = BulkLoadOwner.begin()
        }
        return false
    }

    /// Whether the load holds entries or markers (``finishStep(_:)`` has work).
    package var hasWork: Bool { held.count > 0 || next < adding.count || claimed || heldUnverified }

    /// Records that the run's entries before `end` are in the index.
    private func advance(to end: Int) {
        next = end
        if next == adding.count { (adding, next) = ([], 0) }
    }

    /// Makes sure each index carries this load's marker; false when another
    /// load still running holds one (this load then adds its entries as any
    /// writer does). A marker of a load whose process is gone is finished first;
    /// when this load's own marker is gone (another writer emptied or rebuilt
    /// the index), the held entries are taken again from the documents.
    private func claim(_ txn: StoreWriteTransaction) throws -> Bool {
        let write = txn.write
        var unmarked: [GeoIndex] = []
        var lost = false
        for index in table.geoIndexes {
            guard let marker = try index.bulkLoad(write) else {
                lost = lost || claimed
                unmarked.append(index)
                continue
            }
            if marker.owner == owner { continue }
            if marker.owner.isRunning { return false }
            guard let objects = table.objects else { continue }
            try Store.recoverBulkLoad(index, marker, objects, write, txn.store.mapKeys.spelling)
            unmarked.append(index)
        }
        if lost { try takeAgain(txn) }
        guard !unmarked.isEmpty else { return true }
        let first = ([held.lowestKey] + [adding[next...].lazy.map(\.key).min()]).compactMap { $0 }.min()
        guard let first else { return true }
        for index in unmarked { try index.beginBulkLoad(GeoIndex.BulkLoadMarker(first: first, owner: owner), write) }
        return true
    }

    /// Sorts the held entries into the run to add.
    private func startRun() {
        (_, adding) = held.take()
        (next, heldCommitted) = (0, 0)
    }

    /// Adds the next `count` entries of the run to the merged trees, leaving
    /// out those of objects marked as changed; returns where the step ended
    /// (the run moves on there once the transaction commits).
    private func addStep(_ txn: StoreWriteTransaction, count: Int) throws -> Int {
        let write = txn.write
        let changed = try table.geoIndexes.map { try $0.changedDuringBulkLoad(write) }
        let end = min(adding.count, next + count)
        var start = next
        // The run comes grouped by index: each index is taken from the table once.
        while start < end {
            let i = adding[start].index
            let index = table.geoIndexes[i]
            var position = start
            while position < end, adding[position].index == i {
                let entry = adding[position]
                if changed[i].isEmpty || !changed[i].contains(entry.key) {
                    try index.add(cell: entry.cell, entry.longitude, entry.latitude, entry.key, write, merged: true)
                }
                position += 1
            }
            start = position
        }
        return end
    }

    /// Adds every entry held or left in the run, as any writer does (they
    /// are let go of once the transaction commits).
    private func addDirectly(_ txn: StoreWriteTransaction) throws {
        for entry in adding[next...] {
            try table.geoIndexes[entry.index].add(
                cell: entry.cell, entry.longitude, entry.latitude, entry.key, txn.write)
        }
        var all = held
        try txn.add(&all)
        txn.write.onCommitted { [self] in
            (adding, next, heldCommitted, heldUnverified) = ([], 0, 0, false)
            held = DeferredSpatialEntries()
        }
    }

    /// Holds the entries of the objects whose entries were held again, read
    /// from their documents, and adds their shape cells.
    private func takeAgain(_ txn: StoreWriteTransaction) throws {
        let keys = held.keys.union(adding[next...].lazy.map(\.key))
        held = DeferredSpatialEntries()
        (adding, next, heldCommitted, heldUnverified) = ([], 0, 0, true)
        for key in keys.sorted() {
            guard let document = try txn.document(key, in: table) else { continue }
            let footprints = try table.geoIndexes.map { try $0.footprint(in: document) }
            held.append(footprints.map(\.points), of: key, in: table)
            for (index, footprint) in zip(table.geoIndexes, footprints) {
                try index.addShapes(of: footprint, key, txn.write)
            }
        }
    }
}
