import GeodeGeo

/// Index entries of inserted objects held back, to be added together in the
/// order of their keys: spatial entries (the cell first) and value entries.
///
/// Points arrive in no spatial order, and values of an indexed property often
/// in no order either, so adding each entry as its object is inserted walks
/// the index's B-tree at random; entries added in key order visit its pages in
/// turn. A bulk writer (the importer) inserts rows with
/// ``StoreWriteTransaction/insert(_:into:deferring:)`` and calls
/// ``StoreWriteTransaction/add(_:)`` before it commits, and before anything
/// in the same transaction reads or changes the indexes (or hands them to a
/// ``BulkLoad``).
///
/// ```swift
/// var deferred = DeferredIndexEntries()
/// for row in prepared { _ = try txn.insert(row, into: table, deferring: &deferred) }
/// try txn.add(&deferred)
/// ```
package struct DeferredIndexEntries {
    /// A point's entry in the table's spatial index `index`.
    struct Entry {
        let cell: UInt64
        let key: ObjectKey
        let longitude: Double
        let latitude: Double
        let index: Int
    }

    /// An entry of the table's value index `index`: its bytes (the value's key
    /// part and the object key, ``ValueIndex/entry(_:_:)``) are
    /// `length` bytes from `offset` of a shared buffer (``ValueEntries``): one
    /// array per entry took three times the memory.
    struct ValueEntry {
        let offset: Int
        let length: Int32
        let index: Int32
        let key: ObjectKey
    }

    /// Value entries and the buffer holding their bytes.
    struct ValueEntries {
        var bytes: [UInt8] = []
        var entries: [ValueEntry] = []

        /// Stores `entry` in `database`.
        func put(_ entry: ValueEntry, into database: Database, _ txn: WriteTransaction) throws {
            try bytes[entry.offset ..< entry.offset + Int(entry.length)].withUnsafeBytes { key in
                try txn.put(database, key: key, value: UnsafeRawBufferPointer(start: nil, count: 0))
            }
        }
    }

    /// How many entries of each kind are held: where ``truncate(to:)`` goes back to.
    struct Mark: Equatable {
        var points = 0
        var values = 0
    }

    private var table: Table?
    private var entries: [Entry] = []
    private var values = ValueEntries()

    package init() {}

    /// How many entries are held.
    var count: Int { entries.count + values.entries.count }

    /// How many entries of each kind are held.
    var mark: Mark { Mark(points: entries.count, values: values.entries.count) }

    /// The objects whose entries are held.
    var keys: Set<ObjectKey> { Set(entries.lazy.map(\.key)).union(values.entries.lazy.map(\.key)) }

    /// The lowest object key whose entries are held.
    var lowestKey: ObjectKey? {
        [entries.lazy.map(\.key).min(), values.entries.lazy.map(\.key).min()].compactMap { $0 }.min()
    }

    /// Lets go of the entries held after `mark`.
    mutating func truncate(to mark: Mark) {
        if mark.points < entries.count { entries.removeSubrange(mark.points...) }
        if mark.values < values.entries.count {
            values.bytes.removeSubrange(values.entries[mark.values].offset...)
            values.entries.removeSubrange(mark.values...)
        }
    }

    /// Stores now the value entries held after `mark` that go at the end of
    /// their index (in increasing order, after its last key), and lets go of
    /// them: an index whose values come in order (a counter, a timestamp) is
    /// appended to a batch at a time, touching only its last pages, and
    /// holding those entries for a run only delayed them to the end.
    mutating func addAppends(after mark: Mark, to table: Table, _ txn: WriteTransaction) throws {
        guard mark.values < values.entries.count else { return }
        let tail = values.entries[mark.values...]
        var appended = Set<Int32>()
        for (i, index) in table.valueIndexes.enumerated() {
            // The tree's last key, then each entry's bytes where they are held (no copy).
            var last = try txn.cursor(index.database).last().map { ArraySlice($0.key) }
            var inOrder = true
            for entry in tail where entry.index == Int32(i) {
                let bytes = values.bytes[entry.offset ..< entry.offset + Int(entry.length)]
                if let last, !last.lexicographicallyPrecedes(bytes) {
                    inOrder = false
                    break
                }
                last = bytes
            }
            if inOrder { appended.insert(Int32(i)) }
        }
        guard !appended.isEmpty else { return }
        var kept = ValueEntries()
        for entry in tail {
            if appended.contains(entry.index) {
                try values.put(entry, into: table.valueIndexes[Int(entry.index)].database, txn)
            } else {
                let bytes = values.bytes[entry.offset ..< entry.offset + Int(entry.length)]
                kept.entries.append(
                    ValueEntry(offset: kept.bytes.count, length: entry.length, index: entry.index, key: entry.key))
                kept.bytes.append(contentsOf: bytes)
            }
        }
        let start = values.entries[mark.values].offset
        values.bytes.removeSubrange(start...)
        values.entries.removeSubrange(mark.values...)
        for entry in kept.entries {
            values.entries.append(
                ValueEntry(offset: entry.offset + start, length: entry.length, index: entry.index, key: entry.key))
        }
        values.bytes.append(contentsOf: kept.bytes)
    }

    /// Holds back the entries of object `key` of `table`: `points[i]` are its
    /// points in the table's spatial index `i`, `values[i]` its key part in
    /// value index `i` (nil: none).
    mutating func append(_ points: [[(Double, Double)]], _ values: [[UInt8]?] = [], of key: ObjectKey, in table: Table)
    {
        if let held = self.table, held !== table {
            preconditionFailure(
                "Geode: deferred index entries of class \(held.schema.name) mixed with \(table.schema.name)'s")
        }
        self.table = table
        for (index, found) in points.enumerated() {
            for (lon, lat) in found {
                entries.append(
                    Entry(
                        cell: SpatialCell.id(longitude: lon, latitude: lat), key: key, longitude: lon, latitude: lat,
                        index: index))
            }
        }
        for (index, part) in values.enumerated() {
            guard let part else { continue }
            let entry = ValueIndex.entry(part, key)
            self.values.entries.append(
                ValueEntry(
                    offset: self.values.bytes.count, length: Int32(entry.count), index: Int32(index), key: key))
            self.values.bytes.append(contentsOf: entry)
        }
    }

    /// The entries in the order their keys sort in, and none left here.
    mutating func take() -> (Table?, [Entry], ValueEntries) {
        var taken = entries
        var takenValues = values
        (entries, values) = ([], ValueEntries())
        taken.sort { ($0.index, $0.cell, $0.key.rawValue) < ($1.index, $1.cell, $1.key.rawValue) }
        takenValues.bytes.withUnsafeBufferPointer { bytes in
            takenValues.entries.sort { a, b in
                guard a.index == b.index else { return a.index < b.index }
                return bytes[a.offset ..< a.offset + Int(a.length)].lexicographicallyPrecedes(
                    bytes[b.offset ..< b.offset + Int(b.length)])
            }
        }
        defer { table = nil }
        return (table, taken, takenValues)
    }
}
