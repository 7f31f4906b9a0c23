import GeodeCore

/// The numbers found at one key path among a group's objects; values that are
/// not numbers (strings, null, missing) are left out and not counted.
///
/// ```swift
/// let population = group.summaries["properties.population"]
/// print(population?.count ?? 0, population?.average ?? 0)
/// ```
public struct NumericSummary: Sendable, Equatable {
    /// How many of the group's objects have a number there.
    public var count = 0
    /// Their sum (0 when there are none).
    public var sum = 0.0
    /// The smallest (nil when there are none).
    public var min: Double?
    /// The largest (nil when there are none).
    public var max: Double?
    /// Their mean (nil when there are none).
    public var average: Double? { count == 0 ? nil : sum / Double(count) }

    /// The summary of no numbers.
    public init() {}

    mutating func add(_ value: Value) {
        let number: Double
        switch value {
        case let .int(i): number = Double(i)
        case let .double(d): number = d
        case let .float(f): number = Double(f)
        default: return
        }
        count += 1
        sum += number
        min = Swift.min(min ?? number, number)
        max = Swift.max(max ?? number, number)
    }
}
