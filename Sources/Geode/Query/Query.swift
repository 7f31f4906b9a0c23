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
            return Query<Bool>(
                .predicate(
                    try .memberwise(
                        QueryKeyPath(components), op, QueryArguments.members(of: object),
                        quantifier: quantifier)))
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

// MARK: - Key paths

extension Query where T: ObjectBase {
    /// The property `keyPath` names.
    public subscript<V>(dynamicMember keyPath: KeyPath<T, V>) -> Query<V> {
        appending(step: QueryKeyPaths.step(of: keyPath, in: T.self))
    }
}

/// Wrappers through which a query reaches the properties of objects: optional
/// links and embedded objects, lists, sets and backlinks of objects.
public protocol _QueryObjectPath {
    associatedtype _QueryTarget: ObjectBase
}

extension Optional: _QueryObjectPath where Wrapped: ObjectBase {
    public typealias _QueryTarget = Wrapped
}

extension List: _QueryObjectPath where Element: ObjectBase {
    public typealias _QueryTarget = Element
}

extension MutableSet: _QueryObjectPath where Element: ObjectBase {
    public typealias _QueryTarget = Element
}

extension LinkingObjects: _QueryObjectPath {
    public typealias _QueryTarget = Element
}

extension Query where T: _QueryObjectPath {
    /// The property `keyPath` names, of the linked, embedded or listed objects.
    public subscript<V>(dynamicMember keyPath: KeyPath<T._QueryTarget, V>) -> Query<V> {
        appending(step: QueryKeyPaths.step(of: keyPath, in: T._QueryTarget.self))
    }
}

/// Finds the property a key path names by reading it on a fresh unmanaged
/// instance (the `@Persisted` getter records its index); cached per key path
/// as the one-step query path it stands for.
enum QueryKeyPaths {
    private static let steps = KeyPathCache<[QueryKeyPath.Component]>()

    static func step<Root: ObjectBase, V>(of keyPath: KeyPath<Root, V>, in type: Root.Type) -> [QueryKeyPath.Component]
    {
        steps.value(for: keyPath) {
            let info = ClassInfo.of(type)
            let instance = type.init()
            instance._lastRead = -1
            KeyPathTracing.run { _ = instance[keyPath: keyPath] }
            let index = instance._lastRead
            guard index >= 0, index < info.properties.count else {
                preconditionFailure(
                    "Geode: \(keyPath) is not a @Persisted property of \(type); queries can only test stored properties"
                )
            }
            return [.property(info.properties[index].name)]
        }
    }
}

/// What a key path means to a query, worked out once per key path and shared
/// by every thread.
///
/// A key path written in code is one object for the life of the program, so
/// the cache first looks it up by identity (one word hashed); a key path made
/// another way is found by value. Each entry keeps its key path alive, so an
/// identity in the cache is never reused by another object; key paths made at
/// run time could pile up, so past ``identityCapacity`` the identities start over.
final class KeyPathCache<Value>: @unchecked Sendable {
    /// A key path and what it means; the entry keeps the key path alive.
    private final class Entry {
        let keyPath: AnyKeyPath
        let value: Value

        init(_ keyPath: AnyKeyPath, _ value: Value) {
            self.keyPath = keyPath
            self.value = value
        }
    }

    /// The entries by key path and by identity, and the last few found,
    /// compared by identity before hashing.
    private struct State {
        var values: [AnyKeyPath: Value] = [:]
        var byIdentity: [ObjectIdentifier: Entry] = [:]
        var recent = RecentEntries<Entry>(capacity: KeyPathCache.recentCapacity)

        mutating func remember(_ keyPath: AnyKeyPath, _ value: Value) -> Value {
            if byIdentity.count >= KeyPathCache.identityCapacity { byIdentity.removeAll(keepingCapacity: true) }
            let entry = Entry(keyPath, value)
            byIdentity[ObjectIdentifier(keyPath)] = entry
            recent.remember(entry)
            return value
        }
    }

    private let lock = NSLock()
    private var state = State()
    static var identityCapacity: Int { 4096 }
    static var recentCapacity: Int { 4 }

