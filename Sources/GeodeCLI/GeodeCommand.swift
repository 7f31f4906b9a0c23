import ArgumentParser
import Geode

/// The `geode` command-line tool.
@main
struct GeodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geode",
        abstract: "Geode: an embedded geospatial and mixed-data document store.",
        discussion: """
            Examples:
              geode demo                                      The tour: import the built-in sample, query it.
              geode import places.geojson --store p.geode     Import GeoJSON (or JSON) into a store.
              geode query p.geode "properties.population > 1000000" --count
              geode query p.geode "geometry geoWithin geoCircle([2.35, 48.85], 0.01)"
              geode export p.geode --format geojson           Write the store back out as GeoJSON.
              geode stats p.geode                             Classes, objects, and the size of documents and indexes.
              geode schema p.geode                            The schema as JSON (types, keys, indexes).
              geode check p.geode                             Verify every page, document and index entry.
              geode copy --salvage bad.geode saved.geode      Save every readable object of a damaged store.
              geode backup p.geode backup.geode               Copy a store in use, consistently.
              geode compact p.geode                           Rewrite a store without its free pages.

            Exit status:
              0   success
              1   any other failure
              64  bad usage (unknown option, missing argument)
              65  bad input data (not a Geode store, a damaged store, malformed JSON, a value that does not fit)
              66  a file that does not exist
            """,
        version: "geode \(GeodeVersion.string) (store format \(GeodeVersion.storeFormat); "
            + GeodeVersion.libraries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + ")",
        subcommands: [
            Demo.self, Import.self, QueryObjects.self, Export.self, Stats.self, SchemaCommand.self, Check.self,
            Copy.self, Backup.self, Compact.self, Join.self, Replicate.self,
        ]
    )

    /// Runs the tool. `geode help NAME` for a NAME that is no command is bad
    /// usage (exit 64), as any unknown word is; the parser would print the
    /// general help and exit 0.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count > 1, arguments[0] == "help",
            !configuration.subcommands.contains(where: { $0._commandName == arguments[1] })
        {
            exit(
                withError: ValidationError(
                    "no command named '\(arguments[1])'; the commands: "
                        + configuration.subcommands.map { $0._commandName }.joined(separator: ", ")))
        }
        main(nil)
    }
}
