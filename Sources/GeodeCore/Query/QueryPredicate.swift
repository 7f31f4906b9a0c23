import GeodeGeo
/// A condition on an object: the tree both query front ends build.
///
/// ```swift
/// let adult: QueryPredicate = .comparison(QueryComparison(
///     .keyPath(QueryKeyPath("age")), .greaterOrEqual, .value(.int(18))))
/// ```
package indirect enum QueryPredicate: Sendable, CustomStringConvertible {
    case constant(Bool)
    /// Every part holds. Chains of AND are one flat list, so that a query of
    /// 100,000 terms is no deeper than one of two.
    case and([QueryPredicate])
    /// One part holds; flat, as `and`.
    case or([QueryPredicate])
    case not(QueryPredicate)
    case comparison(QueryComparison)
    /// `path geoWithin shape`, `path geoIntersects shape`, `path geoContains
    /// shape`: the geometry at `path` stands in the relation to the shape.
    case geo(GeoRelation, QueryKeyPath, GeoShape, QueryQuantifier)

    /// `a AND b`, with the parts of either that is itself an AND taken in.
    package static func and(_ a: QueryPredicate, _ b: QueryPredicate) -> QueryPredicate {
        .and(a.parts(ofAnd: true) + b.parts(ofAnd: true))
    }

    /// `a OR b`, with the parts of either that is itself an OR taken in.
    package static func or(_ a: QueryPredicate, _ b: QueryPredicate) -> QueryPredicate {
        .or(a.parts(ofAnd: false) + b.parts(ofAnd: false))
    }

    private func parts(ofAnd: Bool) -> [QueryPredicate] {
        switch (self, ofAnd) {
        case let (.and(parts), true), let (.or(parts), false): return parts
        default: return [self]
        }
    }

    var isTrue: Bool {
        if case .constant(true) = self { return true }
        return false
    }

    package var description: String {
        switch self {
        case let .constant(b): return b ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case let .and(parts): return "(" + parts.map(\.description).joined(separator: " AND ") + ")"
        case let .or(parts): return "(" + parts.map(\.description).joined(separator: " OR ") + ")"
        case let .not(a): return "NOT \(a)"
        case let .comparison(c): return c.description
        case let .geo(relation, path, shape, quantifier):
            return "\(quantifier.prefix)\(path) \(relation.rawValue) \(shape)"
        }
    }
}

/// How a comparison treats a key path that yields several values (through a
/// list, a set, a map or a mixed collection).
package enum QueryQuantifier: Sendable, Hashable {
    /// True when one value matches (also what a plain comparison means).
    case any
    /// True when every value matches (and for no values).
    case all
    /// True when no value matches.
    case none

    /// The quantifier as written: `ANY`, `ALL`, `NONE`.
    var keyword: String {
        switch self {
        case .any: return "ANY"
        case .all: return "ALL"
        case .none: return "NONE"
        }
    }

    var prefix: String {
        switch self {
        case .any: return ""
        case .all: return "ALL "
        case .none: return "NONE "
        }
    }
}

/// The operators of a comparison.
package enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    /// Equal to one of the right-hand values.
    case `in` = "IN"
    /// Between the two right-hand values, inclusive.
    case between = "BETWEEN"

    var isStringOperator: Bool {
        switch self {
        case .beginsWith, .endsWith, .contains, .like: return true
        default: return false
        }
    }

    var isOrdering: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .between: return true
        default: return false
        }
    }

    /// The operator with its sides swapped (`5 < age` is `age > 5`).
    var flipped: ComparisonOperator? {
        switch self {
        case .equal, .notEqual: return self
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return nil
        }
    }
}

/// `lhs op rhs`, with the string options `[c]` (case-insensitive) and `[d]`
/// (diacritic-insensitive), a quantifier for multi-valued key paths, and the
/// column of the comparison in the query text (for error messages).
package struct QueryComparison: Sendable, CustomStringConvertible {
    package var lhs: QueryExpression
    package var op: ComparisonOperator
    package var rhs: QueryExpression
    package var caseInsensitive = false
    package var diacriticInsensitive = false
    package var quantifier: QueryQuantifier = .any
    /// Whether the query wrote the left quantifier (`ANY tags == …`) rather than implying it.
    package var quantifierGiven = false
    /// The quantifier written on the right (`… == ALL {1, 2}`), if any.
    package var rhsQuantifier: QueryQuantifier?
    /// A string operator written with the value on its left (`'abc' CONTAINS name`):
    /// the key path is kept on the left, and the value is what the operator tests.
    package var operandsReversed = false
    /// Whether the query wrote `value IN keyPath`, kept as `ANY keyPath == value`:
    /// realm-core then refuses a key path that reaches one value.
    package var asksMembership = false
    package var column = 0
    /// How the right side was written, when it is one constant: realm-core
    /// reads a literal and an argument differently against a property.
    package var rhsSource = ConstantSource.other

    package init(
        _ lhs: QueryExpression, _ op: ComparisonOperator, _ rhs: QueryExpression,
        caseInsensitive: Bool = false, diacriticInsensitive: Bool = false,
        quantifier: QueryQuantifier = .any, quantifierGiven: Bool = false, rhsQuantifier: QueryQuantifier? = nil,
        column: Int = 0
    ) {
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.caseInsensitive = caseInsensitive
        self.diacriticInsensitive = diacriticInsensitive
        self.quantifier = quantifier
        self.quantifierGiven = quantifierGiven || quantifier != .any
        self.rhsQuantifier = rhsQuantifier
        self.column = column
    }

    package var description: String {
        var options = ""
        if caseInsensitive || diacriticInsensitive {
            options = "[" + (caseInsensitive ? "c" : "") + (diacriticInsensitive ? "d" : "") + "]"
        }
        if operandsReversed { return "\(rhs) \(op.rawValue)\(options) \(quantifier.prefix)\(lhs)" }
        return
            "\(quantifier.prefix)\(lhs) \(op.rawValue)\(options) \(rhsQuantifier.map { $0 == .any ? "ANY " : $0.prefix } ?? "")\(rhs)"
    }
}