    /// The cached value for `keyPath`, made by `make` the first time.
    func value(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
        let known: Value? = lock.withLock {
            for entry in state.recent.entries where entry.keyPath === keyPath { return entry.value }
            if let entry = state.byIdentity[ObjectIdentifier(keyPath)] { return entry.value }
            guard let value = state.values[keyPath] else { return nil }
            return state.remember(keyPath, value)
        }
        if let known { return known }
        let made = make()
        return lock.withLock {
            state.values[keyPath] = made
            return state.remember(keyPath, made)
        }
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
}

// MARK: - Strings

/// Options for string comparisons in type-safe queries.
///
/// ```swift
/// $0.name.contains("rex", options: [.caseInsensitive, .diacriticInsensitive])
/// ```
public struct StringOptions: OptionSet, Sendable {
    /// The options as bits.
    public let rawValue: Int
    /// The options these bits stand for.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Letter case is ignored (`[c]`).
    public static let caseInsensitive = StringOptions(rawValue: 1)
    /// Accents are ignored (`[d]`).
    public static let diacriticInsensitive = StringOptions(rawValue: 2)
}

/// The string-like types the string operators apply to.
public protocol _QueryString {}
extension String: _QueryString {}
extension Optional: _QueryString where Wrapped == String {}
extension Data: _QueryString {}

extension Query where T: _QueryString {
    private func stringTest(_ op: ComparisonOperator, _ value: String, _ options: StringOptions) -> Query<Bool> {
        comparison(
            op, .value(.string(value)), caseInsensitive: options.contains(.caseInsensitive),
            diacriticInsensitive: options.contains(.diacriticInsensitive))
    }

    /// Contains `value` as a substring.
    public func contains(_ value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.contains, value, options)
    }
    /// Starts with `value`.
    public func starts(with value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.beginsWith, value, options)
    }
    /// Ends with `value`.
    public func ends(with value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.endsWith, value, options)
    }
    /// Equal to `value` under `options`.
    public func equals(_ value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.equal, value, options)
    }
    /// Matches a wildcard pattern: `*` any run of characters, `?` one character.
    public func like(_ pattern: String, caseInsensitive: Bool = false) -> Query<Bool> {
        stringTest(.like, pattern, caseInsensitive ? .caseInsensitive : [])
    }
}

// MARK: - Collections

/// The collections whose elements a query can test.
public protocol _QueryCollection {
    associatedtype _QueryElement
}

extension List: _QueryCollection { public typealias _QueryElement = Element }
extension MutableSet: _QueryCollection { public typealias _QueryElement = Element }

extension Query where T: _QueryCollection {
    /// Holds an element equal to `value`.
    public func contains(_ value: T._QueryElement) -> Query<Bool> {
        comparison(.equal, .value(Self.engineValue(value)))
    }

    /// Holds an element equal to one of `values`.
    public func containsAny<S: Sequence>(in values: S) -> Query<Bool> where S.Element == T._QueryElement {
        comparison(.in, .values(Self.engineValues(values)))
    }

    /// The number of elements.
    public var count: Query<Int> { aggregate(.count) }
    /// The smallest element.
    public var min: Query<T._QueryElement> { aggregate(.min) }
    /// The largest element.
    public var max: Query<T._QueryElement> { aggregate(.max) }
    /// The sum of the elements.
    public var sum: Query<T._QueryElement> { aggregate(.sum) }
    /// The mean of the elements.
    public var avg: Query<T._QueryElement> { aggregate(.avg) }

    /// `collection.@op`, or for a projected collection `collection.@op.rest`
    /// (`friends.@count`, `friends.@max.age`).
    private func aggregate<V>(_ op: QueryKeyPath.Component) -> Query<V> {
        guard let end = collectionEnd, end < components.count else { return appending(op) }
        let rest = Array(components[end...])
        return Query<V>(Array(components[..<end]) + (op == .count ? [op] : [op] + rest), quantifier)
    }

    /// Some element must match the comparison that follows (`ANY`).
    public var any: Query<T._QueryElement> { Query<T._QueryElement>(components, .any) }
    /// Every element must match the comparison that follows (`ALL`).
    public var all: Query<T._QueryElement> { Query<T._QueryElement>(components, .all) }
    /// No element may match the comparison that follows (`NONE`).
    public var none: Query<T._QueryElement> { Query<T._QueryElement>(components, QueryQuantifier.none) }
}

extension Query where T: _QueryObjectPath, T: _QueryCollection {
    /// The number of objects that match `predicate` (`SUBQUERY(…).@count`).
    ///
    /// ```swift
    /// realm.objects(Person.self).where { $0.dogs.matching { $0.age > 3 }.count > 1 }
    /// ```
    public func matching(_ predicate: (Query<T._QueryTarget>) -> Query<Bool>) -> QuerySubquery {
        QuerySubquery(
            collection: QueryKeyPath(components),
            predicate: predicate(Query<T._QueryTarget>([.property("$x")])).predicate)
    }
}

/// The objects of a collection that match a predicate; compare its `count`.
public struct QuerySubquery {
    let collection: QueryKeyPath
    let predicate: QueryPredicate

    /// The number of matching objects.
    public var count: QuerySubqueryCount { QuerySubqueryCount(subquery: self) }
}

/// `SUBQUERY(…).@count`, compared with an integer.
public struct QuerySubqueryCount {
    let subquery: QuerySubquery

