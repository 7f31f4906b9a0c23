import ArgumentParser
import Foundation
import Geode

extension GeodeCommand {
    /// `geode import FILE --store STORE`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import JSON or GeoJSON into a store.",
            discussion: """
            GeoJSON (a FeatureCollection, one Feature, RFC 8142 text sequences or one Feature
            per line) becomes GeoFeature objects: the id, a spatially indexed point geometry
            (other geometries are kept as GeoJSON and counted), and the properties as nested
            values. Any other JSON (one value, an array, or one value per line) becomes
            JSONDocument objects holding each record whole.

            Records stream one at a time and are committed in batches; a failure names the
            file, line, column and JSON pointer, and keeps every batch before it (nothing
            with --atomic).

            Without --store, the store is $GEODE_STORE, else geode.geode in the current directory,
            so `geode import x.geojson && geode query "…"` works with no flags.

            Examples:
              geode import places.geojson --store places.geode
              geode import tweets.ndjson --store tweets.geode --batch 50000
            """
        )

        @Argument(help: "The JSON or GeoJSON file.")
        var file: String

        @Option(help: "The store to write (created when missing; default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        @Option(help: "How to read the input: auto (by file name), geojson or json.")
        var format: InputFormat = .auto

        @Option(help: "Records per write transaction.")
        var batch = 10_000

        @Flag(help: "Write everything in one transaction: a failure keeps nothing.")
        var atomic = false

        @Flag(help: "Print nothing but errors.")
        var quiet = false

        func run() throws {
            try ExitStatus.run {
                guard FileManager.default.fileExists(atPath: file) else {
                    ExitStatus.report("no such file: \(file)")
                    throw ExitCode(ExitStatus.missingFile)
                }
                let realm = try ToolStore.open(store)
                var options = ImportOptions()
                options.batchSize = batch
                options.atomic = atomic
                if !quiet && isatty(STDERR_FILENO) == 1 {
                    let started = Date()
                    options.progress = { written in
                        let rate = Double(written) / max(Date().timeIntervalSince(started), 0.001)
                        FileHandle.standardError.write(Data("\r  \(written) records committed, \(Int(rate))/s   ".utf8))
                    }
                }
                let url = URL(fileURLWithPath: file)
                let geo = format == .geojson || (format == .auto && ToolStore.looksLikeGeoJSON(file))
                let report = geo ? try realm.importGeoJSON(from: url, options: options) : try realm.importJSONDocuments(from: url, options: options)
                if !quiet && isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\r".utf8)) }
                if !quiet { print("imported \(file) into \(store): \(report)") }
            }
        }
    }
}
