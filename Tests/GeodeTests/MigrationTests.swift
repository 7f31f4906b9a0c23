import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

// Two releases of one application's model: the class keeps its name in the
// store (`Person`) while its Swift declaration changes.
final class PersonV1: Object {
    override class func _realmObjectName() -> String? { "Person" }
    @Persisted(primaryKey: true) var id = 0
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var nickname: String?
}

final class PersonV2: Object {
    override class func _realmObjectName() -> String? { "Person" }
    @Persisted(primaryKey: true) var id = 0
    @Persisted var fullName = ""
    @Persisted var age = ""
    @Persisted var email = ""
}

final class PersonV3: Object {
    override class func _realmObjectName() -> String? { "Person" }
    @Persisted(primaryKey: true) var code = ""
    @Persisted var fullName = ""
}

/// Migrations through the typed API, as a Realm application writes them: the
/// block renames, converts and fills values; a failed migration leaves the
/// file as it was; progress is reported; errors say class and property.
/// Realm's own facts are in `Data/Fixtures/migrations/` (RealmConformanceTests).
@Suite struct MigrationTests {
    /// A file written by the first release: three people.
    static func firstRelease(in directory: TemporaryDirectory) throws -> URL {
        let url = URL(fileURLWithPath: directory.path("app.geode"))
        let realm = try Realm(
            configuration: Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [PersonV1.self]))
        try realm.write {
            for (id, name, age) in [(1, "Ann", 31), (2, "Bo", 42), (3, "Cy", 7)] {
                realm.create(
                    PersonV1.self, value: ["id": id, "name": name, "age": age, "nickname": id == 2 ? "B" : nil])
            }
        }
        return url
    }

    static func secondRelease(_ url: URL) -> Realm.Configuration {
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [PersonV2.self])
        configuration.migrationBlock = { migration, oldSchemaVersion in
            guard oldSchemaVersion < 2 else { return }
            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
            migration.enumerateObjects(ofType: "Person") { old, new in
                // Int became String; the new email is made from the old nickname.
                new?["age"] = "\(old?["age"] as? Int ?? 0) years"
                new?["email"] =
                    ((old?["nickname"] as? String) ?? (old?["name"] as? String ?? "")).lowercased() + "@example.com"
            }
        }
        return configuration
    }

    @Test func aRenameAndATypeChangeKeepEveryonesData() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        let realm = try Realm(configuration: Self.secondRelease(url))
        let people = realm.objects(PersonV2.self).sorted(byKeyPath: "id")
        #expect(people.map(\.fullName) == ["Ann", "Bo", "Cy"])
        #expect(people.map(\.age) == ["31 years", "42 years", "7 years"])
        #expect(people.map(\.email) == ["ann@example.com", "b@example.com", "cy@example.com"])
        #expect(
            realm.object(ofType: PersonV2.self, forPrimaryKey: 2)?.fullName == "Bo",
            "the primary-key index still finds people")
        #expect(realm.objects(PersonV2.self).filter("age BEGINSWITH '4'").count == 1, "queries read the new values")
        #expect(try schemaVersionAtURL(url) == 2)
    }

    @Test func theBlockRunsOnceAndNotAgainAtTheSameVersion() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        let runs = Counter()
        var configuration = Self.secondRelease(url)
        let rename = configuration.migrationBlock
        configuration.migrationBlock = { migration, version in
            runs.add()
            try rename?(migration, version)
        }
        _ = try Realm(configuration: configuration)
        _ = try Realm(configuration: configuration)
        #expect(runs.value == 1)
    }

    @Test func aBlockThatThrowsLeavesTheFileAsItWas() throws {
        struct Refused: Error {}
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        let bytesBefore = try Data(contentsOf: url)
        var configuration = Self.secondRelease(url)
        let rename = configuration.migrationBlock
        configuration.migrationBlock = { migration, version in
            try rename?(migration, version)
            migration.create("Person", value: ["id": 9, "fullName": "Dee", "age": "1", "email": ""])
            throw Refused()
        }
        #expect(throws: Refused.self) { _ = try Realm(configuration: configuration) }
        #expect(try Data(contentsOf: url) == bytesBefore, "not one byte of the file changed")
        #expect(try schemaVersionAtURL(url) == 1)
        let reopened = try Realm(
            configuration: Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [PersonV1.self]))
        #expect(reopened.objects(PersonV1.self).sorted(byKeyPath: "id").map(\.name) == ["Ann", "Bo", "Cy"])
        #expect(reopened.objects(PersonV1.self).map(\.age).sorted() == [7, 31, 42])
    }

    @Test func duplicatePrimaryKeysAfterTheMigrationAreATypedErrorNamingClassAndProperty() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 3, objectTypes: [PersonV3.self])
        configuration.migrationBlock = { migration, _ in
            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
            migration.enumerateObjects(ofType: "Person") { old, new in
                new?["code"] = (old?["age"] as? Int ?? 0) > 10 ? "adult" : "child"
            }
        }
        do {
            _ = try Realm(configuration: configuration)
            Issue.record("two people with the code 'adult' were accepted")
        } catch let GeodeError.schema(failure) {
            #expect(failure.className == "Person")
            #expect(failure.property == "code")
            #expect(failure.message.contains("duplicate values"))
        }
        configuration.migrationBlock = { migration, _ in
            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
            migration.enumerateObjects(ofType: "Person") { old, new in
                new?["code"] = "P-\(old?["id"] as? Int ?? 0)"
            }
        }
        let realm = try Realm(configuration: configuration)
        #expect(realm.object(ofType: PersonV3.self, forPrimaryKey: "P-2")?.fullName == "Bo")
    }

    @Test func changingAnOldObjectFailsTheMigrationInsteadOfStoppingTheProgram() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        var configuration = Self.secondRelease(url)
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "Person") { old, _ in old?["age"] = 0 }
        }
        #expect(throws: GeodeError.self) { _ = try Realm(configuration: configuration) }
        #expect(try schemaVersionAtURL(url) == 1)
    }

    @Test func openingTheRealmInsideItsOwnMigrationThrowsAndTheMigrationGoesOn() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        var configuration = Self.secondRelease(url)
        let migrate = configuration.migrationBlock
        let failures = SharedValue<[String]>([])
        configuration.migrationBlock = { [configuration] migration, version in
            // The file is being migrated in a write of this thread: opening it again
            // would need a second write to migrate it, which would wait for the first.
            do {
                _ = try Realm(configuration: configuration)
            } catch let error as GeodeError {
                failures.value.append("\(error)")
            } catch {}
            try migrate?(migration, version)
        }
        let realm = try Realm(configuration: configuration)
        #expect(failures.value.count == 1)
        #expect(failures.value.first?.contains("deadlock") == true, "\(failures.value)")
        #expect(realm.object(ofType: PersonV2.self, forPrimaryKey: 2)?.email == "b@example.com")
        #expect(try schemaVersionAtURL(url) == 2)
    }

    @Test func oldObjectsKeepTheirValuesWhileTheBlockChangesTheNewOnes() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        let seen = Recorder()
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [PersonV1.self])
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "Person") { _, new in new?["name"] = "changed" }
            migration.enumerateObjects(ofType: "Person") { old, new in
                seen.add("\(old?["name"] as? String ?? "?")/\(new?["name"] as? String ?? "?")")
            }
        }
        _ = try Realm(configuration: configuration)
        #expect(seen.values.sorted() == ["Ann/changed", "Bo/changed", "Cy/changed"])
    }

    @Test func objectsTheBlockKeepsStayTheObjectsTheyWere() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        let seen = Recorder()
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [PersonV1.self])
        configuration.migrationBlock = { migration, _ in
            // Ann and Cy are kept; Bo's objects are let go, and may be pointed at Cy.
            var kept: [(MigrationObject, MigrationObject)] = []
            migration.enumerateObjects(ofType: "Person") { old, new in
                guard let old, let new else { return }
                if old["name"] as? String != "Bo" { kept.append((old, new)) }
                new["name"] = "new " + (old["name"] as? String ?? "?")
            }
            for (old, new) in kept {
                seen.add("\(old["id"] as? Int ?? 0) \(old["name"] as? String ?? "?") / \(new["name"] as? String ?? "?")")
            }
        }
        let realm = try Realm(configuration: configuration)
        #expect(seen.values == ["1 Ann / new Ann", "3 Cy / new Cy"])
        #expect(realm.objects(PersonV1.self).sorted(byKeyPath: "id").map(\.name) == ["new Ann", "new Bo", "new Cy"])
    }

    @Test func progressIsReportedForEnumeratingAndRewriting() throws {
        for withBlock in [true, false] {
            let directory = try TemporaryDirectory()
            let url = try Self.firstRelease(in: directory)
            let reports = Recorder()
            var configuration = Self.secondRelease(url)
            if !withBlock { configuration.migrationBlock = nil }
            configuration.migrationProgress = { progress in
                reports.add(
                    "\(progress.phase) \(progress.className) \(progress.completedObjects)/\(progress.totalObjects)")
            }
            _ = try Realm(configuration: configuration)
            // A class the block visited was written as it went; one it did not is rewritten at the end.
            #expect(reports.values.contains("enumerating Person 3/3") == withBlock)
            #expect(reports.values.contains("rewriting Person 3/3") == !withBlock)
        }
    }

    /// The slots the first release's `Person` used that the second release
    /// no longer gives a property, read from the store after the migration.
    static func droppedValues(at url: URL) throws -> [GeodeCore.Value] {
        var configuration = StoreConfiguration(path: url.path)
        configuration.readOnly = true
        let store = try Store.open(configuration)
        let table = try store.table("Person")
        let live = Set(table.storedProperties.map(\.slot))
        let retired = (0 ..< table.schema.slotCount).filter { !live.contains($0) }
        return try store.read { txn in
            var found: [GeodeCore.Value] = []
            try txn.forEach(in: table) { _, document in
                for slot in retired { found.append(try document.value(at: slot)?.decode() ?? .null) }
                return true
            }
            return found
        }
    }

    @Test func aClassTheBlockVisitsIsWrittenOnceAndKeepsNoValueOfADroppedProperty() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        do {
            var configuration = Self.secondRelease(url)
            // The block writes only some objects: the enumeration writes the others itself.
            configuration.migrationBlock = { migration, _ in
                migration.renameProperty(onType: "Person", from: "name", to: "fullName")
                migration.enumerateObjects(ofType: "Person") { old, new in
                    if old?["id"] as? Int == 2 { new?["age"] = "forty-two" }
                }
            }
            let realm = try Realm(configuration: configuration)
            let people = realm.objects(PersonV2.self).sorted(byKeyPath: "id")
            #expect(people.map(\.fullName) == ["Ann", "Bo", "Cy"])
            #expect(people.map(\.age) == ["", "forty-two", ""])
        }
        // The old ages (Int) are gone from every document, though the class was not rewritten.
        let dropped = try Self.droppedValues(at: url)
        #expect(!dropped.isEmpty, "the slot the old age had stays unused")
        #expect(dropped.allSatisfy { $0 == .null })
        // A class with an unused slot takes new objects and migrates again.
        do {
            let realm = try Realm(
                configuration: Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [PersonV2.self]))
            try realm.write { realm.create(PersonV2.self, value: ["id": 4, "fullName": "Di", "age": "5"]) }
            #expect(realm.object(ofType: PersonV2.self, forPrimaryKey: 4)?.age == "5")
        }
        var third = Realm.Configuration(fileURL: url, schemaVersion: 3, objectTypes: [PersonV3.self])
        third.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: "Person") { old, new in
                new?["code"] = "P\(old?["id"] as? Int ?? 0)"
            }
        }
        let realm = try Realm(configuration: third)
        #expect(
            realm.objects(PersonV3.self).sorted(byKeyPath: "code").map { "\($0.code) \($0.fullName)" } == [
                "P1 Ann", "P2 Bo", "P3 Cy", "P4 Di",
            ])
        #expect(realm.object(ofType: PersonV3.self, forPrimaryKey: "P4")?.fullName == "Di")
    }

    @Test func aRenameAfterTheEnumerationGetsBackTheValuesItsSlotHad() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        var configuration = Self.secondRelease(url)
        configuration.migrationBlock = { migration, _ in
            // The enumeration first: `name` is a dropped property until the rename.
            migration.enumerateObjects(ofType: "Person") { old, new in
                new?["age"] = "\(old?["age"] as? Int ?? 0)"
            }
            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
        }
        let realm = try Realm(configuration: configuration)
        let people = realm.objects(PersonV2.self).sorted(byKeyPath: "id")
        #expect(people.map(\.fullName) == ["Ann", "Bo", "Cy"])
        #expect(people.map(\.age) == ["31", "42", "7"])
    }

    @Test func aLowerSchemaVersionIsRefusedAndAHigherOneWithoutABlockStillMigrates() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.firstRelease(in: directory)
        #expect(throws: GeodeError.self) {
            _ = try Realm(
                configuration: Realm.Configuration(fileURL: url, schemaVersion: 0, objectTypes: [PersonV1.self]))
        }
        try Realm.performMigration(
            for: Realm.Configuration(fileURL: url, schemaVersion: 5, objectTypes: [PersonV2.self]))
        #expect(try schemaVersionAtURL(url) == 5)
        let realm = try Realm(
            configuration: Realm.Configuration(fileURL: url, schemaVersion: 5, objectTypes: [PersonV2.self]))
        // No block: the new and the changed properties start at their zero values.
        #expect(realm.objects(PersonV2.self).map(\.fullName) == ["", "", ""])
        #expect(realm.objects(PersonV2.self).map(\.age) == ["", "", ""])
    }
}

/// Counts calls from a `@Sendable` migration block.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// Collects texts from a `@Sendable` closure.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    var values: [String] { lock.withLock { items } }
    func add(_ item: String) { lock.withLock { items.append(item) } }
}
