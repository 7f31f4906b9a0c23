import ArgumentParser
import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

extension GeodeCommand {
    /// `geode schema STORE`: the stored schema as JSON.
    struct SchemaCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print a store's schema as JSON: classes, properties, types, keys and indexes.",
            discussion: "Example:\n  geode schema places.geode"
        )

        @Argument(help: "The store file (default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        func run() throws {
            try ExitStatus.run {
                guard FileManager.default.fileExists(atPath: store) else {
                    ExitStatus.report("no such store: \(store)")
                    throw ExitCode(ExitStatus.missingFile)
                }
                var configuration = StoreConfiguration(path: store)
                configuration.readOnly = true
                let opened = try Store.open(configuration)
                var classes: [Value] = []
                for cls in opened.schema.classes.sorted(by: { $0.name < $1.name }) {
                    let table = try? opened.table(cls.name)
                    let spatial = Set(table?.geoIndexes.map(\.property) ?? [])
                    let properties: [Value] = cls.properties.map { p in
                        var entry: OrderedDictionary<String, Value> = [
                            "name": .string(p.name), "type": .string(p.typeDescription),
                        ]
                        if p.isPrimaryKey { entry["primaryKey"] = .bool(true) }
                        if p.isIndexed { entry["indexed"] = .bool(true) }
                        if spatial.contains(p.name) { entry["spatialIndex"] = .bool(true) }
                        if let origin = p.originProperty { entry["originProperty"] = .string(origin) }
                        return .map(entry)
                    }
                    classes.append(
                        .map([
                            "name": .string(cls.name), "embedded": .bool(cls.isEmbedded),
                            "properties": .list(properties),
                        ]))
                }
                print(
                    try JSONWriter.string(
                        .map([
                            "schemaVersion": .int(Int64(bitPattern: opened.schema.version)), "classes": .list(classes),
                        ]), pretty: true))
            }
        }
    }
}
