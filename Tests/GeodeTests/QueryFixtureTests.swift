import Foundation
import Geode
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import Testing

/// The classes the query fixtures under `Data/Fixtures/queries/` fill.
enum QueryModel {
    final class QOwner: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var favorite: QItem?
        @Persisted(originProperty: "owner") var items: LinkingObjects<QItem>
    }

    final class QPet: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var kind = ""
        @Persisted var age = 0
        @Persisted var friend: QItem?
    }

    final class QAddress: EmbeddedObject {
        @Persisted var city = ""
        @Persisted var zip: String?
    }

    final class QItem: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(indexed: true) var name = ""
        @Persisted(indexed: true) var age = 0
        @Persisted var score = 0.0
        @Persisted var nickname: String?
        @Persisted var active = false
        @Persisted var tags: List<String>
        @Persisted var scores: List<Int>
        @Persisted var attrs: Map<String, Int>
        @Persisted(indexed: true) var extra: AnyRealmValue
        @Persisted var owner: QOwner?
        @Persisted var pets: List<QPet>
        @Persisted var address: QAddress?
    }

    static let classes: [String: Object.Type] = ["QOwner": QOwner.self, "QPet": QPet.self, "QItem": QItem.self]
}

/// Every case under `Data/Fixtures/queries/`: the ids a query returns, in order,
/// or the error it throws.
@Suite struct QueryFixtureTests {
    static let files = Fixtures.files(in: "Fixtures/queries", endingWith: ".json")

    @Test func fixturesArePresent() {
        #expect(!Self.files.isEmpty)
    }

    @Test(arguments: files)
    func queriesReturnWhatTheFixtureSays(file: URL) throws {
        let name = file.lastPathComponent
        guard let (objects, cases) = try FixtureQueryCases.load(file) else { return }
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("q.geode"),
                objectTypes: [
                    QueryModel.QItem.self, QueryModel.QOwner.self, QueryModel.QPet.self, QueryModel.QAddress.self,
                ]))
        try FixtureQueryCases.create(objects, of: QueryModel.classes, in: realm)
        let items = realm.objects(QueryModel.QItem.self)
        FixtureQueryCases.check(cases, in: name, expectedKey: "ids", argument: CreateFixtureTests.input) {
            query, args in
            let results = try items.query(query, arguments: args)
            return (results.map { String($0.id) }, results.explain())
        }
    }
}

extension Results where Element: RealmFetchable {
    /// The throwing query with an argument array (fixtures build arguments at run time).
    func query(_ format: String, arguments: [Any]) throws -> Results<Element> {
        switch arguments.count {
        case 0: return try query(format)
        case 1: return try query(format, arguments[0])
        case 2: return try query(format, arguments[0], arguments[1])
        default: return try query(format, arguments[0], arguments[1], arguments[2])
        }
    }
}
