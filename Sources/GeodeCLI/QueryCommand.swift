import ArgumentParser
import Foundation
import Geode
import GeodeCore
import GeodeJSON

extension GeodeCommand {
    /// `geode query [STORE] [CLASS] PREDICATE`.
    struct QueryObjects: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "query",
            abstract: "Run a query (Realm Query Language) on a store; print the count or the objects.",
            discussion: """
                Paths reach into nested values: properties.meta.rank, properties.tags[*] (each element), …
                Geo: geometry geoWithin geoBox([minLon, minLat], [maxLon, maxLat], planar),
                     geometry geoWithin geoCircle([lon, lat], radius): the radius in radians, or with
                       a unit: 10km, 500m, 3mi, 2deg (Realm's Earth radius, 6378.1 km),
                     geometry geoWithin geoPolygon({[lon, lat], …}).

                The class is GeoFeature (GeoJSON imports) unless named, as a word before the
                query or with --class: JSONDocument holds plain JSON imports, and any other class
                of the store (made by `geode import --class NAME` or by an application) is queried
                by its name.

                Examples:
                  geode query places.geode "properties.population > 1000000" --count
                  geode query tweets.geode JSONDocument "content.user.followers_count > 10000" --count
                  geode query places.geode "geometry geoWithin geoBox([5.9, 45.8], [10.5, 47.8], planar)" --format geojson
                  geode query places.geode "properties.cc == 'FR' SORT(properties.population DESC) LIMIT(10)" --explain
                  geode query places.geode "properties.cc == 'FR'" --sort=-properties.population --limit 5 --format table
                  geode query places.geode "properties.population > 0" --fields properties.name,properties.population --offset 10 --limit 10
                  geode query places.geode "geometry geoWithin geoCircle([2.35, 48.85], 25km)" --count
                  geode query places.geode "properties.cc == 'CH'" --bbox        # [west, south, east, north]
                  geode query places.geode "properties.population > 100000" --near 2.35,48.85 --limit 5
                  geode query world.geode "properties.population > 0" --within-feature "properties.iso_a3 == 'ITA'" --count
                  geode query places.geode "TRUEPREDICATE" --within italy.geojson --count
                  geode query places.geode "TRUEPREDICATE SORT(DISTANCE(geometry, [2.35, 48.85])) LIMIT(5)"
                  geode query places.geode "properties.population > 0" --group-by properties.countrycode --aggregate properties.population --limit 5
                """
        )

        @Argument(
            help:
                "[STORE] [CLASS] QUERY: the store (default $GEODE_STORE or ./geode.geode), the class (default GeoFeature) and the predicate, with optional SORT, DISTINCT and LIMIT clauses; a store alone means every object."
        )
        var words: [String]

        @Option(help: "Sort by this key path, ascending; --sort=-path for descending.")
        var sort: String?

        @Option(
            help:
                "Sort by great-circle distance from LON,LAT, nearest first (objects without a point last), each object printed with its `distance` in metres; with --limit N, the N nearest, found through the spatial index."
        )
        var near: String?

        @OptionGroup var selection: OutputSelection

        @Option(name: .customLong("class"), help: "The class to query (default GeoFeature).")
        var className: String?

        @Option(
            name: .customLong("group-by"),
            help: "Count the matching objects by their value at this key path, largest group first.")
        var groupBy: String?

        @Option(
            help:
                "With --group-by: the sum, average, minimum and maximum of these key paths per group, comma-separated.")
        var aggregate: String?

        @Option(
            help:
                "Keep only the objects whose geometry lies within this GeoJSON Polygon or MultiPolygon: a file (- is standard input) holding a geometry, a Feature, or a FeatureCollection of one Feature (planar edges, as RFC 7946)."
        )
        var within: String?

        @Option(
            name: .customLong("within-feature"),
            help:
                "Keep only the objects whose geometry lies within the Polygon or MultiPolygon geometry of the first object of the class that this query finds, in the same store (such as a country border imported into GeoFeature)."
        )
        var withinFeature: String?

        @Flag(help: "Print only the number of matching objects.")
        var count = false

        @Flag(help: "Print only the extent of the matching objects' geometries: [west, south, east, north], or null.")
        var bbox = false

        @Flag(help: "Print the plan the engine chose, then the count.")
        var explain = false

        @Option(
            help:
                "Output format for the objects: table, geojson, geojsonl, json, ndjson, csv or tsv (the geometry as WKT) (default: table on a terminal, else geojsonl for a class with a geometry and ndjson for one without)."
        )
        var format: ExportFormat?

        /// The store, the class and the predicate the words name. Of two words
        /// before the query, the first is the store; of one, it is the store
        /// when it names a file or looks like a path, else the class.
        private var parsed: (store: String, cls: String, named: Bool, predicate: String)? {
            // A store alone (`geode query places.geode`): every object of the class.
            if words.count == 1, !words[0].contains(where: \.isWhitespace), ToolStore.looksLikeStorePath(words[0]) {
                return (words[0], className ?? ToolStore.defaultClass, className != nil, "TRUEPREDICATE")
            }
            guard let predicate = words.last else { return nil }
            var rest = words.dropLast()
            var cls = className
            if let word = rest.last, rest.count == 2 || !ToolStore.looksLikeStorePath(word) {
                guard className == nil || className == word else { return nil }
                cls = word
                rest = rest.dropLast()
            }
            guard rest.count <= 1 else { return nil }
            return (rest.first ?? ToolStore.defaultPath, cls ?? ToolStore.defaultClass, cls != nil, predicate)
        }

        func validate() throws {
            guard (1 ... 3).contains(words.count), parsed != nil else {
                throw ValidationError(
                    "expected [STORE] [CLASS] QUERY, with the class named once (as a word or with --class)")
            }
            if aggregate != nil && groupBy == nil { throw ValidationError("--aggregate needs --group-by") }
            if within != nil && withinFeature != nil {
                throw ValidationError("give one shape: --within or --within-feature")
            }
            if near != nil {
                if sort != nil { throw ValidationError("--near sorts by distance: it goes without --sort") }
                if nearPoint == nil {
                    throw ValidationError(
                        "--near takes LON,LAT: a longitude in [-180, 180] and a latitude in [-90, 90], such as 2.35,48.85"
                    )
                }
            }
            if groupBy != nil && (selection.fields != nil || count || explain) {
                throw ValidationError("--group-by prints groups: it goes without --fields, --count and --explain")
            }
            if bbox && (groupBy != nil || selection.fields != nil || count || explain) {
                throw ValidationError(
                    "--bbox prints the extent alone: it goes without --group-by, --fields, --count and --explain")
            }
        }

        /// The longitude and latitude of `--near`, nil when it is not two numbers in range.
        private var nearPoint: (longitude: Double, latitude: Double)? {
            let parts = (near ?? "").split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lon = parts[0], let lat = parts[1], (-180 ... 180).contains(lon),
                (-90 ... 90).contains(lat)
            else { return nil }
            return (lon, lat)
        }

        /// The shape of `--within` or `--within-feature`, nil when neither is given.
        private func withinShape(_ objects: Results<DynamicObject>, _ cls: String, _ realm: Realm) throws
            -> GeoGeometry?
        {
            if let within {
                return try GeoGeometry(geoJSON: ShapeFile.geometryJSON(within))
            }
            guard let withinFeature else { return nil }
            let found = try objects.query(withinFeature)
            guard !found.isEmpty else {
                throw ValidationError("--within-feature: no \(cls) object matches \(withinFeature)")
            }
            guard let path = ToolStore.geometryProperty(of: cls, in: realm),
                let geometry = try found.firstGeometry(in: path)
            else {
                throw ValidationError("--within-feature: the \(cls) object that \(withinFeature) finds has no geometry")
            }
            return geometry
        }

        func run() throws {
            guard let (store, cls, named, predicate) = parsed else {
                throw ValidationError("expected [STORE] [CLASS] QUERY")
            }
            var clauses = ""
            if let sort { clauses += sort.hasPrefix("-") ? " SORT(\(sort.dropFirst()) DESC)" : " SORT(\(sort) ASC)" }
            try ExitStatus.run {
                try ToolStore.refuseCirclesBeyondTheSphere(in: predicate)
                let realm = try ToolStore.openExisting(store)
                if let (lon, lat) = nearPoint {
                    guard let path = ToolStore.geometryProperty(of: cls, in: realm) else {
                        throw ValidationError("--near: \(cls) has no geo point property to measure distances from")
                    }
                    clauses += " SORT(DISTANCE(\(path), [\(lon), \(lat)]))"
                }
                // With --group-by, --limit and --offset count groups, not objects.
                if groupBy == nil { clauses += selection.limitClause }
                let objects = try ToolStore.objects(of: cls, named: named, in: realm, store)
                var results: Results<DynamicObject>
                if let shape = try withinShape(objects, cls, realm) {
                    guard let path = ToolStore.geometryProperty(of: cls, in: realm) else {
                        throw ValidationError("--within: \(cls) has no geometry property to test")
                    }
                    // GeoJSON's edges are straight lines in longitude/latitude (RFC 7946).
                    results = try objects.query(
                        "(\(predicate)) AND \(path) geoWithin $0" + clauses, shape.with(edges: .planar))
                } else {
                    results = try objects.query(predicate + clauses)
                }
                if results.isEmpty { ToolStore.explainNoMatches(predicate, cls, objects) }
                if explain { print(results.explain()) }
                if count || explain {
                    print(results.count)
                    return
                }
                if bbox {
                    let box = try results.boundingBox()
                    print(try box.map { try JSONWriter.string(.list($0.map(Value.double)), pretty: false) } ?? "null")
                    return
                }
                if let groupBy {
                    let aggregated = ToolStore.fieldList(aggregate) ?? []
                    let table = GroupTable(
                        keyPath: groupBy, aggregated: aggregated,
                        groups: Array(
                            try results.groups(by: groupBy, aggregating: aggregated)
                                .dropFirst(selection.offset).prefix(selection.limit ?? .max)))
                    try table.write(as: format ?? (isatty(STDOUT_FILENO) != 0 ? .table : .jsonLines))
                    return
                }
                let lines: ExportFormat = ToolStore.hasGeometry(cls, in: realm) ? .geoJSONLines : .jsonLines
                let chosen = format ?? (isatty(STDOUT_FILENO) != 0 ? .table : lines)
                try ToolStore.refuseGeoJSONWithoutGeometry(cls, chosen, in: realm)
                // Nearest first: each object says how far it is, in metres (`distance`).
                var distances: (name: String, values: [Value])?
                if let (lon, lat) = nearPoint, let path = ToolStore.geometryProperty(of: cls, in: realm) {
                    let all = try results.distances(fromLongitude: lon, latitude: lat, in: path)
                    distances = ("distance", Array(all.dropFirst(selection.offset)))
                }
                fflush(nil)
                try results.export(
                    to: FileHandle.standardOutput, format: chosen, fields: selection.fieldList, offset: selection.offset,
                    appending: distances)
            }
        }
    }

    /// `geode export STORE`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a store's objects (or those matching a query) as GeoJSON or JSON.",
            discussion: """
                Examples:
                  geode export places.geode --format geojson > places-out.geojson
                  geode export places.geode --where "properties.cc == 'CH'" --format geojsonl
                  geode export tweets.geode --class Tweet --format ndjson
                  geode export places.geode --fields properties.name,properties.population --format ndjson --offset 100 --limit 10
                  geode export places.geode --format csv > places.csv     # WKT,id,name,… (geode import reads it back)
                """
        )

        @Argument(help: "The store file (default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        @Option(name: .customLong("class"), help: "The class to export (default GeoFeature).")
        var className: String?

        @Option(name: .customLong("where"), help: "Export only the objects matching this predicate.")
        var predicate = "TRUEPREDICATE"

        @Option(
            help:
                "geojson, geojsonl, json, ndjson, table, csv or tsv (the geometry as WKT) (default: geojson for a class with a geometry, else json)."
        )
        var format: ExportFormat?

        @Option(help: "Write here instead of standard output (- is standard output).")
        var output: String?

        @OptionGroup var selection: OutputSelection

        func run() throws {
            try ExitStatus.run {
                try ToolStore.refuseCirclesBeyondTheSphere(in: predicate)
                let realm = try ToolStore.openExisting(store)
                let objects = try ToolStore.objects(
                    of: className ?? ToolStore.defaultClass, named: className != nil, in: realm, store)
                let cls = className ?? ToolStore.defaultClass
                let format = self.format ?? (ToolStore.hasGeometry(cls, in: realm) ? .geoJSON : .json)
                try ToolStore.refuseGeoJSONWithoutGeometry(cls, format, in: realm)
                let handle: FileHandle
                if let output, output != "-" {
                    guard FileManager.default.createFile(atPath: output, contents: nil),
                        let h = FileHandle(forWritingAtPath: output)
                    else {
                        ExitStatus.report("cannot write \(output)")
                        throw ExitCode.failure
                    }
                    handle = h
                } else {
                    handle = FileHandle.standardOutput
                }
                let matched = try objects.query(predicate + selection.limitClause)
                if matched.isEmpty { ToolStore.explainNoMatches(predicate, cls, objects) }
                try matched.export(to: handle, format: format, fields: selection.fieldList, offset: selection.offset)
            }
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
