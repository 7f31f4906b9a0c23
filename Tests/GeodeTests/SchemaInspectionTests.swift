import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A schema read back from a realm answers as Realm's does: `Property.type`
/// is Realm's `PropertyType`, collections say which kind they are, and a
/// primary key counts as indexed (facts from realm-swift's
/// `RealmSwift/Tests/PropertyTests.swift`).
@Suite struct SchemaInspectionTests {
    final class Target: Object {
        @Persisted var flag = false
    }

    final class Sample: Object {
        @Persisted var intCol = 0
        @Persisted var optObjectCol: Target?
        @Persisted var tags: List<String>
        @Persisted var scores: MutableSet<Double>
        @Persisted var extras: Map<String, AnyRealmValue>
        @Persisted var id: UUID
        @Persisted var any: AnyRealmValue
        @Persisted(originProperty: "sample") var owners: LinkingObjects<Owner>
    }

    final class Owner: Object {
        @Persisted(primaryKey: true) var stringCol = ""
        @Persisted var sample: Sample?
    }

    static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("schema.geode"),
                objectTypes: [Target.self, Sample.self, Owner.self]))
    }

    @Test func propertiesReportRealmsPropertyTypes() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let sample = try #require(realm.schema["SchemaInspectionTests.Sample"])
        #expect(sample["intCol"]?.type == .int)
        #expect(sample["optObjectCol"]?.type == .object)
        #expect(sample["tags"]?.type == .string)
        #expect(sample["scores"]?.type == .double)
        #expect(sample["extras"]?.type == .any)
        #expect(sample["id"]?.type == .UUID)
        #expect(sample["any"]?.type == .any)
        #expect(sample["owners"]?.type == .linkingObjects)
        #expect(realm.schema["SchemaInspectionTests.Owner"]?["stringCol"]?.type == .string)
        // Realm's raw values, for code that stores or compares them.
        #expect(PropertyType.int.rawValue == 0 && PropertyType.any.rawValue == 9 && PropertyType.UUID.rawValue == 12)
        #expect(PropertyType.mixed == .any && PropertyType.uuid == .UUID)
    }

    @Test func propertiesSayWhichCollectionTheyAre() throws {
        let directory = try TemporaryDirectory()
        let sample = try #require(try Self.realm(directory).schema["SchemaInspectionTests.Sample"])
        #expect(sample["tags"]?.isArray == true && sample["tags"]?.isSet == false && sample["tags"]?.isMap == false)
        #expect(sample["scores"]?.isSet == true && sample["scores"]?.isArray == false)
        #expect(sample["extras"]?.isMap == true && sample["extras"]?.isArray == false)
        #expect(
            sample["intCol"]?.isArray == false && sample["intCol"]?.isSet == false && sample["intCol"]?.isMap == false)
    }

    @Test func namesOptionalityLinksAndIndexesReadAsRealmReportsThem() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let sample = try #require(realm.schema["SchemaInspectionTests.Sample"])
        let primary = try #require(realm.schema["SchemaInspectionTests.Owner"]?["stringCol"])
        let intCol = try #require(sample["intCol"])
        let link = try #require(sample["optObjectCol"])
        #expect(intCol.name == "intCol" && link.name == "optObjectCol" && primary.name == "stringCol")
        #expect(!intCol.isIndexed && !link.isIndexed && primary.isIndexed && primary.isPrimary)
        #expect(!intCol.isOptional && link.isOptional)
        #expect(
            intCol.objectClassName == nil && link.objectClassName == "SchemaInspectionTests.Target"
                && primary.objectClassName == nil)
        #expect(intCol == sample["intCol"] && intCol != link)
        #expect(Sample().objectSchema["intCol"]?.type == .int)
    }
}