/// How a comparison's constant was written.
package enum ConstantSource: Sendable, Hashable {
    /// A number or quoted string in the query's text, as written: read against a
    /// Decimal128 property at full precision, and `'77'` as a number against a
    /// numeric property.
    case literal(String)
    /// A `%@` or `$0` argument: a typed value from Swift, taken as it is.
    case argument
    /// Anything else: a special or computed literal, a list, a key path.
    case other
}

/// One side of a comparison.
package indirect enum QueryExpression: Sendable, CustomStringConvertible {
    /// A literal or argument value.
    case value(Value)
    /// A set of values: `{1, 2, 3}` or an array argument (for IN and BETWEEN).
    case values([Value])
    /// A property or a path into the object.
    case keyPath(QueryKeyPath)
    /// `SUBQUERY(collection, $x, predicate).@count`.
    case subqueryCount(collection: QueryKeyPath, variable: String, predicate: QueryPredicate)
    /// `lhs op rhs`: numbers computed per object (`2 * age + 5`, `age / number`).
    /// An expression of constants alone is computed by the parser.
    case arithmetic(ArithmeticOperator, QueryExpression, QueryExpression)
    /// `obj('Dog', 5)`: the object of that class with that primary key.
    case object(className: String, primaryKey: Value)

    package var description: String {
        switch self {
        case let .value(v): return QueryLiteral.describe(v)
        case let .values(vs): return "{" + vs.map(QueryLiteral.describe).joined(separator: ", ") + "}"
        case let .keyPath(p): return p.description
        case let .subqueryCount(c, v, p): return "SUBQUERY(\(c), \(v), \(p)).@count"
        case let .arithmetic(op, l, r): return "(\(l) \(op.rawValue) \(r))"
        case let .object(name, key):
            return "obj(\(QueryLiteral.describe(.string(name))), \(QueryLiteral.describe(key)))"
        }
    }
}

/// A key path: properties, subscripts and collection operators, as written.
///
/// ```swift
/// QueryKeyPath("dog.name")                        // through a link
/// QueryKeyPath([.property("meta"), .key("rank")])  // meta['rank']
/// ```
package struct QueryKeyPath: Sendable, Hashable, CustomStringConvertible {
    package enum Component: Sendable, Hashable {
        case property(String)
        case index(Int)
        case key(String)
        /// `[*]`: every element of a collection.
        case all
        /// `[FIRST]`, `[LAST]`.
        case first, last
        /// `@count`, `@size` and `[SIZE]`.
        case count
        case size
        case sum, avg, min, max
        /// `@type`: the type name of a mixed value.
        case type
        /// `@keys` / `@allKeys`, `@values` / `@allValues` of a map.
        case keys, values
        /// `@links.Class.property`: the objects linking here through that property.
        case backlinks(className: String, property: String)
        /// `@links`: every object linking here, from any class.
        case allBacklinks
    }

    package var components: [Component]
    /// The column (1-based) where the path starts in the query text; 0 when built in code.
    package var column: Int

    package init(_ components: [Component], column: Int = 0) {
        self.components = components
        self.column = column
    }

    /// A path of property names separated by dots.
    package init(_ dotted: String, column: Int = 0) {
        self.init(dotted.split(separator: ".").map { .property(String($0)) }, column: column)
    }

    package static func == (a: QueryKeyPath, b: QueryKeyPath) -> Bool { a.components == b.components }
    package func hash(into hasher: inout Hasher) { hasher.combine(components) }

    package var description: String {
        var text = ""
        for component in components {
            switch component {
            case let .property(name): text += text.isEmpty ? name : ".\(name)"
            case let .index(i): text += "[\(i)]"
            case let .key(k): text += "['\(k)']"
            case .all: text += "[*]"
            case .first: text += "[FIRST]"
            case .last: text += "[LAST]"
            case .count: text += ".@count"
            case .size: text += ".@size"
            case .sum: text += ".@sum"
            case .avg: text += ".@avg"
            case .min: text += ".@min"
            case .max: text += ".@max"
            case .type: text += ".@type"
            case .keys: text += ".@keys"
            case .values: text += ".@values"
            case let .backlinks(c, p): text += (text.isEmpty ? "" : ".") + "@links.\(c).\(p)"
            case .allBacklinks: text += (text.isEmpty ? "" : ".") + "@links"
            }
        }
        return text
    }
}
