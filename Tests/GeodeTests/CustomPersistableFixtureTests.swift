import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import Testing

/// The mapped types and the model the fixtures under `Data/Fixtures/custom/` fill.
enum CustomModel {
    /// A user handle, stored as its text.
    struct Handle: CustomPersistable, Hashable {
        var text: String
        init(_ text: String) { self.text = text }
        init(persistedValue: String) { text = persistedValue }
        var persistableValue: String { text }
    }

    /// An e-mail address; not every string is one.
    struct Email: FailableCustomPersistable, Hashable {
        var address: String
        init?(persistedValue: String) {
            guard persistedValue.contains("@"), !persistedValue.contains(" ") else { return nil }
            address = persistedValue
        }
        var persistableValue: String { address }
    }

    /// A temperature, stored as a Double.
    struct Celsius: CustomPersistable, Hashable {
        var degrees: Double
        init(persistedValue: Double) { degrees = persistedValue }
        var persistableValue: Double { degrees }
    }

    /// A badge number, stored as an indexed Int.
    struct Badge: CustomPersistable, Hashable {
        var number: Int
        init(persistedValue: Int) { number = persistedValue }
        var persistableValue: Int { number }
    }

    final class SpanObject: EmbeddedObject {
        @Persisted var start = 0
        @Persisted var end = 0
    }

    /// A range of integers, stored as an embedded object.
    struct Span: CustomPersistable, Equatable {
        var bounds: [Int]
        init(_ bounds: [Int]) { self.bounds = bounds }
        init(persistedValue: SpanObject) { bounds = [persistedValue.start, persistedValue.end] }
        var persistableValue: SpanObject { SpanObject(value: ["start": bounds.first ?? 0, "end": bounds.last ?? 0]) }
    }

    final class Contact: Object {
        @Persisted(primaryKey: true) var handle: Handle
        @Persisted var email: Email?
        @Persisted var temperature: Celsius
        @Persisted(indexed: true) var badge: Badge
        @Persisted var span: Span
        @Persisted var backup: Span?
        @Persisted var aliases: List<Email?>
        @Persisted var tags: MutableSet<Handle>
    }

    /// A fixture argument: `{"mapped": T, "value": v}` is the mapped Swift
    /// value, `{"persisted": "Span", …}` an unmanaged embedded object.
    static func argument(_ value: Value) -> Any {
        switch value {
        case let .map(entries):
            let given = entries["value"] ?? .null
            if case let .string(type)? = entries["mapped"] {
                switch (type, given) {
                case let ("Email", .string(s)): return Email(persistedValue: s) as Any
                case let ("Handle", .string(s)): return Handle(s)
                case let ("Celsius", .int(i)): return Celsius(persistedValue: Double(i))
                case let ("Celsius", .double(d)): return Celsius(persistedValue: d)
                case let ("Badge", .int(i)): return Badge(persistedValue: Int(i))
                case let ("Span", .list(bounds)):
                    return Span(bounds.compactMap { if case let .int(i) = $0 { Int(i) } else { nil } })
                default: return NSNull()
                }
            }
            if case .string("Span")? = entries["persisted"] {
                return SpanObject(value: CreateFixtureTests.input(given))
            }
            return CreateFixtureTests.input(value)
        case let .list(items): return items.map(argument)
        default: return CreateFixtureTests.input(value)
        }
    }

    /// A contact as the fixtures' `reads` spell it.
    static func read(_ contact: Contact) -> [String: Value] {
        func span(_ span: Span?) -> Value { span.map { .list($0.bounds.map { .int(Int64($0)) }) } ?? .null }
        return [
            "handle": .string(contact.handle.text),
            "email": contact.email.map { .string($0.address) } ?? .null,
            "temperature": .double(contact.temperature.degrees),
            "badge": .int(Int64(contact.badge.number)),
            "span": span(contact.span),
            "backup": span(contact.backup),
            "aliases": .list(contact.aliases.map { $0.map { .string($0.address) } ?? .null }),
            "tags": .list(contact.tags.map(\.text).sorted().map { .string($0) }),
        ]
    }
}

/// Every case under `Data/Fixtures/custom/`: what mapped properties read back,
/// what queries with mapped and persisted arguments return, and which writes fail.
@Suite struct CustomPersistableFixtureTests {
    static let files = Fixtures.files(in: "Fixtures/custom", endingWith: ".json")

    @Test func fixturesArePresent() {
        #expect(!Self.files.isEmpty)
    }

