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
    package mutating func prepare(
        _ row: [Value], streaming property: Int,
        _ write: @escaping (inout DocumentWriter) throws -> Void
    ) throws -> PreparedRow {
        let schema = table.storedProperties[property]
        guard schema.type == .mixed, schema.collection == .single, !schema.isIndexed, !schema.isPrimaryKey else {
            throw StoreError.invalidValue(
                ValueIssue(
                    .notAllowedHere("a streamed value in an indexed or typed property"),
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
        return PreparedRow(
            document: document, spellsOutNewKey: writer.spelledOutNewKey,
            primaryKey: table.primaryKeyRowIndex.map { row[$0] }, holdsLinks: writer.wroteLink,
            entries: IndexEntries(slots, of: table))
    }
}
