import GeodeGeo
import Testing

/// GEOS through the reentrant API: prepared `covers` counts the boundary, and
/// GEOS's errors come back as thrown errors with its message.
@Suite struct PreparedGeometryTests {
    @Test func coversCountsInteriorAndBoundaryButNotHoles() throws {
        let context = GEOSContext()
        let square = try context.geometry(wkt: "POLYGON((0 0, 10 0, 10 10, 0 10, 0 0), (4 4, 6 4, 6 6, 4 6, 4 4))")
        #expect(square.isValid)
        let prepared = try square.prepared()
        #expect(try prepared.covers(x: 1, y: 1))
        #expect(try prepared.covers(x: 10, y: 5), "a point on the outer edge is covered")
        #expect(try prepared.covers(x: 0, y: 0), "a vertex is covered")
        #expect(try prepared.covers(x: 4, y: 5), "a point on the hole's edge is covered")
        #expect(try !prepared.covers(x: 5, y: 5), "a point inside the hole is not")
        #expect(try !prepared.covers(x: 10.000001, y: 5))
    }

    @Test func malformedTextIsAnErrorWithGEOSsMessage() {
        let context = GEOSContext()
        do {
            _ = try context.geometry(wkt: "POLYGON((0 0, 1 1")
            Issue.record("malformed WKT was accepted")
        } catch let GeometryError.geos(operation, message) {
            #expect(operation == "read WKT")
            #expect(!message.isEmpty && message != "no message")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func invalidPolygonsSayWhy() throws {
        let context = GEOSContext()
        let bowtie = try context.geometry(wkt: "POLYGON((0 0, 10 10, 10 0, 0 10, 0 0))")
        #expect(!bowtie.isValid)
        #expect(bowtie.validityReason.contains("Self-intersection"))
    }

    @Test func versionIsReported() {
        #expect(GEOSContext.version.hasPrefix("3."))
    }
}
