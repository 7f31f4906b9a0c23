import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/ObjectTests.swift that no
// other suite restates: object notifications through linking objects named by
// key paths (testBacklinkPropertyKeyPathNotifications1 to 5), a set property's
// change (testMutableSetPropertyNotifications), optional properties observed
// with and without key paths (testOptionalPropertyNotifications,
// testOptionalPropertyKeyPathNotifications), changes written by another thread
// (testModifyObservedObjectRemotely, testModifyObservedKeyPathRemotely,
// testModifyUnobservedKeyPathRemotely), key paths that name no property and
// unmanaged objects (testObserveInvalidKeyPath, testObserveUnmanagedObject),
// `value(forKey:)` of collection properties (testValueForKeyList,
// testValueForKeyMutableSet), `isInvalidated` after `deleteAll()`
// (testInvalidatedWithCustomObjectClasses) and a class given as
// `type(of: object)` (testRetrievingObjectWithRuntimeType). Each test names
// the realm-swift test it comes from; the models are restated as `@Persisted`
// classes prefixed `OOC`.
//
// Realm waits for notifications with XCTest expectations (an inverted one
// for "no notification"); here the changes a block heard are collected and
// compared after the write (on this thread) or after `refresh()` (a write on
// another thread). Realm's "throws" for a bad key path or an unmanaged object
// is an Objective-C exception that stops a Swift program; Geode stops the
// program too, which an exit test observes.

// MARK: - Models

final class OOCDog: Object {
    @Persisted var dogName = ""
    @Persisted(originProperty: "dog") var owners: LinkingObjects<OOCOwner>
}

final class OOCOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: OOCDog?
}

final class OOCRecursive: Object {
    @Persisted var objectSet: MutableSet<OOCRecursive>
}

final class OOCOptionals: Object {
    @Persisted var optIntCol: Int? = 1
    @Persisted var optStringCol: String? = "A"
}

final class OOCBool: Object {
    @Persisted var boolCol = false
}

final class OOCObject: Object {
    @Persisted var intCol = 123
    @Persisted var boolCol = false
    @Persisted var arrayCol: List<OOCBool>
}

final class OOCLists: Object {
    @Persisted var int: List<Int>
    @Persisted var string: List<String>
    @Persisted var date: List<Date>
    @Persisted var any: List<AnyRealmValue>
    @Persisted var intOpt: List<Int?>
    @Persisted var uuidOpt: List<UUID?>
}

final class OOCSets: Object {
    @Persisted var int: MutableSet<Int>
    @Persisted var string: MutableSet<String>
    @Persisted var decimal: MutableSet<Decimal128>
    @Persisted var any: MutableSet<AnyRealmValue>
    @Persisted var doubleOpt: MutableSet<Double?>
    @Persisted var objectIdOpt: MutableSet<ObjectId?>
}

final class OOCKeyed: Object {
    @Persisted(primaryKey: true) var stringCol = ""
}

// MARK: - Helpers

/// Runs `body` with a realm of the same file on a new thread, and waits until it has finished.
private func writeOnAnotherThread(_ configuration: Realm.Configuration, _ body: @escaping @Sendable (Realm) -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        if let realm = try? Realm(configuration: configuration) { body(realm) }
        done.signal()
    }
    thread.start()
    done.wait()
}

/// What an exit test's process wrote to its standard error.
private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// What an object observer heard: `name: old → new` for each changed property.
private final class Heard<T: ObjectBase> {
    var changes: [String] = []

    func callAsFunction(_ change: ObjectChange<T>) {
        switch change {
        case let .change(_, properties):
            changes.append(
                properties.map { "\($0.name): \(Self.text($0.oldValue)) → \(Self.text($0.newValue))" }
                    .joined(separator: ", "))
        case .deleted: changes.append("deleted")
        case let .error(error): changes.append("error \(error)")
        }
    }

    private static func text(_ value: Any?) -> String {
        guard let value else { return "nil" }
        if case Optional<Any>.none = value { return "nil" }
        return "\(value)"
    }
}

