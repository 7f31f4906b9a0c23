import Foundation
import Geode
import GeodeTestSupport
import Testing

final class GCDog: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var owner: GCOwner?
}

final class GCOwner: Object {
    @Persisted var dogs: List<GCDog>
    @Persisted var favourites: MutableSet<GCDog>
    @Persisted(originProperty: "owner") var pets: LinkingObjects<GCDog>
}

/// Generic code run over one collection of dogs.
private protocol DogsCheck {
    func check<C: RealmCollection>(_ dogs: C, in realm: Realm) throws where C.Element == GCDog
}

/// What generic code over `RealmCollection` does with a collection of
/// objects, as Realm Swift's protocol lets it: the same answers from
/// results, lists, sets, linking objects and `AnyRealmCollection`.
@Suite struct GenericRealmCollectionTests {
    enum Kind: CaseIterable { case results, list, set, linkingObjects, erased }

    /// Dogs Rex (3), Bo (1), Ada (5) and Max (3), held by one owner in every
    /// kind of collection; `body` gets the collection of `kind` as generic code.
    private func withDogs(_ kind: Kind, _ body: some DogsCheck) throws {
        try withTemporaryRealm(of: [GCDog.self, GCOwner.self]) { realm in
            let owner = GCOwner()
            try realm.write {
                realm.add(owner)
                for (name, age) in [("Rex", 3), ("Bo", 1), ("Ada", 5), ("Max", 3)] {
                    let dog = realm.create(GCDog.self, value: ["name": name, "age": age, "owner": owner])
                    owner.dogs.append(dog)
                    owner.favourites.insert(dog)
                }
            }
            switch kind {
            case .results: try body.check(realm.objects(GCDog.self), in: realm)
            case .list: try body.check(owner.dogs, in: realm)
            case .set: try body.check(owner.favourites, in: realm)
            case .linkingObjects: try body.check(owner.pets, in: realm)
            case .erased: try body.check(AnyRealmCollection(owner.dogs), in: realm)
            }
        }
    }


    @Test(arguments: Kind.allCases)
    func genericCodeQueriesAndSortsAnyCollectionOfObjects(_ kind: Kind) throws {
        struct Queries: DogsCheck {
            func check<C: RealmCollection>(_ dogs: C, in realm: Realm) where C.Element == GCDog {
                #expect(dogs.filter("age > %@", 2).sorted(byKeyPath: "name").map(\.name) == ["Ada", "Max", "Rex"])
                #expect(dogs.where { $0.age == 3 }.sorted(by: \.name).map(\.name) == ["Max", "Rex"])
                let byAgeThenName = dogs.sorted(by: [
                    SortDescriptor(keyPath: "age", ascending: false), SortDescriptor(keyPath: "name"),
                ])
                #expect(byAgeThenName.map(\.name) == ["Ada", "Max", "Rex", "Bo"])
                #expect(dogs.distinct(by: ["age"]).count == 3)
                #expect(dogs.index(matching: "name == %@", "Ada").map { dogs[$0].name } == "Ada")
                #expect(dogs.index(matching: { $0.age == 1 }).map { dogs[$0].name } == "Bo")
            }
        }
        try withDogs(kind, Queries())
    }

    @Test(arguments: Kind.allCases)
    func genericCodeAggregatesAnyCollectionOfObjects(_ kind: Kind) throws {
        struct Aggregates: DogsCheck {
            func check<C: RealmCollection>(_ dogs: C, in realm: Realm) where C.Element == GCDog {
                #expect(dogs.min(ofProperty: "age") == 1)
                #expect(dogs.max(of: \.age) == 5)
                #expect(dogs.sum(ofProperty: "age") == 12)
                #expect(dogs.average(ofProperty: "age") as Double? == 3.0)
            }
        }
        try withDogs(kind, Aggregates())
    }

    @Test(arguments: Kind.allCases)
    func genericCodeSetsFreezesAndThawsAnyCollectionOfObjects(_ kind: Kind) throws {
        struct Writes: DogsCheck {
            func check<C: RealmCollection>(_ dogs: C, in realm: Realm) throws where C.Element == GCDog {
                try realm.write { dogs.setValue(7, forKey: "age") }
                #expect(dogs.map(\.age) == [7, 7, 7, 7])
                #expect(!dogs.isFrozen && !dogs.isInvalidated)
                let frozen = dogs.freeze()
                #expect(frozen.isFrozen)
                try realm.write { realm.delete(realm.objects(GCDog.self).filter("name == 'Bo'")) }
                #expect(frozen.count == 4)
                #expect(dogs.count == 3)
                #expect(frozen.thaw()?.count == 3)
            }
        }
        try withDogs(kind, Writes())
    }

    @Test(arguments: Kind.allCases)
    func genericCodeObservesAnyCollectionOfObjects(_ kind: Kind) throws {
        struct Observation: DogsCheck {
            func check<C: RealmCollection>(_ dogs: C, in realm: Realm) throws where C.Element == GCDog {
                var heard: [String] = []
                let token = dogs.observe(keyPaths: ["age"]) { change in
                    switch change {
                    case let .initial(collection): heard.append("initial \(collection.count)")
                    case let .update(_, _, _, modifications): heard.append("modified \(modifications)")
                    case .error: heard.append("error")
                    }
                }
                realm.refresh()
                try realm.write { dogs[0].age = 9 }
                #expect(heard == ["initial 4", "modified [0]"])
                #expect(token.invalidate())
            }
        }
        try withDogs(kind, Observation())
    }

    @Test func genericCodeAggregatesAnUnmanagedListInMemory() {
        let owner = GCOwner()
        owner.dogs.append(objectsIn: [GCDog(value: ["age": 2]), GCDog(value: ["age": 6])])
        func total<C: RealmCollection>(_ dogs: C) -> Int where C.Element == GCDog { dogs.sum(ofProperty: "age") }
        #expect(total(owner.dogs) == 8)
        #expect(owner.dogs.max(of: \.age) == 6)
    }
}
