/// One member of an embedded object given as a query value: its path below
/// the object and its value. A comparison of an embedded-object property
/// with such a value compares member by member.
///
/// ```swift
/// // point == CGPoint(x: 1, y: 2)  →  point.x == 1 AND point.y == 2
/// let members = [QueryMember(path: ["x"], value: .double(1)), QueryMember(path: ["y"], value: .double(2))]
/// let predicate = try QueryPredicate.memberwise(QueryKeyPath("point"), .equal, members)
/// ```
package struct QueryMember: Sendable {
    package var path: [String]
    package var value: Value

    package init(path: [String], value: Value) {
        self.path = path
        self.value = value
    }
}

extension QueryPredicate {
    /// `path == object` as `path.m1 == v1 AND path.m2 == v2 …`; `!=` is its
    /// negation. Only equality compares objects member by member.
    package static func memberwise(
        _ path: QueryKeyPath, _ op: ComparisonOperator, _ members: [QueryMember],
        quantifier: QueryQuantifier = .any, column: Int = 0
    ) throws -> QueryPredicate {
        guard op == .equal || op == .notEqual else {
            throw StoreError.invalidQuery(
                message: "an embedded object compares only with == or != (member by member), not \(op.rawValue)",
                column: column)
        }
        var equal = QueryPredicate.constant(true)
        for member in members {
            let memberPath = QueryKeyPath(path.components + member.path.map { .property($0) }, column: path.column)
            let test = QueryPredicate.comparison(
                QueryComparison(
                    .keyPath(memberPath), .equal, .value(member.value),
                    quantifier: quantifier, column: column))
            equal = equal.isTrue ? test : .and(equal, test)
        }
        return op == .equal ? equal : .not(equal)
    }
}
