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
