import ArgumentParser
import Foundation
import GeodeCore

extension GeodeCommand {
    /// `geode stats STORE`: what a store holds.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a store's classes, object counts, schema version and sizes.",
            discussion: """
                Each class's line gives the bytes its documents take in the file, and each indexed \
                property the bytes of its index (a spatial index is what queries on a geometry read, \
                and what the page cache should hold for them). The file's size less these is LMDB's \
                free pages, reused by later writes (geode compact returns them). An index that an import \
                is still filling says so: queries on it read documents until the import ends.

                Example:
                  geode stats places.geode
                """
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
                    "size     \(Self.size(opened.fileSize))",
                ]
                try opened.read { txn in
                    for cls in opened.schema.classes.sorted(by: { $0.name < $1.name }) {
                        let table = try opened.table(cls.name)
                        let space = try txn.space(of: table)
                        let documents = space.documents > 0 ? ", documents \(Self.size(space.documents))" : ""
                        let count = cls.isEmbedded ? "embedded" : "\(try txn.count(table)) objects\(documents)"
                        let properties = cls.properties.map { p in
                            var notes: [String] = []
                            if p.isPrimaryKey { notes.append("primary key" + Self.sized(space.primaryKeys)) }
                            if let index = space.indexes[p.name] {
                                notes.append((p.isIndexed ? "indexed" : "spatial index") + Self.sized(index))
                                if let running = space.bulkLoads[p.name] { notes.append(Self.bulkLoadNote(running)) }
                            } else if p.isIndexed {
                                notes.append("indexed")
                            }
                            return "\(p.name): \(p.typeDescription)" + notes.map { " (\($0))" }.joined()
                        }
                        lines.append("class    \(cls.name): \(count)")
                        lines += properties.map { "           \($0)" }
                    }
                }
                print(lines.joined(separator: "\n"))
            }
        }

        /// What an index an import is filling says of it.
        static func bulkLoadNote(_ running: Bool) -> String {
            running
                ? "being filled by an import: queries read documents"
                : "left unfilled by an import that ended: the next opening for writing fills it"
        }

        /// `bytes` as the file sizes above print them.
        static func size(_ bytes: Int) -> String { ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file) }

        /// ", SIZE" for an index that takes room; nothing for one that takes none.
        static func sized(_ bytes: Int) -> String { bytes > 0 ? ", \(size(bytes))" : "" }
    }
}
