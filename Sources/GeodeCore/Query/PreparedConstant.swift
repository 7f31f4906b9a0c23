import Foundation

/// What the constant side of a comparison becomes once, when the comparison
/// is bound (and again when a cached shape is rebound to new arguments),
/// instead of for every value a scan tests.
///
/// ```swift
/// // name LIKE '*son': the pattern folded and split once
/// // id IN {3, 5, 8, …}: the choices sorted once, each value found by binary search
/// ```
enum PreparedConstant {
    /// `LIKE 'pattern'`.
    case like(LikePattern)
    /// `== ANY {…}` (`IN`) with many choices: the choices sorted in
    /// ``MixedOrder``, without duplicates.
    case sortedChoices([Value])

    /// Below this many choices, testing each in turn is as fast, and it reads
    /// numbers and strings in place.
    static let sortedChoicesMinimum = 16

    /// What `op` against `rhs` can prepare, if anything.
    static func prepare(
        _ op: ComparisonOperator, _ rhs: BoundComparison.Right, rhsQuantifier: QueryQuantifier?,
        caseInsensitive: Bool, diacriticInsensitive: Bool, operandsReversed: Bool
    ) -> PreparedConstant? {
        guard !operandsReversed else { return nil }
        switch (op, rhs) {
        case let (.like, .constant(.string(pattern))):
            var options: String.CompareOptions = []
            if caseInsensitive { options.insert(.caseInsensitive) }
            if diacriticInsensitive { options.insert(.diacriticInsensitive) }
            return .like(LikePattern(pattern, options: options))
        case let (.equal, .oneOf(choices)):
            guard (rhsQuantifier ?? .any) == .any, !caseInsensitive, !diacriticInsensitive,
                choices.count >= sortedChoicesMinimum, choices.allSatisfy(isOrderedExactly)
            else { return nil }
            return .sortedChoices(MixedOrder.setElements(choices))
        default:
            return nil
        }
    }

    /// Whether ``MixedOrder`` orders `value` among the others exactly, as
    /// equality tests it: not a decimal, which it compares with doubles
    /// rounded, nor a link or a collection.
    static func isOrderedExactly(_ value: Value) -> Bool {
        switch value {
        case .null, .bool, .int, .float, .double, .string, .binary, .timestamp, .objectId, .uuid: return true
        case .decimal128, .link, .embedded, .list, .map: return false
        }
    }
}
