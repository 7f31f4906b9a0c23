import ArgumentParser
import Foundation
import Geode

extension GeodeCommand {
    /// `geode import FILE… --store STORE`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import JSON, GeoJSON, CSV or TSV into a store.",
            discussion: """
                GeoJSON (a FeatureCollection, one Feature, RFC 8142 text sequences or one Feature
                per line) becomes GeoFeature objects: the id, the geometry of any type (spatially
                indexed, counted by type), and the properties as nested values. Any other JSON (one value, an array, or one value per line) becomes
                JSONDocument objects holding each record whole.

                --class NAME imports into the class NAME instead: a class the store lacks is created
                with GeoFeature's properties (GeoJSON) or JSONDocument's (JSON) under that name, so
                one store can keep several collections apart; a class an application defined is
                filled property by property (names and types exact, required ones present, other
                feature properties into its `properties` AnyRealmValue when it has one).

                --id KEY names the member that identifies a record: a key of each feature's
                properties, or a top-level key of each JSON record; it becomes the object's id
                (indexed). A record whose id is stored already then stops the import, or, with
                --update, replaces the stored object, so re-importing a corrected file updates
                it in place. --update alone identifies features by their own id.

                CSV and TSV files (.csv, .tsv, .tab, or --format csv / tsv) give one object per row,
                the first row naming the columns: with a latitude and a longitude column (lat,
                latitude or y; lon, lng, long, longitude or x; or --lat / --lon) or a column of WKT
                or GeoJSON geometries (wkt, geometry, geom, the_geom, or --geometry-column), each row
                becomes a GeoFeature (the other columns its properties); otherwise a JSONDocument.
                Values are typed by what they look like (empty: null; true/false; 42; 4.2; 2024-05-01;
                else text; 007 stays text), or by --column-types zip:string,pop:int.

                --records POINTER reads the records from inside one JSON text: the elements of the
                array a JSON Pointer names (/statuses), or the members of an object keyed by id
                (/data/users), each with its key in the member --key-member names (default key).

                Records stream one at a time and are committed in batches; a failure names the
                file, line, column and JSON pointer, and keeps every batch before it (nothing
                with --atomic).

                Without --store, the store is $GEODE_STORE, else geode.geode in the current directory,
                so `geode import x.geojson && geode query "…"` works with no flags.

                On a terminal a progress bar shows the part of the input read, the records
                committed, the rate and the time left; otherwise a plain line is written every
                few seconds. Each file ends with a summary line
                (records written, seconds, records/s, MB/s, geometry types) and the store's size.

                Examples:
                  geode import places.geojson --store places.geode
                  geode import tweets.ndjson --store tweets.geode --batch 50000
                  geode import part-1.geojsonl part-2.geojsonl --format geojsonseq
                  geode import cities.geojson --id geonameid --update
                  geode import capitals.geojson --class Capital
                  geode import cities.csv                                # lat,lon,name,… → GeoFeature
                  geode import stations.tsv --lat LAT_DD --lon LON_DD --column-types id:string
                  geode import search.json --records /statuses          # the array under "statuses"
                  geode import users.json --records /data/users --key-member login   # an object keyed by login
                """
        )

        @Argument(help: "The JSON, GeoJSON, CSV or TSV files, imported one after the other; - is standard input.")
        var files: [String]

        /// The files, with `-` read as standard input.
        private var paths: [String] { files.map { $0 == "-" ? "/dev/stdin" : $0 } }

        @Option(help: "The store to write (created when missing; default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        @Option(
            help:
                "How to read the input: auto (by file name and content), geojson, geojsonseq (RFC 8142 or one Feature per line), json, ndjson, csv or tsv."
        )
        var format: InputFormat = .auto

        @Option(help: "Records per write transaction.")
        var batch = 10_000

        @Flag(help: "Write everything in one transaction: a failure keeps nothing.")
        var atomic = false

        @Option(
            name: .customLong("class"),
            help:
                "The class to import into (created when missing; default GeoFeature for GeoJSON, JSONDocument for JSON)."
        )
        var className: String?

        @Option(help: "The member that identifies a record (a feature property or a JSON key); it becomes the id.")
        var id: String?

        @Flag(help: "Replace stored objects whose id a record repeats, instead of stopping there.")
        var update = false

        @Option(
            help:
                "Where the records are in one JSON text: a JSON Pointer to an array (/statuses) or to an object keyed by id, whose keys go in --key-member."
        )
        var records: String?

        @Option(
            name: .customLong("key-member"),
            help: "With --records naming an object: the member each record gets its key in.")
        var keyMember = "key"

        @Option(help: "CSV/TSV: the latitude column (found by name otherwise: lat, latitude, y).")
        var lat: String?

        @Option(help: "CSV/TSV: the longitude column (found by name otherwise: lon, lng, long, longitude, x).")
        var lon: String?

        @Option(
            name: .customLong("geometry-column"),
            help:
                "CSV/TSV: a column of WKT or GeoJSON geometries (found by name otherwise: wkt, geometry, geom, the_geom)."
        )
        var geometryColumn: String?

        @Option(
            name: .customLong("column-types"),
            help:
                "CSV/TSV: types for some columns, as name:type pairs (zip:string,pop:int); types: auto, string, int, double, bool, date."
        )
        var columnTypes: String?

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("name at least one file to import") }
            guard batch > 0 else { throw ValidationError("--batch must be at least 1") }
            _ = try parsedColumnTypes()
            if let records, !records.isEmpty, !records.hasPrefix("/") {
                throw ValidationError("--records takes a JSON Pointer, starting with '/': --records /\(records)")
            }
        }

        /// The classes of the store with an `id` property whose objects hold ids, by object count.
        private static func classesWithIDs(in realm: Realm) -> [String: Int] {
            var classes: [String: Int] = [:]
            for schema in realm.fileSchema.objectSchema where !schema.isEmbedded && schema["id"] != nil {
                let objects = realm.dynamicObjects(schema.className)
                if !objects.isEmpty { classes[schema.className] = objects.count }
            }
            return classes
        }

        /// Says on standard error how many objects of a class that grew in this
        /// import share their id with another: the same records imported again
        /// without --id are copies, not replacements.
        private func warnAboutRepeatedIDs(in realm: Realm, classes before: [String: Int]) throws {
            realm.refresh()
            for (name, count) in before.sorted(by: { $0.key < $1.key }) {
                let objects = realm.dynamicObjects(name)
                guard objects.count > count else { continue }
                let repeated = try objects.filter("id != nil").groups(by: "id").reduce(0) { $0 + max(0, $1.count - 1) }
                guard repeated > 0 else { continue }
                ExitStatus.report(
                    "warning: \(repeated) \(name) objects now repeat an id another one has: records imported again "
                        + "without --id are added as copies; import with --id KEY --update to replace them instead")
            }
        }

        /// The `--column-types` pairs.
        private func parsedColumnTypes() throws -> [String: CSVFormat.ColumnType] {
            var types: [String: CSVFormat.ColumnType] = [:]
            for pair in ToolStore.fieldList(columnTypes) ?? [] {
                let parts = pair.split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, let type = CSVFormat.ColumnType(rawValue: parts[1]) else {
                    throw ValidationError(
                        "--column-types takes name:type pairs, types \(CSVFormat.ColumnType.allCases.map(\.rawValue).joined(separator: ", ")): '\(pair)'"
                    )
                }
                types[parts[0]] = type
            }
            return types
        }

        func run() throws {
            // A store this import creates is removed again when the import fails with nothing kept.
            let existed = FileManager.default.fileExists(atPath: store)
            do {
                try ExitStatus.run { try importFiles() }
            } catch {
                if !existed { ToolStore.removeIfEmpty(store) }
                throw error
            }
        }

        private func importFiles() throws {
            for file in paths where !FileManager.default.fileExists(atPath: file) {
                ExitStatus.report("no such file: \(file)")
                throw ExitCode(ExitStatus.missingFile)
            }
            let realm = try ToolStore.open(store)
            for (name, file) in zip(files, paths) {
                // The classes that already held objects with ids: importing again without --id adds copies.
                let storedBefore = id == nil && !update ? Self.classesWithIDs(in: realm) : nil
                var options = ImportOptions()
                options.batchSize = batch
                options.atomic = atomic
                options.idMember = id
                if update { options.update = .modified }
                options.framing = format.framing
                options.records = records
                options.recordKeyMember = keyMember
                let progress = ProgressLine(enabled: !quiet)
                options.progress = { progress.committed($0) }
                let url = URL(fileURLWithPath: file)
                if let delimiter = format.csvDelimiter(name) {
                    var csv = CSVFormat(
                        delimiter: delimiter, latitudeColumn: lat, longitudeColumn: lon, geometryColumn: geometryColumn)
                    csv.columnTypes = try parsedColumnTypes()
                    options.csv = csv
                }
                let report: ImportReport
                switch (options.csv != nil, format.readsGeoJSON(file), className) {
                case (true, _, _): report = try realm.importCSV(from: url, into: className, options: options)
                case let (false, true, name?): report = try realm.importGeoJSON(into: name, from: url, options: options)
                case (false, true, nil): report = try realm.importGeoJSON(from: url, options: options)
                case let (false, false, name?): report = try realm.importJSON(into: name, from: url, options: options)
                case (false, false, nil): report = try realm.importJSONDocuments(from: url, options: options)
                }
                progress.finish()
                if !quiet {
                    let size = ByteCountFormatter.string(
                        fromByteCount: Int64(ToolStore.fileSize(store)), countStyle: .file)
                    print("imported \(name == "-" ? "standard input" : file) into \(store): \(report); store \(size)")
                }
                if id == nil && !update, let before = storedBefore {
                    try warnAboutRepeatedIDs(in: realm, classes: before)
                }
            }
        }
    }
}

