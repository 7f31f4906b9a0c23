import ArgumentParser
import CLMDB
import CSQLite
import Foundation
import Geode

/// The object model next to SQLite doing the same work through its C API
/// (prepared statements, one transaction), and primary-key reads next to raw
/// LMDB gets of the same keys.
struct ObjectsSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "objects",
        abstract:
            "Insert N Person objects, read every name, look up 100,000 primary keys, delete half (Geode vs SQLite).")

    @Option(help: "Objects to insert.")
    var count = 1_000_000

    @Option(help: "Primary keys to look up.")
    var lookups = 100_000

    @OptionGroup var options: SuiteOptions

    final class Person: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var age = 0
        @Persisted var tags: List<String>
        @Persisted var address: Address?
    }

    final class Address: EmbeddedObject {
        @Persisted var street = ""
        @Persisted var city = ""
    }

    static let words = ["capital", "port", "coastal", "mountain", "historic", "island", "border", "river"]

    static func tags(_ i: Int) -> [String] { (0 ..< i % 3).map { words[(i + $0) % words.count] } }

    func run() throws {
        let root = try scratchDirectory(in: options.directory, suite: "objects")
        defer { try? FileManager.default.removeItem(at: root) }
        var random = SplitMix(seed: 7)
        let keys = (0 ..< lookups).map { _ in Int(random.next() % UInt64(count)) }
        var checksum = 0
        var results: [Measurement] = []

        // Geode, through the object model.
        let geodeURL = root.appendingPathComponent("people.geode")
        func openRealm() throws -> Realm {
            try Realm(configuration: Realm.Configuration(fileURL: geodeURL, objectTypes: [Person.self]))
        }
        results.append(
            try measure(
                "Geode insert (one write)", count: count, repetitions: options.repetitions,
                prepare: {
                    RawLMDB.remove(geodeURL.path)
                }
            ) {
                let realm = try openRealm()
                try realm.write {
                    for i in 0 ..< count {
                        let person = Person()
                        person.id = i
                        person.name = "Person \(i)"
                        person.age = i % 90
                        person.tags.append(objectsIn: Self.tags(i))
                        let address = Address()
                        address.street = "\(i) Main Street"
                        address.city = "Springfield"
                        person.address = address
                        realm.add(person)
                    }
                }
            })
        // The same objects through `create(value:)` from dictionaries, as JSON-shaped input arrives.
        let createdURL = root.appendingPathComponent("people-created.geode")
        results.append(
            try measure(
                "Geode create from dictionaries (one write)", count: count, repetitions: options.repetitions,
                prepare: {
                    RawLMDB.remove(createdURL.path)
                }
            ) {
                let realm = try Realm(
                    configuration: Realm.Configuration(fileURL: createdURL, objectTypes: [Person.self]))
                try realm.write {
                    for i in 0 ..< count {
                        realm.create(
                            Person.self,
                            value: [
                                "id": i, "name": "Person \(i)", "age": i % 90, "tags": Self.tags(i),
                                "address": ["street": "\(i) Main Street", "city": "Springfield"],
                            ])
                    }
                }
            })
        let realm = try openRealm()
        results.append(
            try measure("Geode read every name", count: count, repetitions: options.repetitions) {
                for person in realm.objects(Person.self) { checksum &+= person.name.utf8.count }
            })
        results.append(
            try measure("Geode primary-key lookups", count: lookups, repetitions: options.repetitions) {
                for key in keys {
                    checksum &+= realm.object(ofType: Person.self, forPrimaryKey: key)?.name.utf8.count ?? 0
                }
            })

        // Raw LMDB: the same number of gets of big-endian keys in one read transaction.
        let rawPath = root.appendingPathComponent("raw.mdb").path
        let raw = try RawLMDB(path: rawPath)
        try raw.putAll((0 ..< count).map { Array("Person \($0) with some payload bytes".utf8) })
        let rawOrder = keys.map { UInt64($0 + 1) }
        results.append(
            try measure("raw LMDB gets (same number of keys)", count: lookups, repetitions: options.repetitions) {
                checksum &+= try raw.getAll(rawOrder)
            })

        results.append(
            try measure("Geode delete half (one write)", count: count / 2, repetitions: 1) {
                try realm.write {
                    for i in stride(from: 0, to: count, by: 2) {
                        if let person = realm.object(ofType: Person.self, forPrimaryKey: i) { realm.delete(person) }
                    }
                }
            })
        precondition(realm.objects(Person.self).count == count - count / 2, "Geode deleted the wrong number of objects")

        // SQLite: same columns; tags in their own table, the address inline.
        let sqlitePath = root.appendingPathComponent("people.sqlite").path
        var db: SQLiteDatabase?
        results.append(
            try measure(
                "SQLite insert (one transaction)", count: count, repetitions: options.repetitions,
                prepare: {
                    db = nil
                    unlink(sqlitePath)
                }
            ) {
                let opened = try SQLiteDatabase(path: sqlitePath)
                try opened.execute(
                    """
                    CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL, street TEXT, city TEXT);
                    CREATE TABLE tag(person INTEGER NOT NULL, position INTEGER NOT NULL, tag TEXT NOT NULL, PRIMARY KEY(person, position));
                    """)
                try opened.execute("BEGIN")
                let person = try opened.prepare("INSERT INTO person VALUES (?, ?, ?, ?, ?)")
                let tag = try opened.prepare("INSERT INTO tag VALUES (?, ?, ?)")
                for i in 0 ..< count {
                    try person.run(
                        .int(i), .text("Person \(i)"), .int(i % 90), .text("\(i) Main Street"), .text("Springfield"))
                    for (position, word) in Self.tags(i).enumerated() {
                        try tag.run(.int(i), .int(position), .text(word))
                    }
                }
                try opened.execute("COMMIT")
                db = opened
            })
        guard let sqlite = db else { return }
        // Each name as a String, as Geode hands it out; the length alone (no
        // String made) is timed too, for the cost of SQLite's stepping itself.
        results.append(
            try measure("SQLite read every name", count: count, repetitions: options.repetitions) {
                let select = try sqlite.prepare("SELECT name FROM person")
                while try select.step() { checksum &+= select.text(0).utf8.count }
                select.reset()
            })
        results.append(
            try measure("SQLite step over every name (length only)", count: count, repetitions: options.repetitions) {
                let select = try sqlite.prepare("SELECT name FROM person")
                while try select.step() { checksum &+= select.textLength(0) }
                select.reset()
            })
        let byKey = try sqlite.prepare("SELECT name FROM person WHERE id = ?")
        results.append(
            try measure("SQLite primary-key lookups", count: lookups, repetitions: options.repetitions) {
                for key in keys {
                    try byKey.bind(.int(key))
                    if try byKey.step() { checksum &+= byKey.text(0).utf8.count }
                    byKey.reset()
                }
            })
        results.append(
            try measure("SQLite delete half (one transaction)", count: count / 2, repetitions: 1) {
                try sqlite.execute("BEGIN")
                let deletePerson = try sqlite.prepare("DELETE FROM person WHERE id = ?")
                let deleteTags = try sqlite.prepare("DELETE FROM tag WHERE person = ?")
                for i in stride(from: 0, to: count, by: 2) {
                    try deletePerson.run(.int(i))
                    try deleteTags.run(.int(i))
                }
                try sqlite.execute("COMMIT")
            })

        print(
            "geode-bench objects: N = \(count), \(lookups) lookups, \(options.repetitions) repetitions, median seconds")
        printTable(
            "Geode object model vs SQLite (C API, prepared statements)", results,
            ratios: [
                ("insert: Geode / SQLite", "Geode insert (one write)", "SQLite insert (one transaction)"),
                ("read every name: Geode / SQLite", "Geode read every name", "SQLite read every name"),
                (
                    "read every name: Geode / SQLite length only", "Geode read every name",
                    "SQLite step over every name (length only)"
                ),
                ("primary-key lookups: Geode / SQLite", "Geode primary-key lookups", "SQLite primary-key lookups"),
                (
                    "primary-key lookups: Geode / raw LMDB", "Geode primary-key lookups",
                    "raw LMDB gets (same number of keys)"
                ),
                (
                    "delete half: Geode / SQLite", "Geode delete half (one write)",
                    "SQLite delete half (one transaction)"
                ),
            ])
        print("\n(checksum \(checksum))")
        try writeJSON(results, to: options.json)
    }
}
