/// A comparison resolved against a class.
struct BoundComparison {
    indirect enum Operand {
        case path(BoundPath)
        case subqueryCount(BoundPath, BoundPredicate)
        case constant(Value)
        /// A list literal on the left: `{1, 2} == list`, `ALL {1, 2} IN list`.
        case constants([Value])
        /// Numbers computed from paths and constants (``ArithmeticOperator``);
        /// at most one side yields several values.
        case arithmetic(ArithmeticOperator, Operand, Operand)
    }

    enum Right {
        /// Whether the right side is a constant or a list of them (`IN {…}`).
        var isConstantOrChoices: Bool {
            switch self {
            case .constant, .oneOf: return true
            default: return false
            }
        }

        /// Whether the right side is a list or dictionary value (an AnyRealmValue argument).
        var isCollectionConstant: Bool {
            switch self {
            case .constant(.list), .constant(.map): return true
            default: return false
            }
        }

        case constant(Value)
        /// IN {…}: equal to one of these.
        case oneOf([Value])
        /// BETWEEN {low, high}.
        case range(Value, Value)
        case path(BoundPath)
        /// Numbers computed for each object: `age > number * 2`.
        case arithmetic(Operand)
        /// `obj('Dog', 5)`: the object of `table` with that primary key, found
        /// in the transaction the query runs in.
        case object(Table, primaryKey: Value)
    }

    var lhs: Operand
    let op: ComparisonOperator
    var rhs: Right {
        didSet { prepare() }
    }
    /// The constant side made ready once, here, for every value the
    /// comparison tests.
    private(set) var prepared: PreparedConstant?
    let caseInsensitive: Bool
    let diacriticInsensitive: Bool
    var quantifier: QueryQuantifier
    /// The quantifier written on the right (`… == ALL {1, 2}`); ANY when nil.
    let rhsQuantifier: QueryQuantifier?
    /// Whether both sides are lists compared whole, in order (`list == {1, 2}`).
    var comparesWhole = false
    /// Whether the string operator tests the constant against the path's
    /// value (`'abc' CONTAINS name`) rather than the value against the constant.
    let operandsReversed: Bool
    /// Whether a side is a path of several collections (``BoundPath/instanceSplit``)
    /// that ALL or NONE quantifies: the quantifier then applies to each
    /// collection, and one that satisfies it is enough, as in realm-core.
    var quantifiesEachCollection = false

    /// Whether the comparison holds when the left value equals the constant or
    /// one of the list's values (what an index lookup answers): not when it
    /// compares lists whole or quantifies the list with ALL or NONE.
    var answersByEquality: Bool {
        !comparesWhole && !operandsReversed && (rhsQuantifier ?? .any) == .any && !rhs.isCollectionConstant
    }
    /// The left path in the form the fast path walks, when it qualifies
    /// (the right side a constant or, `IN`, several).
    var simple: SimplePath?
    /// Whether a side is a path to mixed values, whose nulls order with nothing.
    var comparesMixed = false

    init(
        lhs: Operand, op: ComparisonOperator, rhs: Right, caseInsensitive: Bool, diacriticInsensitive: Bool,
        quantifier: QueryQuantifier,
        rhsQuantifier: QueryQuantifier? = nil, comparesWhole: Bool = false, operandsReversed: Bool = false
    ) {
        self.rhsQuantifier = rhsQuantifier
        self.comparesWhole = comparesWhole
        self.operandsReversed = operandsReversed
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
        self.quantifier = quantifier
        if case let .path(path) = lhs, rhs.isConstantOrChoices, !rhs.isCollectionConstant, quantifier == .any,
            path.reduction == nil, !operandsReversed
        {
            simple = SimplePath(path)
        }
        prepare()
        if case let .path(p) = lhs, p.resultType == nil || p.resultType == .mixed { comparesMixed = true }
        if case let .path(p) = rhs, p.resultType == nil || p.resultType == .mixed { comparesMixed = true }
        let quantified = quantifier != .any || (rhsQuantifier ?? .any) != .any
        switch (lhs, rhs) {
        case (.subqueryCount, _): break
        case let (.path(p), _) where p.instanceSplit != nil && quantified: quantifiesEachCollection = true
        case let (_, .path(p)) where p.instanceSplit != nil && quantified: quantifiesEachCollection = true
        default: break
        }
    }

    private mutating func prepare() {
        prepared = PreparedConstant.prepare(
            op, rhs, rhsQuantifier: rhsQuantifier, caseInsensitive: caseInsensitive,
            diacriticInsensitive: diacriticInsensitive, operandsReversed: operandsReversed)
    }
}