@Suite struct ObjectObservationConformanceTests {
    static let types: [ObjectBase.Type] = [
        OOCDog.self, OOCOwner.self, OOCRecursive.self, OOCOptionals.self, OOCBool.self, OOCObject.self,
        OOCLists.self, OOCSets.self, OOCKeyed.self,
    ]

    /// What an observer of a dog with one owner, by `keyPaths`, hears of
    /// the write `change` makes (on this thread: heard at its commit).
    private func heardByDog(
        observing keyPaths: [String], _ change: (Realm, OOCDog) throws -> Void
    ) throws -> [String] {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let dog = OOCDog()
        try realm.write {
            realm.add(dog)
            let owner = OOCOwner()
            realm.add(owner)
            owner.dog = dog
        }
        let heard = Heard<OOCDog>()
        let token = dog.observe(keyPaths: keyPaths) { heard($0) }
        defer { token.invalidate() }
        try realm.write { try change(realm, dog) }
        return heard.changes
    }

    /// A new owner of `dog`.
    private static func adoptAgain(_ realm: Realm, _ dog: OOCDog) {
        let owner = OOCOwner()
        realm.add(owner)
        owner.dog = dog
    }

    // MARK: Linking objects named by key paths

    @Test func aBacklinkKeyPathDoesNotHearTheObjectsOwnProperties() throws {
        // testBacklinkPropertyKeyPathNotifications1
        #expect(try heardByDog(observing: ["owners"]) { _, dog in dog.dogName = "fido" } == [])
    }

    @Test func aBacklinkKeyPathDoesNotHearTheLinkingObjectsProperties() throws {
        // testBacklinkPropertyKeyPathNotifications2
        #expect(try heardByDog(observing: ["owners"]) { _, dog in dog.owners.first?.name = "Tom" } == [])
    }

    @Test func aKeyPathThroughLinkingObjectsHearsTheirPropertyAsTheBacklinkProperty() throws {
        // testBacklinkPropertyKeyPathNotifications3
        let heard = try heardByDog(observing: ["owners.name"]) { _, dog in dog.owners.first?.name = "Abe" }
        #expect(heard == ["owners: nil → nil"])
    }

    @Test func aBacklinkKeyPathHearsANewLinkingObject() throws {
        // testBacklinkPropertyKeyPathNotifications4
        #expect(try heardByDog(observing: ["owners"], Self.adoptAgain) == ["owners: nil → nil"])
    }

    @Test func aKeyPathThroughLinkingObjectsHearsANewLinkingObject() throws {
        // testBacklinkPropertyKeyPathNotifications5
        #expect(try heardByDog(observing: ["owners.name"], Self.adoptAgain) == ["owners: nil → nil"])
    }

    @Test func aBacklinkKeyPathHearsAnObjectStopLinking() throws {
        // The reverse of testBacklinkPropertyKeyPathNotifications4: the linking objects change as well.
        let heard = try heardByDog(observing: ["owners"]) { _, dog in
            dog.owners.first?.dog = nil
            #expect(dog.owners.isEmpty)
        }
        #expect(heard == ["owners: nil → nil"])
    }

    // MARK: Changes from this thread and from others

    /// What an observer of `object` (added first), by `keyPaths`, hears of
    /// the write `change` makes to the first object of its class on another
    /// thread: nothing until this thread's realm refreshes.
    private func heardOfAnotherThread<T: Object>(
        _ object: T, observing keyPaths: [String]? = nil, _ change: @escaping @Sendable (T) -> Void
    ) throws -> [String] {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        try realm.write { realm.add(object) }
        let heard = Heard<T>()
        let token = object.observe(keyPaths: keyPaths) { heard($0) }
        defer { token.invalidate() }
        writeOnAnotherThread(realm.configuration) { realm in
            try? realm.write { realm.objects(T.self).first.map(change) }
        }
        #expect(heard.changes.isEmpty, "nothing is heard before this thread's realm refreshes")
        realm.refresh()
        return heard.changes
    }

    @Test func aSetPropertyChangedElsewhereIsHeardWithoutValues() throws {
        // testMutableSetPropertyNotifications
        let heard = try heardOfAnotherThread(OOCRecursive()) { $0.objectSet.insert($0) }
        #expect(heard == ["objectSet: nil → nil"])
    }

