// Realm Swift's aggregates of a collection of numbers, dates or decimals, of
// optionals (nils left out, as Realm's aggregates leave nulls out) and of a
// map's values. min() and max() of non-optional elements are the standard
// library's, which Realm's mirror.

extension RealmCollection where Element: AdditiveArithmetic {
    /// The sum of the elements (zero when there are none).
    ///
    /// ```swift
    /// let total = scores.sum()
    /// ```
    public func sum() -> Element { reduce(.zero, +) }
}

extension RealmCollection where Element: BinaryInteger {
    /// The mean of the elements; nil when there are none.
    public func average<T: BinaryFloatingPoint>() -> T? {
        isEmpty ? nil : T(reduce(0.0) { $0 + Double($1) } / Double(count))
    }
}

extension RealmCollection where Element: BinaryFloatingPoint {
    /// The mean of the elements; nil when there are none.
    public func average<T: BinaryFloatingPoint>() -> T? {
        isEmpty ? nil : T(reduce(0.0) { $0 + Double($1) } / Double(count))
    }
}

extension RealmCollection where Element == Decimal128 {
    /// The mean of the elements, exact to 34 digits; nil when there are none.
    ///
    /// ```swift
    /// let meanPrice = prices.average()
    /// ```
    public func average() -> Decimal128? { isEmpty ? nil : sum() / Decimal128(count) }
}

/// An element type that is an `Optional`: the aggregates of a collection of
/// optionals read its values and leave nils out, as Realm's do.
public protocol _OptionalElement {
    /// The type of the values.
    associatedtype Wrapped
    /// The value, or nil.
    var _geodeWrapped: Wrapped? { get }
    /// The element holding `value`.
    init(_geodeWrapping value: Wrapped?)
}

extension Optional: _OptionalElement {
    public var _geodeWrapped: Wrapped? { self }
    public init(_geodeWrapping value: Wrapped?) { self = value }
}

extension RealmCollection where Element: _OptionalElement, Element.Wrapped: Comparable {
    /// The smallest value, nils left out; nil when there is none.
    ///
    /// ```swift
    /// let lowest = optionalScores.min()   // [3, nil, 1] gives 1
    /// ```
    public func min() -> Element.Wrapped? { compactMap(\._geodeWrapped).min() }

    /// The largest value, nils left out; nil when there is none.
    public func max() -> Element.Wrapped? { compactMap(\._geodeWrapped).max() }
}

extension RealmCollection where Element: _OptionalElement, Element.Wrapped: AdditiveArithmetic {
    /// The sum of the values, nils left out (zero when there is none).
    public func sum() -> Element.Wrapped { compactMap(\._geodeWrapped).reduce(.zero, +) }
}

extension RealmCollection where Element: _OptionalElement, Element.Wrapped: BinaryInteger {
    /// The mean of the values, nils left out; nil when there is none.
    public func average<T: BinaryFloatingPoint>() -> T? { Self.mean(compactMap(\._geodeWrapped).map { Double($0) }) }
}

extension RealmCollection where Element: _OptionalElement, Element.Wrapped: BinaryFloatingPoint {
    /// The mean of the values, nils left out; nil when there is none.
    public func average<T: BinaryFloatingPoint>() -> T? { Self.mean(compactMap(\._geodeWrapped).map { Double($0) }) }
}

extension RealmCollection where Element == Decimal128? {
    /// The mean of the values, nils left out; nil when there is none.
    public func average() -> Decimal128? {
        let values = compactMap { $0 }
        return values.isEmpty ? nil : values.reduce(0, +) / Decimal128(values.count)
    }
}

extension RealmCollection {
    fileprivate static func mean<T: BinaryFloatingPoint>(_ values: [Double]) -> T? {
        values.isEmpty ? nil : T(values.reduce(0, +) / Double(values.count))
    }
}

// The same aggregates of a map's values, as Realm's `Map` offers them.

extension Map where Value: Comparable {
    /// The smallest value; nil when the map is empty.
    ///
    /// ```swift
    /// let lowest = scoresByPlayer.min()
    /// ```
    public func min() -> Value? { values.min() }
    /// The largest value; nil when the map is empty.
    public func max() -> Value? { values.max() }
}

extension Map where Value: _OptionalElement, Value.Wrapped: Comparable {
    /// The smallest value, nils left out; nil when there is none.
    public func min() -> Value.Wrapped? { values.compactMap(\._geodeWrapped).min() }
    /// The largest value, nils left out; nil when there is none.
    public func max() -> Value.Wrapped? { values.compactMap(\._geodeWrapped).max() }
}

extension Map where Value: _OptionalElement, Value.Wrapped: AdditiveArithmetic {
    /// The sum of the values, nils left out (zero when there is none).
    ///
    /// ```swift
    /// let total = optionalScoresByPlayer.sum()   // ["a": 1, "b": nil, "c": 3] gives 4
    /// ```
    public func sum() -> Value.Wrapped { values.compactMap(\._geodeWrapped).reduce(.zero, +) }
}

extension Map where Value: _OptionalElement, Value.Wrapped: BinaryInteger {
    /// The mean of the values, nils left out; nil when there is none.
    public func average<T: BinaryFloatingPoint>() -> T? {
        let present = values.compactMap(\._geodeWrapped)
        return present.isEmpty ? nil : T(present.reduce(0.0) { $0 + Double($1) } / Double(present.count))
    }
}

extension Map where Value: _OptionalElement, Value.Wrapped: BinaryFloatingPoint {
    /// The mean of the values, nils left out; nil when there is none.
    public func average<T: BinaryFloatingPoint>() -> T? {
        let present = values.compactMap(\._geodeWrapped)
        return present.isEmpty ? nil : T(present.reduce(0.0) { $0 + Double($1) } / Double(present.count))
    }
}

extension Map where Value: AdditiveArithmetic {
    /// The sum of the values (zero for an empty map).
    public func sum() -> Value { values.reduce(.zero, +) }
}

extension Map where Value: BinaryInteger {
    /// The mean of the values; nil for an empty map.
    public func average<T: BinaryFloatingPoint>() -> T? {
        values.isEmpty ? nil : T(values.reduce(0.0) { $0 + Double($1) } / Double(values.count))
    }
}

extension Map where Value: BinaryFloatingPoint {
    /// The mean of the values; nil for an empty map.
    public func average<T: BinaryFloatingPoint>() -> T? {
        values.isEmpty ? nil : T(values.reduce(0.0) { $0 + Double($1) } / Double(values.count))
    }
}
