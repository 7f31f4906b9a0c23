import GeodeGeo

/// The index entries of a bulk writer's objects (an import's), held back
/// across its transactions and added in large runs in key order: the points
/// of its spatial indexes and the values of its other indexed properties.
///
/// Points arrive in no spatial order, and values often in no order either.
/// Added a batch at a time, they land all over their index, and LMDB copies
/// every page a transaction touches: at ten million places the spatial
/// index's merges nearly doubled the import's time, and a million places
/// with random string ids wrote 12.7 GB for their `id` index. A bulk load
/// holds the entries of about a million objects (``threshold``), sorts them,
/// and adds them to their trees in key order, a stretch in each following
/// batch's transaction: each run copies each page of an index at most once.
/// A batch adds twice the entries it brought (at least ``step``), so that a
/// run is done in about half the time the next one takes to gather, its work
/// spread evenly between the batches that the parser threads keep feeding,
/// and each transaction copies only the pages of its short stretch (which
/// LMDB holds in memory until the commit).
///
/// While a load runs, each index's marker (see ``BulkLoadRecord``) has
/// queries read documents instead of the index, so no reader misses an
/// object whose entries are still held. Other writers keep the indexes right
/// as always and mark the objects they change from the load's first key on,
/// whose held entries the load then leaves out. A load whose process ended
/// before it did is finished by the next to open the store for writing, or by
/// the next load (``Store/recoverBulkLoad(_:_:_:_:)``).
///
/// ```swift
/// let load = BulkLoad(table: table)
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
package final class BulkLoad {
    let table: Table
    /// The entries of objects inserted and not yet being added.
    package var held = DeferredIndexEntries()
    /// The run being added, in key order (its points, then its values), from ``next`` on.
    private var points: [DeferredIndexEntries.Entry] = []
    private var values = DeferredIndexEntries.ValueEntries()
    private var next = 0
    /// The entries held for committed objects: those after them were held
    /// in a transaction that did not commit.
    private var heldCommitted = DeferredIndexEntries.Mark()
    /// Set when the held entries were taken again in a transaction that has
    /// not committed yet: some may belong to objects it wrote.
    private var heldUnverified = false
    /// How many held entries of one kind (points, or values) start a run.
    let threshold: Int
    /// The fewest entries of a run a batch adds, or a transaction of
    /// ``finishStep(_:)`` (which adds a sixteenth of the run when that is more).
    let step: Int
    private var owner = BulkLoadOwner.begin()
    /// Whether this load's markers were committed and not yet removed: when
    /// they are gone, another writer removed them.
    private var claimed = false

    /// A load into `table`'s indexes; nil when a bulk load does not apply:
    /// the class has no index besides its primary key, or is keyed by its
    /// primary key (whose keys come back after a delete, which the marks of
    /// changed objects cannot tell apart).
    package init?(table: Table, threshold: Int = 1 << 20, step: Int = 1 << 14) {
        guard table.hasIndexes, !table.schema.isKeyedByPrimaryKey,
            table.geoIndexes.allSatisfy({ $0.loads != nil }), table.valueIndexes.allSatisfy({ $0.loads != nil })
        else { return nil }
        self.table = table
        self.threshold = max(1, threshold)
        self.step = max(1, step)
    }

    deinit { owner.end() }

    /// The entries of the run.
    private var runCount: Int { points.count + values.entries.count }

    /// Runs in each batch's transaction before it commits: claims the
    /// indexes and adds the next step of the run under way. Once the
    /// transaction commits, a run starts when enough entries are held.
    package func endBatch(_ txn: StoreWriteTransaction) throws {
        guard held.count > 0 || next < runCount else { return }
        guard try claim(txn) else { return try addDirectly(txn) }
        try held.addAppends(after: heldCommitted, to: table, txn.write)
        let arrived = held.count - heldCommitted.points - heldCommitted.values
        let end = next < runCount ? try addStep(txn, count: max(step, 2 * arrived)) : next
        txn.write.onCommitted { [self] in
            advance(to: end)
            claimed = true
            heldUnverified = false
            // A run gathers about `threshold` objects' entries of each kind.
            if next == runCount, max(held.mark.points, held.mark.values) >= threshold { startRun() }
            heldCommitted = held.mark
        }
    }

    /// What the writer runs once it is done writing (or failed), a
    /// transaction per call: adds what is left, a step at a time, then
    /// removes the markers. Returns whether a step is left.
    package func finishStep(_ txn: StoreWriteTransaction) throws -> Bool {
        // What a transaction that did not commit held is not to be added.
        if heldUnverified { try takeAgain(txn) } else { held.truncate(to: heldCommitted) }
        if next == runCount, held.count > 0 { startRun() }
        guard next < runCount || claimed else { return false }
        guard try claim(txn) else {
            try addDirectly(txn)
            return false
        }
        // No parser waits now: fewer, larger transactions cost less; a sixteenth of a
        // kind's run each keeps the pages a transaction copies (held in memory) to a
        // sixteenth of the index.
        let end =
            next < runCount ? try addStep(txn, count: max(step, max(points.count, values.entries.count) / 8)) : next
        // Entries held while the run went on make the next run.
        guard end == runCount, held.count == 0 else {
            txn.write.onCommitted { [self] in
                advance(to: end)
                claimed = true
                heldUnverified = false
            }
            return true
        }
        for index in indexes where try index.bulkLoad(txn.write)?.owner == owner {
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
    package var hasWork: Bool { held.count > 0 || next < runCount || claimed || heldUnverified }

    /// Records that the run's entries before `end` are in the indexes.
    private func advance(to end: Int) {
        next = end
        if next == runCount { (points, values, next) = ([], DeferredIndexEntries.ValueEntries(), 0) }
    }

    /// Every index the load fills.
    private var indexes: [any BulkLoadedIndex] { table.geoIndexes + table.valueIndexes }

    /// Makes sure each index carries this load's marker; false when another
    /// load still running holds one (this load then adds its entries as any
    /// writer does). A marker of a load whose process is gone is finished first;
    /// when this load's own marker is gone (another writer emptied or rebuilt
    /// the index), the held entries are taken again from the documents.
    private func claim(_ txn: StoreWriteTransaction) throws -> Bool {
        let write = txn.write
        var unmarked: [any BulkLoadedIndex] = []
        var lost = false
        for index in indexes {
            guard let marker = try index.bulkLoad(write) else {
                lost = lost || claimed
                unmarked.append(index)
                continue
            }
            if marker.owner == owner { continue }
            if marker.owner.isRunning { return false }
            guard let objects = table.objects else { continue }
            try index.recoverBulkLoad(marker, objects, write, txn.store.mapKeys.spelling)
            unmarked.append(index)
        }
        if lost { try takeAgain(txn) }
        guard !unmarked.isEmpty else { return true }
        let first = [
            held.lowestKey, points[next...].lazy.map(\.key).min(),
            values.entries[max(0, next - points.count)...].lazy.map(\.key).min(),
        ].compactMap { $0 }.min()
        guard let first else { return true }
        for index in unmarked {
            try index.beginBulkLoad(BulkLoadRecord.Marker(first: first, owner: owner), write)
        }
        return true
    }

    /// Sorts the held entries into the run to add.
    private func startRun() {
        (_, points, values) = held.take()
        (next, heldCommitted) = (0, DeferredIndexEntries.Mark())
    }

    /// Adds the next `count` entries of the run to the indexes (the merged
    /// tree of a spatial index), leaving out those of objects marked as
    /// changed; returns where the step ended (the run moves on there once the
    /// transaction commits).
    private func addStep(_ txn: StoreWriteTransaction, count: Int) throws -> Int {
        let write = txn.write
        let end = min(runCount, next + count)
        // The run comes grouped by index: each index is taken from the table once.
        var start = next
        if start < min(end, points.count) {
            let changed = try table.geoIndexes.map { try $0.changedDuringBulkLoad(write) }
            while start < min(end, points.count) {
                let i = points[start].index
                let index = table.geoIndexes[i]
                while start < min(end, points.count), points[start].index == i {
                    let entry = points[start]
                    if changed[i].isEmpty || !changed[i].contains(entry.key) {
                        try index.add(
                            cell: entry.cell, entry.longitude, entry.latitude, entry.key, write, merged: true)
                    }
                    start += 1
                }
            }
        }
        if start < end {
            let changed = try table.valueIndexes.map {
                try $0.changedDuringBulkLoad(write)
            }
            while start < end {
                let i = values.entries[start - points.count].index
                let database = table.valueIndexes[Int(i)].database
                let changed = changed[Int(i)]
                while start < end, values.entries[start - points.count].index == i {
                    let entry = values.entries[start - points.count]
                    if changed.isEmpty || !changed.contains(entry.key) { try values.put(entry, into: database, write) }
                    start += 1
                }
            }
        }
        return end
    }

    /// Adds every entry held or left in the run, as any writer does (they
    /// are let go of once the transaction commits).
    private func addDirectly(_ txn: StoreWriteTransaction) throws {
        for entry in points.dropFirst(next) {
            try table.geoIndexes[entry.index].add(
                cell: entry.cell, entry.longitude, entry.latitude, entry.key, txn.write)
        }
        for entry in values.entries.dropFirst(max(0, next - points.count)) {
            try values.put(entry, into: table.valueIndexes[Int(entry.index)].database, txn.write)
        }
        var all = held
        try txn.add(&all)
        txn.write.onCommitted { [self] in
            (points, values, next, heldCommitted, heldUnverified) = (
                [], DeferredIndexEntries.ValueEntries(), 0, DeferredIndexEntries.Mark(), false
            )
            held = DeferredIndexEntries()
        }
    }

    /// Holds the entries of the objects whose entries were held again, read
    /// from their documents, and adds their shape cells.
    private func takeAgain(_ txn: StoreWriteTransaction) throws {
        let keys = held.keys.union(points.dropFirst(next).lazy.map(\.key))
            .union(values.entries.dropFirst(max(0, next - points.count)).lazy.map(\.key))
        held = DeferredIndexEntries()
        (points, values, next, heldCommitted, heldUnverified) = (
            [], DeferredIndexEntries.ValueEntries(), 0, DeferredIndexEntries.Mark(), true
        )
        for key in keys.sorted() {
            guard let document = try txn.document(key, in: table) else { continue }
            let footprints = try table.geoIndexes.map { try $0.footprint(in: document) }
            let parts = try table.valueIndexes.map { index in
                index.encode(try document.value(at: index.slot)?.decode() ?? .null)
            }
            held.append(footprints.map(\.points), parts, of: key, in: table)
            for (index, footprint) in zip(table.geoIndexes, footprints) {
                try index.addShapes(of: footprint, key, txn.write)
            }
        }
    }
}
