import GeodeGeo
import Foundation
import GeodeCore

/// A type-safe query over objects of `T`, built in a `where` closure: key
/// paths name properties, operators build the same predicate the query
/// language does.
///
/// ```swift
/// let found = realm.objects(Person.self).where {
///     $0.age > 5 && $0.name.starts(with: "R") && $0.dogs.age.contains(3...7)
/// }
/// ```
@dynamicMemberLookup
public struct Query<T> {
    enum Node {
        case keyPath([QueryKeyPath.Component], QueryQuantifier)
        case predicate(QueryPredicate)
    }

    let node: Node
    /// For a projected collection (`friends.firstName`), where the collection
    /// ends in the path: `count` and aggregates apply there (`friends.@count`).
    let collectionEnd: Int?

    init(_ node: Node) {
        self.node = node
        collectionEnd = nil
    }

    init(_ components: [QueryKeyPath.Component], _ quantifier: QueryQuantifier = .any, collectionEnd: Int? = nil) {
        node = .keyPath(components, quantifier)
        self.collectionEnd = collectionEnd
    }

    /// The variable a subquery over this collection names its element by:
    /// `$x`, or inside another subquery (the path starts at its variable) one
    /// of its own, `$xx`, so that the inner one does not hide the outer one.
    var elementVariable: String {
        if case let .property(outer)? = components.first, outer.hasPrefix("$") { return outer + "x" }
        return "$x"
    }

    var components: [QueryKeyPath.Component] {
        if case let .keyPath(components, _) = node { return components }
        preconditionFailure("Geode: a predicate was used where a key path was expected")
    }

    var quantifier: QueryQuantifier {
        if case let .keyPath(_, quantifier) = node { return quantifier }
        return .any
    }

    func appending<V>(_ component: QueryKeyPath.Component) -> Query<V> {
        var extended = components
        extended.append(component)
        return Query<V>(extended, quantifier)
    }

    /// `path.@op`, or where the path enters a collection's elements (a
    /// projected collection, or a property of listed objects)
    /// `collection.@op.rest`: `friends.@count`, `friends.@max.age`,
    /// `dogs.@min.age` for `$0.dogs.age.min`.
    func aggregate<V>(_ op: QueryKeyPath.Component) -> Query<V> {
        guard let end = collectionEnd, end < components.count else { return appending(op) }
        let rest = Array(components[end...])
        return Query<V>(Array(components[..<end]) + (op == .count ? [op] : [op] + rest), quantifier)
    }

    /// This path followed by the property `step` names (a one-step path
    /// from ``QueryKeyPaths``): a path's first step is that cached array
    /// itself, so `$0.location` allocates nothing, and the bound-path cache
    /// finds it by the array's identity.
    func appending<V>(step: [QueryKeyPath.Component]) -> Query<V> {
        let components = components
        return Query<V>(components.isEmpty ? step : components + step, quantifier)
    }

    func comparison(
        _ op: ComparisonOperator, _ rhs: QueryExpression, caseInsensitive: Bool = false,
        diacriticInsensitive: Bool = false
    ) -> Query<Bool> {
        Query<Bool>(
            .predicate(
                .comparison(
                    QueryComparison(
                        .keyPath(QueryKeyPath(components)), op, rhs,
                        caseInsensitive: caseInsensitive,
                        diacriticInsensitive: diacriticInsensitive, quantifier: quantifier))))
    }

    /// The predicate this query stands for (a Bool key path means `== true`).
    var predicate: QueryPredicate {
        switch node {
        case let .predicate(p): return p
        case let .keyPath(components, quantifier):
            return .comparison(
                QueryComparison(.keyPath(QueryKeyPath(components)), .equal, .value(.bool(true)), quantifier: quantifier)
            )
        }
    }

    /// `==` or `!=`: by value, or member by member for embedded objects.
    func equality(_ op: ComparisonOperator, _ rhs: Any) -> Query<Bool> {
        // The usual values first: exact casts are cheap, the protocol casts that find an embedded object are not.
        if let value = QueryArguments.common(rhs) { return comparison(op, .value(value)) }
        guard let object = QueryArguments.embeddedValue(rhs) else {
            return comparison(op, .value(Self.engineValue(rhs)))
        }
        do {
            let members = try QueryArguments.members(of: object)
            if quantifier == .any, T.self is any _QueryCollection.Type || components.last == .values {
                // A list, set or map of embedded objects: some one element must match (or
                // differ) member by member, as Realm's subquery does; members matched by
                // different elements, or an empty collection, do not count.
                let variable = elementVariable
                let element = try QueryPredicate.memberwise(QueryKeyPath([.property(variable)]), op, members)
                return Query<Bool>(
                    .predicate(
                        .comparison(
                            QueryComparison(
                                .subqueryCount(collection: QueryKeyPath(components), variable: variable, predicate: element),
                                .greater, .value(.int(0))))))
            }
            return Query<Bool>(
                .predicate(try .memberwise(QueryKeyPath(components), op, members, quantifier: quantifier)))
        } catch {
            preconditionFailure("Geode: \(GeodeError.from(error))")
        }
    }

