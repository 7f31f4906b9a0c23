/// A query run over documents held in memory rather than over a table's
/// stored objects: the embedded objects of a list (each its own document, in
/// its class's slots), or the values of a collection (each the one slot of a
/// document whose property is named `self`).
///
/// The predicate is tested as on stored objects, through links and nested
/// embedded objects; then the `SORT`, `DISTINCT` and `LIMIT` clauses apply in
/// their order, as ``QueryExecutor`` applies them.
///
/// ```swift
/// let query = try DocumentQuery(QueryParser.parse("city == 'Oslo' SORT(zip DESC)"), in: address, store: store)
/// let kept = try query.positions(of: addresses, in: txn)   // [2, 0]
/// ```
package struct DocumentQuery {
    /// The name a query gives a value of a collection of values.
    package static let valueName = "self"

    private let predicate: BoundPredicate
    private let clauses: [Clause]
    private let table: UInt32

    /// A clause with its key paths bound.
    private enum Clause {
        case sort([BoundPath], ascending: [Bool])
        case distinct([BoundPath])
        case limit(Int)
    }

    /// `query` bound to documents of `schema`; a key path that `schema` does
    /// not have, or an ordering by distance, throws.
    package init(_ query: Query, in schema: ClassSchema, store: Store) throws {
        guard query.distanceOrdering == nil else {
            throw StoreError.invalidQuery(
                message: "objects held in a collection cannot be ordered by distance", column: 0)
        }
        let binder = QueryBinder(store: store)
        predicate = try binder.bind(query.predicate, in: schema)
        clauses = try query.clauses.map { clause in
            switch clause {
            case let .sort(keys):
                return .sort(try keys.map { try binder.bindPath($0.path, in: schema) }, ascending: keys.map(\.ascending))
            case let .distinct(paths): return .distinct(try paths.map { try binder.bindPath($0, in: schema) })
            case let .limit(n): return .limit(n)
            }
        }
        table = schema.table
    }

    /// The schema of documents holding one value of `element`'s type, named
    /// ``valueName``.
    package static func values(of element: PropertySchema) -> ClassSchema {
        var property = element
        property.name = valueName
        // Named by the type (no class name has a space), so that the bound key
        // paths the catalog keeps by class name are never lent across types.
        return ClassSchema(name: "values of \(property.typeDescription)", properties: [property])
    }

    /// The positions in `documents` (each a document's slots) that the query
    /// keeps, in the order it gives them; links are followed in `transaction`.
    package func positions(of documents: [[Value]], in transaction: StoreTransaction) throws -> [Int] {
        let evaluator = QueryEvaluator(transaction: transaction)
        let paths = clauses.flatMap { clause -> [BoundPath] in
            switch clause {
            case let .sort(paths, _), let .distinct(paths): return paths
            case .limit: return []
            }
        }
        // One pass over the documents: whether each matches, and its clause keys.
        var kept: [Int] = []
        var keys: [[QueryExecutor.SortKey]] = []
        var writer = DocumentWriter()
        for (position, slots) in documents.enumerated() {
            try writer.withDocument(slots) { bytes in
                let item = QueryEvaluator.Item.object(table, ObjectKey(UInt64(position)), try ContainerView(document: bytes))
                guard try evaluator.matches(predicate, item) else { return }
                kept.append(position)
                keys.append(
                    try paths.map { path in
                        if path.followsLinks, try !evaluator.linksReachEnd(of: path, from: item) { return nil }
                        return try QueryExecutor.firstValue(path, item, evaluator)
                    })
            }
        }
        // The clauses, each over what the ones before it left; `rows` index `keys`.
        var rows = Array(kept.indices)
        var first = 0
        for clause in clauses {
            switch clause {
            case let .sort(paths, ascending):
                let width = paths.count
                let values = rows.flatMap { keys[$0][first ..< first + width] }
                rows = QueryExecutor.sort(rows.map { ObjectKey(UInt64($0)) }, values, ascending: ascending)
                    .map { Int($0.rawValue) }
                first += width
            case let .distinct(paths):
                let width = paths.count
                var seen = Set<[Value]>()
                rows = rows.filter { row in
                    // A path through a null link reaches no value: DISTINCT leaves the document out.
                    let values = keys[row][first ..< first + width]
                    guard !values.contains(where: { $0 == nil }) else { return false }
                    return seen.insert(values.map { QueryExecutor.distinctKey($0 ?? .null) }).inserted
                }
                first += width
            case let .limit(n):
                rows = Array(rows.prefix(Swift.max(n, 0)))
            }
        }
        return rows.map { kept[$0] }
    }

    /// The values `path` yields in each of `documents` of `schema` (one per
    /// document, or several through collections), for aggregates and
    /// `value(forKey:)`.
    package static func values(
        of path: QueryKeyPath, in documents: [[Value]], of schema: ClassSchema, transaction: StoreTransaction
    ) throws -> [[Value]] {
        let bound = try QueryBinder(store: transaction.store).bindPath(path, in: schema)
        let evaluator = QueryEvaluator(transaction: transaction)
        var writer = DocumentWriter()
        return try documents.enumerated().map { position, slots in
            try writer.withDocument(slots) { bytes in
                let item = QueryEvaluator.Item.object(
                    schema.table, ObjectKey(UInt64(position)), try ContainerView(document: bytes))
                var found: [Value] = []
                _ = try evaluator.values(of: bound, item) {
                    found.append(try QueryEvaluator.decode($0))
                    return true
                }
                return found
            }
        }
    }
}
