import Foundation
import GeodeCore

/// The aggregates of mixed values, by the rules a query's `@min`, `@max`,
/// `@sum` and `@avg` follow (realm-core's): the smallest and largest value of
/// any type in mixed-value order, nulls left out; sums and means of the
/// numbers only, exact in integers until a fraction or a Decimal128 appears.
enum MixedAggregate {
    /// The element `aggregate` picks (minimum or maximum), or the number it
    /// makes (sum or average); nil when no element counts.
    static func apply(_ aggregate: Aggregate, to elements: some Sequence<AnyRealmValue>) -> AnyRealmValue? {
        // Objects, lists and dictionaries count for nothing, as nulls do.
        let scalars = elements.compactMap { element in element.scalarEngineValue.map { (element, $0) } }
        switch aggregate {
        case .minimum, .maximum:
            let picked = aggregate.apply(scalars.map(\.1))
            return scalars.first { $0.1 == picked && picked != .null }?.0
        case .sum, .average:
            return number(aggregate.apply(scalars.map(\.1)))
        }
    }

    /// A sum or mean as a mixed value.
    private static func number(_ value: Value) -> AnyRealmValue? {
        switch value {
        case let .int(i): return .int(Int(i))
        case let .double(d): return .double(d)
        case let .float(f): return .float(f)
        case let .decimal128(d): return .decimal128(Decimal128(bits: d))
        default: return nil
        }
    }
}

extension RealmCollection where Element == AnyRealmValue {
    /// The smallest value, in mixed-value order (numbers by value, then by
    /// type); nil when there is none but `.none`, objects and collections.
    ///
    /// ```swift
    /// let lowest = holder.values.min()   // .int(1) of [.int(3), .double(1.5), .int(1)]
    /// ```
    public func min() -> AnyRealmValue? { MixedAggregate.apply(.minimum, to: self) }

    /// The largest value, in mixed-value order.
    ///
    /// ```swift
    /// let highest = holder.values.max()
    /// ```
    public func max() -> AnyRealmValue? { MixedAggregate.apply(.maximum, to: self) }

    /// The sum of the numbers: `.int` while every number is an integer,
    /// `.double` once one has a fraction, `.decimal128` when one is a Decimal128.
    ///
    /// ```swift
    /// let total = holder.values.sum()   // .double(6.5) of [.int(1), .double(5.5)]
    /// ```
    public func sum() -> AnyRealmValue { MixedAggregate.apply(.sum, to: self) ?? .int(0) }

    /// The mean of the numbers (`.double`, or `.decimal128` when one is a
    /// Decimal128); nil when there are none.
    ///
    /// ```swift
    /// let mean: AnyRealmValue? = holder.values.average()
    /// ```
    public func average() -> AnyRealmValue? { MixedAggregate.apply(.average, to: self) }
}

extension Map where Value == AnyRealmValue {
    /// The smallest value of the map, in mixed-value order (numbers by
    /// value, then by type; `.none`, objects and collections left out).
    ///
    /// ```swift
    /// let lowest = scores.min()
    /// ```
    public func min() -> AnyRealmValue? { MixedAggregate.apply(.minimum, to: values) }

    /// The largest value of the map, in mixed-value order.
    ///
    /// ```swift
    /// let highest = scores.max()
    /// ```
    public func max() -> AnyRealmValue? { MixedAggregate.apply(.maximum, to: values) }

    /// The sum of the map's numbers.
    ///
    /// ```swift
    /// let total = scores.sum()
    /// ```
    public func sum() -> AnyRealmValue { MixedAggregate.apply(.sum, to: values) ?? .int(0) }

    /// The mean of the map's numbers; nil when there are none.
    ///
    /// ```swift
    /// let mean = scores.average()
    /// ```
    public func average() -> AnyRealmValue? { MixedAggregate.apply(.average, to: values) }
}
