import GeodeCore

/// The parser thread's row preparer (it owns a document writer).
final class RowPreparerBox: @unchecked Sendable {
    private var preparer: RowPreparer

    init(_ preparer: consuming RowPreparer) { self.preparer = preparer }

    func prepare(_ row: [Value]) throws -> PreparedRow { try preparer.prepare(row) }

    func prepare(
        _ row: [Value], streaming property: Int,
        _ write: @escaping (inout DocumentWriter) throws -> Void
    ) throws -> PreparedRow {
        try preparer.prepare(row, streaming: property, write)
    }
}
