import Foundation
import Geode
import GeodeTestSupport
import Testing

// One class in two releases: the second drops the index on `tag`, the first
// (opened again, as after a downgrade or a release that restores the index)
// declares it.
final class TaggedIndexed: Object {
    override class func _realmObjectName() -> String? { "Tagged" }
    @Persisted(primaryKey: true) var id = 0
    @Persisted(indexed: true) var tag = ""
}

final class TaggedPlain: Object {
    override class func _realmObjectName() -> String? { "Tagged" }
    @Persisted(primaryKey: true) var id = 0
    @Persisted var tag = ""
}

final class TaggedSpot: EmbeddedObject {
    @Persisted var type = "Point"
    @Persisted var coordinates: List<Double>
}

final class TaggedWithSpot: Object {
    override class func _realmObjectName() -> String? { "Tagged" }
    @Persisted(primaryKey: true) var id = 0
    @Persisted var tag = ""
    @Persisted var spot: TaggedSpot?
}

/// Adding or removing an index is a schema change Realm makes without a
/// migration; queries answer the same before and after, whatever the file saw
/// while the index was gone.
@Suite struct IndexChangeTests {
    @Test func anIndexRemovedAndDeclaredAgainAnswersFromTheCurrentValues() throws {
        let directory = try TemporaryDirectory()
        let url = URL(fileURLWithPath: directory.path("tagged.geode"))
        func open(_ type: Object.Type) throws -> Realm {
            try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [type]))
        }
        do {
            let realm = try open(TaggedIndexed.self)
            try realm.write {
                realm.create(TaggedIndexed.self, value: ["id": 1, "tag": "a"])
                realm.create(TaggedIndexed.self, value: ["id": 2, "tag": "a"])
            }
            #expect(realm.objects(TaggedIndexed.self).filter("tag == 'a'").count == 2)
        }
        do {
            // Without the index: values change, objects come and go.
            let realm = try open(TaggedPlain.self)
            try realm.write {
                realm.object(ofType: TaggedPlain.self, forPrimaryKey: 1)?.tag = "b"
                if let two = realm.object(ofType: TaggedPlain.self, forPrimaryKey: 2) { realm.delete(two) }
                realm.create(TaggedPlain.self, value: ["id": 3, "tag": "a"])
            }
        }
        let realm = try open(TaggedIndexed.self)
        let tagged = realm.objects(TaggedIndexed.self)
        #expect(tagged.filter("tag == 'a'").map(\.id) == [3])
        #expect(tagged.filter("tag == 'b'").map(\.id) == [1])
        #expect(tagged.where { $0.tag == "a" }.count == 1)
    }

    @Test func aPointPropertyRemovedAndAddedAgainIsIndexedFromTheCurrentObjects() throws {
        let directory = try TemporaryDirectory()
        let url = URL(fileURLWithPath: directory.path("tagged.geode"))
        func open(_ type: Object.Type, _ version: UInt64) throws -> Realm {
            try Realm(
                configuration: Realm.Configuration(
                    fileURL: url, schemaVersion: version, objectTypes: [type, TaggedSpot.self]))
        }
        let box = try #require(GeoBox(bottomLeft: (9, 9), topRight: (11, 11)))
        do {
            let realm = try open(TaggedWithSpot.self, 1)
            try realm.write {
                realm.create(
                    TaggedWithSpot.self, value: ["id": 1, "spot": ["type": "Point", "coordinates": [10, 10]]])
            }
            #expect(realm.objects(TaggedWithSpot.self).where { $0.spot.geoWithin(box) }.count == 1)
        }
        do {
            // The point property goes; the object that had a point goes too.
            let realm = try open(TaggedPlain.self, 2)
            try realm.write {
                if let one = realm.object(ofType: TaggedPlain.self, forPrimaryKey: 1) { realm.delete(one) }
                realm.create(TaggedPlain.self, value: ["id": 2])
            }
        }
        let realm = try open(TaggedWithSpot.self, 3)
        #expect(realm.objects(TaggedWithSpot.self).where { $0.spot.geoWithin(box) }.count == 0)
        try realm.write {
            realm.create(
                TaggedWithSpot.self, value: ["id": 3, "spot": ["type": "Point", "coordinates": [10.5, 9.5]]])
        }
        #expect(realm.objects(TaggedWithSpot.self).where { $0.spot.geoWithin(box) }.map(\.id) == [3])
    }
}
