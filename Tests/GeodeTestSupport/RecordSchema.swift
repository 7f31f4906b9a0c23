import GeodeCore

/// The class the transaction and crash tests write: each record names the
/// write transaction (`batch`) that made it.
package enum RecordSchema {
    package static let record = ClassSchema(
        name: "Record",
        properties: [
            PropertySchema(name: "batch", type: .int, isIndexed: true),
            PropertySchema(name: "index", type: .int),
            PropertySchema(name: "payload", type: .string),
        ])

    package static let schema = Schema(classes: [record], version: 1)

    /// A store of records at `name` in `directory`, and its table; `mapSize`
    /// starts the map small, so that writing grows it.
    package static func makeStore(in directory: TemporaryDirectory, named name: String, mapSize: Int? = nil) throws -> (
        Store, Table
    ) {
        var configuration = StoreConfiguration(path: directory.path(name), schema: schema)
        if let mapSize { configuration.initialMapSize = mapSize }
        let store = try Store.open(configuration)
        return (store, try store.table("Record"))
    }

    /// A record's row; the payload is long enough that batches span many pages.
    package static func row(batch: Int, index: Int, payloadBytes: Int = 200) -> [Value] {
        [.int(Int64(batch)), .int(Int64(index)), .string(String(repeating: "x", count: payloadBytes))]
    }

    /// The batches whose records the index on `batch` does not find exactly
    /// (by count): empty when the index agrees with the documents.
    package static func batchesTheIndexMisses(at path: String) throws -> [Int] {
        let counts = try batches(at: path)
        let store = try Store.open(StoreConfiguration(path: path, schema: schema))
        let table = try store.table("Record")
        return try store.read { txn in
            try counts.keys.sorted().filter { batch in
                try txn.objects(whereIndexed: "batch", equals: .int(Int64(batch)), in: table)?.count != counts[batch]
            }
        }
    }

    /// The number of records of each batch found in the store at `path`.
    package static func batches(at path: String) throws -> [Int: Int] {
        let store = try Store.open(StoreConfiguration(path: path, schema: schema))
        let table = try store.table("Record")
        var counts: [Int: Int] = [:]
        try store.read { txn in
            try txn.forEach(in: table) { _, document in
                let batch = Int(try document.value(at: 0)?.int() ?? -1)
                counts[batch, default: 0] += 1
                return true
            }
        }
        return counts
    }
}
