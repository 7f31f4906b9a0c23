import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/ThreadSafeReferenceTests.swift
// (ThreadSafeReferenceTests, and ThreadSafeWrapperTests with its
// TestThreadSafeWrapperStruct), with the models of SwiftTestObjects.swift
// restated as `@Persisted` classes prefixed `TS`. Each test names the
// realm-swift test it comes from; the values asserted are the ones Realm's
// tests assert.
//
// Facts other suites already restate are left out:
// - testInvalidThreadSafeReferenceUsage (a reference made in a write resolves
//   nil in another file, a second reference to the same object resolves),
//   testPassThreadSafeReferencesToMultipleObjects, testPassThreadSafeReferenceToLinkingObjects,
//   testPassThreadSafeReferenceToAnyRealmCollection, and every ThreadSafeWrapperTests test
//   from testThreadSafeWrapper to testThreadSafeWrapperToAnyRealmCollection, and
//   testThreadSafeMultipleDispatch: RealmLifecycleConformanceTests;
// - testPassThreadSafeReferenceToDeletedObject, testPassThreadSafeReferenceToResults,
//   testPassThreadSafeReferenceToList and testPassThreadSafeReferenceToMutableSet:
//   ProjectionConfigConformanceTests (also RealmSwiftSpellingTests, ConcurrencyTests).
// What is restated here is what those leave out: the references Realm refuses
// to make or to resolve again (Realm raises an exception; Geode stops the
// program, so these run as exit tests in a child process), `assertResolve`'s
// `isInvalidated` checks for each kind of reference, and the `@ThreadSafe`
// tests Realm compiles only before Swift 6 (testThreadSafeWrapperInline,
// testThreadSafeFunctionArgument, testThreadSafeUnmanagedArgument). Swift 6
// refuses a `@Sendable` closure that captures a `@ThreadSafe` local variable or
// parameter (the reason for Realm's `#if swift(<6)`), so those closures read the
// value through its wrapper (`_name.wrappedValue`), which is what the wrapped
// name reads.
//
// Left out as not applying to Geode on Linux: Realm's `@objc dynamic`
// declarations and `let` collection properties (restated as `@Persisted`).
// `SwiftArrayPropertyObject.swiftObjArray` and `SwiftMutableSetPropertyObject.swiftObjSet`
// (collections of Realm's many-typed `SwiftObject`) are left out: no fact of
// this file reads them.

// MARK: - Models

/// A string (Realm's `SwiftStringObject`).
final class TSString: Object {
    @Persisted var stringCol = ""
}

/// A number (Realm's `SwiftIntObject`).
final class TSInt: Object {
    @Persisted var intCol = 0
}

/// An employee (Realm's `SwiftEmployeeObject`).
final class TSEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// A company with a list, a set and a map of employees (Realm's `SwiftCompanyObject`).
final class TSCompany: Object {
    @Persisted var name = ""
    @Persisted var employees: List<TSEmployee>
    @Persisted var employeeSet: MutableSet<TSEmployee>
    @Persisted var employeeMap: Map<String, TSEmployee?>
}

/// A name and lists of strings and numbers (Realm's `SwiftArrayPropertyObject`).
final class TSArrayProperty: Object {
    @Persisted var name = ""
    @Persisted var array: List<TSString>
    @Persisted var intArray: List<TSInt>
}

/// A name and sets of strings and numbers (Realm's `SwiftMutableSetPropertyObject`).
final class TSSetProperty: Object {
    @Persisted var name = ""
    @Persisted var set: MutableSet<TSString>
    @Persisted var intSet: MutableSet<TSInt>
}

/// A dog and the owners linking to it (Realm's `SwiftDogObject`).
final class TSDog: Object {
    @Persisted var dogName = ""
    // Realm: `let owners = LinkingObjects(fromType: SwiftOwnerObject.self, property: "dog")`.
    @Persisted(originProperty: "dog") var owners: LinkingObjects<TSOwner>
}

/// An owner whose dog defaults to a new dog (Realm's `SwiftOwnerObject`).
final class TSOwner: Object {
    @Persisted var name = ""
    @Persisted var dog: TSDog? = TSDog()
}

/// Objects held by `@ThreadSafe` (Realm's `TestThreadSafeWrapperStruct`, the two
/// properties the restated tests use).
struct TSWrapperStruct {
    @ThreadSafe var stringObject: TSString?
    @ThreadSafe var intObject: TSInt?

