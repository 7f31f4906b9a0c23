/// A query apart from the constants it compares with: `id == 7` and
/// `id == 8` have one shape, `id == 7` and `id == 'x'` do not (a constant's
/// type decides how it binds). Two queries of one shape bind to the same key
/// paths, checks and clauses; only their constants differ, and those are what
/// binding again puts in (``BoundQuery/bound(_:table:store:)``).
///
/// Only queries whose constants are single values (numbers, strings, dates,
/// ids, objects, null) or lists of them in `IN` and `BETWEEN` have a shape.
/// Geometry predicates, distance orderings and subqueries do not: binding
/// them prepares more than their values (a region, a GEOS geometry).
///
/// ```swift
/// let a = QueryShape(try QueryParser.parse("id == 7", []))
/// let b = QueryShape(try QueryParser.parse("id == 8", []))
/// assert(a == b)
/// ```
struct QueryShape: Hashable {
    /// The query the shape was taken from.
    let query: Query
    private let hash: Int

    /// The shape of `query`; nil when it holds what shapes do not cover.
    init?(_ query: Query) {
        guard query.distanceOrdering == nil else { return nil }
        var hasher = Hasher()
        guard Self.combine(query.predicate, into: &hasher) else { return nil }
        if !query.keepsKeyOrder { hasher.combine(query.clauses) }
        self.query = query
        hash = hasher.finalize()
    }

    static func == (a: QueryShape, b: QueryShape) -> Bool {
        a.hash == b.hash && a.matches(b.query)
    }

    /// Whether `query` has this shape (found without hashing it).
    func matches(_ query: Query) -> Bool {
        query.distanceOrdering == nil && self.query.clauses == query.clauses
            && Self.sameShape(self.query.predicate, query.predicate)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    // MARK: Hashing

    /// Adds `predicate`'s shape to `hasher`; false when it has none.
    private static func combine(_ predicate: QueryPredicate, into hasher: inout Hasher) -> Bool {
        switch predicate {
        case let .constant(b):
            hasher.combine(0)
            hasher.combine(b)
        case let .and(parts), let .or(parts):
            if case .and = predicate { hasher.combine(1) } else { hasher.combine(2) }
            hasher.combine(parts.count)
            for part in parts where !combine(part, into: &hasher) { return false }
        case let .not(part):
            hasher.combine(3)
            return combine(part, into: &hasher)
        case let .comparison(c):
            hasher.combine(4)
            hasher.combine(c.op)
            hasher.combine(c.caseInsensitive)
            hasher.combine(c.diacriticInsensitive)
            hasher.combine(c.quantifier)
            hasher.combine(c.rhsQuantifier)
            return combine(c.lhs, into: &hasher) && combine(c.rhs, into: &hasher)
        case .geo:
            return false
        }
        return true
    }

    private static func combine(_ side: QueryExpression, into hasher: inout Hasher) -> Bool {
        switch side {
        case let .value(v):
            guard let kind = kind(v) else { return false }
            hasher.combine(kind)
        case let .values(vs):
            hasher.combine(vs.count)
            for v in vs {
                guard let kind = kind(v) else { return false }
                hasher.combine(kind)
            }
        case let .keyPath(path):
            hasher.combine(path)
        case .subqueryCount, .arithmetic, .object:
            return false
        }
        return true
    }

    /// The type of a single value, as a number; nil for lists, maps and
    /// embedded objects (which bind as whole collections, not as constants).
    private static func kind(_ value: Value) -> Int? {
        switch value {
        case .null: return 0
        case .bool: return 1
        case .int: return 2
        case .float: return 3
        case .double: return 4
        case .string: return 5
        case .binary: return 6
        case .timestamp: return 7
        case .decimal128: return 8
        case .objectId: return 9
        case .uuid: return 10
        case .link: return 11
        case .list, .map, .embedded: return nil
        }
    }

    // MARK: Comparing

    private static func sameShape(_ a: QueryPredicate, _ b: QueryPredicate) -> Bool {
        switch (a, b) {
        case let (.constant(x), .constant(y)): return x == y
        case let (.and(xs), .and(ys)), let (.or(xs), .or(ys)):
            return xs.count == ys.count && zip(xs, ys).allSatisfy { sameShape($0, $1) }
        case let (.not(x), .not(y)): return sameShape(x, y)
        case let (.comparison(x), .comparison(y)):
            return x.op == y.op && x.caseInsensitive == y.caseInsensitive
                && x.diacriticInsensitive == y.diacriticInsensitive && x.quantifier == y.quantifier
                && x.quantifierGiven == y.quantifierGiven && x.rhsQuantifier == y.rhsQuantifier
                && x.operandsReversed == y.operandsReversed && x.asksMembership == y.asksMembership
                && x.column == y.column
                && sameShape(x.lhs, y.lhs) && sameShape(x.rhs, y.rhs)
        default: return false
        }
    }

    private static func sameShape(_ a: QueryExpression, _ b: QueryExpression) -> Bool {
        switch (a, b) {
        case let (.value(x), .value(y)): return sameKind(x, y)
        case let (.values(xs), .values(ys)): return xs.count == ys.count && zip(xs, ys).allSatisfy(sameKind)
        case let (.keyPath(x), .keyPath(y)): return x == y && x.column == y.column
        default: return false
        }
    }

    private static func sameKind(_ a: Value, _ b: Value) -> Bool {
        guard let x = kind(a) else { return false }
        return x == kind(b)
    }
}
