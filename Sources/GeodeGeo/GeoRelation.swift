/// How a stored geometry must relate to a query's shape.
///
/// ```swift
/// // "location geoWithin geoBox(…)", "border geoIntersects geoLineString(…)", "border geoContains geoPoint(…)"
/// let relation = GeoRelation(keyword: "geoContains")   // .contains
/// ```
package enum GeoRelation: String, Sendable, Hashable, CaseIterable {
    /// Every point of the stored geometry lies in the shape (Realm's `geoWithin`).
    case within = "geoWithin"
    /// The stored geometry and the shape share a point, boundaries included.
    case intersects = "geoIntersects"
    /// Every point of the shape lies in the stored geometry ("which country is this point in").
    case contains = "geoContains"

    /// The relation a query keyword names, in any letter case.
    package init?(keyword: String) {
        guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == keyword.lowercased() }) else {
            return nil
        }
        self = found
    }
}