    init(stringObject: TSString? = nil, intObject: TSInt? = nil) {
        _stringObject = ThreadSafe(wrappedValue: stringObject)
        _intObject = ThreadSafe(wrappedValue: intObject)
    }
}

// MARK: - Helpers

/// Runs `body` on a new thread and waits for it (Realm's `dispatchSyncNewThread`);
/// whether it finished within a minute.
@discardableResult
private func tsOnNewThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    return done.wait(timeout: .now() + 60) == .success
}

/// Marks, in an exit test's standard error, that the call under test comes next.
private func tsReady() {
    FileHandle.standardError.write(Data("TS-READY\n".utf8))
}

/// The standard error of an exit test, as text.
private func tsStandardError(_ result: ExitTest.Result?) -> String {
    result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
}

/// Whether an exit test stopped after `tsReady()`, with one of Geode's own messages
/// (a precondition of Geode refusing the call, not a failure before it).
private func tsRefusedByGeode(_ result: ExitTest.Result?) -> Bool {
    let text = tsStandardError(result)
    guard let ready = text.range(of: "TS-READY") else { return false }
    return text[ready.upperBound...].contains("Geode:")
}

@Suite struct ThreadSafeReferenceConformanceTests {
    static let types: [ObjectBase.Type] = [
        TSString.self, TSInt.self, TSEmployee.self, TSCompany.self, TSArrayProperty.self, TSSetProperty.self,
        TSDog.self, TSOwner.self,
    ]

    /// Realm's `assertResolve` as text: "isInvalidated before, found or nil, isInvalidated after".
    static func resolveOnce<T>(_ realm: Realm, _ reference: ThreadSafeReference<T>) -> String {
        let before = reference.isInvalidated
        let found = realm.resolve(reference) != nil
        return "\(before) \(found ? "found" : "nil") \(reference.isInvalidated)"
    }

    /// Realm's `wrapperStruct()`: a string "before" and a number 1, held by `@ThreadSafe`.
    static func wrapperStruct(in realm: Realm) throws -> TSWrapperStruct {
        let (string, number) = try realm.write {
            (
                realm.create(TSString.self, value: ["stringCol": "before"]),
                realm.create(TSInt.self, value: ["intCol": 1])
            )
        }
        return TSWrapperStruct(stringObject: string, intObject: number)
    }

    /// An unmanaged string, and objects with an unmanaged list and set, as Realm's test makes them.
    static func unmanaged() -> (TSString, TSArrayProperty, TSSetProperty) {
        let string = TSString()
        let arrayParent = TSArrayProperty(value: ["arrayObject", [["a"]]])
        let setParent = TSSetProperty(value: ["setObject", [["a"]]])
        return (string, arrayParent, setParent)
    }

    /// Makes a reference to the string, list or set `kind`.
    static func makeReference(_ kind: String, _ objects: (TSString, TSArrayProperty, TSSetProperty)) {
        switch kind {
        case "object": _ = ThreadSafeReference(to: objects.0)
        case "list": _ = ThreadSafeReference(to: objects.1.array)
        default: _ = ThreadSafeReference(to: objects.2.set)
        }
    }
}

// MARK: - References Realm refuses

