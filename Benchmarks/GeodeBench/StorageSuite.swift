import ArgumentParser
import CLMDB
import Foundation
import GeodeCore

/// Document puts and gets next to raw LMDB doing the same puts and gets, and
/// one-field reads next to whole-document decoding.
struct StorageSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Put and get N documents of about 200 bytes (Geode vs raw LMDB); read one field of 20.")

    @Option(help: "Documents per operation.")
    var count = 1_000_000

    @OptionGroup var options: SuiteOptions

    static let place = ClassSchema(
        name: "Place",
        properties: [
            PropertySchema(name: "id", type: .int),
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "country", type: .string),
            PropertySchema(name: "admin", type: .string),
            PropertySchema(name: "population", type: .int),
            PropertySchema(name: "latitude", type: .double),
            PropertySchema(name: "longitude", type: .double),
            PropertySchema(name: "tags", type: .string, collection: .list),
            PropertySchema(name: "source", type: .string),
            PropertySchema(name: "timezone", type: .string),
            PropertySchema(name: "alternateNames", type: .string, collection: .list),
        ])

    static let wide = ClassSchema(
        name: "Wide",
        properties: (0 ..< 20).map { i in
            PropertySchema(name: "f\(i)", type: i % 3 == 0 ? .int : i % 3 == 1 ? .double : .string)
        })

    func run() throws {
        let root = try scratchDirectory(in: options.directory, suite: "storage")
        defer { try? FileManager.default.removeItem(at: root) }

        var random = SplitMix(seed: 20_261_122)
        let rows = (0 ..< count).map { Self.placeRow($0, &random) }
        var writer = DocumentWriter()
        let documents = rows.map { writer.encodeDocument($0) }
        let averageBytes = documents.reduce(0) { $0 + $1.count } / max(count, 1)
        var order = Array(1 ... UInt64(count))
        order.shuffle(using: &random)

        // Raw LMDB: the same bytes under the same keys, one transaction, durable commit.
        let rawPath = root.appendingPathComponent("raw.mdb").path
        var raw: RawLMDB?
        let rawPut = try measure(
            "raw LMDB put", count: count, repetitions: options.repetitions,
            prepare: {
                raw = nil
                RawLMDB.remove(rawPath)
            }
        ) {
            raw = try RawLMDB(path: rawPath)
            try raw!.putAll(documents)
        }
        let rawAppend = try measure(
            "raw LMDB put (MDB_APPEND)", count: count, repetitions: options.repetitions,
            prepare: {
                raw = nil
                RawLMDB.remove(rawPath)
            }
        ) {
            raw = try RawLMDB(path: rawPath)
            try raw!.putAll(documents, append: true)
        }
        var checksum = 0
        let rawGet = try measure("raw LMDB get (random keys)", count: count, repetitions: options.repetitions) {
            checksum &+= try raw!.getAll(order)
        }
        raw = nil

        // Encoding alone, into the writer's reused buffer.
        let encodeOnly = try measure("Geode encode only (no storage)", count: count, repetitions: options.repetitions) {
            var writer = DocumentWriter()
            for row in rows { checksum &+= writer.withDocument(row) { $0.count } }
        }

        // Geode: validate, encode and put each row; then get and decode.
        let storePath = root.appendingPathComponent("places.geode").path
        var store: Store?
        let schema = Schema(classes: [Self.place], version: 1)
        let geodePut = try measure(
            "Geode document put (validate+encode)", count: count, repetitions: options.repetitions,
            prepare: {
                store = nil
                RawLMDB.remove(storePath)
            }
        ) {
            let opened = try Store.open(StoreConfiguration(path: storePath, schema: schema))
            let table = try opened.table("Place")
            try opened.write { txn in
                for row in rows { try txn.insert(row, into: table) }
            }
            store = opened
        }
        let table = try store!.table("Place")
        let geodeGetView = try measure(
            "Geode document get (random keys, in place)", count: count, repetitions: options.repetitions
        ) {
            try store!.read { txn in
                for key in order {
                    guard let document = try txn.document(ObjectKey(key), in: table) else {
                        throw ValidationError("missing \(key)")
                    }
                    checksum &+= document.count
                }
            }
        }
        let geodeGet = try measure(
            "Geode document get (random keys, decode all)", count: count, repetitions: options.repetitions
        ) {
            try store!.read { txn in
                for key in order {
                    guard let row = try txn.row(ObjectKey(key), in: table) else {
                        throw ValidationError("missing \(key)")
                    }
                    checksum &+= row.count
                }
            }
        }
        let geodeGetField = try measure(
            "Geode get one field (random keys)", count: count, repetitions: options.repetitions
        ) {
            try store!.read { txn in
                for key in order {
                    checksum &+= Int(try txn.document(ObjectKey(key), in: table)?.value(at: 4)?.int() ?? 0)
                }
            }
        }
        store = nil

        // Twenty-field documents: one field against the whole document.
        let widePath = root.appendingPathComponent("wide.geode").path
        let wideStore = try Store.open(
            StoreConfiguration(path: widePath, schema: Schema(classes: [Self.wide], version: 1)))
        let wideTable = try wideStore.table("Wide")
        try wideStore.write { txn in
            for i in 0 ..< count { try txn.insert(Self.wideRow(i), into: wideTable) }
        }
        let oneField = try measure("scan: read 1 field of 20", count: count, repetitions: options.repetitions) {
            try wideStore.read { txn in
                try txn.forEach(in: wideTable) { _, document in
                    checksum &+= Int(try document.value(at: 13)?.double() ?? 0)
                    return true
                }
            }
        }
        let wholeDocument = try measure("scan: decode all 20 fields", count: count, repetitions: options.repetitions) {
            try wideStore.read { txn in
                try txn.forEach(in: wideTable) { _, document in
                    checksum &+= try document.decodeAll().count
                    return true
                }
            }
        }

        let storage = [rawPut, rawAppend, geodePut, encodeOnly, rawGet, geodeGetView, geodeGetField, geodeGet]
        let fields = [oneField, wholeDocument]
        print(
            "geode-bench storage: N = \(count), \(averageBytes)-byte documents, \(options.repetitions) repetitions, median seconds"
        )
        printTable(
            "Puts and gets (one transaction each; same bytes, same keys)", storage,
            ratios: [
                ("Geode put / raw LMDB put", geodePut.name, rawPut.name),
                ("Geode put / raw LMDB put with MDB_APPEND", geodePut.name, rawAppend.name),
                ("Geode get in place / raw LMDB get", geodeGetView.name, rawGet.name),
                ("Geode get+decode / raw LMDB get", geodeGet.name, rawGet.name),
                ("Geode get one field / raw LMDB get", geodeGetField.name, rawGet.name),
            ])
        printTable(
            "Reading one field of twenty-field documents", fields,
            ratios: [
                ("decode all / read one field", wholeDocument.name, oneField.name)
            ])
        print("\n(checksum \(checksum))")
        struct Report: Encodable {
            let suite: String, count: Int, documentBytes: Int, repetitions: Int
            let measurements: [Measurement]
        }
        try writeJSON(
            Report(
                suite: "storage", count: count, documentBytes: averageBytes,
                repetitions: options.repetitions, measurements: storage + fields), to: options.json)
    }

    static let words = ["capital", "port", "coastal", "mountain", "historic", "island", "border", "river"]

    static func placeRow(_ i: Int, _ random: inout SplitMix) -> [Value] {
        let name = String(repeating: "Place \(i) ", count: 1 + Int(random.next() % 3))
        return [
            .int(Int64(i)), .string(name), .string("FR"), .string("Île-de-France region \(i % 97)"),
            .int(Int64(random.next() % 10_000_000)),
            .double(Double(random.next() % 180_000_000) / 1e6 - 90),
            .double(Double(random.next() % 360_000_000) / 1e6 - 180),
            .list((0 ..< Int(random.next() % 4)).map { _ in .string(words[Int(random.next() % 8)]) }),
            .string("geonames:cities1000:\(i)"), .string("Europe/Paris"),
            .list([.string("place-\(i)-fr"), .string("Lieu \(i)")]),
        ]
    }

    static func wideRow(_ i: Int) -> [Value] {
        (0 ..< 20).map { f in
            switch f % 3 {
            case 0: return .int(Int64(i * 20 + f))
            case 1: return .double(Double(i) + Double(f) / 100)
            default: return .string("field \(f) of document \(i)")
            }
        }
    }
}

/// The same generator the tests use: a deterministic SplitMix64.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
