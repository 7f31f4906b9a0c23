import Foundation
import GeodeCore

// What generic code over `RealmCollection` calls on a collection of objects,
// as Realm Swift's protocol requires it of every collection: querying,
// sorting, aggregates, key-value coding, freezing and observing. Each
// collection type has its own, more specific forms, which calls on a concrete
// type pick; these forward to them through the collection's objects as live
// `Results` (or, for an unmanaged list or set, its objects in memory).
//
// ```swift
// func adults<C: RealmCollection>(_ people: C) -> Results<C.Element> where C.Element == Person {
//     people.filter("age >= 18").sorted(byKeyPath: "name")
// }
// ```

extension RealmCollection where Element: Object {
    /// The collection's objects as live results.
    private var objectResults: Results<Element> {
        if let results = self as? Results<Element> { return results }
        guard let objects = self as? any _ObjectCollection, let results = Self.results(of: objects) as? Results<Element>
        else {
            preconditionFailure("Geode: a \(Self.self) cannot be queried")
        }
        return results
    }

    /// `collection`'s objects as live results, type-erased.
    private static func results<C: _ObjectCollection>(of collection: C) -> Any { collection._geodeResults() }

    /// The objects of an unmanaged list or set, which aggregates read in
    /// memory; nil for a managed collection.
    private var unmanagedObjects: [Element]? { realm == nil ? Array(self) : nil }

    /// The objects that match `predicateFormat`, in the collection's order.
    ///
    /// ```swift
    /// let old = collection.filter("age > %@", 10)
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        objectResults.filter(predicateFormat, arguments: args)
    }

    /// The objects that match a type-safe query.
    public func `where`(_ isIncluded: (Query<Element>) -> Query<Bool>) -> Results<Element> {
        objectResults.where(isIncluded)
    }

    /// The objects sorted by `keyPath`.
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        objectResults.sorted(byKeyPath: keyPath, ascending: ascending)
    }

    /// The objects sorted by several keys, the first deciding first.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        objectResults.sorted(by: sortDescriptors)
    }

    /// The objects sorted by the property `keyPath` names.
    public func sorted<Value>(by keyPath: KeyPath<Element, Value>, ascending: Bool = true) -> Results<Element> {
        sorted(byKeyPath: QueryKeyPaths.name(of: keyPath), ascending: ascending)
    }

    /// The first object for each distinct combination of the values at `keyPaths`.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        objectResults.distinct(by: keyPaths)
    }

    /// The position of the first object matching `predicateFormat` (for an
    /// unmanaged list or set, found among its objects in memory).
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        if let objects = unmanagedObjects {
            return UnmanagedQuery.firstIndex(of: objects) { $0.filter(predicateFormat, arguments: args) }
        }
        let results = objectResults
        let wanted = Set(results.filter(predicateFormat, arguments: args).keys)
        return results.keys.firstIndex { wanted.contains($0) }
    }

    /// The position of the first object matching a type-safe query (for an
    /// unmanaged list or set, found among its objects in memory).
    public func index(matching isIncluded: (Query<Element>) -> Query<Bool>) -> Int? {
        if let objects = unmanagedObjects { return UnmanagedQuery.firstIndex(of: objects) { $0.where(isIncluded) } }
        return objectResults.index(matching: isIncluded)
    }

    /// The smallest value of `property` (read in memory while the collection is unmanaged).
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? {
        aggregate(.minimum, property)
    }

    /// The largest value of `property`.
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? {
        aggregate(.maximum, property)
    }

    /// The sum of `property` (0 when there are no objects).
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T {
        aggregate(.sum, property) ?? T._geodeDefault()
    }

    /// The mean of `property`; nil when there are no values.
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? {
        aggregate(.average, property)
    }

    /// The smallest value of the property `keyPath` names.
    public func min<T: _PersistableValue>(of keyPath: KeyPath<Element, T>) -> T? {
        min(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// The largest value of the property `keyPath` names.
    public func max<T: _PersistableValue>(of keyPath: KeyPath<Element, T>) -> T? {
        max(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// The sum of the property `keyPath` names.
    public func sum<T: _PersistableValue>(of keyPath: KeyPath<Element, T>) -> T {
        sum(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// The mean of the property `keyPath` names.
    public func average<T: _PersistableValue>(of keyPath: KeyPath<Element, T>) -> T? {
        average(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// `aggregate` of `property`: over live results, or in memory.
    private func aggregate<T: _PersistableValue>(_ aggregate: Aggregate, _ property: String) -> T? {
        guard let objects = unmanagedObjects else {
            switch aggregate {
            case .minimum: return objectResults.min(ofProperty: property)
            case .maximum: return objectResults.max(ofProperty: property)
            case .sum: return objectResults.sum(ofProperty: property)
            case .average: return objectResults.average(ofProperty: property)
            }
        }
        return Results<Element>.swiftValue(aggregate.apply(InMemoryAggregate.values(of: property, objects)))
    }

    /// Sets property `key` of every object to `value` (inside a write
    /// transaction when the collection is managed).
    public func setValue(_ value: Any?, forKey key: String) {
        for object in Array(self) { object[key] = value }
    }

    /// Whether the collection reads a frozen realm.
    public var isFrozen: Bool { realm?.isFrozen ?? false }

    /// Whether the collection can no longer be read (its owner was deleted,
    /// or its realm invalidated).
    public var isInvalidated: Bool { (self as? any InvalidationReporting)?.isInvalidated ?? false }

    /// The same collection read from a frozen copy of its realm.
    public func freeze() -> Self {
        guard let freezable = self as? any FreezableCollection, let frozen = freezable.frozenCopy() as? Self else {
            preconditionFailure("Geode: a \(Self.self) cannot be frozen")
        }
        return frozen
    }

    /// The same collection read from the live realm; nil when it is gone there.
    public func thaw() -> Self? {
        guard let freezable = self as? any FreezableCollection else {
            preconditionFailure("Geode: a \(Self.self) cannot be thawed")
        }
        return freezable.thawedCopy() as? Self
    }
}

/// The values an aggregate reads from objects held in memory (an unmanaged
/// list or set): numbers and dates; null, and anything else, counts for nothing.
enum InMemoryAggregate {
    static func values(of property: String, _ objects: [ObjectBase]) -> [Value] {
        objects.map { object in
            var value: Any? = object[property]
            // An optional property's value comes wrapped: take what it holds.
            if let wrapped = value, Mirror(reflecting: wrapped).displayStyle == .optional {
                value = Mirror(reflecting: wrapped).children.first?.value
            }
            switch value {
            case let v as Int: return .int(Int64(v))
            case let v as Int8: return .int(Int64(v))
            case let v as Int16: return .int(Int64(v))
            case let v as Int32: return .int(Int64(v))
            case let v as Int64: return .int(v)
            case let v as Float: return .float(v)
            case let v as Double: return .double(v)
            case let v as Date: return .timestamp(Timestamp(v))
            case let v as Decimal128: return .decimal128(v.bits)
            default: return .null
            }
        }
    }
}
