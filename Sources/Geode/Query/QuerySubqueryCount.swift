import Foundation
import GeodeCore
import GeodeGeo

/// `SUBQUERY(…).@count`, compared with an integer.
public struct QuerySubqueryCount {
    let subquery: QuerySubquery

    private func compare(_ op: ComparisonOperator, _ n: Int) -> Query<Bool> {
        Query<Bool>(
            .predicate(
                .comparison(
                    QueryComparison(
                        .subqueryCount(collection: subquery.collection, variable: subquery.variable, predicate: subquery.predicate),
                        op, .value(.int(Int64(n)))))))
    }

    /// Objects whose subquery matches exactly `rhs` elements.
    public static func == (lhs: QuerySubqueryCount, rhs: Int) -> Query<Bool> { lhs.compare(.equal, rhs) }
    /// Objects whose subquery matches other than `rhs` elements.
    public static func != (lhs: QuerySubqueryCount, rhs: Int) -> Query<Bool> { lhs.compare(.notEqual, rhs) }
    /// Objects whose subquery matches more than `rhs` elements.
    public static func > (lhs: QuerySubqueryCount, rhs: Int) -> Query<Bool> { lhs.compare(.greater, rhs) }
    /// Objects whose subquery matches at least `rhs` elements.
    public static func >= (lhs: QuerySubqueryCount, rhs: Int) -> Query<Bool> { lhs.compare(.greaterOrEqual, rhs) }
    /// Objects whose subquery matches fewer than `rhs` elements.
    public static func < (lhs: QuerySubqueryCount, rhs: Int) -> Query<Bool> { lhs.compare(.less, rhs) }
    /// Objects whose subquery matches at most `rhs` elements.
    public static func <= (lhs: QuerySubqueryCount, rhs: Int) -> Query<Bool> { lhs.compare(.lessOrEqual, rhs) }
}
