import ArgumentParser
import Foundation
import Geode

extension GeodeCommand {
    /// `geode demo`: the built-in tour.
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import the built-in city sample into a new store and query it.",
            discussion: """
                Imports Data/Samples/cities.geojson (1,001 GeoNames cities) and
                Data/Samples/countries.geojson (177 Natural Earth country borders) of the
                repository the tool was built in (from any directory) the way
                `geode import` does, then runs the kinds of queries Geode is for — mixed-property
                filters, sorts, an indexed id lookup, and geoWithin boxes, circles, polygons and
                country borders taken from the store, answered from the spatial index — printing
                each plan, count and time, and exports one city back.

                Example:
                  geode demo --store /tmp/cities.geode
                """
        )

        @Option(help: "The GeoJSON sample of points to import (default: the repository's Data/Samples/cities.geojson).")
        var sample = Self.bundled("Data/Samples/cities.geojson")

        @Option(help: "The GeoJSON sample of country borders to import (skipped when missing).")
        var countries = Self.bundled("Data/Samples/countries.geojson")

        /// A sample file of the repository the tool was built in: `path` in the
        /// current directory when it is there, else in the nearest directory above
        /// the executable (`.build/debug/geode`, `swift run`) that holds it, so
        /// the demo runs from any directory.
        static func bundled(_ path: String) -> String {
            if FileManager.default.fileExists(atPath: path) { return path }
            let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
            var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while directory.path != "/" {
                let candidate = directory.appendingPathComponent(path).path
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
            return path
        }

        @Option(help: "Where to write the store (default: a temporary file, removed afterwards).")
        var store: String?

        func run() throws {
            try ExitStatus.run { try tour() }
        }

        private func tour() throws {
            let temporary =
                store == nil
                ? FileManager.default.temporaryDirectory
                    .appendingPathComponent("geode-demo-\(ProcessInfo.processInfo.processIdentifier)").path : nil
            if let temporary {
                try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            }
            defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
            let path = store ?? temporary! + "/cities.geode"
            guard FileManager.default.fileExists(atPath: sample) else {
                ExitStatus.report("no such file: \(sample)")
                throw ExitCode(ExitStatus.missingFile)
            }

            let realm = try ToolStore.open(path)
            let report = try realm.importGeoJSON(from: URL(fileURLWithPath: sample))
            print("Geode demo: imported \(sample) -> \(path)")
            print("  \(report)")
            let cities = realm.objects(GeoFeature.self)
            print("  the store holds \(cities.count) GeoFeature objects\n")

            try show(
                "The five largest cities (a mixed-property filter, sorted):",
                cities.query("properties.population > 1000000 SORT(properties.population DESC) LIMIT(5)"))
            try show(
                "Cities in a box around Switzerland (planar box, spatial index):",
                cities.query("geometry geoWithin geoBox([5.9, 45.8], [10.5, 47.8], planar) SORT(properties.name ASC)"))
            let paris = try GeoPoint(latitude: 48.8566, longitude: 2.3522).orFail("bad centre")
            let circle = GeoCircle(center: paris, radius: try Distance.kilometers(250).orFail("bad radius"))
            try show(
                "Within 250 km of Paris (a circle on the sphere):",
                cities.where { $0.geometry.geoWithin(circle) }.sorted(byKeyPath: "properties.name"))
            try show(
                "The five cities nearest to Paris's centre (nearest first, through the spatial index):",
                cities.query("TRUEPREDICATE SORT(DISTANCE(geometry, [2.3522, 48.8566])) LIMIT(5)"))
            try show(
                "In a polygon over the Low Countries, population over 50,000 (polygon and filter):",
                cities.query(
                    "geometry geoWithin geoPolygon({[2.5, 49.5], [7.2, 49.5], [7.2, 53.6], [4.5, 53.4], [2.5, 51.0], [2.5, 49.5]}, planar) AND properties.population > 50000"
                ))
            try show(
                "Names starting with 'San' in the Americas, case-insensitive:",
                cities.query(
                    "properties.name BEGINSWITH[c] 'san' AND properties.timezone BEGINSWITH 'America/' SORT(properties.name ASC) LIMIT(5)"
                ))
            if FileManager.default.fileExists(atPath: countries) {
                let borders = try realm.importGeoJSON(from: URL(fileURLWithPath: countries))
                print("  Imported \(countries): \(borders)")
                print("  (borders are stored as Polygons and MultiPolygons, indexed by the cells that cover them)\n")
                try show(
                    "Which country holds Rome (geoContains a point: the reverse lookup, planar as GeoJSON):",
                    cities.query("geometry geoContains geoPoint([12.4964, 41.9028], planar)"))
                for (code, name) in [("ITA", "Italy"), ("BRA", "Brazil")] {
                    let country = try cities.query("properties.iso_a3 == %@", code)
                    guard let border = try country.firstGeometry(in: "geometry") else { continue }
                    try show(
                        "Cities inside \(name)'s border (its \(border.type), read from the store):",
                        cities.where { $0.geometry.geoWithin(border, edges: .planar) && $0.geometry.type == "Point" }
                            .sorted(byKeyPath: "properties.population", ascending: false))
                }
                try reverseGeocode(cities)
            }
            if let first = try cities.query("properties.population > 5000000 SORT(properties.population DESC)").first,
                case let .int(id) = first.id
            {
                try show("Looked up by id \(id) (the id index):", cities.query("id == %@", id))
                print("  Exported as GeoJSON:")
                print("    ", terminator: "")
                fflush(nil)
                try cities.query("id == %@", id).export(to: FileHandle.standardOutput, format: .geoJSONLines)
            }
        }

        /// Every city paired with the country whose border holds it: a spatial join, one index query per border.
        private func reverseGeocode(_ features: Results<GeoFeature>) throws {
            let clock = ContinuousClock()
            let borders = try features.query("geometry.type == 'Polygon' OR geometry.type == 'MultiPolygon'")
            let points = try features.query("geometry.type == 'Point'")
            var perCountry: [(name: String, cities: Int)] = []
            let time = try clock.measure {
                for (country, inside) in try points.spatialJoin(
                    within: borders, on: "geometry", regionsOn: "geometry", edges: .planar)
                {
                    let name = country.properties.dictionaryValue?["name"]?.stringValue ?? "?"
                    perCountry.append((name, inside.count))
                }
            }
            let placed = perCountry.reduce(0) { $0 + $1.cities }
            let most = perCountry.sorted { $0.cities > $1.cities }.prefix(5).map { "\($0.name) \($0.cities)" }
            print("  Reverse geocoding (a spatial join of the cities with the borders, as `geode join` does):")
            print(
                "    \(placed) of \(points.count) cities lie in one of \(borders.count) countries; "
                    + "most in \(most.joined(separator: ", "))")
            let ms = Double(time.components.seconds) * 1000 + Double(time.components.attoseconds) / 1e15
            print("    in \(String(format: "%.2f", ms)) ms\n")
        }

        private func show(_ title: String, _ results: Results<GeoFeature>) throws {
            let clock = ContinuousClock()
            var names: [String] = []
            let time = clock.measure {
                names = results.map { feature in
                    let p = feature.properties
                    let name = p.dictionaryValue?["name"]?.stringValue ?? "?"
                    let country = p.dictionaryValue?["countrycode"]?.stringValue ?? "?"
                    let population = p.dictionaryValue?["population"]?.intValue ?? 0
                    return "\(name) (\(country), \(population.formatted()))"
                }
            }
            print("  \(title)")
            print("    plan: \(results.explain())")
            print(
                "    \(names.count) found in \(String(format: "%.2f", Double(time.components.attoseconds) * 1e-15 + Double(time.components.seconds) * 1000)) ms: "
                    + names.prefix(8).joined(separator: "; ") + (names.count > 8 ? "; …" : ""))
            print("")
        }
    }
}

private extension Optional {
    func orFail(_ what: String) throws -> Wrapped {
        guard let self else { throw ValidationError(what) }
        return self
    }
}
