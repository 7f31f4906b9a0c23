import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts of realm-swift's CodableTests (testModernObject, testModernObjectNil,
// testModernObjectOptionalNotRequired, testDecimal), restated on Geode's own models.

final class CodablePlace: EmbeddedObject, Codable {
    @Persisted var city = ""
}

final class CodableOwner: Object, Codable {
    @Persisted var name = ""
}

final class CodableRecord: Object, Codable {
    @Persisted(primaryKey: true) var id: ObjectId
    @Persisted var text: String
    @Persisted var count: Int
    @Persisted var small: Int8
    @Persisted var ratio: Double
    @Persisted var flag: Bool
    @Persisted var when: Date
    @Persisted var bytes: Data
    @Persisted var amount: Decimal128
    @Persisted var uuid: UUID
    @Persisted var optText: String?
    @Persisted var optCount: Int?
    @Persisted var owner: CodableOwner?
    @Persisted var place: CodablePlace?
    @Persisted var tags: List<String>
    @Persisted var optNumbers: List<Int?>
    @Persisted var codes: MutableSet<Int>
    @Persisted var scores: Map<String, Double>
    @Persisted var optScores: Map<String, Bool?>
}

@Suite struct CodableTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    static let full = """
        {
          "id": "1234567890abcdef12345678", "text": "abc", "count": 123, "small": -8, "ratio": 2.5,
          "flag": true, "when": 2.5, "bytes": "ZGVm", "amount": "1.5e2",
          "uuid": "137DECC8-B300-4954-A233-F89909F4FD89", "optText": "opt", "optCount": 7,
          "owner": {"name": "Ann"}, "place": {"city": "Oslo"},
          "tags": ["a", "b"], "optNumbers": [1, null], "codes": [3, 3, 4],
          "scores": {"x": 1.5}, "optScores": {"yes": true, "unknown": null}
        }
        """

    private func decode(_ text: String) throws -> CodableRecord {
        try JSONDecoder().decode(CodableRecord.self, from: Data(text.utf8))
    }

    @Test func decodingFillsEveryKindOfPropertyOfAnUnmanagedObject() throws {
        let record = try decode(Self.full)
        #expect(record.realm == nil)
        #expect(record.id == ObjectId("1234567890abcdef12345678"))
        #expect(record.text == "abc" && record.count == 123 && record.small == -8 && record.ratio == 2.5)
        #expect(record.flag && record.when == Date(timeIntervalSinceReferenceDate: 2.5))
        #expect(record.bytes == Data("def".utf8))
        #expect(record.amount == 150)
        #expect(record.uuid == UUID(uuidString: "137DECC8-B300-4954-A233-F89909F4FD89"))
        #expect(record.optText == "opt" && record.optCount == 7)
        #expect(record.owner?.name == "Ann" && record.place?.city == "Oslo")
        #expect(Array(record.tags) == ["a", "b"])
        #expect(Array(record.optNumbers) == [1, nil])
        #expect(record.codes.count == 2 && record.codes.contains(3) && record.codes.contains(4))
        #expect(record.scores["x"] == 1.5)
        #expect(record.optScores.count == 2)
        #expect(record.optScores["yes"] == .some(true))
        #expect(record.optScores["unknown"] == .some(nil))
    }

    @Test func aDecodedObjectIsAddedWithItsLinksAndEmbeddedObject() throws {
        let realm = try directory.realm(of: [CodableRecord.self, CodableOwner.self, CodablePlace.self])
        let record = try decode(Self.full)
        try realm.write { realm.add(record) }
        let stored = try #require(realm.object(ofType: CodableRecord.self, forPrimaryKey: record.id))
        #expect(stored.owner?.name == "Ann" && stored.place?.city == "Oslo")
        #expect(Array(stored.tags) == ["a", "b"] && stored.scores["x"] == 1.5)
        #expect(realm.objects(CodableOwner.self).count == 1)
    }

    /// testModernObjectOptionalNotRequired: optional properties may be left out (they read nil);
    /// testModernObjectNil: null reads nil.
    @Test func optionalPropertiesMayBeMissingOrNull() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.full.utf8)) as? [String: Any])
        for key in ["optText", "owner", "place"] { object.removeValue(forKey: key) }
        object["optCount"] = NSNull()
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let record = try decode(text)
        #expect(record.optText == nil && record.optCount == nil)
        #expect(record.owner == nil && record.place == nil)
        #expect(record.text == "abc")
    }

    @Test(arguments: ["text", "tags", "id"])
    func aMissingRequiredPropertyIsADecodingErrorNamingItsKey(_ key: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.full.utf8)) as? [String: Any])
        object.removeValue(forKey: key)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        do {
            _ = try decode(text)
            Issue.record("decoded without \(key)")
        } catch let DecodingError.keyNotFound(missing, _) {
            #expect(missing.stringValue == key)
        }
    }

    @Test func aWrongTypeOrABadObjectIdIsADecodingError() throws {
        #expect(throws: DecodingError.self) {
            try decode(Self.full.replacingOccurrences(of: "\"count\": 123", with: "\"count\": \"x\""))
        }
        #expect(throws: DecodingError.self) {
            try decode(Self.full.replacingOccurrences(of: "1234567890abcdef12345678", with: "not-an-id"))
        }
    }

    /// testModernObject: an unmanaged object encodes to JSON that decodes to the same values.
    @Test func anUnmanagedObjectRoundTripsThroughJSON() throws {
        let record = try decode(Self.full)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = try encoder.encode(record)
        let again = try JSONDecoder().decode(CodableRecord.self, from: text)
        #expect(try encoder.encode(again) == text)
        #expect(
            again.id == record.id && Array(again.optNumbers) == [1, nil] && again.optScores["unknown"] == .some(nil))
        let json = try #require(try JSONSerialization.jsonObject(with: text) as? [String: Any])
        #expect(json["id"] as? String == "1234567890abcdef12345678")
        #expect(json["tags"] as? [String] == ["a", "b"])
    }

    @Test func managedCollectionsEncodeWhatTheyHold() throws {
        let realm = try directory.realm(of: [CodableRecord.self, CodableOwner.self, CodablePlace.self])
        try realm.write { realm.add(try decode(Self.full)) }
        let record = try #require(realm.objects(CodableRecord.self).first)
        try realm.write { record.tags.append("c") }
        #expect(String(decoding: try JSONEncoder().encode(record.tags), as: UTF8.self) == #"["a","b","c"]"#)
        #expect(String(decoding: try JSONEncoder().encode(record.scores), as: UTF8.self) == #"{"x":1.5}"#)
        let tags = try JSONEncoder().encode(AnyRealmCollection(record.tags))
        #expect(String(decoding: tags, as: UTF8.self) == #"["a","b","c"]"#)
    }

    /// Realm refuses to encode a managed object through synthesis; so does Geode, rather than
    /// writing values the object does not hold.
    @Test func aManagedObjectOrOneMadeFromAValueIsRefusedByEncoding() throws {
        let realm = try directory.realm(of: [CodableRecord.self, CodableOwner.self, CodablePlace.self])
        try realm.write { realm.create(CodableOwner.self, value: ["name": "Bo"]) }
        let managed = try #require(realm.objects(CodableOwner.self).first)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(managed) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(realm.objects(CodableOwner.self)) }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(CodableOwner(value: ["name": "Bo"])) }
        let assigned = CodableOwner()
        assigned.name = "Bo"
        #expect(String(decoding: try JSONEncoder().encode(assigned), as: UTF8.self) == #"{"name":"Bo"}"#)
    }

    @Test func objectIdsEncodeAsTheirHexDigits() throws {
        let id = ObjectId("64a1f0c2b3d4e5f601234567")
        #expect(String(decoding: try JSONEncoder().encode([id]), as: UTF8.self) == #"["64a1f0c2b3d4e5f601234567"]"#)
        #expect(try JSONDecoder().decode([ObjectId].self, from: Data(#"["64a1f0c2b3d4e5f601234567"]"#.utf8)) == [id])
    }
}
