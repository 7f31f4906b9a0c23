/// A shape ready to test points: built once per query, used for every candidate.
package protocol GeoRegion: AnyObject {
    /// Whether the point lies in the region (boundary included).
    func contains(longitude: Double, latitude: Double) -> Bool
    /// Rectangles whose union contains the region: what the spatial index scans.
    var bounds: GeoBounds { get }
    /// A test of whether every point of a rectangle lies outside the region
    /// (true only when certain), so the spatial index need not scan it; nil
    /// for shapes whose bounds are tight already.
    var exclusion: ((GeoRect) -> Bool)? { get }
    /// The most cells the spatial index may cover the region with; nil to
    /// let the index choose by the region's size.
    var coverCells: Int? { get }
}

extension GeoRegion {
    package var exclusion: ((GeoRect) -> Bool)? { nil }
    package var coverCells: Int? { nil }
}
