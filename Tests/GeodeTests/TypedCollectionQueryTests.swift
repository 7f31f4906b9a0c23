import Foundation
import Geode
import GeodeTestSupport
import Testing

final class TCPlayer: Object {
    @Persisted(primaryKey: true) var id = 0
    @Persisted var scores: List<Int>
    @Persisted var tags: MutableSet<String>
    @Persisted var prices: Map<String, Double>
}

/// Realm Swift's type-safe forms over a collection property — a collection
/// compared with one value (`$0.scores == 5`, any element), a range every
/// element falls in, and a map's `contains`, `count` and aggregates — each
/// finding what the query language's spelling of it finds.
@Suite struct TypedCollectionQueryTests {
    private func withPlayers(_ body: (Results<TCPlayer>) throws -> Void) throws {
        try withTemporaryRealm(of: [TCPlayer.self]) { realm in
            try realm.write {
                realm.create(
                    TCPlayer.self, value: ["id": 1, "scores": [1, 5, 9], "tags": ["a", "b"], "prices": ["x": 1.5, "y": 3.0]])
                realm.create(TCPlayer.self, value: ["id": 2, "scores": [50, 60], "tags": ["b"], "prices": ["x": 10.0]])
                realm.create(TCPlayer.self, value: ["id": 3])
                realm.create(
                    TCPlayer.self, value: ["id": 4, "scores": [5, 100], "tags": ["c"], "prices": ["z": 3.0, "w": 99.0]])
            }
            try body(realm.objects(TCPlayer.self))
        }
    }

    /// The ids `typed` finds, after checking that `text` finds the same.
    private func ids(
        _ players: Results<TCPlayer>, _ text: String, _ typed: (Query<TCPlayer>) -> Query<Bool>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Int] {
        let found = players.where(typed).map(\.id)
        #expect(found == players.filter(text).map(\.id), "\(text)", sourceLocation: sourceLocation)
        return found
    }

    @Test func aCollectionComparedWithOneValueMatchesWhenAnyElementDoes() throws {
        try withPlayers { players in
            #expect(ids(players, "scores == 5") { $0.scores == 5 } == [1, 4])
            #expect(ids(players, "scores != 5") { $0.scores != 5 } == [1, 2, 4])
            #expect(ids(players, "scores > 55") { $0.scores > 55 } == [2, 4])
            #expect(ids(players, "scores >= 60") { $0.scores >= 60 } == [2, 4])
            #expect(ids(players, "scores < 5") { $0.scores < 5 } == [1])
            #expect(ids(players, "scores <= 5") { $0.scores <= 5 } == [1, 4])
            #expect(ids(players, "tags == 'b'") { $0.tags == "b" } == [1, 2])
        }
    }

    @Test func aRangeOfACollectionHoldsWhenEveryElementIsInIt() throws {
        try withPlayers { players in
            // An empty collection has no smallest element: it is in no range, as in Realm.
            #expect(ids(players, "scores.@min >= 1 AND scores.@max <= 60") { $0.scores.contains(1...60) } == [1, 2])
            #expect(ids(players, "scores.@min >= 1 AND scores.@max < 60") { $0.scores.contains(1..<60) } == [1])
            #expect(
                ids(players, "prices.@min >= 1.0 AND prices.@max <= 10.0") { $0.prices.contains(1.0...10.0) } == [1, 2])
        }
    }

    @Test func aMapIsSearchedCountedAndAggregatedByItsValues() throws {
        try withPlayers { players in
            #expect(ids(players, "ANY prices.@values == 3.0") { $0.prices.contains(3.0) } == [1, 4])
            #expect(ids(players, "ANY prices.@values IN {10.0, 99.0}") { $0.prices.containsAny(in: [10.0, 99.0]) } == [2, 4])
            #expect(ids(players, "prices.@count == 2") { $0.prices.count == 2 } == [1, 4])
            #expect(ids(players, "prices.@max > 50") { $0.prices.max > 50 } == [4])
            #expect(ids(players, "prices.@min == 1.5") { $0.prices.min == 1.5 } == [1])
            #expect(ids(players, "prices.@sum == 4.5") { $0.prices.sum == 4.5 } == [1])
            #expect(ids(players, "prices.@avg < 5") { $0.prices.avg < 5 } == [1])
        }
    }
}
