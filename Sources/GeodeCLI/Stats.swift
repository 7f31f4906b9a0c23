import ArgumentParser
import Foundation
import GeodeCore

extension GeodeCommand {
    /// `geode stats STORE`: what a store holds.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a store's classes, object counts, schema version and file size.",
            discussion: "Example:\n  geode stats places.geode"
        )

        @Argument(help: "The store file (default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        func run() throws {
            try ExitStatus.run {
                var configuration = StoreConfiguration(path: store)
                configuration.readOnly = true
                let opened = try Store.open(configuration)
                var lines = [
                    "store    \(store)",
                    "format   \(Store.formatVersion), schema version \(opened.schema.version)",
                    "size     \(ByteCountFormatter.string(fromByteCount: Int64(opened.fileSize), countStyle: .file))",
                ]
                try opened.read { txn in
                    for cls in opened.schema.classes.sorted(by: { $0.name < $1.name }) {
                        let table = try opened.table(cls.name)
                        let count = cls.isEmbedded ? "embedded" : "\(try txn.count(table)) objects"
                        let properties = cls.properties.map { p in
                            "\(p.name): \(p.typeDescription)" + (p.isPrimaryKey ? " (primary key)" : "")
                                + (p.isIndexed ? " (indexed)" : "")
                        }
                        lines.append("class    \(cls.name): \(count)")
                        lines += properties.map { "           \($0)" }
                    }
                }
                print(lines.joined(separator: "\n"))
            }
        }
    }
}