extension ThreadSafeReferenceConformanceTests {
    // ThreadSafeReferenceTests.testInvalidThreadSafeReferenceConstruction (unmanaged:
    // "Cannot construct reference to unmanaged object")
    @Test(arguments: ["object", "list", "set"])
    func aReferenceToAnUnmanagedObjectListOrSetIsRefused(_ kind: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let objects = Self.unmanaged()
            tsReady()
            Self.makeReference(kind, objects)
        }
        #expect(tsRefusedByGeode(result), "\(tsStandardError(result))")
    }

    // ThreadSafeReferenceTests.testInvalidThreadSafeReferenceConstruction (after
    // `deleteAll()`: "Cannot construct reference to invalidated object")
    @Test(arguments: ["object", "list", "set"])
    func aReferenceToADeletedObjectOrToACollectionOfOneIsRefused(_ kind: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [kind] in
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: Self.types)
            // The collections are the unmanaged objects' own, read before they are added.
            let objects = Self.unmanaged()
            let (string, arrayParent, setParent) = objects
            let (array, set) = (arrayParent.array, setParent.set)
            realm.beginWrite()
            realm.add(string)
            realm.add(arrayParent)
            realm.add(setParent)
            realm.deleteAll()
            try realm.commitWrite()
            tsReady()
            switch kind {
            case "object": _ = ThreadSafeReference(to: string)
            case "list": _ = ThreadSafeReference(to: array)
            default: _ = ThreadSafeReference(to: set)
            }
        }
        #expect(tsRefusedByGeode(result), "\(tsStandardError(result))")
    }

    // ThreadSafeReferenceTests.testInvalidThreadSafeReferenceUsage and assertResolve
    // ("Can only resolve a thread safe reference once")
    @Test func resolvingAReferenceTwiceIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: Self.types)
            let object = try realm.write { realm.create(TSString.self, value: ["stringCol": "hello"]) }
            let reference = ThreadSafeReference(to: object)
            let configuration = realm.configuration
            tsOnNewThread {
                guard let other = try? Realm(configuration: configuration), other.resolve(reference) != nil else {
                    return
                }
                tsReady()
                _ = other.resolve(reference)
            }
        }
        #expect(tsRefusedByGeode(result), "\(tsStandardError(result))")
    }
}

// MARK: - assertResolve

extension ThreadSafeReferenceConformanceTests {
    // ThreadSafeReferenceTests.assertResolve, as testPassThreadSafeReferenceToDeletedObject,
    // testPassThreadSafeReferencesToMultipleObjects, testPassThreadSafeReferenceToList,
    // testPassThreadSafeReferenceToMutableSet, testPassThreadSafeReferenceToResults,
    // testPassThreadSafeReferenceToLinkingObjects and testPassThreadSafeReferenceToAnyRealmCollection
    // use it: a reference is not invalidated until resolved, and is once resolved, even when it
    // resolves nil (an object deleted since).
    @Test func everyKindOfReferenceIsInvalidatedOnlyOnceResolved() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let (string, number, doomed) = (TSString(), TSInt(), TSInt(value: ["intCol": 7]))
        let company = TSCompany()
        let dog = TSDog(value: ["dogName": "Cookie"])
        try realm.write {
            realm.add(string)
            realm.add(number)
            realm.add(doomed)
            realm.add(company)
            company.employees.append(TSEmployee(value: ["name": "jg"]))
            company.employeeSet.insert(TSEmployee(value: ["name": "jg"]))
            realm.add(TSOwner(value: ["name": "Andrea", "dog": dog]))
        }
        let results = realm.objects(TSString.self).filter("stringCol != 'C'")
            .sorted(byKeyPath: "stringCol", ascending: false)
        let objectReferences = (ThreadSafeReference(to: string), ThreadSafeReference(to: number))
        let deletedReference = ThreadSafeReference(to: doomed)
        let listReference = ThreadSafeReference(to: company.employees)
        let setReference = ThreadSafeReference(to: company.employeeSet)
        let resultsReference = ThreadSafeReference(to: results)
        let ownersReference = ThreadSafeReference(to: dog.owners)
        let erasedReferences = (
            ThreadSafeReference(to: AnyRealmCollection(realm.objects(TSEmployee.self))),
            ThreadSafeReference(to: AnyRealmCollection(company.employees)),
            ThreadSafeReference(to: AnyRealmCollection(company.employeeSet))
        )
        let configuration = realm.configuration
        #expect(tsOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            try? other.write { other.delete(other.objects(TSInt.self).filter("intCol == 7")) }
        })
        let seen = SharedValue<[String]>([])
        #expect(tsOnNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            var values = [
                Self.resolveOnce(other, objectReferences.0), Self.resolveOnce(other, objectReferences.1),
                Self.resolveOnce(other, listReference), Self.resolveOnce(other, setReference),
                Self.resolveOnce(other, resultsReference), Self.resolveOnce(other, ownersReference),
                Self.resolveOnce(other, erasedReferences.0), Self.resolveOnce(other, erasedReferences.1),
                Self.resolveOnce(other, erasedReferences.2),
            ]
            // As in testPassThreadSafeReferenceToDeletedObject: after a refresh the deleted object is gone.
            other.refresh()
            values.append(Self.resolveOnce(other, deletedReference))
            seen.value = values
        })
        let found = "false found true"
        #expect(seen.value == Array(repeating: found, count: 9) + ["false nil true"])
    }
}

