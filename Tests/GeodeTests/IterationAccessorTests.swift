import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Iterating `Results` may point an object the loop let go of at the next
/// object; nothing a program holds may change because of it.
@Suite struct IterationAccessorTests {
    final class Dog: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = ""
        @Persisted var toys: List<String>
        @Persisted var collar: Collar?
    }

    final class Collar: EmbeddedObject {
        @Persisted var color = ""
    }

    /// A class with a property that is not stored: its objects are never reused.
    final class Cat: Object {
        @Persisted var name = ""
        var visits = 0
    }

    static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("it.geode"),
                objectTypes: [Dog.self, Collar.self, Cat.self]))
        try realm.write {
            for i in 0 ..< 50 {
                realm.create(
                    Dog.self,
                    value: ["id": i, "name": "dog \(i)", "toys": ["toy \(i)", "ball"], "collar": ["color": "c\(i)"]])
                realm.create(Cat.self, value: ["name": "cat \(i)"])
            }
        }
        return realm
    }

    /// A loop over every object sees the objects that existed when it began,
    /// in key order, across batches, even when it writes: objects it adds are
    /// not visited, one it deleted comes up invalidated, and a changed one
    /// reads its new values.
    @Test func iterationVisitsTheObjectsOfItsStartWhileTheLoopWrites() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("walk.geode"), objectTypes: [Dog.self, Collar.self]))
        try realm.write {
            for i in 0 ..< 600 { realm.create(Dog.self, value: ["id": i, "name": "dog \(i)"]) }
        }
        var visited: [Int] = []
        var invalidated: [Int] = []
        var names: [Int: String] = [:]
        for (i, dog) in realm.objects(Dog.self).enumerated() {
            if dog.isInvalidated {
                invalidated.append(i)
                continue
            }
            visited.append(dog.id)
            names[dog.id] = dog.name
            if i == 100 {
                try realm.write {
                    realm.create(Dog.self, value: ["id": 1000, "name": "late"])
                    if let doomed = realm.object(ofType: Dog.self, forPrimaryKey: 500) { realm.delete(doomed) }
                    realm.object(ofType: Dog.self, forPrimaryKey: 300)?.name = "renamed"
                }
            }
        }
        #expect(visited == Array(0 ..< 500) + Array(501 ..< 600))
        #expect(invalidated == [500])
        #expect(names[300] == "renamed" && names[299] == "dog 299")
        #expect(realm.objects(Dog.self).count == 600)
    }

    @Test func objectsKeptDuringIterationKeepTheirOwnValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        var kept: [Dog] = []
        var toys: [List<String>] = []
        var collars: [Collar] = []
        var names: [String] = []
        for (i, dog) in realm.objects(Dog.self).enumerated() {
            names.append(dog.name)
            if i % 3 == 0 { kept.append(dog) }
            if i % 5 == 0 { toys.append(dog.toys) }
            if i % 7 == 0, let collar = dog.collar { collars.append(collar) }
        }
        #expect(names == (0 ..< 50).map { "dog \($0)" })
        #expect(kept.map(\.name) == stride(from: 0, to: 50, by: 3).map { "dog \($0)" })
        #expect(kept.map(\.id) == Array(stride(from: 0, to: 50, by: 3)))
        #expect(Set(kept.map(ObjectIdentifier.init)).count == kept.count)
        #expect(toys.map { Array($0) } == stride(from: 0, to: 50, by: 5).map { ["toy \($0)", "ball"] })
        #expect(collars.map(\.color) == stride(from: 0, to: 50, by: 7).map { "c\($0)" })
        // Collections built from the iteration hold distinct, correct objects.
        let mapped = realm.objects(Dog.self).map { $0 }
        #expect(mapped.map(\.id) == Array(0 ..< 50))
        #expect(realm.objects(Dog.self).filter("id >= 45").map(\.name) == (45 ..< 50).map { "dog \($0)" })
    }

    @Test func anObjectWithAPlainPropertyIsNeverReused() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        var seen: [Int] = []
        for cat in realm.objects(Cat.self) {
            cat.visits += 1
            seen.append(cat.visits)
        }
        #expect(seen == Array(repeating: 1, count: 50))
    }

    @Test func aReusedObjectWritesToTheObjectItNowShows() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        try realm.write {
            for dog in realm.objects(Dog.self) where dog.id % 2 == 0 { dog.name = "even \(dog.id)" }
        }
        let names = realm.objects(Dog.self).map(\.name)
        #expect(names == (0 ..< 50).map { $0 % 2 == 0 ? "even \($0)" : "dog \($0)" })
    }
}