    private func load(_ file: URL) throws -> (Realm, TemporaryDirectory, [String: Value]) {
        let name = file.lastPathComponent
        guard case let .map(fixture) = try JSONReader.parse(try String(contentsOf: file, encoding: .utf8), source: name)
        else {
            throw GeodeError.invalidValue("\(name) is not a JSON object")
        }
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("custom.geode"),
                objectTypes: [CustomModel.Contact.self]))
        try realm.write {
            if case let .list(objects)? = fixture["objects"] {
                for object in objects {
                    realm.create(CustomModel.Contact.self, value: CreateFixtureTests.input(object))
                }
            }
            if case let .list(raw)? = fixture["raw"] {
                for object in raw {
                    guard let value = CreateFixtureTests.input(object) as? [String: Any] else { continue }
                    realm.dynamicCreate("CustomModel.Contact", value: value)
                }
            }
        }
        return (realm, directory, Dictionary(uniqueKeysWithValues: fixture.map { ($0.key, $0.value) }))
    }

    @Test(arguments: files)
    func mappedPropertiesReadAsTheFixtureSays(file: URL) throws {
        let (realm, _, fixture) = try load(file)
        guard case let .list(reads)? = fixture["reads"] else { return }
        for entry in reads {
            guard case let .map(expected) = entry, case let .string(handle)? = expected["handle"] else { continue }
            guard
                let contact = realm.object(ofType: CustomModel.Contact.self, forPrimaryKey: CustomModel.Handle(handle))
            else {
                Issue.record("\(file.lastPathComponent): no contact \(handle)")
                continue
            }
            let actual = CustomModel.read(contact)
            for (key, value) in expected {
                #expect(
                    CreateFixtureTests.canonical(actual[key] ?? .null) == CreateFixtureTests.canonical(value),
                    "\(file.lastPathComponent): \(handle).\(key)")
            }
        }
        // A primary key may be given as the persisted value too.
        #expect(realm.object(ofType: CustomModel.Contact.self, forPrimaryKey: "ann")?.handle.text == "ann")
    }

    @Test(arguments: files)
    func queriesReturnWhatTheFixtureSays(file: URL) throws {
        let (realm, _, fixture) = try load(file)
        let name = file.lastPathComponent
        guard case let .list(cases)? = fixture["queries"] else { return }
        let contacts = realm.objects(CustomModel.Contact.self)
        FixtureQueryCases.check(cases, in: name, expectedKey: "handles", argument: CustomModel.argument) {
            query, args in
            let results = try contacts.query(query, arguments: args)
            let handles = results.map(\.handle.text)
            return (query.contains("SORT") ? handles : handles.sorted(), results.explain())
        }
    }

    @Test(arguments: files)
    func badWritesFailAndLeaveTheStoreAsItWas(file: URL) throws {
        let (realm, _, fixture) = try load(file)
        let name = file.lastPathComponent
        guard case let .list(writes)? = fixture["writes"] else { return }
        let before = realm.objects(CustomModel.Contact.self).map {
            CustomModel.read($0).mapValues(CreateFixtureTests.canonical)
        }
        for entry in writes {
            guard case let .map(w) = entry, let value = w["value"], case let .string(expected)? = w["error"] else {
                continue
            }
            do {
                try realm.write { realm.create(CustomModel.Contact.self, value: CreateFixtureTests.input(value)) }
                Issue.record("\(name): writing \(value) should fail with \"\(expected)\"")
            } catch {
                #expect(String(describing: error).contains(expected), "\(name): \(value) → \(error)")
            }
            let after = realm.objects(CustomModel.Contact.self).map {
                CustomModel.read($0).mapValues(CreateFixtureTests.canonical)
            }
            #expect(after == before, "\(name): a failed write changed the store")
        }
    }

    @Test func typeSafeQueriesAcceptMappedValues() throws {
        guard let file = Self.files.first else { return }
        let (realm, _, _) = try load(file)
        let contacts = realm.objects(CustomModel.Contact.self)
        #expect(contacts.where { $0.span == CustomModel.Span([1, 5]) }.map(\.handle.text) == ["ann"])
        #expect(contacts.where { $0.backup == CustomModel.Span([2, 3]) }.map(\.handle.text) == ["ann"])
        #expect(contacts.where { $0.badge == CustomModel.Badge(persistedValue: 3) }.map(\.handle.text) == ["bob"])
        #expect(contacts.where { $0.badge.persistableValue > 5 }.count == 2)
        #expect(contacts.where { $0.tags.contains(CustomModel.Handle("rowing")) }.map(\.handle.text) == ["ann"])
        #expect(contacts.where { $0.email.persistableValue.ends(with: "example") }.map(\.handle.text) == ["dee"])
        #expect(contacts.where { $0.handle.in([CustomModel.Handle("bob"), CustomModel.Handle("cy")]) }.count == 2)
        #expect(
            contacts.where { $0.temperature.persistableValue.contains(36.0 ... 37.0) }.map(\.handle.text) == ["ann"])
    }
}