    static func engineValue(_ value: Any) -> Value {
        do {
            if let v = try QueryArguments.scalar(value, nil) { return v }
        } catch {
            preconditionFailure("Geode: \(error)")
        }
        preconditionFailure("Geode: a \(type(of: value)) cannot be compared in a query")
    }

    static func engineValues<S: Sequence>(_ values: S) -> [Value] {
        values.map { engineValue($0) }
    }
}

// MARK: - Logic

extension Query where T == Bool {
    /// Both predicates hold.
    public static func && (lhs: Query<Bool>, rhs: Query<Bool>) -> Query<Bool> {
        Query<Bool>(.predicate(.and(lhs.predicate, rhs.predicate)))
    }

    /// Either predicate holds.
    public static func || (lhs: Query<Bool>, rhs: Query<Bool>) -> Query<Bool> {
        Query<Bool>(.predicate(.or(lhs.predicate, rhs.predicate)))
    }

    /// The predicate does not hold.
    public static prefix func ! (query: Query<Bool>) -> Query<Bool> {
        Query<Bool>(.predicate(.not(query.predicate)))
    }
}

// MARK: - Comparisons

extension Query {
    /// Equal to `value` (numbers across types; a collection: any element; an
    /// embedded object or a type mapped to one: member by member).
    public static func == (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.equality(.equal, rhs) }
    /// Not equal to `value`.
    public static func != (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.equality(.notEqual, rhs) }
    /// Less than `value`.
    public static func < (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.comparison(.less, .value(engineValue(rhs))) }
    /// Less than or equal to `value`.
    public static func <= (lhs: Query<T>, rhs: T) -> Query<Bool> {
        lhs.comparison(.lessOrEqual, .value(engineValue(rhs)))
    }
    /// Greater than `value`.
    public static func > (lhs: Query<T>, rhs: T) -> Query<Bool> { lhs.comparison(.greater, .value(engineValue(rhs))) }
    /// Greater than or equal to `value`.
    public static func >= (lhs: Query<T>, rhs: T) -> Query<Bool> {
        lhs.comparison(.greaterOrEqual, .value(engineValue(rhs)))
    }

    /// Equal to another property of the same object.
    public static func == (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> {
        lhs.comparison(.equal, .keyPath(QueryKeyPath(rhs.components)))
    }
    /// Not equal to another property.
    public static func != (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> {
        lhs.comparison(.notEqual, .keyPath(QueryKeyPath(rhs.components)))
    }
    /// Less than another property.
    public static func < (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> {
        lhs.comparison(.less, .keyPath(QueryKeyPath(rhs.components)))
    }
    /// Greater than another property.
    public static func > (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> {
        lhs.comparison(.greater, .keyPath(QueryKeyPath(rhs.components)))
    }
    /// Less than or equal to another property.
    ///
    /// ```swift
    /// realm.objects(Budget.self).where { $0.spent <= $0.limit }
    /// ```
    public static func <= (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> {
        lhs.comparison(.lessOrEqual, .keyPath(QueryKeyPath(rhs.components)))
    }
    /// Greater than or equal to another property.
    public static func >= (lhs: Query<T>, rhs: Query<T>) -> Query<Bool> {
        lhs.comparison(.greaterOrEqual, .keyPath(QueryKeyPath(rhs.components)))
    }

    /// One of `values` (`IN`).
    ///
    /// ```swift
    /// realm.objects(Dog.self).where { $0.name.in(["Rex", "Max"]) }
    /// ```
    public func `in`<S: Sequence>(_ values: S) -> Query<Bool> where S.Element == T {
        comparison(.in, .values(Self.engineValues(values)))
    }

    /// Between the bounds of `range`, inclusive (`BETWEEN`).
    public func contains(_ range: ClosedRange<T>) -> Query<Bool> where T: Comparable {
        comparison(.between, .values([Self.engineValue(range.lowerBound), Self.engineValue(range.upperBound)]))
    }

    /// At least the range's lower bound and below its upper bound.
    public func contains(_ range: Range<T>) -> Query<Bool> where T: Comparable {
        comparison(.greaterOrEqual, .value(Self.engineValue(range.lowerBound)))
            && comparison(.less, .value(Self.engineValue(range.upperBound)))
    }

    /// An optional property between the bounds of `range`, inclusive (null is in no range).
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.age.contains(18...65) }   // age: Int?
    /// ```
    public func contains<Wrapped: Comparable>(_ range: ClosedRange<Wrapped>) -> Query<Bool> where T == Wrapped? {
        comparison(.between, .values([Self.engineValue(range.lowerBound), Self.engineValue(range.upperBound)]))
    }

    /// An optional property at least the range's lower bound and below its upper bound.
    public func contains<Wrapped: Comparable>(_ range: Range<Wrapped>) -> Query<Bool> where T == Wrapped? {
        comparison(.greaterOrEqual, .value(Self.engineValue(range.lowerBound)))
            && comparison(.less, .value(Self.engineValue(range.upperBound)))
    }
}
