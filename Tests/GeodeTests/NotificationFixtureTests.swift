import Foundation
import Geode
import GeodeTestSupport
import Testing

final class NItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var value = 0
    @Persisted var label = ""
}

final class NItemList: Object {
    @Persisted var items: List<NItem>
}

/// One fixture case: objects, one write, the change the observer must hear.
private struct NotificationCase: Decodable, CustomTestStringConvertible {
    struct Expected: Decodable, Equatable {
        var deletions: [Int]
        var insertions: [Int]
        var modifications: [Int]
    }
    var name: String
    var initial: [Int]
    var filter: String?
    var sort: String?
    var keyPaths: [String]?
    var write: [[String: JSONScalar]]
    var expect: Expected?
    var testDescription: String { name }
}

/// A number, a string or a boolean in a fixture's operations.
private enum JSONScalar: Decodable {
    case int(Int), string(String), bool(Bool)
    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let i = try? container.decode(Int.self) {
            self = .int(i)
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
    var int: Int? { if case let .int(i) = self { return i }; return nil }
    var string: String? { if case let .string(s) = self { return s }; return nil }
}

private struct NotificationFile: Decodable {
    var cases: [NotificationCase]
}

private func cases(_ file: String) throws -> [NotificationCase] {
    let url = Fixtures.dataDirectory.appendingPathComponent("Fixtures/notifications/\(file)")
    return try JSONDecoder().decode(NotificationFile.self, from: Data(contentsOf: url)).cases
}

/// What an observer heard, in a form fixtures compare.
private final class Heard: @unchecked Sendable {
    var initial = 0
    var updates: [NotificationCase.Expected] = []

    func take<C>(_ change: RealmCollectionChange<C>) {
        switch change {
        case .initial: initial += 1
        case let .update(_, d, i, m): updates.append(.init(deletions: d, insertions: i, modifications: m))
        case let .error(error): Issue.record("error: \(error)")
        }
    }
}

@Suite("Collection notifications follow Realm's facts")
struct NotificationFixtureTests {
    @Test("Results report Realm's deletions, insertions and modifications", arguments: try cases("results.json"))
    fileprivate func resultsCase(_ fixture: NotificationCase) throws {
        try withTemporaryRealm(of: [NItem.self, NItemList.self]) { realm in
            try realm.write {
                for (id, value) in fixture.initial.enumerated() { realm.add(NItem(value: ["id": id, "value": value])) }
            }
            var results = realm.objects(NItem.self)
            if let filter = fixture.filter { results = results.filter(filter) }
            if let sort = fixture.sort { results = results.sorted(byKeyPath: sort) }
            let heard = Heard()
            let token = results.observe(keyPaths: fixture.keyPaths) { heard.take($0) }
            realm.refresh()
            #expect(heard.initial == 1)
            try realm.write { try apply(fixture.write, realm) }
            #expect(heard.updates == (fixture.expect.map { [$0] } ?? []))
            token.invalidate()
        }
    }

    @Test("Lists report Realm's deletions, insertions and modifications", arguments: try cases("lists.json"))
    fileprivate func listCase(_ fixture: NotificationCase) throws {
        try withTemporaryRealm(of: [NItem.self, NItemList.self]) { realm in
            let holder = NItemList()
            try realm.write {
                for id in 0 ..< 10 { realm.add(NItem(value: ["id": id, "value": id])) }
                realm.add(holder)
                for id in fixture.initial {
                    if let item = realm.object(ofType: NItem.self, forPrimaryKey: id) { holder.items.append(item) }
                }
            }
            let heard = Heard()
            let token = holder.items.observe { heard.take($0) }
            realm.refresh()
            #expect(heard.initial == 1)
            try realm.write { try apply(fixture.write, realm, list: holder.items) }
            #expect(heard.updates == (fixture.expect.map { [$0] } ?? []))
            token.invalidate()
        }
    }

    private func apply(_ operations: [[String: JSONScalar]], _ realm: Realm, list: List<NItem>? = nil) throws {
        func item(_ id: Int?) throws -> NItem {
            guard let id, let found = realm.object(ofType: NItem.self, forPrimaryKey: id) else {
                throw GeodeError.invalidValue("the fixture names no object \(id ?? -1)")
            }
            return found
        }
        for operation in operations {
            if let id = operation["insert"]?.int {
                realm.add(NItem(value: ["id": id, "value": operation["value"]?.int ?? 0]))
            } else if let id = operation["delete"]?.int {
                realm.delete(try item(id))
            } else if let id = operation["set"]?.int {
                try item(id).value = operation["value"]?.int ?? 0
            } else if let id = operation["label"]?.int {
                try item(id).label = operation["text"]?.string ?? ""
            } else if operation["deleteAll"] != nil {
                realm.delete(realm.objects(NItem.self))
            } else if let list, let id = operation["append"]?.int {
                list.append(try item(id))
            } else if let list, let index = operation["remove"]?.int {
                list.remove(at: index)
            } else if let list, let index = operation["insertAt"]?.int {
                list.insert(try item(operation["id"]?.int), at: index)
            } else if let list, let index = operation["replace"]?.int {
                list[index] = try item(operation["id"]?.int)
            } else if let list, operation["removeAll"] != nil {
                list.removeAll()
            } else {
                throw GeodeError.invalidValue("unknown fixture operation \(operation.keys.sorted())")
            }
        }
    }
}
