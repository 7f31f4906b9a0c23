import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import OrderedCollections
import Testing

/// AnyRealmValue mutation scripts under `Data/Fixtures/mixed/`.
@Suite struct MixedFixtureTests {
    static let cases = Fixtures.files(in: "Fixtures/mixed", endingWith: ".json")

    @Test func fixturesArePresent() { #expect(Self.cases.count >= 8) }

    @Test(arguments: cases)
    func scriptsLeaveTheExpectedTree(file: URL) throws {
        let name = file.lastPathComponent
        guard
            case let .map(fixture) = try JSONReader.parse(try String(contentsOf: file, encoding: .utf8), source: name),
            let start = fixture["start"], case let .list(script)? = fixture["script"]
        else {
            Issue.record("\(name): needs start and script")
            return
        }
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("m.geode"), objectTypes: [Bag.self]))
        let bag = Bag()
        let startText = try JSONWriter.string(start)
        try realm.write {
            realm.add(bag)
            bag.value = try AnyRealmValue(json: startText)
        }
        do {
            try realm.write {
                for case let .map(step) in script { try Self.run(step, on: bag) }
            }
        } catch {
            guard case let .string(expected)? = fixture["error"] else {
                Issue.record("\(name): unexpected error \(error)")
                return
            }
            #expect(String(describing: error).contains(expected), "\(name): \(error)")
            #expect(try bag.value.jsonString() == startText, "\(name): a failed write left changes")
            return
        }
        if case let .string(expected)? = fixture["error"] {
            Issue.record("\(name): expected an error containing \"\(expected)\"")
        }
        if let expected = fixture["expect"] {
            #expect(try bag.value.jsonString() == JSONWriter.string(expected), "\(name)")
        }
    }

    /// The value at `path` from the property's value.
    static func walk(_ root: AnyRealmValue, _ path: [Value]) -> AnyRealmValue? {
        var current: AnyRealmValue? = root
        for step in path {
            switch step {
            case let .string(key): current = current?.dictionaryValue?[key] ?? nil
            case let .int(index): current = current?.listValue.flatMap { Int(index) < $0.count ? $0[Int(index)] : nil }
            default: return nil
            }
        }
        return current
    }

    static func run(_ step: OrderedDictionaryValue, on bag: Bag) throws {
        guard case let .string(op)? = step["op"] else { throw GeodeError.invalidValue("a step needs an op") }
        func json(_ key: String) throws -> AnyRealmValue {
            try AnyRealmValue(json: JSONWriter.string(step[key] ?? .null))
        }
        func int(_ key: String) -> Int { if case let .int(i)? = step[key] { return Int(i) }; return -1 }
        let path: [Value] = if case let .list(p)? = step["path"] { p } else { [] }
        if op == "replace" { bag.value = try json("value"); return }
        guard let container = walk(bag.value, path) else { throw GeodeError.invalidValue("no container at \(path)") }
        switch (op, container) {
        case let ("set", .dictionary(map)):
            if case let .string(key)? = step["key"] { map[key] = try json("value") }
        case let ("set", .list(list)):
            list[int("key")] = try json("value")
        case let ("append", .list(list)): list.append(try json("value"))
        case let ("insert", .list(list)): list.insert(try json("value"), at: int("index"))
        case let ("remove", .list(list)): list.remove(at: int("index"))
        case let ("removeKey", .dictionary(map)):
            if case let .string(key)? = step["key"] { map.removeObject(for: key) }
        case let ("move", .list(list)): list.move(from: int("from"), to: int("to"))
        case let ("removeAll", .list(list)): list.removeAll()
        case let ("removeAll", .dictionary(map)): map.removeAll()
        case let ("copy", .dictionary(map)):
            let from: [Value] = if case let .list(p)? = step["from"] { p } else { [] }
            if case let .string(key)? = step["key"] { map[key] = walk(bag.value, from) ?? AnyRealmValue.none }
        default:
            throw GeodeError.invalidValue("op \(op) does not apply to \(container)")
        }
    }
}

typealias OrderedDictionaryValue = OrderedDictionary<String, Value>