    private func compare(_ op: ComparisonOperator, _ n: Int) -> Query<Bool> {
        Query<Bool>(
            .predicate(
                .comparison(
                    QueryComparison(
                        .subqueryCount(collection: subquery.collection, variable: "$x", predicate: subquery.predicate),
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

extension Query where T: _QueryMap {
    /// The value under `key` of a map.
    public subscript(key: String) -> Query<T._QueryValue?> { appending(.key(key)) }
    /// The keys of a map (compare them: any key matches).
    public var keys: Query<String> { appending(.keys) }
    /// The values of a map (compare them: any value matches).
    public var values: Query<T._QueryValue> { appending(.values) }
}

/// Maps, for `keys` and `values` in queries.
public protocol _QueryMap {
    associatedtype _QueryValue
}

extension Map: _QueryMap { public typealias _QueryValue = Value }

extension Query where T == AnyRealmValue {
    /// The value under `key` when this value is a dictionary.
    public subscript(key: String) -> Query<AnyRealmValue> { appending(.key(key)) }
    /// The element at `index` when this value is a list.
    public subscript(index: Int) -> Query<AnyRealmValue> { appending(.index(index)) }
    /// Every element of a list or dictionary value (`[*]`).
    public var any: Query<AnyRealmValue> { appending(.all) }
    /// The number of elements of a list or dictionary value.
    public var count: Query<Int> { appending(.count) }
}

extension Query where T: _CustomPersistable {
    /// The stored value of a custom-persistable property, to test it with
    /// the persisted type's operators.
    ///
    /// ```swift
    /// realm.objects(Club.self).where { $0.url.persistableValue.contains("kennel") }
    /// ```
    public var persistableValue: Query<T.PersistedType> { Query<T.PersistedType>(components, quantifier) }
}

extension Query where T: _OptionalCustomPersistable {
    /// The stored value of an optional custom-persistable property.
    public var persistableValue: Query<T._Wrapped.PersistedType?> {
        Query<T._Wrapped.PersistedType?>(components, quantifier)
    }
}

/// Optional custom-persistable types, for `persistableValue` in queries.
public protocol _OptionalCustomPersistable {
    associatedtype _Wrapped: _CustomPersistable
}

extension Optional: _OptionalCustomPersistable where Wrapped: _CustomPersistable {
    public typealias _Wrapped = Wrapped
}

extension Query where T: PersistableEnum {
    /// The enum's raw value, for comparisons with raw values.
    public var rawValue: Query<T.RawValue> { Query<T.RawValue>(components, quantifier) }
}

extension Query where T: _OptionalPersistableEnum {
    /// The enum's raw value, for comparisons with raw values.
    public var rawValue: Query<T._Wrapped.RawValue?> { Query<T._Wrapped.RawValue?>(components, quantifier) }
}

/// Optional persistable enums, for `rawValue` in queries.
public protocol _OptionalPersistableEnum {
    associatedtype _Wrapped: PersistableEnum
}

extension Optional: _OptionalPersistableEnum where Wrapped: PersistableEnum {
    public typealias _Wrapped = Wrapped
}

// MARK: - Geo

/// Embedded objects and optional embedded objects, for `geoWithin`.
public protocol _QueryGeoPoint {}
extension Optional: _QueryGeoPoint where Wrapped: EmbeddedObject {}
extension EmbeddedObject: _QueryGeoPoint {}
extension List: _QueryGeoPoint where Element: EmbeddedObject {}

extension Query where T: _QueryGeoPoint {
    private func within(_ shape: GeoShape) -> Query<Bool> {
        Query<Bool>(.predicate(.geoWithin(QueryKeyPath(components), shape, quantifier)))
    }

    /// The point lies in `box`.
    ///
    /// ```swift
    /// realm.objects(Place.self).where { $0.location.geoWithin(box) }
    /// ```
    public func geoWithin(_ box: GeoBox) -> Query<Bool> { within(box.geoShape) }
    /// The point lies in `circle`.
    public func geoWithin(_ circle: GeoCircle) -> Query<Bool> { within(circle.geoShape) }
    /// The point lies in `polygon`.
    public func geoWithin(_ polygon: GeoPolygon) -> Query<Bool> { within(polygon.geoShape) }
}

// MARK: - Results

extension Results {
    /// The objects that match a type-safe query.
    ///
    /// ```swift
    /// let found = realm.objects(Dog.self).where { $0.age > 2 && $0.name.contains("ex") }
    /// ```
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        let predicate = isIncluded(Query<Element>([])).predicate
        do {
            return try refined(GeodeCore.Query(predicate: predicate))
        } catch {
            preconditionFailure("Geode: invalid query \(predicate): \(GeodeError.from(error))")
        }
    }
}
