/// A query over plain values, as Realm filters a list, a set or a map of
/// values: each value is `self` (`self > 3`, `self BEGINSWITH[c] 'a'`). The
/// query is bound to a class of one property, `self`, and each value tested as
/// the document of an object of that class, so that every operator compares
/// as it does on a stored property.
///
/// ```swift
/// let filter = try ValueFilter(QueryParser.parse("self > 3"), of: PropertySchema(name: "self", type: .int), store: store)
/// try filter.matches([.int(5), .int(2)], in: transaction)   // [true, false]
/// ```
package struct ValueFilter {
    /// The name a query gives the value.
    package static let name = "self"

    private let predicate: BoundPredicate

    /// `query` bound to values of `element`'s type (its name is not used).
    package init(_ query: Query, of element: PropertySchema, store: Store) throws {
        var property = element
        property.name = Self.name
        // Named by the type (no class name has a space), so that the bound key
        // paths the catalog keeps by class name are never lent across types.
        let values = ClassSchema(name: "values of \(property.typeDescription)", properties: [property])
        predicate = try QueryBinder(store: store).bind(query.predicate, in: values)
    }

    /// Whether each of `values` matches, read in `transaction` (which an
    /// `AnyRealmValue` link is followed in): one document buffer and one
    /// evaluator serve them all.
    package func matches(_ values: [Value], in transaction: StoreTransaction) throws -> [Bool] {
        var writer = DocumentWriter()
        let evaluator = QueryEvaluator(transaction: transaction)
        return try values.map { value in
            try writer.withDocument([value]) { bytes in
                try evaluator.matches(predicate, .object(0, ObjectKey(0), try ContainerView(document: bytes)))
            }
        }
    }
}
