import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A `FailableCustomPersistable` whose persisted value does not convert, as
/// realm-swift's `CustomObjectCreationTests.testInitFailable` /
/// `testCreateFailable` and `ModernObjectAccessorTests` state Realm's answers:
/// `create` stores the value, an optional property (or element) reads nil, and
/// nothing stops the program.
@Suite struct FailableCustomPersistableTests {
    /// Stores an Int; 1 does not convert.
    struct IntFailableWrapper: FailableCustomPersistable, Hashable {
        var value: Int
        init?(persistedValue: Int) {
            guard persistedValue != 1 else { return nil }
            value = persistedValue
        }
        var persistableValue: Int { value }
    }

    final class FailableCustomObject: Object {
        @Persisted var int: IntFailableWrapper
        @Persisted var optInt: IntFailableWrapper?
        @Persisted var listInt: List<IntFailableWrapper>
        @Persisted var optListInt: List<IntFailableWrapper?>
        @Persisted var optSetInt: MutableSet<IntFailableWrapper?>
        @Persisted var optMapInt: Map<String, IntFailableWrapper?>
    }

    static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("failable.geode"),
                objectTypes: [FailableCustomObject.self]))
    }

    @Test func initValueMakesOptionalsThatDoNotConvertNil() {
        let object = FailableCustomObject(value: [
            "optInt": 1, "optListInt": [1, 2], "optSetInt": [1], "optMapInt": ["1": 1],
        ])
        #expect(object.optInt == nil)
        #expect(Array(object.optListInt) == [nil, IntFailableWrapper(persistedValue: 2)])
        #expect(Array(object.optSetInt) == [nil])
        #expect(object.optMapInt["1"] == .some(nil))
    }

    @Test func createStoresValuesThatDoNotConvertAndOptionalsReadNil() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        try realm.write {
            realm.create(
                FailableCustomObject.self,
                value: [
                    "int": 2, "optInt": 1, "listInt": [2], "optListInt": [1, 3], "optSetInt": [1],
                    "optMapInt": ["1": 1, "4": 4],
                ])
        }
        let object = try #require(realm.objects(FailableCustomObject.self).first)
        #expect(object.int.value == 2)
        #expect(object.optInt == nil)
        #expect(Array(object.optListInt) == [nil, IntFailableWrapper(persistedValue: 3)])
        #expect(Array(object.optSetInt) == [nil])
        #expect(object.optMapInt["1"] == .some(nil))
        #expect(object.optMapInt["4"] == .some(IntFailableWrapper(persistedValue: 4)))
        // The stored value is the persisted one, and queries see it.
        #expect(realm.objects(FailableCustomObject.self).filter("optInt == 1").count == 1)
        try realm.throwDeferredError()
    }

    @Test func aRequiredValueThatDoesNotConvertReadsAsTheDefaultAndTheNextThrowingCallThrows() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        try realm.write { realm.create(FailableCustomObject.self, value: ["int": 1, "listInt": [1]]) }
        let object = try #require(realm.objects(FailableCustomObject.self).first)
        #expect(object.int.value == 0, "the default persisted value, which converts")
        #expect(throws: GeodeError.self) { try realm.throwDeferredError() }
        #expect(object.listInt.map(\.value) == [0])
        do {
            try realm.throwDeferredError()
            Issue.record("reading a list element that does not convert should leave an error")
        } catch let GeodeError.invalidValue(failure) {
            #expect(failure.kind == .notConvertible)
            #expect(failure.property == "listInt", "\(failure)")
        }
    }
}
