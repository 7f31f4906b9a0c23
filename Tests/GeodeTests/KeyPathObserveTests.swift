import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Observing by Swift key paths (objects, collections) and observing
/// projections, restating realm-swift's projection observation facts:
/// changes named by the projection, values read through it (a transform
/// included), several projected properties from one root property.
@Suite struct KeyPathObserveTests {
    final class Phone: EmbeddedObject {
        @Persisted var number = ""
    }

    final class Person: Object {
        @Persisted var firstName = ""
        @Persisted var lastName = ""
        @Persisted var age = 0
        @Persisted var phone: Phone?
        @Persisted var friends: List<Person>
    }

    final class PersonProjection: Projection<Person> {
        @Projected(\Person.firstName) var name
        @Projected(\Person.lastName.localizedUppercase) var lastNameCaps
        @Projected(\Person.phone?.number) var mobile
        @Projected(\Person.friends.projectTo.firstName) var friendNames: ProjectedCollection<String>
    }

    final class AgeTwice: Projection<Person> {
        @Projected(\Person.age) var age1
        @Projected(\Person.age) var age2
    }

    private func people(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try directory.realm(of: [Person.self, Phone.self])
        try realm.write {
            let ann = Person(value: ["firstName": "Ann", "lastName": "Snow", "age": 30, "phone": ["number": "1"]])
            realm.add(ann)
            realm.add(Person(value: ["firstName": "Bob", "lastName": "Stark", "friends": [ann]]))
        }
        return realm
    }

    /// `name: old → new` for each property of an object change.
    private static func summary<T>(_ change: ObjectChange<T>) -> String {
        switch change {
        case let .change(_, properties):
            return properties.map {
                "\($0.name): \($0.oldValue.map { "\($0)" } ?? "nil") → \($0.newValue.map { "\($0)" } ?? "nil")"
            }
            .joined(separator: ", ")
        case .deleted: return "deleted"
        case let .error(error): return "error \(error)"
        }
    }

    @Test func anObjectObservedBySwiftKeyPathsHearsOnlyThoseProperties() throws {
        let directory = try TemporaryDirectory()
        let realm = try people(directory)
        let ann = try #require(realm.objects(Person.self).first)
        var heard: [String] = []
        let token = ann.observe(keyPaths: [\Person.age, \Person.phone?.number]) { (change: ObjectChange<Person>) in
            heard.append(Self.summary(change))
        }
        try realm.write { ann.firstName = "Anna" }
        try realm.write { ann.age = 31 }
        try realm.write { ann.phone?.number = "2" }
        token.invalidate()
        #expect(heard.count == 2)
        #expect(heard.first == "age: 30 → 31")
    }

    @Test func collectionsObservedBySwiftKeyPathsCountOnlyThoseModifications() throws {
        let directory = try TemporaryDirectory()
        let realm = try people(directory)
        let everyone = realm.objects(Person.self)
        let bob = try #require(everyone.where { $0.firstName == "Bob" }.first)
        var results: [String] = [], friends: [String] = []
        let tokens = [
            everyone.observe(keyPaths: [\.age]) { change in
                if case let .update(_, d, i, m) = change { results.append("d\(d) i\(i) m\(m)") }
            },
            bob.friends.observe(keyPaths: [\.lastName]) { change in
                if case let .update(_, d, i, m) = change { friends.append("d\(d) i\(i) m\(m)") }
            },
        ]
        realm.refresh()
        try realm.write { everyone[0].firstName = "Anna" }
        try realm.write { everyone[0].age = 40 }
        try realm.write { everyone[0].lastName = "Winter" }
        tokens.forEach { $0.invalidate() }
        #expect(results == ["d[] i[] m[0]"])
        #expect(friends == ["d[] i[] m[0]"])
    }

    @Test func aProjectionNamesItsOwnPropertiesWithValuesReadThroughIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try people(directory)
        let ann = try #require(realm.objects(PersonProjection.self).first)
        #expect(ann.lastNameCaps == "SNOW")
        var all: [String] = [], caps: [String] = [], byRootName: [String] = []
        let tokens = [
            ann.observe { all.append(Self.summary($0)) },
            ann.observe(keyPaths: [\PersonProjection.lastNameCaps]) { caps.append(Self.summary($0)) },
            ann.observe(keyPaths: ["phone.number"]) { byRootName.append(Self.summary($0)) },
        ]
        try realm.write { ann.rootObject.lastName = "Ali" }
        try realm.write { ann.rootObject.age = 3 }  // no projected property reads it
        try realm.write { ann.rootObject.phone?.number = "529" }
        try realm.write { realm.delete(ann.rootObject) }
        tokens.forEach { $0.invalidate() }
        #expect(all == ["lastNameCaps: SNOW → ALI", "mobile: Optional(\"1\") → Optional(\"529\")", "deleted"])
        #expect(caps == ["lastNameCaps: SNOW → ALI", "deleted"])
        #expect(byRootName == ["mobile: Optional(\"1\") → Optional(\"529\")", "deleted"])
    }

    @Test func everyProjectedPropertyOfAChangedRootPropertyIsReported() throws {
        let directory = try TemporaryDirectory()
        let realm = try people(directory)
        let ann = try #require(realm.objects(AgeTwice.self).first)
        var heard: [String] = []
        let token = ann.observe { heard.append(Self.summary($0)) }
        try realm.write { ann.rootObject.age = 2 }
        token.invalidate()
        #expect(heard == ["age1: 30 → 2, age2: 30 → 2"])
    }

    @Test func aProjectionObservedOnAQueueIsReadThere() throws {
        let directory = try TemporaryDirectory()
        let realm = try people(directory)
        let ann = try #require(realm.objects(PersonProjection.self).first)
        let queue = DispatchQueue(label: "projection")
        let names = Collected<String>()
        let token = ann.observe(keyPaths: [\PersonProjection.name], on: queue) { change in
            dispatchPrecondition(condition: .onQueue(queue))
            if case let .change(projection, _) = change { names.add(projection.name) }
        }
        try realm.write { ann.rootObject.firstName = "Anne" }
        #expect(names.wait(for: 1))
        token.invalidate()
        #expect(names.all == ["Anne"])
    }
}
