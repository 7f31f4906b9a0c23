import Foundation
import Geode
import GeodeTestSupport
import Testing

/// The `geode` executable, run as a subprocess: output, errors and exit status.
@Suite struct GeodeToolTests {
    @Test func versionNamesTheLibraries() throws {
        let outcome = try Subprocess.run("geode", ["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("store format 7"))
        #expect(outcome.stdout.contains("LMDB 0.9"))
        #expect(outcome.stdout.contains("GEOS 3."))
    }

    @Test func demoLoadsTheSampleAndReadsItBack() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("demo.geode")
        let outcome = try Subprocess.run(
            "geode", ["demo", "--store", store], currentDirectory: Fixtures.repositoryDirectory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("1001 of 1001 records written"))
        #expect(outcome.stdout.contains("the store holds 1001 GeoFeature objects"))
        #expect(
            outcome.stdout.contains("1. São Paulo") || outcome.stdout.contains("São Paulo (BR, 12,400,232)"),
            "the largest city of the sample")
        #expect(outcome.stdout.contains("plan: spatial index GeoFeature.geometry"))
        #expect(outcome.stdout.contains("plan: nearest 5 through spatial index GeoFeature.geometry"))
        #expect(outcome.stdout.contains("5 found in"), "the nearest cities")
        #expect(outcome.stdout.contains("\"coordinates\":[-46.63611,-23.5475]"), "the export writes shortest numbers")
        #expect(outcome.stdout.contains("177 of 177 records written"), "the country borders")
        #expect(outcome.stdout.contains("Cities inside Italy's border"))
        #expect(outcome.stdout.contains("geoMultiPolygon(3 polygons"))
        let stats = try Subprocess.run("geode", ["stats", store])
        #expect(stats.status == 0)
        #expect(
            stats.stdout.contains("class    GeoFeature: 1178 objects, documents "), "1,001 cities and 177 countries")
        #expect(stats.stdout.contains("geometry: GeoJSONGeometry? (spatial index, "), "\(stats.stdout)")
        #expect(stats.stdout.contains("id: mixed (indexed, "), "\(stats.stdout)")
    }

    @Test func theDemoRunsFromAnyDirectory() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Subprocess.run("geode", ["demo"], currentDirectory: directory.url)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("the store holds 1001 GeoFeature objects"))
    }

    @Test func aCircleLargerThanTheSphereIsRefusedWithAHintAboutRadians() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("c.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        #expect(try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet"]).status == 0)
        for arguments in [
            ["query", store, "geometry geoWithin geoCircle([2.35, 48.85], 100)", "--count"],
            ["export", store, "--where", "NOT geometry geoWithin geoCircle([2.35, 48.85], 250)"],
        ] {
            let refused = try Subprocess.run("geode", arguments)
            #expect(refused.status == 64 && refused.stdout.isEmpty, "\(arguments): \(refused.stdout)")
            #expect(refused.stderr.contains("radii are in radians"), "\(refused.stderr)")
        }
        let meant = try Subprocess.run(
            "geode", ["query", store, "geometry geoWithin geoCircle([2.35, 48.85], 0.0157)", "--count"])
        #expect(meant.status == 0 && Int(meant.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0)
    }

    @Test func aStoreAloneQueriesEveryObject() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("c.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        #expect(try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet"]).status == 0)
        let all = try Subprocess.run("geode", ["query", store, "--count"])
        #expect(all.status == 0 && all.stdout == "1001\n", "\(all.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("geode.geode")))
    }

    @Test func aDashIsStandardInputForImportAndStandardOutputForExport() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("s.geode")
        let imported = try Subprocess.run(
            "geode", ["import", "-", "--store", store, "--format", "ndjson"],
            input: Data("{\"a\":1}\n{\"a\":2}\n".utf8))
        #expect(
            imported.status == 0 && imported.stdout.hasPrefix("imported standard input into"),
            "\(imported.stdout) \(imported.stderr)")
        let exported = try Subprocess.run(
            "geode", ["export", store, "--class", "JSONDocument", "--format", "ndjson", "--output", "-"])
        #expect(exported.stdout == "{\"a\":1}\n{\"a\":2}\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path("-")))
    }

    @Test func everyCommandThatReadsAStoreDefaultsToTheSameOne() throws {
        let directory = try TemporaryDirectory()
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        #expect(
            try Subprocess.run("geode", ["import", sample, "--quiet"], currentDirectory: directory.url).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.path("geode.geode")))
        for command in [
            ["stats"], ["schema"], ["check"], ["export", "--format", "geojsonl"],
            ["query", "TRUEPREDICATE", "--count"],
        ] {
            let outcome = try Subprocess.run("geode", command, currentDirectory: directory.url)
            #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
        }
    }

    @Test func helpForACommandThatDoesNotExistIsBadUsage() throws {
        let outcome = try Subprocess.run("geode", ["help", "nosuch"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("no command named 'nosuch'"), "\(outcome.stderr)")
        #expect(try Subprocess.run("geode", ["help", "query"]).status == 0)
    }

    @Test func aMissingStoreExitsWith66() throws {
        let outcome = try Subprocess.run("geode", ["stats", "/nonexistent/store.geode"])
        #expect(outcome.status == 66)
        #expect(outcome.stderr.hasPrefix("geode: "))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aFileThatIsNotAStoreExitsWith65AndIsUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let contents = Data("just some notes\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: contents)
        let outcome = try Subprocess.run("geode", ["stats", path])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("is not a Geode store"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
        #expect(directory.fileNames == ["notes.txt"])
    }

    @Test func importThenQueryAndExportAnswerFromTheStore() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("c.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        let imported = try Subprocess.run("geode", ["import", sample, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("1001 of 1001 records written"))
        let count = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'FR'", "--count"])
        #expect(count.status == 0)
        let expected =
            try String(contentsOfFile: sample, encoding: .utf8).components(separatedBy: "\"countrycode\":\"FR\"").count
            - 1
        #expect(count.stdout == "\(expected)\n")
        let box = try Subprocess.run(
            "geode", ["query", store, "geometry geoWithin geoBox([-180, -90], [180, 90], planar)", "--explain"])
        #expect(box.stdout.hasPrefix("spatial index"))
        #expect(box.stdout.hasSuffix("\n1001\n"))
        let exported = try Subprocess.run(
            "geode", ["export", store, "--where", "id == 3448439", "--format", "geojsonl"])
        #expect(exported.stdout.contains("\"name\":\"São Paulo\""))
        let schema = try Subprocess.run("geode", ["schema", store])
        #expect(schema.status == 0)
        #expect(schema.stdout.contains("\"spatialIndex\": true"))
        #expect(schema.stdout.contains("\"name\": \"GeoFeature\""))
        let table = try Subprocess.run(
            "geode",
            [
                "query", store, "properties.countrycode == 'FR'", "--sort=-properties.population",
                "--limit", "2", "--format", "table",
            ])
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "header, rule and two rows: \(table.stdout)")
        #expect(
            lines.first?.split(separator: " ", omittingEmptySubsequences: true) == [
                "id", "geometry", "properties.name", "properties.countrycode",
                "properties.population", "properties.timezone", "properties.alternatenames",
            ])
        #expect(
            lines.dropFirst(2).first?.hasPrefix("2990363  4.35788 43.83665") == true,
            "Nîmes first, its point as lon lat: \(table.stdout)")
        let bad = try Subprocess.run("geode", ["query", store, "properties.population >"])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("at column"))
    }

    /// The cities sample imported into a new store: its path.
    static func citiesStore(in directory: TemporaryDirectory) throws -> String {
        let store = directory.path("c.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        let imported = try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet"])
        #expect(imported.status == 0, "\(imported.stderr)")
        return store
    }

    @Test func fieldsAndOffsetChooseWhatQueryAndExportPrint() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let all = try Subprocess.run(
            "geode",
            [
                "query", store, "properties.countrycode == 'FR'", "--sort=-properties.population",
                "--fields", "properties.name,properties.population", "--format", "ndjson",
            ])
        let lines = all.stdout.split(separator: "\n").map(String.init)
        #expect(all.status == 0 && lines.count > 4, "\(all.stderr)")
        #expect(lines.first == #"{"properties.name":"Nîmes","properties.population":148236}"#, "\(lines.first ?? "")")
        let page = try Subprocess.run(
            "geode",
            [
                "query", store, "properties.countrycode == 'FR'", "--sort=-properties.population",
                "--fields", "properties.name,properties.population", "--format", "ndjson",
                "--offset", "1", "--limit", "2",
            ])
        #expect(page.stdout.split(separator: "\n").map(String.init) == Array(lines[1 ... 2]), "\(page.stdout)")
        let exported = try Subprocess.run(
            "geode",
            [
                "export", store, "--fields", "properties.name,nothing.here", "--format", "json",
                "--offset", "1000", "--limit", "5",
            ])
        #expect(exported.status == 0)
        #expect(exported.stdout.contains(#""nothing.here":null"#), "a path an object lacks is null: \(exported.stdout)")
        #expect(
            exported.stdout.components(separatedBy: "properties.name").count - 1 == 1,
            "one object after the first 1,000")
        let negative = try Subprocess.run("geode", ["query", store, "TRUEPREDICATE", "--offset", "-1"])
        #expect(negative.status == 64)
        #expect(try Subprocess.run("geode", ["query", store, "TRUEPREDICATE", "--limit=-1"]).status == 64)
        let huge = try Subprocess.run(
            "geode",
            [
                "query", store, "TRUEPREDICATE", "--limit", "\(Int.max)", "--offset", "5",
                "--format", "ndjson", "--fields", "id",
            ])
        #expect(
            huge.status == 0 && huge.stdout.split(separator: "\n").count == 996,
            "a limit past Int.max with the offset: \(huge.stderr)")
        let clashing = try Subprocess.run(
            "geode",
            [
                "query", store, "TRUEPREDICATE", "--group-by", "count",
                "--aggregate", "count,count", "--format", "json",
            ])
        #expect(clashing.status == 0 && !clashing.signalled, "a key path named like a column: \(clashing.stderr)")
        for format in ["ndjson", "table", "csv", "geojson"] {
            let twice = try Subprocess.run(
                "geode",
                [
                    "query", store, "properties.countrycode == 'FR'", "--limit", "1",
                    "--fields", "properties.name,properties.name", "--format", format,
                ])
            #expect(
                twice.status == 0 && !twice.signalled,
                "a field named twice is written once (\(format)): \(twice.stderr)")
            #expect(
                twice.stdout.components(separatedBy: "properties.name").count - 1 == 1, "\(format): \(twice.stdout)")
        }
    }

    @Test func groupByCountsAndSumsPerGroupLargestFirst() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let grouped = try Subprocess.run(
            "geode",
            [
                "query", store, "properties.population > 0", "--group-by", "properties.countrycode",
                "--aggregate", "properties.population", "--format", "ndjson", "--limit", "3",
            ])
        #expect(grouped.status == 0, "\(grouped.stderr)")
        let rows = grouped.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(
            rows.first?.hasPrefix(#"{"properties.countrycode":"IN","count":112,"sum(properties.population)":7182646"#)
                == true, "\(rows)")
        // The counts agree with one query per group.
        let india = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'IN'", "--count"])
        #expect(india.stdout == "112\n")
        let table = try Subprocess.run(
            "geode",
            ["query", store, "TRUEPREDICATE", "--group-by", "properties.timezone", "--format", "table", "--limit", "1"])
        #expect(table.stdout.hasPrefix("properties.timezone  count"), "\(table.stdout)")
        let misuse = try Subprocess.run(
            "geode", ["query", store, "TRUEPREDICATE", "--aggregate", "properties.population"])
        #expect(misuse.status == 64 && misuse.stderr.contains("--aggregate needs --group-by"))
    }

    @Test func aCircleRadiusWithAUnitCountsWhatTheSameRadiusInRadiansCounts() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let km = try Subprocess.run(
            "geode", ["query", store, "geometry geoWithin geoCircle([2.35, 48.85], 100km)", "--count"])
        let radians = try Subprocess.run(
            "geode", ["query", store, "geometry geoWithin geoCircle([2.35, 48.85], \(100 / 6378.1))", "--count"])
        #expect(km.status == 0 && km.stdout == radians.stdout && km.stdout != "0\n", "\(km.stdout) \(radians.stdout)")
    }

    @Test func nearListsTheNearestCitiesFirstThroughTheSpatialIndex() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let near = try Subprocess.run(
            "geode",
            [
                "query", store, "TRUEPREDICATE", "--near", "2.35,48.85", "--limit", "3", "--fields",
                "properties.name", "--format", "ndjson",
            ])
        #expect(near.status == 0, "\(near.stderr)")
        let names = near.stdout.split(separator: "\n")
        // The sample has no Paris: its nearest city to the centre is Maison Blanche, 2.7 km south.
        #expect(names.count == 3 && names.first?.contains("Maison Blanche") == true, "\(near.stdout)")
        // Each line says how far the city is, in metres, nearest first.
        let records = try names.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let metres = records.compactMap { $0["distance"] as? Double }
        #expect(metres.count == 3 && metres == metres.sorted(), "\(near.stdout)")
        #expect((2_500 ... 2_900).contains(metres.first ?? 0), "Maison Blanche lies 2.7 km from the centre")
        // The same query typed in the query language (no distances), and the plan it takes.
        let typed = try Subprocess.run(
            "geode",
            [
                "query", store, "TRUEPREDICATE SORT(DISTANCE(geometry, [2.35, 48.85])) LIMIT(3)", "--fields",
                "properties.name", "--format", "ndjson",
            ])
        let typedNames = typed.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["properties.name"] as? String
        }
        #expect(typedNames == records.compactMap { $0["properties.name"] as? String } && typedNames.count == 3)
        let plan = try Subprocess.run(
            "geode", ["query", store, "TRUEPREDICATE", "--near", "2.35,48.85", "--limit", "3", "--explain"])
        #expect(plan.stdout.contains("nearest 3 through spatial index GeoFeature.geometry"), "\(plan.stdout)")
        for bad in [["--near", "2.35"], ["--near", "200,0"], ["--near", "2,48", "--sort", "id"]] {
            let refused = try Subprocess.run("geode", ["query", store, "TRUEPREDICATE"] + bad)
            #expect(refused.status == 64 && refused.stderr.contains("--near"), "\(bad): \(refused.stderr)")
        }
    }

    @Test func withinTakesAShapeFromAFileOrFromAStoredFeature() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let fixtures = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli")
        let regions = fixtures.appendingPathComponent("regions.geojson").path
        #expect(try Subprocess.run("geode", ["import", regions, "--store", store, "--quiet"]).status == 0)
        func count(_ arguments: [String], input: Data? = nil) throws -> Int? {
            let outcome = try Subprocess.run("geode", ["query", store] + arguments + ["--count"], input: input)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            return Int(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let box = try count([
            "properties.population > 0 AND geometry geoWithin geoBox([5.9, 45.8], [10.5, 47.8], planar)"
        ])
        let iberia = try count(["properties.population > 0 AND geometry geoWithin geoBox([-10, 35], [4, 44], planar)"])
        #expect((box ?? 0) > 0 && (iberia ?? 0) > 0)
        #expect(try count(["properties.population > 0", "--within-feature", "properties.name == 'CH box'"]) == box)
        #expect(
            try count(["properties.population > 0", "--within-feature", "properties.name == 'two boxes'"])
                == (box ?? 0) + (iberia ?? 0))
        let file = fixtures.appendingPathComponent("ch-box.geojson").path
        #expect(try count(["properties.population > 0", "--within", file]) == box)
        #expect(
            try count(
                ["properties.population > 0", "--within", "-"], input: try Data(contentsOf: URL(fileURLWithPath: file)))
                == box)
        for (arguments, message) in [
            (["--within-feature", "properties.name == 'nowhere'"], "no GeoFeature object matches"),
            (["--within", directory.path("missing.geojson")], "cannot be read"),
            (["--within", file, "--within-feature", "properties.name == 'CH box'"], "give one shape"),
        ] {
            let refused = try Subprocess.run("geode", ["query", store, "TRUEPREDICATE"] + arguments)
            #expect(refused.status == 64 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func joinTagsEachObjectWithTheRegionHoldingIt() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let regions = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli/regions.geojson").path
        #expect(try Subprocess.run("geode", ["import", regions, "--store", store, "--quiet"]).status == 0)
        let counted = try Subprocess.run(
            "geode",
            [
                "query", store,
                "geometry geoWithin geoBox([5.9, 45.8], [10.5, 47.8], planar) AND geometry.type == 'Point'", "--count",
            ])
        let box = try #require(Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(box > 0)
        // Which regions hold a point: the reverse lookup.
        let holding = try Subprocess.run(
            "geode",
            [
                "query", store, "geometry geoContains geoPoint([8, 46.5], planar)", "--fields", "properties.name",
                "--format", "ndjson",
            ])
        #expect(holding.stdout.split(separator: "\n").count == 2, "\(holding.stdout)")

        let only = ["--regions-where", "properties.name == 'CH box'", "--label", "properties.name"]
        let printed = try Subprocess.run("geode", ["join", store] + only)
        #expect(printed.status == 0, "\(printed.stderr)")
        let lines = printed.stdout.split(separator: "\n")
        #expect(lines.count == box)
        #expect(lines.allSatisfy { $0.hasSuffix("\tCH box") }, "\(lines.prefix(3))")

        let written = try Subprocess.run("geode", ["join", store] + only + ["--into", "region"])
        #expect(written.status == 0 && written.stdout.contains("tagged \(box) GeoFeature objects"), "\(written.stdout)")
        let tagged = try Subprocess.run("geode", ["query", store, "properties.region == 'CH box'", "--count"])
        #expect(tagged.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(box)")

        let refused = try Subprocess.run("geode", ["join", store, "--points", "JSONDocument", "--label", "x"])
        #expect(refused.status != 0 && refused.stderr.contains("JSONDocument"), "\(refused.stderr)")
    }

    @Test func recordsAreReadFromTheArrayOrKeyedObjectAJSONPointerNames() throws {
        let directory = try TemporaryDirectory()
        let fixtures = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli")
        let search = directory.path("s.geode")
        let imported = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("search-results.json").path,
                "--records", "/statuses", "--store", search, "--quiet",
            ])
        #expect(imported.status == 0, "\(imported.stderr)")
        let statuses = try Subprocess.run(
            "geode", ["query", search, "JSONDocument", "TRUEPREDICATE", "--format", "ndjson"])
        #expect(
            statuses.stdout == "{\"id\":1,\"text\":\"a\"}\n{\"id\":2,\"text\":\"b\"}\n{\"id\":3,\"text\":\"c/d\"}\n")

        let users = directory.path("u.geode")
        let keyed = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("users-by-login.json").path,
                "--records", "/data/users", "--key-member", "login", "--store", users, "--quiet",
            ])
        #expect(keyed.status == 0, "\(keyed.stderr)")
        let rows = try Subprocess.run("geode", ["query", users, "JSONDocument", "TRUEPREDICATE", "--format", "ndjson"])
        #expect(
            rows.stdout.split(separator: "\n").map(String.init) == [
                #"{"login":"ann","age":31,"city":"Lyon"}"#, #"{"login":"bo","age":42,"city":"Oslo"}"#,
                #"{"login":"cy","value":7}"#,
            ])

        let missing = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("users-by-login.json").path,
                "--records", "/data/nobody", "--store", directory.path("m.geode"),
            ])
        #expect(missing.status == 65 && missing.stderr.contains("no member 'nobody' at /data/"), "\(missing.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: directory.path("m.geode")), "a failed import leaves no store behind"
        )
        let ownKey = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("users-with-own-key.json").path,
                "--records", "/users", "--store", directory.path("k.geode"),
            ])
        #expect(ownKey.status == 65 && ownKey.stderr.contains("--key-member"), "\(ownKey.stderr)")
        let notAPointer = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("search-results.json").path,
                "--records", "statuses", "--store", directory.path("p.geode"),
            ])
        #expect(notAPointer.status == 64 && notAPointer.stderr.contains("--records /statuses"))
    }

    @Test func aQueryThatMatchesNothingBecauseOfATypoOrATypeSaysSo() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let typo = try Subprocess.run("geode", ["query", store, "properties.populaton > 1000", "--count"])
        #expect(typo.status == 0 && typo.stdout == "0\n", "the answer stays Realm's")
        #expect(
            typo.stderr.contains(
                "no GeoFeature of the 1000 read has properties.populaton; did you mean properties.population?"),
            "\(typo.stderr)")
        let swapped = try Subprocess.run("geode", ["export", store, "--where", "properties.nmae == 'Paris'"])
        #expect(swapped.stderr.contains("did you mean properties.name?"), "\(swapped.stderr)")
        let string = try Subprocess.run("geode", ["query", store, "properties.population > '1000'", "--count"])
        #expect(
            string.stderr.contains("properties.population holds numbers")
                && string.stderr.contains("the string '1000'"), "\(string.stderr)")
        let fine = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'XX'", "--count"])
        #expect(
            fine.stdout == "0\n" && fine.stderr.isEmpty,
            "a query that simply matches nothing gets no warning: \(fine.stderr)")
        let matches = try Subprocess.run(
            "geode", ["query", store, "properties.population > 1000 OR properties.populaton > 1", "--count"])
        #expect(matches.stderr.isEmpty, "no warning when something matched")
    }

    @Test func csvAndTsvImportWithCoordinatesAGeometryColumnOrNeither() throws {
        let directory = try TemporaryDirectory()
        let fixtures = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli")
        let cities = directory.path("c.geode")
        let imported = try Subprocess.run(
            "geode", ["import", fixtures.appendingPathComponent("cities-sample.csv").path, "--store", cities])
        #expect(
            imported.status == 0 && imported.stdout.contains("20 of 20 records written"),
            "\(imported.stdout) \(imported.stderr)")
        #expect(imported.stdout.contains("geometries: Point 20"))
        let first = try Subprocess.run(
            "geode",
            [
                "query", cities, "geometry geoWithin geoCircle([1.65362, 42.57952], 1km)",
                "--format", "ndjson", "--fields", "properties.name,properties.cc,properties.admin2",
            ])
        #expect(
            first.stdout == #"{"properties.name":"El Tarter","properties.cc":"AD","properties.admin2":null}"# + "\n",
            "\(first.stdout)")

        let towns = directory.path("t.geode")
        #expect(
            try Subprocess.run(
                "geode", ["import", fixtures.appendingPathComponent("towns.tsv").path, "--store", towns, "--quiet"]
            ).status == 0)
        let rows = try Subprocess.run("geode", ["query", towns, "JSONDocument", "TRUEPREDICATE", "--format", "ndjson"])
        #expect(
            rows.stdout.split(separator: "\n").map(String.init) == [
                #"{"name":"Alpha","population":1200,"zip":"01234","founded":"1901-05-01T00:00:00.000Z","capital":true}"#,
                #"{"name":"Beta","population":null,"zip":99,"founded":"2024-05-01T12:00:00.000Z","capital":false}"#,
            ], "\(rows.stdout)")
        let typed = directory.path("typed.geode")
        #expect(
            try Subprocess.run(
                "geode",
                [
                    "import", fixtures.appendingPathComponent("towns.tsv").path, "--store", typed, "--quiet",
                    "--column-types", "zip:string,founded:string",
                ]
            ).status == 0)
        let strings = try Subprocess.run("geode", ["query", typed, "JSONDocument", "content.zip == '99'", "--count"])
        #expect(strings.stdout == "1\n", "a column typed string keeps its digits as text")

        let shapes = directory.path("s.geode")
        #expect(
            try Subprocess.run(
                "geode",
                [
                    "import", fixtures.appendingPathComponent("shapes-wkt.csv").path, "--store", shapes,
                    "--id", "id", "--quiet",
                ]
            ).status == 0)
        let features = try Subprocess.run("geode", ["export", shapes, "--format", "geojsonl"])
        #expect(
            features.stdout.contains(#""geometry":{"type":"Point","coordinates":[2.35,48.85]}"#), "\(features.stdout)")
        #expect(features.stdout.contains(#""type":"Polygon""#))
        #expect(features.stdout.split(separator: "\n").count == 3)

        for (file, problem) in [
            ("bad-latitude.csv", "bad-latitude.csv:3:1: lat 'north' is not a number"),
            ("short-row.csv", "short-row.csv:3:1: 1 fields where the header names 2 columns"),
        ] {
            let store = directory.path("bad-\(file).geode")
            let refused = try Subprocess.run(
                "geode", ["import", fixtures.appendingPathComponent(file).path, "--store", store])
            #expect(refused.status == 65 && refused.stderr.contains(problem), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store))
        }
        let badTypes = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("towns.tsv").path, "--store",
                directory.path("x.geode"), "--column-types", "zip:text",
            ])
        #expect(badTypes.status == 64)
        // A latitude column named without a longitude one is an error, not a file imported without points.
        let halfPoint = try Subprocess.run(
            "geode",
            [
                "import", fixtures.appendingPathComponent("towns.tsv").path, "--store",
                directory.path("h.geode"), "--lat", "population",
            ])
        #expect(
            halfPoint.status == 65 && halfPoint.stderr.contains("a longitude column is needed"), "\(halfPoint.stderr)")
        // Blank lines are no records, however many there are (each one is not a call deeper).
        let blanks = directory.path("blanks.csv")
        try ("a,b\n" + String(repeating: "\n", count: 200_000) + "1,2\n").write(
            toFile: blanks, atomically: false, encoding: .utf8)
        let sparse = try Subprocess.run("geode", ["import", blanks, "--store", directory.path("blanks.geode")])
        #expect(
            sparse.status == 0 && sparse.stdout.contains("1 of 1 records written"), "\(sparse.stdout) \(sparse.stderr)")
    }

    @Test func csvExportWritesTheGeometryAsWKTAndImportsBackToTheSameAnswers() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let exported = try Subprocess.run("geode", ["export", store, "--format", "csv"])
        #expect(exported.status == 0)
        let lines = exported.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1002, "a header and the 1,001 cities")
        #expect(
            lines.first?.hasPrefix("WKT,id,name,countrycode,population,timezone,alternatenames") == true,
            "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("POINT (-46.63611 -23.5475),3448439,São Paulo,BR,12400232,") })
        let csv = directory.path("cities.csv")
        try exported.stdout.write(toFile: csv, atomically: false, encoding: .utf8)
        let again = directory.path("again.geode")
        #expect(try Subprocess.run("geode", ["import", csv, "--store", again, "--quiet"]).status == 0)
        for query in [
            "properties.countrycode == 'FR'", "geometry geoWithin geoCircle([2.35, 48.85], 100km)",
            "properties.population > 1000000",
        ] {
            let a = try Subprocess.run("geode", ["query", store, query, "--count"])
            let b = try Subprocess.run("geode", ["query", again, query, "--count"])
            #expect(a.stdout == b.stdout && a.stdout != "0\n", "\(query): \(a.stdout) then \(b.stdout)")
        }
        let tsv = try Subprocess.run(
            "geode",
            [
                "query", store, "properties.countrycode == 'CH'", "--format", "tsv",
                "--fields", "properties.name,properties.population", "--sort=-properties.population", "--limit", "1",
            ])
        #expect(
            tsv.stdout == "WKT\tproperties.name\tproperties.population\nPOINT (8.82228 47.22557)\tRapperswil\t34776\n",
            "\(tsv.stdout)")
    }

    @Test func bboxPrintsTheExtentOfWhatMatchedAndLinesLeaveOutEmptyGeometries() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let box = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'FR'", "--bbox"])
        let numbers = try #require(
            try JSONSerialization.jsonObject(with: Data(box.stdout.utf8)) as? [Double], "\(box.stdout)")
        #expect(numbers.count == 4 && numbers[0] <= numbers[2] && numbers[1] <= numbers[3])
        // Every French city of the sample lies inside it, and the box is no larger than they need.
        let inside = try Subprocess.run(
            "geode",
            [
                "query", store,
                "geometry geoWithin geoBox([\(numbers[0]), \(numbers[1])], [\(numbers[2]), \(numbers[3])], planar) AND properties.countrycode == 'FR'",
                "--count",
            ])
        let all = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'FR'", "--count"])
        #expect(inside.stdout == all.stdout)
        #expect(
            try Subprocess.run("geode", ["query", store, "properties.countrycode == 'XX'", "--bbox"]).stdout == "null\n"
        )
        let line = try Subprocess.run("geode", ["query", store, "id == 3448439", "--format", "ndjson"])
        #expect(line.stdout.contains("\"geometry\":{") && !line.stdout.contains("otherGeometry"), "\(line.stdout)")
    }

    @Test func importingTheSameRecordsAgainWithoutAnIdSaysHowManyRepeat() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.citiesStore(in: directory)
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        let again = try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet"])
        #expect(again.status == 0)
        #expect(
            again.stderr.contains("warning: 1001 GeoFeature objects now repeat an id another one has"),
            "\(again.stderr)")
        let replaced = try Subprocess.run("geode", ["import", sample, "--store", store, "--quiet", "--update"])
        #expect(replaced.status == 0 && replaced.stderr.isEmpty, "\(replaced.stderr)")
        #expect(try Subprocess.run("geode", ["query", store, "--count"]).stdout == "2002\n")
        let other = try Subprocess.run(
            "geode",
            [
                "import", Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli/plain-records.json").path,
                "--store", store, "--quiet",
            ])
        #expect(other.stderr.isEmpty, "records of another class do not count: \(other.stderr)")
    }

    @Test func backupCopiesAStoreAndCompactRewritesOneInPlace() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("c.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        #expect(try Subprocess.run("geode", ["import", sample, "--store", store]).status == 0)
        let backup = directory.path("backup.geode")
        let copied = try Subprocess.run("geode", ["backup", store, backup])
        #expect(copied.status == 0, "\(copied.stderr)")
        #expect(try Subprocess.run("geode", ["query", backup, "TRUEPREDICATE", "--count"]).stdout == "1001\n")
        #expect(try Subprocess.run("geode", ["backup", store, backup]).status != 0, "the destination exists")
        let compacted = try Subprocess.run("geode", ["compact", store])
        #expect(compacted.status == 0, "\(compacted.stderr)")
        #expect(compacted.stdout.hasPrefix("compacted \(store): "), "\(compacted.stdout)")
        #expect(try Subprocess.run("geode", ["query", store, "TRUEPREDICATE", "--count"]).stdout == "1001\n")
        #expect(try Subprocess.run("geode", ["compact", directory.path("none.geode")]).status == 66)
    }

    @Test func queryingOrExportingTheEmptyDefaultClassOfAStoreWithOtherObjectsNamesThem() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("things.geode")
        let records = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli/plain-records.json").path
        #expect(try Subprocess.run("geode", ["import", records, "--store", store, "--class", "Thing"]).status == 0)
        for arguments in [["export", store, "--format", "geojson"], ["query", store, "TRUEPREDICATE", "--count"]] {
            let outcome = try Subprocess.run("geode", arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stdout)")
            #expect(outcome.stdout.isEmpty, "no empty answer is printed")
            #expect(outcome.stderr.contains("its objects are in Thing (2)"), "\(outcome.stderr)")
        }
        #expect(try Subprocess.run("geode", ["query", store, "Thing", "TRUEPREDICATE", "--count"]).stdout == "2\n")
        #expect(try Subprocess.run("geode", ["export", store, "--class", "Thing", "--format", "ndjson"]).status == 0)
        // Without a geometry, GeoJSON is refused and the default is JSON.
        let geoJSON = try Subprocess.run("geode", ["export", store, "--class", "Thing", "--format", "geojson"])
        #expect(geoJSON.status == 64 && geoJSON.stderr.contains("Thing has no geometry"), "\(geoJSON.stderr)")
        #expect(
            try Subprocess.run("geode", ["query", store, "Thing", "TRUEPREDICATE", "--format", "geojsonl"]).status == 64
        )
        let json = try Subprocess.run("geode", ["export", store, "--class", "Thing"])
        #expect(json.status == 0 && json.stdout.hasPrefix("[\n{\"name\":\"a\""), "\(json.stdout)")
        let lines = try Subprocess.run("geode", ["query", store, "Thing", "content.n > 1"])
        #expect(lines.stdout == "{\"name\":\"b\",\"n\":2}\n", "not a terminal: one JSON record per line")
    }

    /// An application's store holds only the classes it declares: the tool,
    /// which knows three, reads it without changing it.
    @Test func queryExportAndStatsReadAStoreAnApplicationMadeWithoutChangingIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [GeoFeature.self, GeoJSONGeometry.self], named: "app.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson")
        _ = try realm.importGeoJSON(from: sample)
        realm.invalidate()
        let store = directory.path("app.geode")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let count = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'FR'", "--count"])
        #expect(
            count.status == 0 && Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0,
            "\(count.stderr)")
        let exported = try Subprocess.run("geode", ["export", store, "--format", "ndjson", "--output", "-"])
        #expect(exported.status == 0 && exported.stdout.split(separator: "\n").count == 1_001, "\(exported.stderr)")
        #expect(try Subprocess.run("geode", ["stats", store]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "reading changed the store")
    }

    @Test func aFailedImportLeavesNoStoreItCreatedAndKeepsOneThatExisted() throws {
        let directory = try TemporaryDirectory()
        let truncated = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli/truncated.json").path
        let fresh = directory.path("fresh.geode")
        let failed = try Subprocess.run("geode", ["import", truncated, "--store", fresh])
        #expect(failed.status == 65, "\(failed.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: fresh) && !FileManager.default.fileExists(atPath: fresh + "-lock"))
        let kept = directory.path("kept.geode")
        let records = Fixtures.dataDirectory.appendingPathComponent("Fixtures/cli/plain-records.json").path
        #expect(try Subprocess.run("geode", ["import", records, "--store", kept, "--class", "Thing"]).status == 0)
        #expect(try Subprocess.run("geode", ["import", truncated, "--store", kept, "--class", "Thing"]).status == 65)
        #expect(try Subprocess.run("geode", ["query", kept, "Thing", "TRUEPREDICATE", "--count"]).stdout == "2\n")
    }

    @Test func withoutAStoreTheDefaultStoreIsUsed() throws {
        let directory = try TemporaryDirectory()
        let sample = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/two-lines.geojsonl").path
        let imported = try Subprocess.run("geode", ["import", sample], currentDirectory: directory.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(directory.fileNames.contains("geode.geode"))
        let query = try Subprocess.run(
            "geode", ["query", "properties.a == 2", "--format", "geojsonl"], currentDirectory: directory.url)
        #expect(query.status == 0, "\(query.stderr)")
        #expect(query.stdout.contains("\"id\":2"))
        let sorted = try Subprocess.run(
            "geode", ["query", "TRUEPREDICATE", "--sort=-properties.a", "--limit", "1", "--format", "geojsonl"],
            currentDirectory: directory.url)
        #expect(sorted.stdout.split(separator: "\n").count == 1)
        #expect(sorted.stdout.contains("\"id\":2"))
    }

    @Test func importWithAnIdStopsAtADuplicateOrUpdatesIt() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("ids.geode")
        let first = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/ids-first.geojson").path
        let second = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/ids-second.geojson").path
        #expect(try Subprocess.run("geode", ["import", first, "--store", store, "--id", "code"]).status == 0)
        let duplicate = try Subprocess.run("geode", ["import", second, "--store", store, "--id", "code"])
        #expect(duplicate.status == 65)
        #expect(
            duplicate.stderr.contains(
                "ids-second.geojson:2:1 at /features/0: an object with id \"ZRH\" exists already"),
            "\(duplicate.stderr)")
        let updated = try Subprocess.run("geode", ["import", second, "--store", store, "--id", "code", "--update"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try Subprocess.run("geode", ["query", store, "TRUEPREDICATE", "--count"]).stdout == "4\n")
        let zurich = try Subprocess.run("geode", ["query", store, "id == 'ZRH'", "--format", "ndjson"])
        #expect(zurich.stdout.contains("\"name\":\"Zürich\""), "\(zurich.stdout)")
    }

    @Test func badUsageExitsWith64() throws {
        let outcome = try Subprocess.run("geode", ["import"])
        #expect(outcome.status == 64)
        let unknown = try Subprocess.run("geode", ["frobnicate"])
        #expect(unknown.status == 64)
    }

    @Test func malformedSampleJSONExitsWith65AndSaysWhere() throws {
        let directory = try TemporaryDirectory()
        let sample = directory.path("broken.json")
        _ = FileManager.default.createFile(
            atPath: sample, contents: Data("{\"type\":\"FeatureCollection\",\"features\":[\n {\"type\": }]}".utf8))
        let outcome = try Subprocess.run("geode", ["demo", "--sample", sample, "--store", directory.path("s.geode")])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("broken.json:2:"), "\(outcome.stderr)")
    }

    @Test func importTakesSeveralFilesAndQueryTakesTheClassAsAWord() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("mixed.geode")
        let documents = directory.path("docs.ndjson")
        _ = FileManager.default.createFile(
            atPath: documents, contents: Data("{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n".utf8))
        // GeoJSON in a file named .json: recognised by its content.
        let features = directory.path("cities.json")
        try FileManager.default.copyItem(
            atPath: Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path, toPath: features)

        let imported = try Subprocess.run("geode", ["import", features, documents, "--store", store, "--batch", "100"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let summaries = imported.stdout.split(separator: "\n")
        #expect(summaries.count == 2)
        #expect(summaries.first?.contains("1001 of 1001 records written") == true)
        #expect(summaries.last?.contains("3 of 3 records written") == true)
        #expect(summaries.allSatisfy { $0.contains("; store ") })
        // Not a terminal: progress comes as plain lines, not carriage returns.
        #expect(
            imported.stderr.contains("%: 100 records,") && imported.stderr.contains(" left\n"), "\(imported.stderr)")
        #expect(!imported.stderr.contains("\r"))

        let documentsCount = try Subprocess.run("geode", ["query", store, "JSONDocument", "content.a >= 2", "--count"])
        #expect(documentsCount.status == 0, "\(documentsCount.stderr)")
        #expect(documentsCount.stdout == "2\n")
        let featureCount = try Subprocess.run(
            "geode", ["query", store, "GeoFeature", "properties.countrycode == 'FR'", "--count"])
        #expect(featureCount.status == 0)
        let sameByDefault = try Subprocess.run("geode", ["query", store, "properties.countrycode == 'FR'", "--count"])
        #expect(featureCount.stdout == sameByDefault.stdout)

        let conflicting = try Subprocess.run(
            "geode", ["query", store, "JSONDocument", "content.a >= 2", "--class", "GeoFeature"])
        #expect(conflicting.status == 64)
    }

    @Test func importIntoNamedClassesKeepsCollectionsApart() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("named.geode")
        let sample = Fixtures.dataDirectory.appendingPathComponent("Samples/cities.geojson").path
        let people = Fixtures.dataDirectory.appendingPathComponent("Fixtures/import/people.ndjson").path
        let cities = try Subprocess.run("geode", ["import", sample, "--store", store, "--class", "City", "--quiet"])
        #expect(cities.status == 0, "\(cities.stderr)")
        let records = try Subprocess.run("geode", ["import", people, "--store", store, "--class", "Person", "--quiet"])
        #expect(records.status == 0, "\(records.stderr)")

        let stats = try Subprocess.run("geode", ["stats", store])
        #expect(stats.stdout.contains("class    City: 1001 objects"))
        #expect(stats.stdout.contains("class    Person: 2 objects"))
        #expect(!stats.stdout.contains("class    GeoFeature: 1"), "nothing went to the default class")

        let french = try Subprocess.run("geode", ["query", store, "City", "properties.countrycode == 'FR'", "--count"])
        #expect(french.status == 0, "\(french.stderr)")
        let expected =
            try String(contentsOfFile: sample, encoding: .utf8).components(separatedBy: "\"countrycode\":\"FR\"").count
            - 1
        #expect(french.stdout == "\(expected)\n")
        let spatial = try Subprocess.run(
            "geode",
            [
                "query", store, "--class", "City", "geometry geoWithin geoBox([-180, -90], [180, 90], planar)",
                "--explain",
            ])
        #expect(spatial.stdout.hasPrefix("spatial index City.geometry"), "\(spatial.stdout)")
        let exported = try Subprocess.run(
            "geode", ["export", store, "--class", "Person", "--format", "ndjson", "--where", "content.age > 40"])
        #expect(exported.stdout.contains("\"name\":\"Grace\""))
        #expect(!exported.stdout.contains("Ada"))

        let unknown = try Subprocess.run("geode", ["query", store, "Town", "name == 'x'"])
        #expect(unknown.status == 65)
        #expect(
            unknown.stderr.contains("no class named 'Town'") && unknown.stderr.contains("City"), "\(unknown.stderr)")
        let illegal = try Subprocess.run("geode", ["import", people, "--store", store, "--class", "Bad.Name"])
        #expect(illegal.status == 65)
        #expect(illegal.stderr.contains("class name 'Bad.Name'"))
    }

    @Test func aDirectoryGivenAsInputIsRefusedWithoutACrash() throws {
        let directory = try TemporaryDirectory()
        let outcome = try Subprocess.run("geode", ["import", directory.url.path, "--store", directory.path("s.geode")])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("is a directory"))
        #expect(!outcome.signalled)
    }

    @Test func importReadsAPipeSuchAsStandardInput() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("piped.geode")
        let lines = Data("{\"n\": 1}\n{\"n\": 2}\n{\"n\": 3}\n".utf8)
        let imported = try Subprocess.run("geode", ["import", "/dev/stdin", "--store", store], input: lines)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("3 of 3 records written"))
        let count = try Subprocess.run("geode", ["query", store, "JSONDocument", "content.n >= 2", "--count"])
        #expect(count.stdout == "2\n")
    }
}
