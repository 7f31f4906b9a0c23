import ArgumentParser
import Foundation
import GeodeCore
import GeodeJSON

extension GeodeCommand {
    /// `geode demo`: the built-in tour.
    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load the built-in city sample into a new store and read it back.",
            discussion: """
            Parses Data/Samples/cities.json with jansson, writes every city as one document
            in a single transaction, reopens the store read-only and answers a few questions
            by reading single fields straight from the memory map.

            Example:
              geode demo --store /tmp/cities.geode
            """
        )

        @Option(help: "The JSON sample to load (an array of city objects).")
        var sample = "Data/Samples/cities.json"

        @Option(help: "Where to write the store (default: a temporary file, removed afterwards).")
        var store: String?

        static let city = ClassSchema(name: "City", properties: [
            PropertySchema(name: "geonameid", type: .int),
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "latitude", type: .double),
            PropertySchema(name: "longitude", type: .double),
            PropertySchema(name: "countrycode", type: .string),
            PropertySchema(name: "population", type: .int),
            PropertySchema(name: "timezone", type: .string),
            PropertySchema(name: "alternatenames", type: .string, collection: .list),
        ])

        func run() throws {
            try ExitStatus.run { try tour() }
        }

        private func tour() throws {
            let clock = ContinuousClock()
            let text = try Data(contentsOf: URL(fileURLWithPath: sample))
            var parsed = Value.null
            let parseTime = try clock.measure {
                parsed = try text.withUnsafeBytes { try JSONReader.parse($0, source: sample) }
            }
            guard case let .list(records) = parsed else {
                throw ValidationError("\(sample) must hold a JSON array of objects")
            }
            print("Geode demo: \(records.count) cities from \(sample)")
            print("  parsed \(text.count / 1024) KB of JSON with jansson in \(ms(parseTime))")

            let temporary = store == nil ? FileManager.default.temporaryDirectory
                .appendingPathComponent("geode-demo-\(ProcessInfo.processInfo.processIdentifier)").path : nil
            if let temporary { try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true) }
            defer { if let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
            let path = store ?? temporary! + "/cities.geode"

            // Write: every city, one transaction.
            do {
                let writable = try Store.open(StoreConfiguration(path: path, schema: Schema(classes: [Self.city], version: 1)))
                let table = try writable.table("City")
                let builder = RowBuilder(schema: writable.schema)
                let writeTime = try clock.measure {
                    try writable.write { txn in
                        for (i, record) in records.enumerated() {
                            guard case let .map(fields) = record else {
                                throw ValidationError("\(sample): element \(i) is not a JSON object")
                            }
                            try txn.insert(try builder.row(from: fields, of: table.schema), into: table)
                        }
                    }
                }
                print("  wrote \(records.count) documents in one transaction in \(ms(writeTime)) -> \(path)")
            }

            // Read: reopen read-only; each question reads only the fields it needs.
            var configuration = StoreConfiguration(path: path)
            configuration.readOnly = true
            let reader = try Store.open(configuration)
            let table = try reader.table("City")
            // The demo's own schema: every name below is one of its properties.
            let slot = { (name: String) in table.schema.property(named: name)?.slot ?? -1 }
            try reader.read { txn in
                print("  reopened read-only: \(try txn.count(table)) City objects, file \(reader.fileSize / 1024) KB")

                var largest: [(population: Int64, key: ObjectKey)] = []
                let scanTime = try clock.measure {
                    try txn.forEach(in: table) { key, document in
                        if let population = try document.value(at: slot("population"))?.int() {
                            largest.append((population, key))
                        }
                        return true
                    }
                }
                largest.sort { $0.population > $1.population }
                print("\n  The five largest cities (read `population` alone from each document, \(ms(scanTime))):")
                for entry in largest.prefix(5) {
                    guard let document = try txn.document(entry.key, in: table) else { continue }
                    let name = try document.value(at: slot("name"))?.string() ?? "?"
                    let country = try document.value(at: slot("countrycode"))?.string() ?? "?"
                    print("    \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(country)  \(entry.population.formatted())")
                }

                print("\n  Cities within 2 degrees of Paris (48.86 N, 2.35 E), read from latitude and longitude only:")
                try txn.forEach(in: table) { _, document in
                    guard let lat = try document.value(at: slot("latitude"))?.double(),
                          let lon = try document.value(at: slot("longitude"))?.double(),
                          abs(lat - 48.86) <= 2, abs(lon - 2.35) <= 2 else { return true }
                    print("    \(try document.value(at: slot("name"))?.string() ?? "?") (\(lat), \(lon))")
                    return true
                }

                if let first = largest.first, let row = try txn.row(first.key, in: table) {
                    let fields = zip(table.schema.storedProperties, row).map { ($0.name, $1) }
                    let json = try JSONWriter.string(.map(.init(uniqueKeysWithValues: fields)), pretty: true)
                    print("\n  The largest city's whole document, decoded and written back as JSON:")
                    print(json.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                }
            }
        }

        private func ms(_ duration: Duration) -> String {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            return String(format: "%.1f ms", seconds * 1000)
        }
    }
}
