import Foundation
import Geode
import GeodeTestSupport
import Testing

final class NItem: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var value = 0
    @Persisted var label = ""
    @Persisted var next: NItem?
    @Persisted var tags: List<Int>
}

final class NHolder: Object {
    @Persisted var items: List<NItem>
    @Persisted var numbers: List<Int>
    @Persisted var itemSet: MutableSet<NItem>
    @Persisted var numberSet: MutableSet<Int>
    @Persisted var map: Map<String, Int>
    @Persisted var itemMap: Map<String, NItem?>
}

/// One case of `Data/Fixtures/notifications`: objects, one write, what the
/// observer must hear (see that folder's README).
struct NotificationCase: CustomTestStringConvertible, Sendable {
    var file: String
    var kind: String
    var fields: [String: FixtureJSON]
    var name: String { fields["name"]?.string ?? "?" }
    var testDescription: String { "\(file): \(name)" }
}

/// A JSON value of a notification fixture.
enum FixtureJSON: Decodable, Equatable, Sendable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case array([FixtureJSON]), object([String: FixtureJSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? container.decode(Int.self) {
            self = .int(i)
        } else if let d = try? container.decode(Double.self) {
            self = .double(d)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([FixtureJSON].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: FixtureJSON].self))
        }
    }

    var int: Int? { if case let .int(i) = self { return i }; return nil }
    var string: String? { if case let .string(s) = self { return s }; return nil }
    var bool: Bool? { if case let .bool(b) = self { return b }; return nil }
    var array: [FixtureJSON]? { if case let .array(a) = self { return a }; return nil }
    var object: [String: FixtureJSON]? { if case let .object(o) = self { return o }; return nil }
    var isNull: Bool { self == .null }
}

private struct NotificationFile: Decodable {
    var kind: String
    var cases: [[String: FixtureJSON]]
}

