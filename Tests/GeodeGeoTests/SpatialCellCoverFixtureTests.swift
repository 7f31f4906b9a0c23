import Foundation
@testable import GeodeGeo
import GeodeTestSupport
import Testing

/// The ranges the spatial index scans for fixed rectangles, from
/// `Data/Fixtures/cover/covers.json`: a faster way of computing a cover must
/// give exactly the same ranges (a range too many costs every query a seek;
/// a cell too few loses points).
@Suite struct SpatialCellCoverFixtureTests {
    struct Case: Decodable {
        var rects: [[Double]]
        var maxCells: Int?
        var ranges: [[UInt64]]
    }

    static func cases() throws -> [Case] {
        let url = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cover/covers.json")
        return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
    }

    @Test func coversOfTheFixtureRectanglesAreTheRecordedRanges() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 60)
        for (number, fixture) in cases.enumerated() {
            let rects = fixture.rects.compactMap { r in
                r.count == 4 ? GeoRect(west: r[0], south: r[1], east: r[2], north: r[3]) : nil
            }
            #expect(rects.count == fixture.rects.count, "case \(number): a rectangle is four numbers")
            let ranges = SpatialCell.cover(rects, maxCells: fixture.maxCells).map { [$0.lowerBound, $0.upperBound] }
            #expect(ranges == fixture.ranges, "case \(number): cover of \(fixture.rects)")
        }
    }
}
