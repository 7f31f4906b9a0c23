// Realm Swift's aggregates of a collection of numbers (min() and max() are the
// standard library's, which Realm's mirror).

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