/// Every case of every file of the notification corpus.
private func notificationCases() throws -> [NotificationCase] {
    let folder = Fixtures.dataDirectory.appendingPathComponent("Fixtures/notifications")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    return try files.sorted().flatMap { file in
        let decoded = try JSONDecoder().decode(
            NotificationFile.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
        return decoded.cases.map { NotificationCase(file: file, kind: decoded.kind, fields: $0) }
    }
}

/// What a fixture failed to say.
private struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What an observer heard, in the fixtures' JSON form.
private final class Heard: @unchecked Sendable {
    var initial = 0
    var updates: [FixtureJSON] = []

    func take<C>(_ change: RealmCollectionChange<C>) {
        switch change {
        case .initial: initial += 1
        case let .update(_, d, i, m):
            updates.append(Self.indices(d.map(FixtureJSON.int), i.map(FixtureJSON.int), m.map(FixtureJSON.int)))
        case let .error(error): Issue.record("error: \(error)")
        }
    }

    func take<C>(_ change: RealmMapChange<C>) {
        switch change {
        case .initial: initial += 1
        case let .update(_, d, i, m):
            updates.append(
                Self.indices(
                    d.sorted().map(FixtureJSON.string), i.sorted().map(FixtureJSON.string),
                    m.sorted().map(FixtureJSON.string)))
        case let .error(error): Issue.record("error: \(error)")
        }
    }

    func take(_ change: ObjectChange<NItem>) {
        switch change {
        case .deleted: updates.append(.object(["deleted": .bool(true)]))
        case let .change(_, properties):
            updates.append(
                .object([
                    "properties": .array(
                        properties.map { property in
                            var heard: [String: FixtureJSON] = ["name": .string(property.name)]
                            if let int = property.newValue as? Int { heard["new"] = .int(int) }
                            if let string = property.newValue as? String { heard["new"] = .string(string) }
                            return .object(heard)
                        })
                ]))
        case let .error(error): Issue.record("error: \(error)")
        }
    }

    private static func indices(_ d: [FixtureJSON], _ i: [FixtureJSON], _ m: [FixtureJSON]) -> FixtureJSON {
        .object(["deletions": .array(d), "insertions": .array(i), "modifications": .array(m)])
    }
}

@Suite("Notifications follow Realm's facts")
struct NotificationFixtureTests {
    @Test("Each observer hears Realm's change after a write", arguments: try notificationCases())
    func notificationCase(_ fixture: NotificationCase) throws {
        if let divergence = fixture.fields["divergence"]?.string {
            withKnownIssue("known divergence: \(divergence)") { try run(fixture) }
        } else {
            try run(fixture)
        }
    }

    private func run(_ fixture: NotificationCase) throws {
        try withTemporaryRealm(of: [NItem.self, NHolder.self]) { realm in
            let heard = Heard()
            let keyPaths = fixture.fields["keyPaths"]?.array?.compactMap(\.string)
            let token: NotificationToken
            var holder: NHolder?
            switch fixture.kind {
            case "results", "object":
                try realm.write { try addItems(fixture, realm) }
                if fixture.kind == "object" {
                    let id = fixture.fields["observe"]?.int ?? 0
                    guard let item = realm.object(ofType: NItem.self, forPrimaryKey: id) else {
                        throw FixtureError("the fixture observes no object \(id)")
                    }
                    token = item.observe(keyPaths: keyPaths) { (change: ObjectChange<NItem>) in heard.take(change) }
                } else {
                    var results = realm.objects(NItem.self)
                    if let filter = fixture.fields["filter"]?.string { results = results.filter(filter) }
                    if let sort = fixture.fields["sort"]?.string {
                        results = results.sorted(byKeyPath: sort, ascending: fixture.fields["ascending"]?.bool ?? true)
                    }
                    token = results.observe(keyPaths: keyPaths) { heard.take($0) }
                }
            case "collection":
                let made = NHolder()
                try realm.write {
                    for id in 0 ..< 10 { realm.add(NItem(value: ["id": id, "value": id])) }
                    try addLinks(fixture, realm)
                    realm.add(made)
                    try fill(made, fixture, realm)
                }
                holder = made
                token = try observe(made, fixture.fields["collection"]?.string, keyPaths, heard)
            default:
                throw FixtureError("unknown kind \(fixture.kind)")
            }
            realm.refresh()
            #expect(heard.initial == (fixture.kind == "object" ? 0 : 1))
            if let writes = fixture.fields["writes"]?.array {
                try writeElsewhere(writes.map { $0.array ?? [] }, fixture, realm.configuration)
                realm.refresh()
            } else {
                try realm.write {
                    for operation in fixture.fields["write"]?.array ?? [] {
                        try apply(operation.object ?? [:], fixture, realm, holder)
                    }
                }
            }
            let expected = fixture.fields["expect"] ?? .null
            #expect(
                Self.comparable(heard.updates, to: expected) == (expected.isNull ? [] : [Self.normalized(expected)]))
            token.invalidate()
        }
    }

    /// Makes each of `writes` a write transaction of a realm of another
    /// thread, so that the observer hears them together at its next refresh.
    private func writeElsewhere(
        _ writes: [[FixtureJSON]], _ fixture: NotificationCase, _ configuration: Realm.Configuration
    ) throws {
        let failure = SharedValue<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            defer { done.signal() }
            do {
                let writer = try Realm(configuration: configuration)
                let holder = writer.objects(NHolder.self).first
                for operations in writes {
                    try writer.write {
                        for operation in operations { try apply(operation.object ?? [:], fixture, writer, holder) }
                    }
                }
            } catch {
                failure.value = "\(error)"
            }
        }.start()
        done.wait()
        if let message = failure.value { throw FixtureError("the other thread's writes failed: \(message)") }
    }

    /// What was heard as `expected` compares it: an object's property
    /// without `"new"` in `expected` compared by name only.
    private static func comparable(_ heard: [FixtureJSON], to expected: FixtureJSON) -> [FixtureJSON] {
        guard case let .object(fields)? = heard.first, case let .array(properties)? = fields["properties"],
            case let .array(wanted)? = expected.object?["properties"], wanted.count == properties.count
        else { return heard }
        let trimmed = zip(properties, wanted).map { property, want -> FixtureJSON in
            guard case var .object(entry) = property, want.object?["new"] == nil else { return property }
            entry["new"] = nil
            return .object(entry)
        }
        return [.object(["properties": .array(trimmed)])] + heard.dropFirst()
    }

    /// `expect` with map keys in the order heard ones are put in.
    private static func normalized(_ expected: FixtureJSON) -> FixtureJSON {
        guard case var .object(fields) = expected else { return expected }
        for key in ["deletions", "insertions", "modifications"] {
            if let keys = fields[key]?.array, keys.allSatisfy({ $0.string != nil }) {
                fields[key] = .array(keys.compactMap(\.string).sorted().map(FixtureJSON.string))
            }
        }
        return .object(fields)
    }

    private func addItems(_ fixture: NotificationCase, _ realm: Realm) throws {
        for (id, value) in (fixture.fields["initial"]?.array ?? []).enumerated() {
            realm.add(NItem(value: ["id": id, "value": value.int ?? 0]))
        }
        try addLinks(fixture, realm)
    }

    private func addLinks(_ fixture: NotificationCase, _ realm: Realm) throws {
        for (from, to) in fixture.fields["links"]?.object ?? [:] {
            try item(Int(from), realm).next = to.isNull ? nil : try item(to.int, realm)
        }
    }

    private func fill(_ holder: NHolder, _ fixture: NotificationCase, _ realm: Realm) throws {
        let initial = fixture.fields["initial"] ?? .null
        switch fixture.fields["collection"]?.string {
        case "items": for id in initial.array ?? [] { holder.items.append(try item(id.int, realm)) }
        case "numbers": for n in initial.array ?? [] { holder.numbers.append(try number(n)) }
        case "itemSet": for id in initial.array ?? [] { holder.itemSet.insert(try item(id.int, realm)) }
        case "numberSet": for n in initial.array ?? [] { holder.numberSet.insert(try number(n)) }
        case "map": for (key, n) in initial.object ?? [:] { holder.map[key] = try number(n) }
        case "itemMap":
            for (key, id) in initial.object ?? [:] {
                let value: NItem? = id.isNull ? nil : try item(id.int, realm)
                holder.itemMap[key] = .some(value)
            }
        case let other: throw FixtureError("unknown collection \(other ?? "none")")
        }
    }

    private func observe(_ holder: NHolder, _ collection: String?, _ keyPaths: [String]?, _ heard: Heard) throws
        -> NotificationToken
    {
        switch collection {
        case "items": return holder.items.observe(keyPaths: keyPaths) { heard.take($0) }
        case "numbers": return holder.numbers.observe(keyPaths: keyPaths) { heard.take($0) }
        case "itemSet": return holder.itemSet.observe(keyPaths: keyPaths) { heard.take($0) }
        case "numberSet": return holder.numberSet.observe(keyPaths: keyPaths) { heard.take($0) }
        case "map": return holder.map.observe(keyPaths: keyPaths) { heard.take($0) }
        case "itemMap": return holder.itemMap.observe(keyPaths: keyPaths) { heard.take($0) }
        case let other: throw FixtureError("unknown collection \(other ?? "none")")
        }
    }

    private func item(_ id: Int?, _ realm: Realm) throws -> NItem {
        guard let id, let found = realm.object(ofType: NItem.self, forPrimaryKey: id) else {
            throw FixtureError("the fixture names no object \(id.map(String.init) ?? "(none)")")
        }
        return found
    }

    private func number(_ value: FixtureJSON) throws -> Int {
        guard let n = value.int else { throw FixtureError("not a number: \(value)") }
        return n
    }

    private func apply(
        _ operation: [String: FixtureJSON], _ fixture: NotificationCase, _ realm: Realm, _ holder: NHolder?
    ) throws {
        let element = operation["element"] ?? .null
        if let id = operation["insert"]?.int {
            realm.add(
                NItem(value: [
                    "id": id, "value": operation["value"]?.int ?? 0, "label": operation["label"]?.string ?? "",
                ]))
        } else if let id = operation["delete"]?.int {
            realm.delete(try item(id, realm))
        } else if let id = operation["set"]?.int {
            try item(id, realm).value = operation["value"]?.int ?? 0
        } else if let id = operation["label"]?.int {
            try item(id, realm).label = operation["text"]?.string ?? ""
        } else if let id = operation["link"]?.int {
            let to = operation["to"] ?? .null
            try item(id, realm).next = to.isNull ? nil : try item(to.int, realm)
        } else if let id = operation["tagAppend"]?.int {
            try item(id, realm).tags.append(try number(element))
        } else if let id = operation["tagsRemoveAll"]?.int {
            try item(id, realm).tags.removeAll()
        } else if operation["deleteAll"] != nil {
            realm.delete(realm.objects(NItem.self))
        } else if let id = operation["upsert"]?.int {
            var value: [String: Any] = ["id": id]
            if let number = operation["value"]?.int { value["value"] = number }
            if let text = operation["label"]?.string { value["label"] = text }
            realm.create(NItem.self, value: value, update: operation["policy"]?.string == "all" ? .all : .modified)
        } else if let holder, operation["deleteHolder"] != nil {
            realm.delete(holder)
        } else if let holder, let other = operation["on"]?.string {
            try apply(operation, to: holder, other, realm, element)
        } else if let holder {
            try apply(operation, to: holder, fixture.fields["collection"]?.string, realm, element)
        } else {
            throw FixtureError("unknown operation \(operation.keys.sorted())")
        }
    }

    /// An operation on the observed collection of `holder`.
    private func apply(
        _ operation: [String: FixtureJSON], to holder: NHolder, _ collection: String?, _ realm: Realm,
        _ element: FixtureJSON
    ) throws {
        switch collection {
        case "items":
            try apply(operation, list: holder.items, element) { try item($0.int, realm) }
        case "numbers":
            try apply(operation, list: holder.numbers, element) { try number($0) }
        case "itemSet":
            try apply(operation, set: holder.itemSet, element) { try item($0.int, realm) }
        case "numberSet":
            try apply(operation, set: holder.numberSet, element) { try number($0) }
        case "map":
            try apply(operation, map: holder.map, element) { try number($0) }
        case "itemMap":
            try apply(operation, map: holder.itemMap, element) { $0.isNull ? nil : try item($0.int, realm) }
        default:
            throw FixtureError("unknown collection \(collection ?? "none")")
        }
    }

    private func apply<E: RealmCollectionValue>(
        _ operation: [String: FixtureJSON], list: List<E>, _ element: FixtureJSON, _ make: (FixtureJSON) throws -> E
    ) throws {
        if let value = operation["append"] {
            list.append(try make(value))
        } else if let index = operation["insertAt"]?.int {
            list.insert(try make(element), at: index)
        } else if let index = operation["remove"]?.int {
            list.remove(at: index)
        } else if let index = operation["replace"]?.int {
            list[index] = try make(element)
        } else if let from = operation["move"]?.int, let to = operation["to"]?.int {
            list.move(from: from, to: to)
        } else if let i = operation["swap"]?.int, let j = operation["with"]?.int {
            list.swapAt(i, j)
        } else if operation["removeAll"] != nil {
            list.removeAll()
        } else {
            throw FixtureError("unknown list operation \(operation.keys.sorted())")
        }
    }

    private func apply<E: RealmCollectionValue>(
        _ operation: [String: FixtureJSON], set: MutableSet<E>, _ element: FixtureJSON,
        _ make: (FixtureJSON) throws -> E
    ) throws {
        if let value = operation["append"] {
            set.insert(try make(value))
        } else if let value = operation["removeElement"] {
            set.remove(try make(value))
        } else if operation["removeAll"] != nil {
            set.removeAll()
        } else {
            throw FixtureError("unknown set operation \(operation.keys.sorted())")
        }
    }

    private func apply<V: RealmCollectionValue>(
        _ operation: [String: FixtureJSON], map: Map<String, V>, _ element: FixtureJSON,
        _ make: (FixtureJSON) throws -> V
    ) throws {
        if let key = operation["put"]?.string {
            map[key] = try make(element)
        } else if let key = operation["removeKey"]?.string {
            map.removeObject(for: key)
        } else if operation["removeAll"] != nil {
            map.removeAll()
        } else {
            throw FixtureError("unknown map operation \(operation.keys.sorted())")
        }
    }
}