/// Import progress on standard error: on a terminal a bar rewritten in place
/// (part of the input read, records written, rate, time left; for a pipe,
/// whose length is not known, the records, rate and bytes read); otherwise a
/// plain line every few seconds, so logs stay readable.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let terminal = isatty(STDERR_FILENO) == 1
    private let started = Date()
    private var lastLine = Date.distantPast
    private let lock = NSLock()

    init(enabled: Bool) { self.enabled = enabled }

    func committed(_ progress: ImportProgress) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            let elapsed = max(now.timeIntervalSince(started), 0.001)
            let rate = Double(progress.written) / elapsed
            // Before the figures: a bar and the part done on a terminal, the part done in a log;
            // nothing for a pipe, whose length is not known, nor the part done or the time left.
            let figures: String
            var barPrefix = "", logPrefix = ""
            if progress.totalBytes > 0 {
                let done = progress.fractionCompleted
                let left = done > 0 ? elapsed * (1 - done) / done : 0
                figures = "\(progress.written) records, \(Int(rate))/s, \(Self.clock(left)) left"
                let width = 24
                let filled = Int((done * Double(width)).rounded(.down))
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                barPrefix = "[\(bar)] \(Int(done * 100))%  "
                logPrefix = "\(Int(done * 100))%: "
            } else {
                let read = String(format: "%.1f MB", Double(progress.bytesRead) / 1_048_576)
                figures = "\(progress.written) records, \(Int(rate))/s, \(read) read"
            }
            if terminal {
                FileHandle.standardError.write(Data("\r  \(barPrefix)\(figures)   ".utf8))
            } else if now.timeIntervalSince(lastLine) >= 5 {
                lastLine = now
                FileHandle.standardError.write(Data("  \(logPrefix)\(figures)\n".utf8))
            }
        }
    }

    /// Ends the terminal's progress line.
    func finish() {
        if enabled && terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// `m:ss`, or `h:mm:ss` past an hour.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }
}
