import Foundation
import Geode
import GeodeTestSupport
import Testing

/// `where {}` builds the same predicates as the query language: each pair
/// below must return the same objects on the query fixture's data.
@Suite struct TypeSafeQueryTests {
    typealias Item = QueryModel.QItem

    static func realmWithFixture() throws -> (Realm, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("t.geode"),
                objectTypes: [
                    QueryModel.QItem.self, QueryModel.QOwner.self, QueryModel.QPet.self, QueryModel.QAddress.self,
                ]))
        try realm.write {
            realm.create(
                Item.self,
                value: [
                    "id": 1, "name": "Rex", "age": 3, "score": 4.5, "tags": ["dog", "brown"], "scores": [1, 2, 3],
                    "attrs": ["speed": 5], "extra": ["rank": 3], "owner": ["id": 10, "name": "Ann"],
                    "pets": [["id": 100, "kind": "cat", "age": 2], ["id": 101, "kind": "dog", "age": 9]],
                    "address": ["city": "Zürich"],
                ])
            realm.create(
                Item.self,
                value: [
                    "id": 2, "name": "bella", "age": 7, "nickname": "b", "tags": [] as [String], "extra": [1, "two"],
                ])
            realm.create(
                Item.self,
                value: [
                    "id": 3, "name": "Max", "age": 12, "active": true, "tags": ["dog"], "scores": [7],
                    "owner": ["id": 11, "name": "Bob"], "pets": [["id": 102, "kind": "dog", "age": 4]],
                ])
        }
        return (realm, directory)
    }

    /// Key paths are cached (the last few compared before any hashing):
    /// asked in turn, more of them than that short list holds, each must
    /// still name its own property, round after round.
    @Test func keyPathsAskedInTurnKeepTheirOwnProperties() throws {
        let (realm, directory) = try Self.realmWithFixture()
        defer { _ = directory }
        let items = realm.objects(Item.self)
        for round in 0 ..< 3 {
            let pairs: [(Results<Item>, String)] = [
                (items.where { $0.age > 5 }, "age > 5"),
                (items.where { $0.name == "Rex" }, "name == 'Rex'"),
                (items.where { $0.active }, "active == true"),
                (items.where { $0.score > 1 }, "score > 1"),
                (items.where { $0.nickname == "b" }, "nickname == 'b'"),
                (items.where { $0.id == 3 }, "id == 3"),
                (items.where { $0.owner.name == "Ann" }, "owner.name == 'Ann'"),
            ]
            for (typed, text) in pairs {
                let expected = try items.query(text).map(\.id)
                #expect(!expected.isEmpty, "\(text) finds something")
                #expect(typed.map(\.id) == expected, "round \(round): \(text)")
            }
        }
    }

    @Test func typeSafeQueriesMatchTheirQueryLanguageForms() throws {
        let (realm, directory) = try Self.realmWithFixture()
        defer { _ = directory }
        let items = realm.objects(Item.self)
        let pairs: [(Results<Item>, String)] = [
            (items.where { $0.age > 5 }, "age > 5"),
            (items.where { $0.age >= 3 && $0.name.starts(with: "R") }, "age >= 3 AND name BEGINSWITH 'R'"),
            (
                items.where { $0.name.contains("E", options: .caseInsensitive) || $0.active },
                "name CONTAINS[c] 'E' OR active == true"
            ),
            (items.where { !($0.age == 7) }, "NOT age == 7"),
            (items.where { $0.nickname == nil }, "nickname == nil"),
            (items.where { $0.name.in(["Rex", "Max"]) }, "name IN {'Rex', 'Max'}"),
            (items.where { $0.age.contains(3 ... 7) }, "age BETWEEN {3, 7}"),
            (items.where { $0.age.contains(3 ..< 7) }, "age >= 3 AND age < 7"),
            (items.where { $0.tags.contains("dog") }, "ANY tags == 'dog'"),
            (items.where { $0.tags.count == 0 }, "tags.@count == 0"),
            (items.where { $0.scores.sum > 5 }, "scores.@sum > 5"),
            (items.where { $0.scores.all > 1 }, "ALL scores > 1"),
            (items.where { $0.attrs["speed"] == 5 }, "attrs['speed'] == 5"),
            (items.where { $0.attrs.keys == "speed" }, "ANY attrs.@keys == 'speed'"),
            (items.where { $0.owner.name == "Bob" }, "owner.name == 'Bob'"),
            (items.where { $0.pets.kind == "dog" }, "pets.kind == 'dog'"),
            (items.where { $0.pets.matching { $0.age > 3 }.count == 1 }, "SUBQUERY(pets, $p, $p.age > 3).@count == 1"),
            (items.where { $0.address.city == "Zürich" }, "address.city == 'Zürich'"),
            (items.where { $0.extra["rank"] == .int(3) }, "extra['rank'] == 3"),
            (items.where { $0.extra[1] == .string("two") }, "extra[1] == 'two'"),
            (items.where { $0.name.like("?a*") }, "name LIKE '?a*'"),
            (items.where { $0.name.notEquals("rex", options: .caseInsensitive) }, "name !=[c] 'rex'"),
            (items.where { $0.name.starts(with: $0.nickname) }, "name BEGINSWITH nickname"),
            (items.where { $0.name.contains($0.nickname, options: .caseInsensitive) }, "name CONTAINS[c] nickname"),
            (items.where { $0.name.ends(with: $0.owner.name) }, "name ENDSWITH owner.name"),
            (items.where { $0.name.equals($0.nickname, options: .caseInsensitive) }, "name ==[c] nickname"),
            (items.where { $0.name.notEquals($0.nickname) }, "name != nickname"),
            (items.where { $0.name.like($0.nickname) }, "name LIKE nickname"),
            (items.where { $0.age > $0.scores.max }, "age > scores.@max"),
            (items.where { $0.scores.any == 7 }, "ANY scores == 7"),
            (items.where { $0.tags.none == "dog" }, "NONE tags == 'dog'"),
        ]
        for (typed, text) in pairs {
            let expected = try items.query(text).map(\.id)
            #expect(typed.map(\.id) == expected, "\(text)")
        }
        #expect(try items.query("age > 5").count == 2, "the data must make the pairs meaningful")
    }

    @Test func sortingDistinctAndAggregatesWork() throws {
        let (realm, directory) = try Self.realmWithFixture()
        defer { _ = directory }
        let items = realm.objects(Item.self)
        #expect(items.sorted(byKeyPath: "age", ascending: false).map(\.id) == [3, 2, 1])
        // Item 2 has no owner: its key path reaches no value, which sorts first in descending order, as in Realm.
        #expect(
            items.sorted(by: [SortDescriptor(keyPath: "owner.name", ascending: false), "id"]).map(\.id) == [2, 3, 1])
        #expect(items.distinct(by: ["active"]).map(\.id) == [1, 3])
        #expect(items.sum(ofProperty: "age") as Int == 22)
        #expect(items.min(ofProperty: "age") as Int? == 3)
        #expect(items.max(ofProperty: "score") as Double? == 4.5)
        #expect(items.average(ofProperty: "age") as Double? == 22.0 / 3)
        #expect(items.filter("age > 100").average(ofProperty: "age") as Double? == nil)
        #expect(items.index(matching: "name == %@", "Max") == 2)
        #expect(items.filter("age > 1").where { $0.age < 10 }.map(\.id) == [1, 2], "chained filters narrow")
        #expect(items.filter("id == 2").explain().contains("primary key lookup"))
    }

    @Test func listsAndBacklinksFilterSortAndAggregate() throws {
        let (realm, directory) = try Self.realmWithFixture()
        defer { _ = directory }
        let rex = try #require(realm.object(ofType: Item.self, forPrimaryKey: 1))
        #expect(rex.pets.filter("age > 3").map(\.id) == [101])
        #expect(rex.pets.where { $0.kind == "cat" }.map(\.id) == [100])
        #expect(rex.pets.sorted(byKeyPath: "age", ascending: false).map(\.id) == [101, 100])
        #expect(rex.pets.sum(ofProperty: "age") as Int == 11)
        let ann = try #require(realm.object(ofType: QueryModel.QOwner.self, forPrimaryKey: 10))
        #expect(ann.items.filter("age < 10").map(\.id) == [1])
        try realm.write {
            rex.pets.append(realm.create(QueryModel.QPet.self, value: ["id": 200, "kind": "dog", "age": 5]))
        }
        #expect(rex.pets.filter("age > 3").map(\.id) == [101, 200], "list results are live")
    }

    @Test func resultsAreLiveAcrossWrites() throws {
        let (realm, directory) = try Self.realmWithFixture()
        defer { _ = directory }
        let old = realm.objects(Item.self).where { $0.age > 10 }
        #expect(old.count == 1)
        try realm.write {
            realm.create(Item.self, value: ["id": 4, "name": "Old", "age": 40])
            #expect(old.count == 2, "a query inside a write sees the write's changes")
        }
        try realm.write { realm.delete(old) }
        #expect(old.isEmpty)
    }

    @Test func badQueriesThrowWithTheirColumn() throws {
        let (realm, directory) = try Self.realmWithFixture()
        defer { _ = directory }
        #expect(throws: GeodeError.self) { try realm.objects(Item.self).query("age > 'five'") }
        do {
            _ = try realm.objects(Item.self).query("age > 1 AND name == 1")
            Issue.record("expected an error")
        } catch let GeodeError.query(message, column) {
            #expect(column == 13)
            #expect(message.contains("String property 'name'"))
        }
    }
}
