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
        guard let number = value.numberValue else { return }
        count += 1
        sum += number
        min = Swift.min(min ?? number, number)
        max = Swift.max(max ?? number, number)
    }
}

extension Value {
    /// The value as a Double, when it is a number (what summaries and
    /// bounding boxes count).
    var numberValue: Double? {
        switch self {
        case let .int(i): return Double(i)
        case let .double(d): return d
        case let .float(f): return Double(f)
        default: return nil
        }
    }
}
