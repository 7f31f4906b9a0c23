import ArgumentParser
import CSQLite
import Foundation
import Geode
import GeodeCore

/// A store evolving between releases: a migration that renames a property and
/// changes another's type, next to SQLite doing the same in one transaction;
/// deleting features one per write and half of them in one; and compacting
/// the store after that.
struct EvolutionSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evolution",
        abstract:
            "Migrate N objects (a rename and an Int-to-String change) vs SQLite; delete features one per write, then half; compact."
    )

    @Option(help: "Objects to migrate, and features to compact.")
    var count = 1_000_000

    @Option(help: "Features deleted one per write transaction before half are deleted in one.")
    var singleDeletes = 100

    @Flag(help: "Also time the migration's parts: visiting the objects, reading the old values, the rewrite alone.")
    var parts = false

    @OptionGroup var options: SuiteOptions

    final class PersonV1: Object {
        override class func _realmObjectName() -> String? { "Person" }
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var age = 0
        @Persisted var city = ""
    }

    final class PersonV2: Object {
        override class func _realmObjectName() -> String? { "Person" }
        @Persisted(primaryKey: true) var id = 0
        @Persisted var fullName = ""
        @Persisted var age = ""
        @Persisted var city = ""
    }

    final class Feature: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var location: GeoJSONPoint?
        @Persisted var properties: AnyRealmValue
    }

    func run() throws {
        let root = try scratchDirectory(in: options.directory, suite: "evolution")
        defer { try? FileManager.default.removeItem(at: root) }
        var results: [Measurement] = []

        // The first release's file, written once and copied before each run.
        let template = root.appendingPathComponent("people-v1.geode")
        do {
            let realm = try Realm(
                configuration: Realm.Configuration(fileURL: template, schemaVersion: 1, objectTypes: [PersonV1.self]))
            try realm.write {
                for i in 0 ..< count {
                    let person = PersonV1()
                    person.id = i
                    person.name = "Person \(i)"
                    person.age = i % 90
                    person.city = "City \(i % 1000)"
                    realm.add(person)
                }
            }
        }
        let migrated = root.appendingPathComponent("people.geode")
        func copyTemplate() throws {
            try? FileManager.default.removeItem(at: migrated)
            try? FileManager.default.removeItem(atPath: migrated.path + "-lock")
            try FileManager.default.copyItem(at: template, to: migrated)
            // The application's own store, opened before by its previous release: a
            // copy is a file Geode has not seen, whose first open audits every page.
            // Opening it once (as SQLite's copy is checked once) times the migration alone.
            _ = try schemaVersionAtURL(migrated)
        }
        var configuration = Realm.Configuration(fileURL: migrated, schemaVersion: 2, objectTypes: [PersonV2.self])
        configuration.migrationBlock = { migration, _ in
            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
            migration.enumerateObjects(ofType: "Person") { old, new in
                new?["age"] = String(old?["age"] as? Int ?? 0)
            }
        }
        results.append(
            try measure(
                "Geode migrate (rename + Int to String)", count: count, repetitions: options.repetitions,
                prepare: copyTemplate
            ) {
                _ = try Realm(configuration: configuration)
            })
        do {
            let check = try Realm(configuration: configuration)
            precondition(
                check.object(ofType: PersonV2.self, forPrimaryKey: 89)?.age == "89", "the migration lost a value")
            precondition(
                check.object(ofType: PersonV2.self, forPrimaryKey: 7)?.fullName == "Person 7", "the rename lost a value"
            )
        }
        if parts {
            var enumerateOnly = configuration
            enumerateOnly.migrationBlock = { migration, _ in
                migration.renameProperty(onType: "Person", from: "name", to: "fullName")
                migration.enumerateObjects(ofType: "Person") { old, new in
                    _ = old; _ = new
                }
            }
            results.append(
                try measure(
                    "Geode migrate, the block only visits", count: count, repetitions: options.repetitions,
                    prepare: copyTemplate
                ) {
                    _ = try Realm(configuration: enumerateOnly)
                })
            var readOnly = configuration
            readOnly.migrationBlock = { migration, _ in
                migration.renameProperty(onType: "Person", from: "name", to: "fullName")
                migration.enumerateObjects(ofType: "Person") { old, new in
                    _ = old?["age"] as? Int; _ = new
                }
            }
            results.append(
                try measure(
                    "Geode migrate, the block reads old values", count: count, repetitions: options.repetitions,
                    prepare: copyTemplate
                ) {
                    _ = try Realm(configuration: readOnly)
                })
            var noBlock = configuration
            noBlock.migrationBlock = nil
            results.append(
                try measure(
                    "Geode migrate without a block (rewrite)", count: count, repetitions: options.repetitions,
                    prepare: copyTemplate
                ) {
                    _ = try Realm(configuration: noBlock)
                })
        }

        // SQLite: the same table; ALTER TABLE and UPDATE in one transaction.
        let sqliteTemplate = root.appendingPathComponent("people-v1.sqlite").path
        do {
            let db = try SQLiteDatabase(path: sqliteTemplate)
            try db.execute(
                "CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL, city TEXT NOT NULL)"
            )
            try db.execute("BEGIN")
            let insert = try db.prepare("INSERT INTO person VALUES (?, ?, ?, ?)")
            for i in 0 ..< count {
                try insert.run(.int(i), .text("Person \(i)"), .int(i % 90), .text("City \(i % 1000)"))
            }
            try db.execute("COMMIT")
        }
        let sqlitePath = root.appendingPathComponent("people.sqlite").path
        results.append(
            try measure(
                "SQLite ALTER TABLE + UPDATE (one transaction)", count: count, repetitions: options.repetitions,
                prepare: {
                    unlink(sqlitePath)
                    try FileManager.default.copyItem(atPath: sqliteTemplate, toPath: sqlitePath)
                    try SQLiteDatabase(path: sqlitePath).execute("PRAGMA quick_check")
                }
            ) {
                let db = try SQLiteDatabase(path: sqlitePath)
                try db.execute(
                    """
                    BEGIN;
                    ALTER TABLE person RENAME COLUMN name TO fullName;
                    ALTER TABLE person ADD COLUMN age_text TEXT NOT NULL DEFAULT '';
                    UPDATE person SET age_text = CAST(age AS TEXT);
                    ALTER TABLE person DROP COLUMN age;
                    ALTER TABLE person RENAME COLUMN age_text TO age;
                    COMMIT;
                    """)
            })

        // Deleting and compaction: N features; some deleted one per write (as an
        // application deletes what its user removes), then half in one write, then
        // the file rewritten without its free pages.
        let features = root.appendingPathComponent("features.geode")
        let featureConfiguration = Realm.Configuration(fileURL: features, objectTypes: [Feature.self])
        do {
            let realm = try Realm(configuration: featureConfiguration)
            try realm.write {
                for i in 0 ..< count {
                    realm.create(
                        Feature.self,
                        value: [
                            "id": i, "name": "Feature \(i)",
                            "location": [
                                "type": "Point", "coordinates": [Double(i % 360) - 180, Double(i % 170) - 85],
                            ],
                            "properties": AnyRealmValue.fromDictionary([
                                "rank": .int(i % 10), "kind": .string("place"),
                            ]),
                        ])
                }
            }
        }
        let singles = min(singleDeletes, count - count / 2)
        results.append(
            try measure("Geode delete one feature per write", count: singles, repetitions: 1) {
                let realm = try Realm(configuration: featureConfiguration)
                for id in count - singles ..< count {
                    try realm.write {
                        if let feature = realm.object(ofType: Feature.self, forPrimaryKey: id) { realm.delete(feature) }
                    }
                }
            })
        results.append(
            try measure("Geode delete half the features (one write)", count: count / 2, repetitions: 1) {
                let realm = try Realm(configuration: featureConfiguration)
                try realm.write { realm.delete(realm.objects(Feature.self).filter("id < %@", count / 2)) }
            })
        let before = try FileManager.default.attributesOfItem(atPath: features.path)[.size] as? Int ?? 0
        results.append(
            try measure("Geode compact after deleting half", count: count, repetitions: 1) {
                _ = try StoreFiles.compact(features.path) { _, _ in true }
            })
        let after = try FileManager.default.attributesOfItem(atPath: features.path)[.size] as? Int ?? 0
        let remaining = try Realm(configuration: featureConfiguration).objects(Feature.self).count
        precondition(remaining == count - count / 2 - singles, "deleting or compaction lost objects")

        print("geode-bench evolution: N = \(count), \(options.repetitions) repetitions, median seconds")
        printTable(
            "Migrating and compacting", results,
            ratios: [
                (
                    "migration: Geode / SQLite", "Geode migrate (rename + Int to String)",
                    "SQLite ALTER TABLE + UPDATE (one transaction)"
                )
            ])
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        print(
            "  compaction: \(megabytes(before)) before, \(megabytes(after)) after (\(remaining) features)")
        try writeJSON(results, to: options.json)
    }
}
