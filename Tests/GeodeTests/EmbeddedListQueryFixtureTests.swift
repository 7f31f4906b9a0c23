import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

/// The classes the fixtures under `Data/Fixtures/embedded-queries/` fill.
enum EmbeddedQueryModel {
    final class EQCompany: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
    }

    final class EQPlatform: EmbeddedObject {
        @Persisted var number = 0
        @Persisted var covered = false
    }

    final class EQStop: EmbeddedObject {
        @Persisted var name = ""
        @Persisted var minutes = 0
        @Persisted var fare: Double?
        @Persisted var opened: Date?
        @Persisted var tags: List<String>
        @Persisted var company: EQCompany?
        @Persisted var platform: EQPlatform?
    }

    final class EQRoute: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var stops: List<EQStop>
    }

    static let classes: [String: Object.Type] = ["EQCompany": EQCompany.self, "EQRoute": EQRoute.self]
    static let types: [ObjectBase.Type] = [EQCompany.self, EQPlatform.self, EQStop.self, EQRoute.self]
}

/// Every case under `Data/Fixtures/embedded-queries/`: the stops a query over a
/// route's list of embedded stops returns, in order, or the error it throws.
@Suite struct EmbeddedListQueryFixtureTests {
    static let files = Fixtures.files(in: "Fixtures/embedded-queries", endingWith: ".json")

    @Test func fixturesArePresent() {
        #expect(!Self.files.isEmpty)
    }

    @Test(arguments: files)
    func queriesOverEmbeddedListsReturnWhatTheFixtureSays(file: URL) throws {
        let name = file.lastPathComponent
        guard let (objects, cases) = try FixtureQueryCases.load(file) else { return }
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("stops.geode"), objectTypes: EmbeddedQueryModel.types))
        try FixtureQueryCases.create(objects, of: EmbeddedQueryModel.classes, in: realm)
        // The cases of each route, checked against that route's stops.
        var byRoute: [Int: [Value]] = [:]
        for entry in cases {
            guard case let .map(c) = entry, case let .int(route)? = c["route"] else {
                Issue.record("\(name): a case without its route: \(entry)")
                continue
            }
            byRoute[Int(route), default: []].append(entry)
        }
        for (route, routeCases) in byRoute.sorted(by: { $0.key < $1.key }) {
            guard let stops = realm.object(ofType: EmbeddedQueryModel.EQRoute.self, forPrimaryKey: route)?.stops else {
                Issue.record("\(name): no route \(route)")
                continue
            }
            FixtureQueryCases.check(routeCases, in: name, expectedKey: "names", argument: CreateFixtureTests.input) {
                query, args in
                let results = try stops.query(query, arguments: args)
                return (results.map(\.name), "")
            }
        }
    }
}

extension List where Element: EmbeddedObject {
    /// The throwing query with an argument array (fixtures build arguments at run time).
    func query(_ format: String, arguments: [Any]) throws -> Results<Element> {
        switch arguments.count {
        case 0: return try query(format)
        case 1: return try query(format, arguments[0])
        default: return try query(format, arguments[0], arguments[1])
        }
    }
}
