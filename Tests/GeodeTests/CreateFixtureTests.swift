import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import Testing

/// `create(value:)` cases under `Data/Fixtures/create/`: input, policy, and
/// the objects or the error expected.
@Suite struct CreateFixtureTests {
    static let cases = Fixtures.files(in: "Fixtures/create", endingWith: ".json")
    static let classes: [String: Object.Type] = ["Pet": Model.Pet.self, "Toy": Model.Toy.self]

    @Test func fixturesArePresent() {
        #expect(Self.cases.count >= 15)
    }

    @Test(arguments: cases)
    func createBehavesAsTheFixtureSays(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard case let .map(fixture) = try JSONReader.parse(text, source: file.lastPathComponent),
            case let .string(className)? = fixture["class"], let type = Self.classes[className],
            let value = fixture["value"]
        else {
            Issue.record("\(file.lastPathComponent): needs class and value")
            return
        }
        let policy: UpdatePolicy =
            switch fixture["policy"] {
            case .string("modified")?: .modified
            case .string("all")?: .all
            default: .error
            }
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("f.geode"),
                objectTypes: [Model.Pet.self]))
        if case let .list(before)? = fixture["before"] {
            for object in before { try realm.write { realm.create(type, value: Self.input(object)) } }
        }
        let snapshotBefore = Self.snapshot(realm)
        do {
            try realm.write { realm.create(type, value: Self.input(value), update: policy) }
            if case let .string(expected)? = fixture["error"] {
                Issue.record("\(file.lastPathComponent): expected an error containing \"\(expected)\"")
            }
        } catch {
            guard case let .string(expected)? = fixture["error"] else {
                Issue.record("\(file.lastPathComponent): unexpected error \(error)")
                return
            }
            #expect(String(describing: error).contains(expected), "\(file.lastPathComponent): \(error)")
            #expect(Self.snapshot(realm) == snapshotBefore, "\(file.lastPathComponent): a failed write left changes")
            return
        }
        guard case let .map(expected)? = fixture["expect"] else { return }
        for (name, objects) in expected {
            guard let expectedType = Self.classes[name], case let .list(expectedObjects) = objects else { continue }
            let stored = Array(realm.objects(expectedType))
            #expect(stored.count == expectedObjects.count, "\(file.lastPathComponent): \(name) count")
            for (object, expectation) in zip(stored, expectedObjects) {
                guard case let .map(properties) = expectation else { continue }
                for (property, wanted) in properties {
                    #expect(
                        Self.canonical(object[property], depth: 0) == Self.canonical(wanted),
                        "\(file.lastPathComponent): \(name).\(property)")
                }
            }
        }
    }

    /// A JSON value as `create(value:)` input: dictionaries, arrays, numbers, strings.
    static func input(_ value: Value) -> Any {
        switch value {
        case .null: return NSNull()
        case let .bool(b): return b
        case let .int(i): return Int(i)
        case let .double(d): return d
        case let .string(s): return s
        case let .list(items): return items.map(input)
        case let .map(entries): return Dictionary(uniqueKeysWithValues: entries.map { ($0.key, input($0.value)) })
        default: return NSNull()
        }
    }

    /// Every Pet and Toy, as text: what a failed write must leave untouched.
    static func snapshot(_ realm: Realm) -> String {
        classes.keys.sorted().map { name in
            realm.objects(classes[name]!).map { object in
                object.objectSchema.properties.map { "\($0.name)=\(canonical(object[$0.name], depth: 0))" }.joined(
                    separator: ",")
            }.joined(separator: ";")
        }.joined(separator: "|")
    }

    /// One text for equal values, whether they come from a property or a fixture.
    static func canonical(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case let .bool(b): return String(b)
        case let .int(i): return String(Double(i))
        case let .double(d): return String(d)
        case let .string(s): return "\"\(s)\""
        case let .list(items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case let .map(entries):
            return "{" + entries.map { "\($0.key):\(canonical($0.value))" }.joined(separator: ",") + "}"
        default: return "?"
        }
    }

    static func canonical(_ any: Any?, depth: Int) -> String {
        guard let any else { return "null" }
        switch any {
        case is NSNull: return "null"
        case let b as Bool: return String(b)
        case let i as Int: return String(Double(i))
        case let i as Int8: return String(Double(i))
        case let f as Float: return String(Double(f))
        case let d as Double: return String(d)
        case let s as String: return "\"\(s)\""
        case let u as UUID: return "\"\(u.uuidString)\""
        case let k as Model.Kind: return "\"\(k.rawValue)\""
        case let o as Optional<Any>:
            guard case let .some(wrapped) = o else { return "null" }
            if case Optional<Any>.none = wrapped as Any? { return "null" }
            switch wrapped {
            case let list as List<String>:
                return "[" + list.map { canonical($0, depth: depth) }.joined(separator: ",") + "]"
            case let list as List<Int?>:
                return "[" + list.map { canonical($0 as Any?, depth: depth) }.joined(separator: ",") + "]"
            case let list as List<Model.Toy>:
                return "[" + list.map { canonical($0, depth: depth) }.joined(separator: ",") + "]"
            case let object as Object where depth < 1:
                return "{"
                    + object.objectSchema.properties.map {
                        "\($0.name):\(canonical(object[$0.name], depth: depth + 1))"
                    }.joined(separator: ",") + "}"
            case is Object: return "{…}"
            case let map as Map<String, Model.Toy?>:
                // Not its description, which names the map's address as Realm's does.
                return "{"
                    + map.keys.sorted().map { key in "\(key):\(canonical(map[key] ?? nil, depth: depth))" }
                    .joined(separator: ",") + "}"
            default: return String(describing: wrapped)
            }
        }
    }
}
