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
    /// The primary key, for its uniqueness check and index (classes with one).
    let primaryKey: Value?
    /// Per geo index of the class, the points the row holds.
    let points: [[(Double, Double)]]
    /// Per value index of the class, the row's value.
    let indexed: [Value]
}

/// Validates and encodes rows of one class; one per thread (it owns a writer).
package struct RowPreparer: ~Copyable {
    private let store: Store
    private let table: Table
    private var writer = DocumentWriter()

    package init(store: Store, table: Table) {
        self.store = store
        self.table = table
    }

    /// Validates `row` (declaration order, as `insert` takes it) and encodes it.
    /// - Throws: ``StoreError/invalidValue(_:)`` naming class, property and path.
    package mutating func prepare(_ row: [Value]) throws -> PreparedRow {
        try store.validator.validate(row: row, of: table.rules)
        guard table.objects != nil else {
            throw StoreError.invalidValue(ValueIssue(.notAllowedHere("a stand-alone embedded object"), className: table.schema.name))
        }
        let slots = table.slotsAreDense ? row : StoreWriteTransaction.slots(for: row, table)
        return PreparedRow(
            document: writer.encodeDocument(slots),
            primaryKey: table.primaryKeyRowIndex.map { row[$0] },
            points: table.geoIndexes.map { $0.points(in: slots) },
            indexed: table.valueIndexes.map { $0.slot < slots.count ? slots[$0.slot] : .null })
    }
}
