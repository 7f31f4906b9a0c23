import Foundation
@testable import Geode
import Testing

/// Unmanaged objects are read through the runtime's field list (the
/// standard library's `_forEachField`), and through `Mirror` when a class's
/// fields cannot be listed; both must read the same values.
@Suite struct FieldListingFallbackTests {
    final class Sample: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var name = "unnamed"
        @Persisted var score: Double?
        @Persisted var flag = false
        @Persisted var extra: AnyRealmValue
        @Persisted var born = Date(timeIntervalSince1970: 0)
    }

    @Test func mirrorReadsTheSameUnmanagedValuesAsTheFieldList() throws {
        let listed = ClassInfo.discover(Sample.self)
        let unlisted = ClassInfo.discover(Sample.self, listingFields: false)
        let object = Sample()
        object.id = 7
        object.name = "Rex"
        object.score = 2.5
        object.extra = .string("loud")
        object.born = Date(timeIntervalSince1970: 86_400)
        #expect(listed.wrapperValues(of: object) != nil, "the runtime lists this class's fields")
        #expect(unlisted.wrapperValues(of: object) == nil)
        let throughFields = ValueAssignment.unmanagedValues(of: object, info: listed).map { "\($0)" }
        let throughMirror = ValueAssignment.unmanagedValues(of: object, info: unlisted).map { "\($0)" }
        #expect(
            throughFields == [
                "7", "Rex", "Optional(2.5)", "false", "string(\"loud\")", "\(Date(timeIntervalSince1970: 86_400))",
            ])
        #expect(throughMirror == throughFields)
    }

    @Test func withoutAFieldListAccessorsAreNeitherPreparedNorReused() {
        let unlisted = ClassInfo.discover(Sample.self, listingFields: false)
        #expect(!unlisted.accessorsAreInterchangeable)
        #expect(ClassInfo.discover(Sample.self).accessorsAreInterchangeable)
    }
}
