import Foundation

/// Verifies a whole store: its pages (``PageAudit``), every document, and
/// every index entry against the documents, in one read transaction.
///
/// The check reads; it never repairs. Damage to LMDB's own structures stops it
/// at the first finding (nothing past a damaged page can be trusted); damaged
/// documents and index entries that disagree are each listed, so a report
/// says how much is wrong and where.
///
/// ```swift
/// let report = try StoreCheck.run(store)
/// for problem in report.problems { print(problem) }
/// ```
package enum StoreCheck {
    /// One thing found wrong: the database it is in, the object it concerns
    /// (when one), and what is wrong.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        package var database: String
        package var objectKey: UInt64?
        package var detail: String

        package var description: String {
            "\(database)" + (objectKey.map { " object \($0)" } ?? "") + ": \(detail)"
        }
    }

    /// What the check read and found.
    package struct Report: Sendable {
        /// Pages in the file's trees, and pages on its free list.
        package var pages = 0
        package var freePages = 0
        /// Objects per class.
        package var objects: [String: Int] = [:]
        /// Entries of the primary-key, value, spatial and backlink indexes, all together.
        package var indexEntries = 0
        /// What is wrong, in the order found; empty for a sound store.
        package var problems: [Problem] = []
        package var isSound: Bool { problems.isEmpty }
    }

    /// Opens the store at `path` read-only and checks it; damage found while
    /// opening is reported like any other.
    package static func run(path: String) throws -> Report {
        var configuration = StoreConfiguration(path: path)
        configuration.readOnly = true
        let store: Store
        do {
            store = try Store.open(configuration)
        } catch let StoreError.damagedPage(_, _, database, detail) {
            return Report(problems: [Problem(database: database, objectKey: nil, detail: detail)])
        } catch let StoreError.damagedEntry(_, database, _) {
            return Report(problems: [Problem(database: database, objectKey: nil, detail: Self.checksumMismatch)])
        }
        return try run(store)
    }

    /// Checks `store` (the version current when it starts).
    package static func run(_ store: Store) throws -> Report {
        var report = Report()
        do {
            let audit = try PageAudit.run(store.environment)
            report.pages = audit.pages
            report.freePages = audit.freePages
        } catch let error as StoreError {
            guard case let .damagedPage(_, _, database, detail) = error else { throw error }
            report.problems.append(Problem(database: database, objectKey: nil, detail: detail))
            return report
        }
        try store.read { txn in
            // Each document's backlink entries are looked up as it is read, and
            // counted: an index holding more entries than were found holds strays.
            // Nothing grows with the number of links.
            var linksFound = 0
            for cls in store.schema.classes where !cls.isEmbedded {
                try check(try store.table(cls.name), txn, &report, linksFound: &linksFound)
            }
            if let index = store.current.backlinks {
                var entries = 0
                try compare(index.database, txn, &report) { _, _ in
                    entries += 1
                    return nil
                }
                for _ in 0 ..< max(0, entries - linksFound) {
                    report.problems.append(
                        Problem(
                            database: index.database.name, objectKey: nil, detail: "a backlink no object's link makes"))
                }
            }
        }
        return report
    }

    /// Reads every document of `table` and compares its indexes with what the
    /// documents say they should hold.
    private static func check(
        _ table: Table, _ txn: StoreTransaction, _ report: inout Report, linksFound: inout Int
    ) throws {
        guard let objects = table.objects else { return }
        let name = objects.name
        let keys = txn.store.mapKeys.spelling
        var primaryKeys: [[UInt8]: UInt64] = [:]
        var valueEntries = Array(repeating: Set<[UInt8]>(), count: table.valueIndexes.count)
        var geoEntries = Array(repeating: [[UInt8]: [UInt8]](), count: table.geoIndexes.count)
        var count = 0
        // Unsealed cursors, each entry verified here: a damaged one is a
        // problem to list, not the end of the check.
        let cursor = try txn.transaction.cursor(objects.unsealed)
        var entry = try cursor.first()
        while let (key, stored) = entry {
            entry = try cursor.next()
            count += 1
            guard key.count == 8 else {
                report.problems.append(
                    Problem(database: name, objectKey: nil, detail: "an object key of \(key.count) bytes"))
                continue
            }
            let objectKey = ObjectKey(UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)))
            let document: ContainerView
            let slots: [Value]
            do {
                let bytes = try EntrySeal.open(key: key, stored: stored, in: name, path: txn.store.path)
                document = try ContainerView(document: bytes, keys: keys)
                slots = try document.decodeAll()
            } catch StoreError.damagedEntry {
                report.problems.append(
                    Problem(database: name, objectKey: objectKey.rawValue, detail: Self.checksumMismatch))
                continue
            } catch let error as StoreError {
                report.problems.append(
                    Problem(database: name, objectKey: objectKey.rawValue, detail: error.description))
                continue
            }
            if let index = table.backlinks {
                for link in try BacklinkIndex.entries(in: document, slots: table.linkSlots) {
                    let key = BacklinkIndex.key(link, origin: table.schema.table, objectKey)
                    do {
                        guard try txn.transaction.get(index.database, key: key) != nil else {
                            report.problems.append(
                                Problem(
                                    database: index.database.name, objectKey: objectKey.rawValue,
                                    detail: "a link has no backlink entry"))
                            continue
                        }
                    } catch StoreError.damagedEntry {
                        // There, but damaged: the pass over the index reports it.
                    }
                    linksFound += 1
                }
            }
            if table.primaryKeys != nil, let slot = table.primaryKeySlot,
                let encoded = IndexKey.encode(slot < slots.count ? slots[slot] : .null)
            {
                primaryKeys[encoded] = objectKey.rawValue
            }
            for (i, index) in table.valueIndexes.enumerated() {
                if let encoded = index.encode(index.slot < slots.count ? slots[index.slot] : .null) {
                    valueEntries[i].insert(ValueIndex.entry(encoded, objectKey))
                }
            }
            for (i, index) in table.geoIndexes.enumerated() {
                let footprint = try index.footprint(in: document)
                for (lon, lat) in footprint.points {
                    geoEntries[i][GeoIndex.entryKey(lon, lat, objectKey)] = GeoIndex.entryValue(lon, lat)
                }
                for block in footprint.blocks {
                    geoEntries[i][GeoIndex.entryKey(cell: block.start, objectKey)] = GeoIndex.shapeEntryValue(
                        level: block.level, only: footprint.blocks.count == 1, envelope: footprint.envelope)
                }
            }
        }
        report.objects[table.schema.name] = count
        if let db = table.primaryKeys {
            try compare(db, txn, &report) { key, value in
                guard let wanted = primaryKeys.removeValue(forKey: Array(key)) else {
                    return "a primary key no object has"
                }
                return value.count == 8 && UInt64(bigEndian: value.loadUnaligned(as: UInt64.self)) == wanted
                    ? nil : "a primary key that names the wrong object"
            }
            for (_, key) in primaryKeys.sorted(by: { $0.value < $1.value }) {
                report.problems.append(
                    Problem(database: db.name, objectKey: key, detail: "the object's primary key is missing"))
            }
        }
        for (i, index) in table.valueIndexes.enumerated() {
            try compare(index.database, txn, &report) { key, _ in
                valueEntries[i].remove(Array(key)) == nil ? "an entry no object's value makes" : nil
            }
            // A bulk load under way may not have added the entries of objects from its first key on yet.
            let loading = (try? index.bulkLoad(txn.transaction)) ?? nil
            for entry in valueEntries[i] {
                if let loading,
                    let key = entry.withUnsafeBytes({ ValueIndex.objectKey(ofEntry: $0) }), key >= loading.first
                {
                    continue
                }
                report.problems.append(
                    Problem(database: index.database.name, objectKey: nil, detail: "an object's entry is missing"))
            }
        }
        for (i, index) in table.geoIndexes.enumerated() {
            // A bulk load under way may not have added the entries of objects from its first key on yet.
            let loading = (try? index.bulkLoad(txn.transaction)) ?? nil
            // An entry belongs in either tree, not in both.
            for tree in index.trees {
                try compare(tree, txn, &report) { key, value in
                    // The set of shape-cell levels in use is not an object's entry.
                    if key.elementsEqual(GeoIndex.levelsKey), tree == index.database {
                        return value.count == 4 ? nil : "a damaged level set"
                    }
                    // Where a merge of the recent tree goes on from is not an object's entry either.
                    if key.elementsEqual(GeoIndex.mergePositionKey), tree == index.database {
                        return (9 ... 16).contains(value.count) ? nil : "a damaged merge position"
                    }
                    guard let wanted = geoEntries[i].removeValue(forKey: Array(key)) else {
                        return "an entry no object's point makes"
                    }
                    return wanted.elementsEqual(value) ? nil : "an entry whose point or cell differs from the object's"
                }
            }
            for (key, _) in geoEntries[i] {
                if let loading, key.count > 8,
                    key.withUnsafeBytes({ ObjectKey(shortBigEndian: UnsafeRawBufferPointer(rebasing: $0[8...])) })
                        >= loading.first
                {
                    continue
                }
                report.problems.append(
                    Problem(
                        database: index.database.name, objectKey: nil,
                        detail: "an object's point or shape cell has no entry"))
            }
        }
    }

    /// Runs `problem` on every entry of `db`; each text it returns is recorded.
    private static func compare(
        _ db: Database, _ txn: StoreTransaction, _ report: inout Report,
        _ problem: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> String?
    ) throws {
        let cursor = try txn.transaction.cursor(db.unsealed)
        var entry = try cursor.first()
        while let (key, stored) = entry {
            report.indexEntries += 1
            let detail: String?
            if let value = EntrySeal.verified(key: key, stored: stored) {
                detail = problem(key, value)
            } else {
                detail = Self.checksumMismatch
            }
            if let detail { report.problems.append(Problem(database: db.name, objectKey: nil, detail: detail)) }
            entry = try cursor.next()
        }
    }

    static let checksumMismatch = "its bytes do not match their checksum"
}
