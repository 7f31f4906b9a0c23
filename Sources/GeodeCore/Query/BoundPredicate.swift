import GeodeGeo
/// A predicate resolved against a class: what the executor evaluates.
indirect enum BoundPredicate {
    case constant(Bool)
    /// Every part holds (a flat list, as in ``QueryPredicate``).
    case and([BoundPredicate])
    /// One part holds.
    case or([BoundPredicate])
    case not(BoundPredicate)
    case compare(BoundComparison)
    case geo(GeoRelation, BoundPath, GeometrySlots, BoundShape, QueryQuantifier)
}

extension BoundPredicate {
    /// Whether the predicate tests a geometry anywhere (subqueries included).
    var testsGeometry: Bool {
        switch self {
        case .constant: return false
        case let .and(parts), let .or(parts): return parts.contains { $0.testsGeometry }
        case let .not(p): return p.testsGeometry
        case .geo: return true
        case let .compare(c):
            if case let .arithmetic(operand) = c.rhs, operand.testsGeometry { return true }
            return c.lhs.testsGeometry
        }
    }
}

extension BoundComparison.Operand {
    /// Whether a subquery in the operand tests a geometry.
    var testsGeometry: Bool {
        switch self {
        case let .subqueryCount(_, p): return p.testsGeometry
        case let .arithmetic(_, lhs, rhs): return lhs.testsGeometry || rhs.testsGeometry
        case .path, .constant, .constants: return false
        }
    }
}
