import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Every error a user can meet is a `GeodeError` case that carries where it
/// happened, so a caller catches the case it handles and reads the rest.
@Suite struct GeodeErrorTests {
    final class Owner: Object {
        @Persisted(primaryKey: true) var name = ""
        @Persisted var age = 0
        @Persisted var pet: Pet?
        @Persisted var notes: Map<String, String>
    }

    final class Pet: Object {
        @Persisted var name = ""
        @Persisted var weight = 0.0
    }

    /// Nested classes are named with their enclosing type in the store.
    static let owner = "GeodeErrorTests.Owner", pet = "GeodeErrorTests.Pet"

    @Test func aClassIsNamedInTheStoreAsClassNameSays() throws {
        #expect(Owner.className() == Self.owner)
        #expect(Pet.className() == Self.pet)
        let directory = try TemporaryDirectory()
        #expect(try Self.realm(directory).schema[Owner.className()] != nil)
    }

    static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("owners.geode"),
                objectTypes: [Owner.self, Pet.self]))
    }

    /// The failure a write threw, or nil when it threw nothing or something else.
    static func valueFailure(_ body: () throws -> Void) -> GeodeError.ValueFailure? {
        do {
            try body()
        } catch GeodeError.invalidValue(let failure) {
            return failure
        } catch {
            Issue.record("expected GeodeError.invalidValue, got \(error)")
        }
        return nil
    }

    @Test func aValueOfTheWrongTypeNamesItsClassAndProperty() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let failure = Self.valueFailure {
            try realm.write { _ = realm.create(Owner.self, value: ["name": "Ann", "age": "old"]) }
        }
        #expect(failure?.kind == .wrongType)
        #expect(failure?.className == Self.owner)
        #expect(failure?.property == "age")
        #expect(realm.objects(Owner.self).isEmpty, "nothing was written")
    }

    @Test func aNestedObjectsFailureKeepsItsOwnPlace() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let failure = Self.valueFailure {
            try realm.write {
                _ = realm.create(Owner.self, value: ["name": "Ann", "pet": ["name": "Rex", "weight": "heavy"]])
            }
        }
        #expect(failure?.kind == .wrongType)
        #expect(failure?.className == Self.pet)
        #expect(failure?.property == "weight")
        #expect(failure?.message.hasPrefix("\(Self.owner).pet: ") == true, "\(failure?.message ?? "")")
    }

    @Test func anIllegalMapKeyAndADuplicatePrimaryKeyAreTheirOwnKinds() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let key = Self.valueFailure {
            try realm.write { _ = realm.create(Owner.self, value: ["name": "Ann", "notes": ["a.b": "x"]]) }
        }
        #expect(key?.kind == .illegalMapKey)
        #expect(key?.className == Self.owner && key?.property == "notes")
        try realm.write { _ = realm.create(Owner.self, value: ["name": "Ann"]) }
        let twice = Self.valueFailure { try realm.write { _ = realm.create(Owner.self, value: ["name": "Ann"]) } }
        #expect(twice?.kind == .duplicatePrimaryKey)
    }

    @Test func writingOrImportingIntoARealmOpenedReadOnlyIsAnErrorNotAStop() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("kept.geode")
        let writable = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [JSONDocument.self]))
        try writable.write { writable.create(JSONDocument.self, value: ["content": AnyRealmValue.int(1)]) }
        let input = directory.url.appendingPathComponent("more.ndjson")
        try Data("{\"a\": 1}\n{\"a\": 2}\n".utf8).write(to: input)
        let readOnly = try Realm(
            configuration: Realm.Configuration(fileURL: url, readOnly: true, objectTypes: [JSONDocument.self]))
        for attempt in [{ try readOnly.write {} }, { _ = try readOnly.importJSONDocuments(from: input) }] {
            do {
                try attempt()
                Issue.record("a read-only realm was written")
            } catch GeodeError.file(let failure) {
                #expect(failure.reason == .readOnly)
            }
        }
        #expect(readOnly.objects(JSONDocument.self).count == 1)
    }

    @Test func fileFailuresSayWhichFileAndWhy() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.url.appendingPathComponent("missing.geode")
        do {
            _ = try Realm(
                configuration: Realm.Configuration(
                    fileURL: missing, readOnly: true, objectTypes: [Owner.self, Pet.self]))
            Issue.record("opened a missing file")
        } catch GeodeError.file(let failure) {
            #expect(failure.reason == .missing)
            #expect(failure.path == missing.path)
        }
        let notes = directory.url.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: notes)
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: notes, objectTypes: [Owner.self, Pet.self]))
            Issue.record("opened a text file")
        } catch GeodeError.file(let failure) {
            #expect(failure.reason == .notAStore)
            #expect(failure.path == notes.path)
        }
    }

    @Test func aStoreThatNeedsAMigrationListsTheDifferences() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.realm(directory)
        final class Owner: Object {
            @Persisted(primaryKey: true) var name = ""
            @Persisted var age = ""
        }
        do {
            _ = try Realm(
                configuration: Realm.Configuration(
                    fileURL: directory.url.appendingPathComponent("owners.geode"),
                    objectTypes: [Owner.self]))
            Issue.record("opened without a migration")
        } catch GeodeError.schema(let failure) {
            #expect(!failure.differences.isEmpty)
            #expect(failure.differences.contains { $0.contains("age") }, "\(failure.differences)")
        }
    }

    @Test func aDamagedPageNamesItsDatabaseAndPage() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("owners.geode")
        do {
            let realm = try Self.realm(directory)
            try realm.write {
                for i in 0 ..< 3_000 { realm.create(Owner.self, value: ["name": "owner \(i)", "age": i]) }
            }
        }
        var bytes = [UInt8](try Data(contentsOf: url))
        // Point every branch page's first child past the end of the file.
        let pageSize = 4096
        for page in 2 ..< bytes.count / pageSize where bytes[page * pageSize + 10] & 0x01 != 0 {
            let node = page * pageSize + Int(bytes[page * pageSize + 16]) + Int(bytes[page * pageSize + 17]) << 8
            bytes[node] = 0xFF; bytes[node + 1] = 0xFF
        }
        try Data(bytes).write(to: url)
        unlink(url.path + "-lock")
        do {
            _ = try Self.realm(directory)
            Issue.record("opened a damaged store")
        } catch GeodeError.damagedStore(let damage) {
            #expect(damage.page != nil)
            #expect(damage.database?.isEmpty == false)
            #expect(damage.path == url.path)
            #expect(damage.code == -30796, "MDB_CORRUPTED")
        }
    }

    @Test func realmsCatchClausesMatchByRealmsErrorCodes() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.url.appendingPathComponent("missing.geode")
        do {
            _ = try Realm(
                configuration: Realm.Configuration(fileURL: missing, readOnly: true, objectTypes: [Owner.self]))
            Issue.record("opened a missing file")
        } catch Realm.Error.fileNotFound {
            // Realm's spelling of the catch
        }

        let notes = directory.url.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: notes)
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: notes, objectTypes: [Owner.self, Pet.self]))
            Issue.record("opened a text file")
        } catch let error as Realm.Error {
            #expect(error.code == .invalidDatabase)
            #expect(error.fileURL?.path == notes.path)
        }

        let realm = try Self.realm(directory)
        do {
            try realm.writeCopy(toFile: notes)
            Issue.record("copied over an existing file")
        } catch Realm.Error.fileExists {
            #expect(try String(contentsOf: notes, encoding: .utf8) == "shopping list\n")
        }

        do {
            _ = try realm.objects(Owner.self).query("age >>> 3")
            Issue.record("ran a query that does not parse")
        } catch let error as Realm.Error {
            #expect(error.code == .invalidInput)
            #expect(error.fileURL == nil)
        }
    }

    @Test func aStoreThatNeedsAMigrationIsRealmsSchemaMismatch() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.realm(directory)
        final class Owner: Object {
            @Persisted(primaryKey: true) var name = ""
            @Persisted var age = ""
        }
        #expect(throws: Realm.Error.self) {
            _ = try Realm(
                configuration: Realm.Configuration(
                    fileURL: directory.url.appendingPathComponent("owners.geode"), objectTypes: [Owner.self]))
        }
        do {
            _ = try Realm(
                configuration: Realm.Configuration(
                    fileURL: directory.url.appendingPathComponent("owners.geode"), objectTypes: [Owner.self]))
        } catch {
            #expect(Realm.Error.schemaMismatch ~= error)
            #expect(!(Realm.Error.fileNotFound ~= error))
            #expect((error as? Realm.Error)?.code.rawValue == 10, "Realm's number for the code")
        }
    }

    /// realm-swift RealmTests.swift, testCatchSpecificErrors: a path through
    /// something that is not a directory is `.fileOperationFailed`.
    @Test func aPathThroughAFileIsRealmsFileOperationFailed() throws {
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: "/dev/null/foo")))
            Issue.record("opened a store under /dev/null")
        } catch Realm.Error.fileOperationFailed {
            // Realm's code for it
        }
    }

    /// realm-swift RealmTests.swift, testAsyncWriteCancelsOnThrow: an error
    /// made from Realm's code carries that code, and a write block that throws
    /// it commits nothing.
    @Test func anErrorMadeFromACodeCarriesItAndAbortsTheWrite() throws {
        for code in GeodeError.Code.allCases {
            #expect(Realm.Error(code).code == code, "\(code)")
        }
        let made = Realm.Error(
            .fileNotFound, userInfo: [NSLocalizedDescriptionKey: "gone", NSFilePathErrorKey: "/tmp/x"])
        #expect("\(made)" == "gone" && made.fileURL?.path == "/tmp/x")
        #expect(Realm.Error(.fail).fileURL == nil)
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        do {
            try realm.write {
                realm.create(Owner.self, value: ["name": "Ann"])
                throw Realm.Error(.fail)
            }
            Issue.record("the write did not throw")
        } catch Realm.Error.fail {
            #expect(realm.objects(Owner.self).isEmpty)
        }
    }
}
