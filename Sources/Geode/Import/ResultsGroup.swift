/// The objects of a ``Results`` that share one value at a key path, counted,
/// with numeric summaries of other key paths: what ``Results/groups(by:aggregating:)``
/// returns (SQL's `GROUP BY`, which the query language does not have).
///
/// ```swift
/// for group in try cities.groups(by: "properties.countrycode", aggregating: ["properties.population"]) {
///     print(group.key, group.count, group.summaries["properties.population"]?.sum ?? 0)
/// }
/// ```
public struct ResultsGroup {
    /// The value the group's objects have at the key path (`.none` where they have none).
    public let key: AnyRealmValue
    /// The number of objects in the group.
    public let count: Int
    /// For each aggregated key path, the summary of the group's numbers there.
    public let summaries: [String: NumericSummary]
}
