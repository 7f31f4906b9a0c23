/// What the indexes of a class take from one object: the points of each
/// spatial index and the value of each secondary index, in the table's order.
struct IndexEntries: Sendable {
    let points: [[(Double, Double)]]
    let values: [Value]

    /// The entries of an object whose document holds `slots` (none, at no
    /// cost, for a class without indexes).
    init(_ slots: [Value], of table: Table) {
        guard table.hasIndexes else {
            (points, values) = ([], [])
            return
        }
        points = table.geoIndexes.map { $0.points(in: slots) }
        values = table.valueIndexes.map { $0.slot < slots.count ? slots[$0.slot] : .null }
    }

    /// Adds the entries for object `key`.
    func add(_ key: ObjectKey, to table: Table, _ txn: WriteTransaction) throws {
        for (index, found) in zip(table.geoIndexes, points) { try index.add(found, key, txn) }
        for (index, value) in zip(table.valueIndexes, values) { try index.add(value, key, txn) }
    }

    /// Adds the value entries for object `key` and holds its spatial ones
    /// back in `deferred`.
    func add(_ key: ObjectKey, to table: Table, _ txn: WriteTransaction, deferring deferred: inout DeferredSpatialEntries) throws {
        if !points.isEmpty { deferred.append(points, of: key, in: table) }
        for (index, value) in zip(table.valueIndexes, values) { try index.add(value, key, txn) }
    }
}

extension Table {
    /// The class's documents; throws for an embedded class, whose objects live
    /// only inside their owners.
    func objectDatabase() throws -> Database {
        guard let objects else {
            throw StoreError.invalidValue(ValueIssue(.notAllowedHere("a stand-alone embedded object"), className: schema.name))
        }
        return objects
    }

    /// Checks `row` (declaration order) and encodes it into `writer`, where
    /// ``DocumentWriter/withEncodedDocument(_:)`` finds it; returns the row
    /// laid out by slot. When declaration order is slot order, each value is
    /// checked as it is written (``DocumentWriter/encodeValidated(_:of:validator:)``).
    /// - Throws: ``StoreError/invalidValue(_:)`` naming class, property and path.
    func encode(_ row: [Value], into writer: inout DocumentWriter) throws -> [Value] {
        if slotsAreDense {
            try writer.encodeValidated(row, of: rules, validator: validator)
            return row
        }
        try validator.validate(row: row, of: rules)
        let slots = self.slots(for: row)
        writer.encode(slots)
        return slots
    }

    /// A row in declaration order laid out by slot (the same array when no slot was retired).
    func slots(for row: [Value]) -> [Value] {
        guard !slotsAreDense else { return row }
        var slots = [Value](repeating: .null, count: schema.slotCount)
        for (p, v) in zip(storedProperties, row) { slots[p.slot] = v }
        return slots
    }
}

/// A row validated and encoded away from the write transaction, so that a
/// producer thread can do that work while the writer only stores bytes: the
/// document, and what the class's indexes need from it.
///
/// ```swift
/// var preparer = RowPreparer(store: store, table: table)     // on the producer
/// let prepared = try preparer.prepare(row)
/// try store.write { txn in _ = try txn.insert(prepared, into: table) }   // on the writer
/// ```
package struct PreparedRow: Sendable {
    /// The encoded document.
    let document: [UInt8]
    /// Whether the document spells out a map key the store has not interned
    /// (the write transaction re-encodes it).
    let spellsOutNewKey: Bool
    /// The primary key, for its uniqueness check and index (classes with one).
    let primaryKey: Value?
    let entries: IndexEntries
}

/// Validates and encodes rows of one class; one per thread (it owns a writer).
package struct RowPreparer: ~Copyable {
    private let store: Store
    private let table: Table
    /// Uses the store's committed key numbers; cannot intern new keys.
    private var writer: DocumentWriter

    package init(store: Store, table: Table) {
        self.store = store
        self.table = table
        writer = DocumentWriter(keys: store.mapKeys, interning: false)
    }

    /// Validates `row` (declaration order, as `insert` takes it) and encodes it.
    /// - Throws: ``StoreError/invalidValue(_:)`` naming class, property and path.
    package mutating func prepare(_ row: [Value]) throws -> PreparedRow {
        try prepare(row, streamed: nil)
    }

    /// Like ``prepare(_:)``, with the AnyRealmValue property at row index
    /// `property` written by `write` straight into the document (its place in
    /// `row` holds null). `write` must apply AnyRealmValue's rules itself; the
    /// property may not be indexed, since its value is never built.
    package mutating func prepare(_ row: [Value], streaming property: Int,
                                  _ write: @escaping (inout DocumentWriter) throws -> Void) throws -> PreparedRow {
        let schema = table.storedProperties[property]
        guard schema.type == .mixed, schema.collection == .single, !schema.isIndexed, !schema.isPrimaryKey else {
            throw StoreError.invalidValue(ValueIssue(.notAllowedHere("a streamed value in an indexed or typed property"),
                                                     className: table.schema.name, property: schema.name))
        }
        return try prepare(row, streamed: .init(slot: schema.slot, write: write))
    }

    private mutating func prepare(_ row: [Value], streamed: DocumentWriter.StreamedSlot?) throws -> PreparedRow {
        _ = try table.objectDatabase()
        let slots: [Value]
        let document: [UInt8]
        if let streamed {
            try table.validator.validate(row: row, of: table.rules)
            slots = table.slots(for: row)
            document = try writer.encodeDocument(slots, streaming: streamed)
        } else {
            slots = try table.encode(row, into: &writer)
            document = writer.withEncodedDocument { Array($0) }
        }
        return PreparedRow(document: document, spellsOutNewKey: writer.spelledOutNewKey,
                           primaryKey: table.primaryKeyRowIndex.map { row[$0] },
                           entries: IndexEntries(slots, of: table))
    }
}
