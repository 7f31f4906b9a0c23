import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Querying, sorting and aggregating a managed `List` of embedded objects, as
/// Realm Swift code does it: the fixtures cover the query language, these the
/// Swift surface (type-safe queries, key paths, aggregates, liveness, freezing).
@Suite struct EmbeddedListQueryTests {
    typealias Route = EmbeddedQueryModel.EQRoute
    typealias Stop = EmbeddedQueryModel.EQStop

    /// A realm holding route 1 with stops named and timed as given.
    private func withRoute(
        _ stops: [(name: String, minutes: Int, fare: Double?)], _ body: (Realm, Route) throws -> Void
    ) throws {
        try withTemporaryRealm(of: EmbeddedQueryModel.types) { realm in
            let route = Route()
            route.id = 1
            for given in stops {
                let stop = Stop()
                stop.name = given.name
                stop.minutes = given.minutes
                stop.fare = given.fare
                route.stops.append(stop)
            }
            try realm.write { realm.add(route) }
            try body(realm, route)
        }
    }

    private let line: [(name: String, minutes: Int, fare: Double?)] = [
        ("A", 0, nil), ("B", 3, 39), ("C", 5, 39), ("D", 7, 45.5), ("E", 9, nil),
    ]

    @Test func aTypeSafeQueryFindsWhatTheSamePredicateFinds() throws {
        try withRoute(line) { _, route in
            let typed = route.stops.where { $0.minutes > 2 && $0.fare != nil }
            let text = route.stops.filter("minutes > 2 AND fare != nil")
            #expect(typed.map(\.name) == ["B", "C", "D"])
            #expect(text.map(\.name) == typed.map(\.name))
            #expect(route.stops.where { $0.name.starts(with: "D") || $0.minutes == 0 }.map(\.name) == ["A", "D"])
        }
    }

    @Test func sortingByKeyPathIsStableAndFollowsTheDirection() throws {
        try withRoute(line) { _, route in
            #expect(route.stops.sorted(by: \.minutes, ascending: false).map(\.name) == ["E", "D", "C", "B", "A"])
            // Equal fares keep the list's order; nil sorts first when ascending.
            #expect(route.stops.sorted(byKeyPath: "fare").map(\.name) == ["A", "E", "B", "C", "D"])
            let twoKeys = route.stops.sorted(by: [
                SortDescriptor(keyPath: "fare", ascending: false), SortDescriptor(keyPath: "name", ascending: false),
            ])
            #expect(twoKeys.map(\.name) == ["D", "C", "B", "E", "A"])
            #expect(route.stops.distinct(by: [\Stop.fare]).map(\.name) == ["A", "B", "D"])
        }
    }

    @Test func filteredResultsCanBeNarrowedAndSortedAgain() throws {
        try withRoute(line) { _, route in
            let chained = route.stops.filter("minutes > 0").sorted(byKeyPath: "minutes", ascending: false)
                .filter("fare != nil").where { $0.minutes < 8 }
            #expect(chained.map(\.name) == ["D", "C", "B"])
            #expect(chained.count == 3)
            #expect(chained.first?.name == "D")
            #expect(chained.last?.name == "B")
            #expect(chained[1].name == "C")
        }
    }

    @Test func aggregatesReadTheEmbeddedObjectsOfAListOrOfResults() throws {
        try withRoute(line) { _, route in
            #expect(route.stops.min(ofProperty: "minutes") == 0)
            #expect(route.stops.max(of: \.minutes) == 9)
            #expect(route.stops.sum(ofProperty: "minutes") == 24)
            // Nil fares take no part in the mean.
            #expect(route.stops.average(ofProperty: "fare") == (39.0 + 39.0 + 45.5) / 3)
            let late = route.stops.filter("minutes >= 5")
            #expect(late.sum(of: \.minutes) == 21)
            #expect(late.min(of: \.fare) == 39.0)
            let none = route.stops.filter("minutes > 100")
            #expect(none.sum(ofProperty: "minutes") == 0)
            #expect(none.min(ofProperty: "minutes") as Int? == nil)
            #expect(none.average(ofProperty: "fare") as Double? == nil)
        }
    }

    @Test func resultsFollowTheListAfterEachWrite() throws {
        try withRoute(line) { realm, route in
            let expensive = route.stops.filter("fare > 40")
            #expect(expensive.map(\.name) == ["D"])
            try realm.write {
                let stop = Stop()
                stop.name = "F"
                stop.fare = 50
                route.stops.append(stop)
                route.stops.remove(at: 3)
            }
            #expect(expensive.map(\.name) == ["F"])
            try realm.write { route.stops[0].fare = 41 }
            #expect(expensive.map(\.name) == ["A", "F"])
        }
    }

    @Test func anObjectOfTheResultsIsTheListsOwnEmbeddedObject() throws {
        try withRoute(line) { realm, route in
            let free = route.stops.filter("fare == nil")
            guard let last = free.last else {
                Issue.record("no stop without a fare")
                return
            }
            #expect(last.realm != nil)
            try realm.write { last.fare = 12.5 }
            #expect(route.stops[4].fare == 12.5)
            #expect(free.map(\.name) == ["A"])
        }
    }

    @Test func frozenResultsKeepTheirObjectsAndThawToTheLiveList() throws {
        try withRoute(line) { realm, route in
            let frozen = route.stops.sorted(byKeyPath: "minutes", ascending: false).freeze()
            #expect(frozen.isFrozen)
            try realm.write { route.stops.removeAll() }
            #expect(frozen.map(\.name) == ["E", "D", "C", "B", "A"])
            #expect(frozen.first?.isFrozen == true)
            let live = frozen.thaw()
            #expect(!live.isFrozen)
            #expect(live.isEmpty)
        }
    }

    @Test func indexMatchingGivesThePositionInTheList() throws {
        try withRoute(line) { _, route in
            #expect(route.stops.index(matching: "fare == %@", 39.0) == 1)
            #expect(route.stops.index(matching: { $0.minutes > 6 }) == 3)
            #expect(route.stops.index(matching: "minutes > 100") == nil)
            let sorted = route.stops.sorted(byKeyPath: "minutes", ascending: false)
            #expect(sorted.index(matching: "fare == nil") == 0)
        }
    }

    @Test func aQueryThatDoesNotFitTheEmbeddedClassThrowsAndNamesIt() throws {
        try withRoute(line) { _, route in
            #expect(throws: GeodeError.self) { try route.stops.query("speed > 3") }
            do {
                _ = try route.stops.query("minutes > 'five'")
                Issue.record("a string compared with an Int property was taken")
            } catch let error as GeodeError {
                #expect(error.localizedDescription.contains("minutes"))
            }
        }
    }

    @Test func aListInsideAnEmbeddedObjectIsQueriedTheSameWay() throws {
        try withTemporaryRealm(of: EmbeddedAccessorTests.types) { realm in
            let person = try realm.write {
                realm.create(
                    EAPerson.self,
                    value: ["name": "p", "home": ["street": "s", "rooms": [["name": "kitchen"], ["name": "bath"]]]])
            }
            let rooms = try #require(person.home?.rooms)
            let withA = rooms.filter("name CONTAINS 'a'").sorted(byKeyPath: "name")
            #expect(withA.map(\.name) == ["bath"])
            try realm.write { rooms.append(EARoom(value: ["name": "attic"])) }
            #expect(withA.map(\.name) == ["attic", "bath"])
            #expect(rooms.where { $0.name.ends(with: "en") }.map(\.name) == ["kitchen"])
        }
    }
}
