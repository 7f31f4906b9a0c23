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
    /// Whether the document holds a link (and the backlink index entries).
    let holdsLinks: Bool
    let entries: IndexEntries
}