// MARK: - @ThreadSafe (ThreadSafeWrapperTests)

extension ThreadSafeReferenceConformanceTests {
    // ThreadSafeWrapperTests.testThreadSafeWrapperInvalidConstruction
    // ("Only managed objects may be wrapped as thread safe.")
    @Test func wrappingAnUnmanagedObjectAsThreadSafeIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let unmanaged = TSString(value: ["stringCol": "before"])
            tsReady()
            _ = TSWrapperStruct(stringObject: unmanaged)
        }
        #expect(tsRefusedByGeode(result), "\(tsStandardError(result))")
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperInvalidReassign
    // ("Only managed objects may be wrapped as thread safe.")
    @Test func reassigningAThreadSafePropertyToAnUnmanagedObjectIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: Self.types)
            let wrappers = try Self.wrapperStruct(in: realm)
            guard wrappers.stringObject?.stringCol == "before", wrappers.intObject?.intCol == 1 else { return }
            let configuration = realm.configuration
            tsOnNewThread {
                guard let other = try? Realm(configuration: configuration) else { return }
                try? other.write {
                    tsReady()
                    wrappers.stringObject = TSString()
                }
            }
        }
        #expect(tsRefusedByGeode(result), "\(tsStandardError(result))")
    }

    /// Realm's `mutateStringCol(stringObj:)`: on a new thread, in a write of a
    /// realm of `configuration`, sets the object's string to "after". (Swift 6
    /// refuses a `@Sendable` closure capturing the wrapped parameter, as Realm's
    /// `#if swift(<6)` notes, so the closure reads it through its wrapper, `_stringObj`.)
    static func mutateStringCol(@ThreadSafe stringObj: TSString?, configuration: Realm.Configuration) {
        let wrapper = _stringObj
        tsOnNewThread {
            guard let realm = try? Realm(configuration: configuration) else { return }
            try? realm.write { wrapper.wrappedValue?.stringCol = "after" }
        }
    }

    // ThreadSafeWrapperTests.testThreadSafeFunctionArgument (compiled by Realm before Swift 6 only)
    @Test func aThreadSafeFunctionArgumentIsWrittenOnAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let stringObj = try realm.write { realm.create(TSString.self, value: ["stringCol": "before"]) }
        #expect(stringObj.stringCol == "before")
        Self.mutateStringCol(stringObj: stringObj, configuration: realm.configuration)
        realm.refresh()
        #expect(stringObj.stringCol == "after")
    }

    // ThreadSafeWrapperTests.testThreadSafeUnmanagedArgument (compiled by Realm before Swift 6 only;
    // "Only managed objects may be wrapped as thread safe.")
    @Test func passingAnUnmanagedObjectAsAThreadSafeArgumentIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let directory = try TemporaryDirectory()
            let configuration = try directory.realm(of: Self.types).configuration
            let stringObj = TSString(value: ["stringCol": "before"])
            tsReady()
            Self.mutateStringCol(stringObj: stringObj, configuration: configuration)
        }
        #expect(tsRefusedByGeode(result), "\(tsStandardError(result))")
    }

    // ThreadSafeWrapperTests.testThreadSafeWrapperInline (compiled by Realm before Swift 6 only)
    @Test func threadSafeLocalVariablesReadTheirResultsAndObjectOnAnotherThread() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: Self.types)
        let values = ["A", "B", "C", "D"]
        try realm.write {
            for value in values { realm.create(TSString.self, value: [value]) }
        }
        // Swift 6 refuses a `@Sendable` closure capturing a wrapped local variable (Realm
        // compiles this test before Swift 6 only), so the closures read them through their
        // wrappers, `_results` and `_swiftStringObject`.
        @ThreadSafe var results: Results<TSString>? = realm.objects(TSString.self)
        let resultsWrapper = _results
        let read = SharedValue<[String]>([])
        #expect(tsOnNewThread {
            guard let results = resultsWrapper.wrappedValue else { return read.value = ["no results"] }
            read.value = results.indices.map { results[$0].stringCol }
        })
        #expect(read.value == values)

        @ThreadSafe var swiftStringObject: TSString? = results?.first
        let objectWrapper = _swiftStringObject
        let first = SharedValue<String?>(nil)
        #expect(tsOnNewThread { first.value = objectWrapper.wrappedValue?.stringCol })
        #expect(first.value == "A")
    }
}