    @Test func anOptionalPropertyIsHeardGoingToAValueAndToNil() throws {
        // testOptionalPropertyNotifications (the object's observer hears each write; two objects here)
        #expect(try heardOfAnotherThread(OOCOptionals()) { $0.optIntCol = 2 } == ["optIntCol: 1 → 2"])
        let two = OOCOptionals()
        two.optIntCol = 2
        #expect(try heardOfAnotherThread(two) { $0.optIntCol = nil } == ["optIntCol: 2 → nil"])
    }

    @Test func anOptionalPropertyIsHeardOnlyThroughItsOwnKeyPath() throws {
        // testOptionalPropertyKeyPathNotifications
        #expect(
            try heardOfAnotherThread(OOCOptionals(), observing: ["optIntCol"]) { $0.optIntCol = 2 }
                == ["optIntCol: 1 → 2"])
        #expect(try heardOfAnotherThread(OOCOptionals(), observing: ["optStringCol"]) { $0.optIntCol = 3 } == [])
        let three = OOCOptionals()
        three.optIntCol = 3
        #expect(
            try heardOfAnotherThread(three, observing: ["optIntCol"]) { $0.optIntCol = nil } == ["optIntCol: 3 → nil"])
    }

    @Test func anObjectChangedByAnotherThreadIsHeardAtRefresh() throws {
        // testModifyObservedObjectRemotely
        let object = OOCObject()
        object.intCol = 1
        #expect(try heardOfAnotherThread(object) { $0.intCol = 2 } == ["intCol: 1 → 2"])
    }

    @Test func anObservedKeyPathChangedByAnotherThreadIsHeard() throws {
        // testModifyObservedKeyPathRemotely
        #expect(try heardOfAnotherThread(OOCObject(), observing: ["intCol"]) { $0.intCol = 2 } == ["intCol: 123 → 2"])
    }

    @Test func anUnobservedKeyPathChangedByAnotherThreadIsNotHeard() throws {
        // testModifyUnobservedKeyPathRemotely
        let object = OOCObject()
        #expect(try heardOfAnotherThread(object, observing: ["boolCol"]) { $0.intCol += 1 } == [])
        #expect(object.intCol == 124)
    }

    // MARK: What cannot be observed

    @Test func aKeyPathNamingNoPropertyStopsTheProgramNamingItsClass() async {
        // testObserveInvalidKeyPath
        let first = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ObjectObservationConformanceTests.types)
            let object = OOCObject()
            try realm.write { realm.add(object) }
            _ = object.observe(keyPaths: ["notAProperty"]) { (_: ObjectChange<OOCObject>) in }
        }
        #expect(
            standardError(first).contains("property 'notAProperty' not found in object of type 'OOCObject'"))
        let second = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ObjectObservationConformanceTests.types)
            let object = OOCObject()
            try realm.write { realm.add(object) }
            _ = object.observe(keyPaths: ["arrayCol.alsoNotAProperty"]) { (_: ObjectChange<OOCObject>) in }
        }
        #expect(
            standardError(second).contains("property 'alsoNotAProperty' not found in object of type 'OOCBool'"))
    }

    @Test func keyPathsOfResultsAndLinkingObjectsAreCheckedAsAnObjectsAre() async {
        // testObserveInvalidKeyPath's rule, for the collections Realm checks the same way.
        let results = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ObjectObservationConformanceTests.types)
            _ = realm.objects(OOCObject.self).observe(keyPaths: ["arrayCol.notAProperty"]) { _ in }
        }
        #expect(
            standardError(results).contains("property 'notAProperty' not found in object of type 'OOCBool'"))
        let backlinks = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: ObjectObservationConformanceTests.types)
            let dog = OOCDog()
            try realm.write { realm.add(dog) }
            _ = dog.owners.observe(keyPaths: ["dog.nothing"]) { _ in }
        }
        #expect(
            standardError(backlinks).contains("property 'nothing' not found in object of type 'OOCDog'"))
    }

    @Test func validKeyPathsThroughLinksListsAndBacklinksAreTaken() throws {
        // testObserveInvalidKeyPath's other side: what names properties is observed.
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = OOCObject()
        let dog = OOCDog()
        try realm.write { realm.add([object, dog]) }
        let tokens = [
            object.observe(keyPaths: ["arrayCol.boolCol", "intCol"]) { (_: ObjectChange<OOCObject>) in },
            dog.observe(keyPaths: ["owners.dog.dogName", "owners.*"]) { (_: ObjectChange<OOCDog>) in },
            realm.objects(OOCOwner.self).observe(keyPaths: ["dog.owners.name"]) { _ in },
        ]
        tokens.forEach { $0.invalidate() }
    }

    @Test func anUnmanagedObjectCannotBeObserved() async {
        // testObserveUnmanagedObject
        let all = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = OOCBool().observe { (_: ObjectChange<OOCBool>) in }
        }
        #expect(standardError(all).contains("managed"))
        let some = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = OOCBool().observe(keyPaths: ["boolCol"]) { (_: ObjectChange<OOCBool>) in }
        }
        #expect(standardError(some).contains("managed"))
    }

    // MARK: Key-value coding, invalidation and runtime types

    @Test(arguments: [false, true])
    func valueForKeyOfAListPropertyIsTheTypedList(managed: Bool) throws {
        // testValueForKeyList
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = OOCLists()
        if managed { try realm.write { realm.add(object) } }
        #expect((object.value(forKey: "int") as? List<Int>)?.first == nil)
        #expect((object.value(forKey: "int") as? List<Int>) != nil)
        #expect((object.value(forKey: "string") as? List<String>)?.isEmpty == true)
        #expect((object.value(forKey: "date") as? List<Date>)?.isEmpty == true)
        #expect((object.value(forKey: "any") as? List<AnyRealmValue>)?.isEmpty == true)
        #expect((object.value(forKey: "intOpt") as? List<Int?>)?.isEmpty == true)
        #expect((object.value(forKey: "uuidOpt") as? List<UUID?>)?.isEmpty == true)
    }

    @Test(arguments: [false, true])
    func valueForKeyOfASetPropertyIsTheTypedSet(managed: Bool) throws {
        // testValueForKeyMutableSet
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let object = OOCSets()
        if managed { try realm.write { realm.add(object) } }
        #expect((object.value(forKey: "int") as? MutableSet<Int>)?.count == 0)
        #expect((object.value(forKey: "string") as? MutableSet<String>)?.count == 0)
        #expect((object.value(forKey: "decimal") as? MutableSet<Decimal128>)?.count == 0)
        #expect((object.value(forKey: "any") as? MutableSet<AnyRealmValue>)?.count == 0)
        #expect((object.value(forKey: "doubleOpt") as? MutableSet<Double?>)?.count == 0)
        #expect((object.value(forKey: "objectIdOpt") as? MutableSet<ObjectId?>)?.count == 0)
    }

    @Test func deleteAllInvalidatesTheObjectsAddedInsideAndAfterTheWrite() throws {
        // testInvalidatedWithCustomObjectClasses
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("custom.geode"),
                objectTypes: [OOCObject.self, OOCBool.self]))
        let object = OOCObject()
        #expect(!object.isInvalidated)
        try realm.write {
            realm.add(object)
            #expect(!object.isInvalidated)
        }
        try realm.write {
            realm.deleteAll()
            #expect(object.isInvalidated)
        }
        #expect(object.isInvalidated)
    }

    @Test func anObjectIsFoundByTheClassItsInstanceHasAtRunTime() throws {
        // testRetrievingObjectWithRuntimeType
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let unmanaged = OOCKeyed()
        unmanaged.stringCol = UUID().uuidString
        let managed = OOCKeyed()
        managed.stringCol = UUID().uuidString
        try realm.write { realm.add(managed) }
        #expect(realm.object(ofType: type(of: unmanaged), forPrimaryKey: managed.stringCol) != nil)
        #expect(realm.object(ofType: type(of: managed), forPrimaryKey: managed.stringCol) != nil)
    }
}
