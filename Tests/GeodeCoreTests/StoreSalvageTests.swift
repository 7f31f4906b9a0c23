import OrderedCollections
import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// Salvage copies every readable object of a store into a new one — under
/// its own key, so links hold — rebuilds the indexes, and lists what it lost.
@Suite struct StoreSalvageTests {
    static let owner = ClassSchema(
        name: "Owner",
        properties: [
            PropertySchema(name: "name", type: .string, isPrimaryKey: true),
            PropertySchema(name: "dog", type: .object, isOptional: true, objectClassName: "Dog"),
            PropertySchema(name: "notes", type: .mixed),
        ])
    static let dog = ClassSchema(
        name: "Dog",
        properties: [
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "age", type: .int, isIndexed: true),
        ])
    static let schema = Schema(classes: [owner, dog], version: 1)

    /// 2,000 owners, each with a dog and a map of notes; returns the rows by owner name.
    static func makeStore(_ path: String) throws -> [String: [Value]] {
        let store = try Store.open(StoreConfiguration(path: path, schema: schema))
        let owners = try store.table("Owner"), dogs = try store.table("Dog")
        var rows: [String: [Value]] = [:]
        try store.write { txn in
            for i in 0 ..< 2_000 {
                let dog = try txn.insert([.string("dog \(i)"), .int(Int64(i % 15))], into: dogs)
                let row: [Value] = [
                    .string("owner \(i)"), .link(Link(table: dogs.schema.table, key: dog)),
                    .map(
                        OrderedDictionary(uniqueKeysWithValues: [
                            ("walks", Value.int(Int64(i))), ("vet", .string("Dr. \(i % 7)")),
                        ])),
                ]
                try txn.insert(row, into: owners)
                rows["owner \(i)"] = row
            }
        }
        return rows
    }

    /// Each owner's name and its dog's name, read through the link.
    static func ownersAndDogs(_ path: String) throws -> [String: String] {
        let store = try Store.open(StoreConfiguration(path: path))
        let owners = try store.table("Owner"), dogs = try store.table("Dog")
        var found: [String: String] = [:]
        try store.read { txn in
            try txn.forEach(in: owners) { key, _ in
                guard let row = try txn.row(key, in: owners), case let .string(name) = row[0] else { return true }
                if case let .link(link) = row[1], let dog = try txn.row(link.key, in: dogs),
                    case let .string(dogName) = dog[0]
                {
                    found[name] = dogName
                } else {
                    found[name] = ""
                }
                return true
            }
        }
        return found
    }

    @Test func aSoundStoreIsCopiedWholeWithItsLinksAndIndexes() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("sound.geode"), saved = directory.path("saved.geode")
        _ = try Self.makeStore(source)
        let report = try StoreSalvage.run(from: source, to: saved)
        #expect(report.lost.isEmpty, "\(report.lost)")
        #expect(report.recovered == ["Owner": 2_000, "Dog": 2_000])
        #expect(try Self.ownersAndDogs(saved) == (try Self.ownersAndDogs(source)))
        #expect(try StoreCheck.run(path: saved).isSound)
        let store = try Store.open(StoreConfiguration(path: saved))
        let owners = try store.table("Owner"), dogs = try store.table("Dog")
        let (owner, aged3) = try store.read { txn in
            (
                try txn.object(withPrimaryKey: .string("owner 77"), in: owners),
                try txn.objects(whereIndexed: "age", equals: .int(3), in: dogs)?.count
            )
        }
        #expect(owner != nil, "the primary-key index was rebuilt")
        #expect(aged3 == 134, "the value index was rebuilt")
    }

    @Test func aDamagedStoreGivesUpOnlyWhatItsDamagedPageHeld() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("damaged.geode"), saved = directory.path("saved.geode")
        let rows = try Self.makeStore(source)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        // Overwrite one page full of owners (a leaf of obj/Owner) with noise: the
        // page holding the document of "owner 1000" (a string: tag 9, length 10).
        let marker = [9, 10] + Array("owner 1000".utf8)
        guard
            let at = (0 ..< bytes.count - marker.count).first(where: {
                bytes[$0] == marker[0] && Array(bytes[$0 ..< $0 + marker.count]) == marker
            })
        else {
            Issue.record("the owner's name is in the file")
            return
        }
        var random = SeededGenerator(seed: 5)
        for i in at / 4096 * 4096 ..< at / 4096 * 4096 + 4096 { bytes[i] = UInt8.random(in: 0 ... 255, using: &random) }
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        #expect(throws: StoreError.self) { _ = try Store.open(StoreConfiguration(path: source)) }

        let report = try StoreSalvage.run(from: source, to: saved)
        #expect(!report.lost.isEmpty)
        #expect(report.lost.contains { $0.database == "obj/Owner" }, "\(report.lost)")
        #expect(report.recovered["Dog"] == 2_000)
        let owners = report.recovered["Owner"] ?? 0
        #expect(owners < 2_000 && owners > 1_900, "one page of owners lost, \(owners) saved")
        let pairs = try Self.ownersAndDogs(saved)
        #expect(pairs["owner 1000"] == nil)
        for (name, dog) in pairs {
            #expect(rows[name] != nil && dog == "dog " + name.dropFirst("owner ".count), "\(name) keeps its own dog")
        }
    }

    @Test func anExistingDestinationIsRefusedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("sound.geode"), existing = directory.path("existing.geode")
        _ = try Self.makeStore(source)
        _ = FileManager.default.createFile(atPath: existing, contents: Data("keep me".utf8))
        #expect(throws: StoreError.self) { _ = try StoreSalvage.run(from: source, to: existing) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("keep me".utf8))
        #expect(directory.fileNames.sorted() == ["existing.geode", "sound.geode", "sound.geode-lock"])
    }
}
