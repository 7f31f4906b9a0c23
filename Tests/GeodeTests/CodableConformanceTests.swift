import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/CodableTests.swift, on this
// file's own models (prefix CDC). Each test names the realm-swift test it comes
// from; the inputs are the JSON Realm's tests decode and the values asserted are
// the ones Realm's tests assert.
//
// Restated here: testBool, testInt, testFloat, testDouble, testNullableRealmProperty,
// testObject, testLegacyObjectOptionalNotRequired, testCustomDateEncoding,
// testCustomDataEncoding and testKeyEncodingStrategy.
//
// Restated elsewhere, and left out here: testModernObject, testModernObjectNil and
// testModernObjectOptionalNotRequired (CodableTests.swift); testDecimal
// (GeoCustomConformanceTests.swift).
//
// Left out as not applying to Geode on Linux:
// - Realm's legacy `CodableObject` declares `@objc dynamic` properties,
//   `RealmOptional<T>` and `RealmProperty<T?>`; Geode has none of the three, so
//   the model is restated as `CDCLegacy` with `@Persisted` properties of the same
//   names and types (`RealmOptional<Int>` and `RealmProperty<Int?>` as
//   `@Persisted var …: Int?`).
// - testBool, testInt, testFloat and testDouble decode and encode a bare
//   `RealmOptional<T>`; they are restated on a model holding one
//   `@Persisted var value: T?`, the form Geode gives an optional number or bool.
// - testKeyEncodingStrategy expects one of two key orders, the second for Apple
//   systems before 2024 (which sorted "int8" before "int16"); only the current
//   one, plain code-unit order, is restated.

// MARK: - Models

/// Realm's `IntEnum`.
enum CDCIntEnum: Int, Codable, PersistableEnum {
    case value1 = 1
    case value2 = 3
}

/// Realm's legacy `CodableObject`: every value type as a property, an optional,
/// a list, a list of optionals, a set, a set of optionals, a map and a map of
/// optionals, and the `other…` optionals (Realm's `RealmProperty`s).
final class CDCLegacy: Object, Codable {
    @Persisted var bool: Bool
    @Persisted var string: String
    @Persisted var int: Int
    @Persisted var int8: Int8
    @Persisted var int16: Int16
    @Persisted var int32: Int32
    @Persisted var int64: Int64
    @Persisted var float: Float
    @Persisted var double: Double
    @Persisted var date: Date
    @Persisted var data: Data
    @Persisted var decimal: Decimal128
    @Persisted var objectId: ObjectId
    @Persisted var uuid: UUID

    @Persisted var boolOpt: Bool?
    @Persisted var stringOpt: String?
    @Persisted var intOpt: Int?
    @Persisted var int8Opt: Int8?
    @Persisted var int16Opt: Int16?
    @Persisted var int32Opt: Int32?
    @Persisted var int64Opt: Int64?
    @Persisted var floatOpt: Float?
    @Persisted var doubleOpt: Double?
    @Persisted var dateOpt: Date?
    @Persisted var dataOpt: Data?
    @Persisted var decimalOpt: Decimal128?
    @Persisted var objectIdOpt: ObjectId?
    @Persisted var uuidOpt: UUID?

    @Persisted var otherBool: Bool?
    @Persisted var otherInt: Int?
    @Persisted var otherInt8: Int8?
    @Persisted var otherInt16: Int16?
    @Persisted var otherInt32: Int32?
    @Persisted var otherInt64: Int64?
    @Persisted var otherFloat: Float?
    @Persisted var otherDouble: Double?
    @Persisted var otherEnum: CDCIntEnum?

    @Persisted var boolList: List<Bool>
    @Persisted var stringList: List<String>
    @Persisted var intList: List<Int>
    @Persisted var int8List: List<Int8>
    @Persisted var int16List: List<Int16>
    @Persisted var int32List: List<Int32>
    @Persisted var int64List: List<Int64>
    @Persisted var floatList: List<Float>
    @Persisted var doubleList: List<Double>
    @Persisted var dateList: List<Date>
    @Persisted var dataList: List<Data>
    @Persisted var decimalList: List<Decimal128>
    @Persisted var objectIdList: List<ObjectId>
    @Persisted var uuidList: List<UUID>

    @Persisted var boolOptList: List<Bool?>
    @Persisted var stringOptList: List<String?>
    @Persisted var intOptList: List<Int?>
    @Persisted var int8OptList: List<Int8?>
    @Persisted var int16OptList: List<Int16?>
    @Persisted var int32OptList: List<Int32?>
    @Persisted var int64OptList: List<Int64?>
    @Persisted var floatOptList: List<Float?>
    @Persisted var doubleOptList: List<Double?>
    @Persisted var dateOptList: List<Date?>
    @Persisted var dataOptList: List<Data?>
    @Persisted var decimalOptList: List<Decimal128?>
    @Persisted var objectIdOptList: List<ObjectId?>
    @Persisted var uuidOptList: List<UUID?>

    @Persisted var boolSet: MutableSet<Bool>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var int8Set: MutableSet<Int8>
    @Persisted var int16Set: MutableSet<Int16>
    @Persisted var int32Set: MutableSet<Int32>
    @Persisted var int64Set: MutableSet<Int64>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var doubleSet: MutableSet<Double>
    @Persisted var dateSet: MutableSet<Date>
    @Persisted var dataSet: MutableSet<Data>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var objectIdSet: MutableSet<ObjectId>
    @Persisted var uuidSet: MutableSet<UUID>

    @Persisted var boolOptSet: MutableSet<Bool?>
    @Persisted var stringOptSet: MutableSet<String?>
    @Persisted var intOptSet: MutableSet<Int?>
    @Persisted var int8OptSet: MutableSet<Int8?>
    @Persisted var int16OptSet: MutableSet<Int16?>
    @Persisted var int32OptSet: MutableSet<Int32?>
    @Persisted var int64OptSet: MutableSet<Int64?>
    @Persisted var floatOptSet: MutableSet<Float?>
    @Persisted var doubleOptSet: MutableSet<Double?>
    @Persisted var dateOptSet: MutableSet<Date?>
    @Persisted var dataOptSet: MutableSet<Data?>
    @Persisted var decimalOptSet: MutableSet<Decimal128?>
    @Persisted var objectIdOptSet: MutableSet<ObjectId?>
    @Persisted var uuidOptSet: MutableSet<UUID?>

    @Persisted var boolMap: Map<String, Bool>
    @Persisted var stringMap: Map<String, String>
    @Persisted var intMap: Map<String, Int>
    @Persisted var int8Map: Map<String, Int8>
    @Persisted var int16Map: Map<String, Int16>
    @Persisted var int32Map: Map<String, Int32>
    @Persisted var int64Map: Map<String, Int64>
    @Persisted var floatMap: Map<String, Float>
    @Persisted var doubleMap: Map<String, Double>
    @Persisted var dateMap: Map<String, Date>
    @Persisted var dataMap: Map<String, Data>
    @Persisted var decimalMap: Map<String, Decimal128>
    @Persisted var objectIdMap: Map<String, ObjectId>
    @Persisted var uuidMap: Map<String, UUID>

    @Persisted var boolOptMap: Map<String, Bool?>
    @Persisted var stringOptMap: Map<String, String?>
    @Persisted var intOptMap: Map<String, Int?>
    @Persisted var int8OptMap: Map<String, Int8?>
    @Persisted var int16OptMap: Map<String, Int16?>
    @Persisted var int32OptMap: Map<String, Int32?>
    @Persisted var int64OptMap: Map<String, Int64?>
    @Persisted var floatOptMap: Map<String, Float?>
    @Persisted var doubleOptMap: Map<String, Double?>
    @Persisted var dateOptMap: Map<String, Date?>
    @Persisted var dataOptMap: Map<String, Data?>
    @Persisted var decimalOptMap: Map<String, Decimal128?>
    @Persisted var objectIdOptMap: Map<String, ObjectId?>
    @Persisted var uuidOptMap: Map<String, UUID?>
}

/// Realm's `CodableTopLevelObject`.
final class CDCTopLevel: Object, Codable {
    @Persisted var value: Int
}

/// Realm's `CodableEmbeddedObject`.
final class CDCEmbedded: EmbeddedObject, Codable {
    @Persisted var value: Int
}

/// Realm's `ModernCodableObject`: the legacy model's value properties and
/// collections, with links and embedded objects in place of the `other…` optionals.
final class CDCModern: Object, Codable {
    @Persisted var bool: Bool
    @Persisted var string: String
    @Persisted var int: Int
    @Persisted var int8: Int8
    @Persisted var int16: Int16
    @Persisted var int32: Int32
    @Persisted var int64: Int64
    @Persisted var float: Float
    @Persisted var double: Double
    @Persisted var date: Date
    @Persisted var data: Data
    @Persisted var decimal: Decimal128
    @Persisted var objectId: ObjectId
    @Persisted var uuid: UUID

    @Persisted var boolOpt: Bool?
    @Persisted var stringOpt: String?
    @Persisted var intOpt: Int?
    @Persisted var int8Opt: Int8?
    @Persisted var int16Opt: Int16?
    @Persisted var int32Opt: Int32?
    @Persisted var int64Opt: Int64?
    @Persisted var floatOpt: Float?
    @Persisted var doubleOpt: Double?
    @Persisted var dateOpt: Date?
    @Persisted var dataOpt: Data?
    @Persisted var decimalOpt: Decimal128?
    @Persisted var objectIdOpt: ObjectId?
    @Persisted var uuidOpt: UUID?
    @Persisted var objectOpt: CDCTopLevel?
    @Persisted var embeddedObjectOpt: CDCEmbedded?

    @Persisted var boolList: List<Bool>
    @Persisted var stringList: List<String>
    @Persisted var intList: List<Int>
    @Persisted var int8List: List<Int8>
    @Persisted var int16List: List<Int16>
    @Persisted var int32List: List<Int32>
    @Persisted var int64List: List<Int64>
    @Persisted var floatList: List<Float>
    @Persisted var doubleList: List<Double>
    @Persisted var dateList: List<Date>
    @Persisted var dataList: List<Data>
    @Persisted var decimalList: List<Decimal128>
    @Persisted var objectIdList: List<ObjectId>
    @Persisted var uuidList: List<UUID>
    @Persisted var objectList: List<CDCTopLevel>
    @Persisted var embeddedObjectList: List<CDCEmbedded>

    @Persisted var boolOptList: List<Bool?>
    @Persisted var stringOptList: List<String?>
    @Persisted var intOptList: List<Int?>
    @Persisted var int8OptList: List<Int8?>
    @Persisted var int16OptList: List<Int16?>
    @Persisted var int32OptList: List<Int32?>
    @Persisted var int64OptList: List<Int64?>
    @Persisted var floatOptList: List<Float?>
    @Persisted var doubleOptList: List<Double?>
    @Persisted var dateOptList: List<Date?>
    @Persisted var dataOptList: List<Data?>
    @Persisted var decimalOptList: List<Decimal128?>
    @Persisted var objectIdOptList: List<ObjectId?>
    @Persisted var uuidOptList: List<UUID?>

    @Persisted var boolSet: MutableSet<Bool>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var int8Set: MutableSet<Int8>
    @Persisted var int16Set: MutableSet<Int16>
    @Persisted var int32Set: MutableSet<Int32>
    @Persisted var int64Set: MutableSet<Int64>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var doubleSet: MutableSet<Double>
    @Persisted var dateSet: MutableSet<Date>
    @Persisted var dataSet: MutableSet<Data>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var objectIdSet: MutableSet<ObjectId>
    @Persisted var uuidSet: MutableSet<UUID>
    @Persisted var objectSet: MutableSet<CDCTopLevel>

    @Persisted var boolOptSet: MutableSet<Bool?>
    @Persisted var stringOptSet: MutableSet<String?>
    @Persisted var intOptSet: MutableSet<Int?>
    @Persisted var int8OptSet: MutableSet<Int8?>
    @Persisted var int16OptSet: MutableSet<Int16?>
    @Persisted var int32OptSet: MutableSet<Int32?>
    @Persisted var int64OptSet: MutableSet<Int64?>
    @Persisted var floatOptSet: MutableSet<Float?>
    @Persisted var doubleOptSet: MutableSet<Double?>
    @Persisted var dateOptSet: MutableSet<Date?>
    @Persisted var dataOptSet: MutableSet<Data?>
    @Persisted var decimalOptSet: MutableSet<Decimal128?>
    @Persisted var objectIdOptSet: MutableSet<ObjectId?>
    @Persisted var uuidOptSet: MutableSet<UUID?>

    @Persisted var boolMap: Map<String, Bool>
    @Persisted var stringMap: Map<String, String>
    @Persisted var intMap: Map<String, Int>
    @Persisted var int8Map: Map<String, Int8>
    @Persisted var int16Map: Map<String, Int16>
    @Persisted var int32Map: Map<String, Int32>
    @Persisted var int64Map: Map<String, Int64>
    @Persisted var floatMap: Map<String, Float>
    @Persisted var doubleMap: Map<String, Double>
    @Persisted var dateMap: Map<String, Date>
    @Persisted var dataMap: Map<String, Data>
    @Persisted var decimalMap: Map<String, Decimal128>
    @Persisted var objectIdMap: Map<String, ObjectId>
    @Persisted var uuidMap: Map<String, UUID>

    @Persisted var boolOptMap: Map<String, Bool?>
    @Persisted var stringOptMap: Map<String, String?>
    @Persisted var intOptMap: Map<String, Int?>
    @Persisted var int8OptMap: Map<String, Int8?>
    @Persisted var int16OptMap: Map<String, Int16?>
    @Persisted var int32OptMap: Map<String, Int32?>
    @Persisted var int64OptMap: Map<String, Int64?>
    @Persisted var floatOptMap: Map<String, Float?>
    @Persisted var doubleOptMap: Map<String, Double?>
    @Persisted var dateOptMap: Map<String, Date?>
    @Persisted var dataOptMap: Map<String, Data?>
    @Persisted var decimalOptMap: Map<String, Decimal128?>
    @Persisted var objectIdOptMap: Map<String, ObjectId?>
    @Persisted var uuidOptMap: Map<String, UUID?>
    @Persisted var objectOptMap: Map<String, CDCTopLevel?>
    @Persisted var embeddedObjectOptMap: Map<String, CDCEmbedded?>
}

/// An optional bool alone (Realm's `RealmOptional<Bool>`).
final class CDCOptionalBool: Object, Codable {
    @Persisted var value: Bool?
}

/// An optional integer alone (Realm's `RealmOptional<Int>`).
final class CDCOptionalInt: Object, Codable {
    @Persisted var value: Int?
}

/// An optional float alone (Realm's `RealmOptional<Float>`).
final class CDCOptionalFloat: Object, Codable {
    @Persisted var value: Float?
}

/// An optional double alone (Realm's `RealmOptional<Double>`).
final class CDCOptionalDouble: Object, Codable {
    @Persisted var value: Double?
}

// MARK: - JSON helpers

/// A JSON value, so that two JSON texts can be compared value by value
/// (numbers as `Double`, object members in any order).
enum CDCJSON: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([CDCJSON])
    case object([String: CDCJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([CDCJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: CDCJSON].self))
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number(let number): "\(number)"
        case .string(let string): "\"\(string)\""
        case .array(let array): "[" + array.map(\.description).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }

    /// The members of the JSON object `data` holds.
    static func members(of data: Data) throws -> [String: CDCJSON] {
        try JSONDecoder().decode([String: CDCJSON].self, from: data)
    }
}

@Suite struct CodableConformanceTests {
    // MARK: Realm's legacy JSON

    /// Each value type of the legacy model: its property name, the JSON
    /// Realm's tests decode it from, and the JSON Realm encodes it back as
    /// (a decimal is written back in Realm's own notation).
    static let legacyKinds: [(name: String, input: String, output: String)] = [
        ("bool", "true", "true"),
        ("string", #""abc""#, #""abc""#),
        ("int", "123", "123"),
        ("int8", "123", "123"),
        ("int16", "123", "123"),
        ("int32", "123", "123"),
        ("int64", "123", "123"),
        ("float", "2.5", "2.5"),
        ("double", "2.5", "2.5"),
        ("date", "2.5", "2.5"),
        ("data", #""ZGVm""#, #""ZGVm""#),  // "def", base64-encoded
        ("decimal", #""1.5e2""#, #""1.5E2""#),
        ("objectId", #""1234567890abcdef12345678""#, #""1234567890abcdef12345678""#),
        ("uuid", #""00000000-0000-0000-0000-000000000000""#, #""00000000-0000-0000-0000-000000000000""#),
    ]

    /// The legacy model's `other…` optionals (Realm's `RealmProperty`s) and their JSON.
    static let legacyOthers: [(name: String, value: String)] = [
        ("otherBool", "true"), ("otherInt", "123"), ("otherInt8", "123"), ("otherInt16", "123"),
        ("otherInt32", "123"), ("otherInt64", "123"), ("otherFloat", "2.5"), ("otherDouble", "2.5"),
        ("otherEnum", "1"),
    ]

    /// The members of Realm's legacy JSON: each value type's eight forms
    /// (property, optional, list, optional list, set, optional set, map,
    /// optional map), each holding the one value.
    static func legacyMembers(encoded: Bool) -> [(key: String, value: String)] {
        var members: [(key: String, value: String)] = []
        for kind in legacyKinds {
            let value = encoded ? kind.output : kind.input
            for suffix in ["", "Opt"] { members.append((kind.name + suffix, value)) }
            for suffix in ["List", "OptList", "Set", "OptSet"] { members.append((kind.name + suffix, "[\(value)]")) }
            for suffix in ["Map", "OptMap"] { members.append((kind.name + suffix, #"{"foo": \#(value)}"#)) }
        }
        members += legacyOthers.map { ($0.name, $0.value) }
        return members
    }

    /// The JSON Realm's tests decode the legacy model from. `nullOthers` writes
    /// null for the `other…` optionals; `leftOut` drops members; `nulls` writes
    /// null for members. Realm's JSON also carries "otherAny", which names no
    /// property of the model and is to be ignored.
    static func legacyJSON(nullOthers: Bool = false, leftOut: Set<String> = [], nulls: Set<String> = []) -> Data {
        var members = legacyMembers(encoded: false) + [("otherAny", "1")]
        let others = Set(legacyOthers.map(\.name) + ["otherAny"])
        members.removeAll { leftOut.contains($0.key) }
        members = members.map { member in
            nulls.contains(member.key) || (nullOthers && others.contains(member.key)) ? (member.key, "null") : member
        }
        return Data(("{\n" + members.map { #"    "\#($0.key)": \#($0.value)"# }.joined(separator: ",\n") + "\n}").utf8)
    }

    /// The eight forms of one value type, each read as the value it holds
    /// (the first element of a list or set, the map's "foo").
    static func forms<T: _PersistableValue & Hashable>(
        _ property: T, _ optional: T?, _ list: List<T>, _ optionalList: List<T?>, _ set: MutableSet<T>,
        _ optionalSet: MutableSet<T?>, _ map: Map<String, T>, _ optionalMap: Map<String, T?>
    ) -> [T?] {
        [
            property, optional, list.first, optionalList.first ?? nil, set.first, optionalSet.first ?? nil,
            map["foo"], optionalMap["foo"] ?? nil,
        ]
    }

    static let date = Date(timeIntervalSinceReferenceDate: 2.5)
    static let objectId = ObjectId("1234567890abcdef12345678")
    static let uuidText = "00000000-0000-0000-0000-000000000000"

    // MARK: RealmOptional (testBool, testInt, testFloat, testDouble)

    /// The JSON text `object` encodes to.
    static func text(of object: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(object), as: UTF8.self)
    }

    /// realm-swift CodableTests.swift, testBool
    @Test func anOptionalBoolDecodesFromTrueOrNullAndEncodesAsIt() throws {
        #expect(try JSONDecoder().decode(CDCOptionalBool.self, from: Data(#"{"value": true}"#.utf8)).value == true)
        #expect(try JSONDecoder().decode(CDCOptionalBool.self, from: Data(#"{"value": null}"#.utf8)).value == nil)
        let object = CDCOptionalBool()
        object.value = true
        #expect(try Self.text(of: object) == #"{"value":true}"#)
        object.value = nil
        #expect(try Self.text(of: object) == #"{"value":null}"#)
    }

    /// realm-swift CodableTests.swift, testInt
    @Test func anOptionalIntDecodesFromANumberOrNullAndEncodesAsIt() throws {
        #expect(try JSONDecoder().decode(CDCOptionalInt.self, from: Data(#"{"value": 1}"#.utf8)).value == 1)
        #expect(try JSONDecoder().decode(CDCOptionalInt.self, from: Data(#"{"value": null}"#.utf8)).value == nil)
        let object = CDCOptionalInt()
        object.value = 10
        #expect(try Self.text(of: object) == #"{"value":10}"#)
        object.value = nil
        #expect(try Self.text(of: object) == #"{"value":null}"#)
    }

    /// realm-swift CodableTests.swift, testFloat
    @Test func anOptionalFloatDecodesFromANumberOrNullAndEncodesAsIt() throws {
        #expect(try JSONDecoder().decode(CDCOptionalFloat.self, from: Data(#"{"value": 2.2}"#.utf8)).value == 2.2)
        #expect(try JSONDecoder().decode(CDCOptionalFloat.self, from: Data(#"{"value": null}"#.utf8)).value == nil)
        let object = CDCOptionalFloat()
        object.value = 2.25
        #expect(try Self.text(of: object) == #"{"value":2.25}"#)
        object.value = nil
        #expect(try Self.text(of: object) == #"{"value":null}"#)
    }

    /// realm-swift CodableTests.swift, testDouble
    @Test func anOptionalDoubleDecodesFromANumberOrNullAndEncodesAsIt() throws {
        #expect(try JSONDecoder().decode(CDCOptionalDouble.self, from: Data(#"{"value": 2.2}"#.utf8)).value == 2.2)
        #expect(try JSONDecoder().decode(CDCOptionalDouble.self, from: Data(#"{"value": null}"#.utf8)).value == nil)
        let object = CDCOptionalDouble()
        object.value = 2.25
        #expect(try Self.text(of: object) == #"{"value":2.25}"#)
        object.value = nil
        #expect(try Self.text(of: object) == #"{"value":null}"#)
    }

    // MARK: The legacy model

    /// realm-swift CodableTests.swift, testNullableRealmProperty
    @Test func theOtherOptionalsDecodeNullAsNil() throws {
        let object = try JSONDecoder().decode(CDCLegacy.self, from: Self.legacyJSON(nullOthers: true))
        #expect(object.otherBool == nil)
        #expect(object.otherInt == nil)
        #expect(object.otherInt8 == nil)
        #expect(object.otherInt16 == nil)
        #expect(object.otherInt32 == nil)
        #expect(object.otherInt64 == nil)
        #expect(object.otherFloat == nil)
        #expect(object.otherDouble == nil)
        #expect(object.otherEnum == nil)
    }

    /// realm-swift CodableTests.swift, testObject (the values decoded)
    @Test func everyPropertyAndCollectionOfTheLegacyModelDecodesItsValue() throws {
        let o = try JSONDecoder().decode(CDCLegacy.self, from: Self.legacyJSON())
        let decimal = try Decimal128(string: "1.5e2")
        let uuid = try #require(UUID(uuidString: Self.uuidText))
        let data = Data("def".utf8)
        func all<T>(_ value: T) -> [T?] { Array(repeating: value, count: 8) }

        #expect(
            Self.forms(o.bool, o.boolOpt, o.boolList, o.boolOptList, o.boolSet, o.boolOptSet, o.boolMap, o.boolOptMap)
                == all(true))
        #expect(
            Self.forms(
                o.string, o.stringOpt, o.stringList, o.stringOptList, o.stringSet, o.stringOptSet, o.stringMap,
                o.stringOptMap) == all("abc"))
        #expect(Self.forms(o.int, o.intOpt, o.intList, o.intOptList, o.intSet, o.intOptSet, o.intMap, o.intOptMap) == all(123))
        #expect(
            Self.forms(o.int8, o.int8Opt, o.int8List, o.int8OptList, o.int8Set, o.int8OptSet, o.int8Map, o.int8OptMap)
                == all(123))
        #expect(
            Self.forms(
                o.int16, o.int16Opt, o.int16List, o.int16OptList, o.int16Set, o.int16OptSet, o.int16Map, o.int16OptMap)
                == all(123))
        #expect(
            Self.forms(
                o.int32, o.int32Opt, o.int32List, o.int32OptList, o.int32Set, o.int32OptSet, o.int32Map, o.int32OptMap)
                == all(123))
        #expect(
            Self.forms(
                o.int64, o.int64Opt, o.int64List, o.int64OptList, o.int64Set, o.int64OptSet, o.int64Map, o.int64OptMap)
                == all(123))
        #expect(
            Self.forms(
                o.float, o.floatOpt, o.floatList, o.floatOptList, o.floatSet, o.floatOptSet, o.floatMap, o.floatOptMap)
                == all(2.5))
        #expect(
            Self.forms(
                o.double, o.doubleOpt, o.doubleList, o.doubleOptList, o.doubleSet, o.doubleOptSet, o.doubleMap,
                o.doubleOptMap) == all(2.5))
        #expect(
            Self.forms(o.date, o.dateOpt, o.dateList, o.dateOptList, o.dateSet, o.dateOptSet, o.dateMap, o.dateOptMap)
                == all(Self.date))
        #expect(
            Self.forms(o.data, o.dataOpt, o.dataList, o.dataOptList, o.dataSet, o.dataOptSet, o.dataMap, o.dataOptMap)
                == all(data))
        #expect(
            Self.forms(
                o.decimal, o.decimalOpt, o.decimalList, o.decimalOptList, o.decimalSet, o.decimalOptSet, o.decimalMap,
                o.decimalOptMap) == all(decimal))
        #expect(
            Self.forms(
                o.objectId, o.objectIdOpt, o.objectIdList, o.objectIdOptList, o.objectIdSet, o.objectIdOptSet,
                o.objectIdMap, o.objectIdOptMap) == all(Self.objectId))
        // Realm asserts no uuid value but writes them all back (see the next test).
        #expect(
            Self.forms(o.uuid, o.uuidOpt, o.uuidList, o.uuidOptList, o.uuidSet, o.uuidOptSet, o.uuidMap, o.uuidOptMap)
                == all(uuid))

        #expect(o.otherBool == true)
        #expect(o.otherInt == 123)
        #expect(o.otherInt8 == 123)
        #expect(o.otherInt16 == 123)
        #expect(o.otherInt32 == 123)
        #expect(o.otherInt64 == 123)
        #expect(o.otherFloat == 2.5)
        #expect(o.otherDouble == 2.5)
        #expect(o.otherEnum == .value1)
    }

    /// realm-swift CodableTests.swift, testObject (the JSON the decoded object encodes to)
    @Test func theDecodedLegacyModelEncodesEveryValueBack() throws {
        let object = try JSONDecoder().decode(CDCLegacy.self, from: Self.legacyJSON())
        let actual = try CDCJSON.members(of: JSONEncoder().encode(object))
        let expectedText = "{" + Self.legacyMembers(encoded: true).map { #""\#($0.key)": \#($0.value)"# }
            .joined(separator: ", ") + "}"
        let expected = try CDCJSON.members(of: Data(expectedText.utf8))
        #expect(expected.count == 121)
        #expect(Set(actual.keys) == Set(expected.keys))
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(actual[key] == value, "\(key)")
        }
    }

    /// realm-swift CodableTests.swift, testLegacyObjectOptionalNotRequired
    @Test func optionalPropertiesMayBeLeftOutOrNull() throws {
        let leftOut: Set<String> = ["stringOpt", "dataOpt", "dateOpt", "decimalOpt", "objectIdOpt", "uuidOpt"]
        let nulls: Set<String> = [
            "intOpt", "int8Opt", "int16Opt", "int32Opt", "int64Opt", "floatOpt", "doubleOpt", "boolOpt",
        ]
        let object = try JSONDecoder().decode(CDCLegacy.self, from: Self.legacyJSON(leftOut: leftOut, nulls: nulls))
        #expect(object.stringOpt == nil)
        #expect(object.dateOpt == nil)
        #expect(object.dataOpt == nil)
        #expect(object.decimalOpt == nil)
        #expect(object.objectIdOpt == nil)
    }

    // MARK: Encoder strategies on the modern model

    /// realm-swift CodableTests.swift, testCustomDateEncoding
    @Test func everyDatePropertyAndCollectionGoesThroughTheDateStrategy() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("custom: \(date.timeIntervalSince1970)")
        }
        let object = CDCModern()
        object.date = Date(timeIntervalSince1970: 1)
        object.dateOpt = Date(timeIntervalSince1970: 2)
        object.dateList.append(Date(timeIntervalSince1970: 3))
        object.dateOptList.append(Date(timeIntervalSince1970: 4))
        object.dateSet.insert(Date(timeIntervalSince1970: 5))
        object.dateOptSet.insert(Date(timeIntervalSince1970: 6))
        object.dateMap["a"] = Date(timeIntervalSince1970: 7)
        object.dateOptMap["b"] = Date(timeIntervalSince1970: 8)

        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(object)) as? [String: Any])
        #expect(json["date"] as? String == "custom: 1.0")
        #expect(json["dateOpt"] as? String == "custom: 2.0")
        #expect(json["dateList"] as? [String] == ["custom: 3.0"])
        #expect(json["dateOptList"] as? [String] == ["custom: 4.0"])
        #expect(json["dateSet"] as? [String] == ["custom: 5.0"])
        #expect(json["dateOptSet"] as? [String] == ["custom: 6.0"])
        #expect(json["dateMap"] as? [String: String] == ["a": "custom: 7.0"])
        #expect(json["dateOptMap"] as? [String: String] == ["b": "custom: 8.0"])
    }

    /// realm-swift CodableTests.swift, testCustomDataEncoding
    @Test func everyDataPropertyAndCollectionGoesThroughTheDataStrategy() throws {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("length: \(data.count)")
        }
        let object = CDCModern()
        object.data = Data(count: 1)
        object.dataOpt = Data(count: 2)
        object.dataList.append(Data(count: 3))
        object.dataOptList.append(Data(count: 4))
        object.dataSet.insert(Data(count: 5))
        object.dataOptSet.insert(Data(count: 6))
        object.dataMap["a"] = Data(count: 7)
        object.dataOptMap["b"] = Data(count: 8)

        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(object)) as? [String: Any])
        #expect(json["data"] as? String == "length: 1")
        #expect(json["dataOpt"] as? String == "length: 2")
        #expect(json["dataList"] as? [String] == ["length: 3"])
        #expect(json["dataOptList"] as? [String] == ["length: 4"])
        #expect(json["dataSet"] as? [String] == ["length: 5"])
        #expect(json["dataOptSet"] as? [String] == ["length: 6"])
        #expect(json["dataMap"] as? [String: String] == ["a": "length: 7"])
        #expect(json["dataOptMap"] as? [String: String] == ["b": "length: 8"])
    }

    /// Realm's `convertToSnakeCase` of a property name: an underscore before
    /// each capital, which is lowered ("objectIdOpt" → "object_id_opt").
    static func snakeCase(_ name: String) -> String {
        name.map { $0.isUppercase ? "_" + $0.lowercased() : String($0) }.joined()
    }

    /// realm-swift CodableTests.swift, testKeyEncodingStrategy: a new modern object,
    /// given only its ObjectId, UUID and the date of 1970's start, encodes every
    /// property under its snake-case key, the keys in code-unit order, with the
    /// values a new object holds (the date as seconds since 2001).
    @Test func aNewModelEncodesItsDefaultsUnderSnakeCaseKeysInOrder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        let object = CDCModern()
        object.objectId = Self.objectId
        object.uuid = try #require(UUID(uuidString: Self.uuidText))
        object.date = Date(timeIntervalSince1970: 0)
        let actual = String(decoding: try encoder.encode(object), as: UTF8.self)

        let scalars: [String: String] = [
            "bool": "false", "string": #""""#, "data": #""""#, "date": "-978307200", "decimal": #""0""#,
            "objectId": #""1234567890abcdef12345678""#, "uuid": #""\#(Self.uuidText)""#,
        ]
        var members: [(key: String, value: String)] = []
        for kind in Self.legacyKinds {
            members.append((kind.name, scalars[kind.name] ?? "0"))
            members.append((kind.name + "Opt", "null"))
            for suffix in ["List", "OptList", "Set", "OptSet"] { members.append((kind.name + suffix, "[]")) }
            for suffix in ["Map", "OptMap"] { members.append((kind.name + suffix, "{}")) }
        }
        members += [
            ("objectOpt", "null"), ("embeddedObjectOpt", "null"), ("objectList", "[]"), ("embeddedObjectList", "[]"),
            ("objectSet", "[]"), ("objectOptMap", "{}"), ("embeddedObjectOptMap", "{}"),
        ]
        let expected =
            "{" + members.map { (key: Self.snakeCase($0.key), value: $0.value) }.sorted { $0.key < $1.key }
            .map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",") + "}"
        #expect(members.count == 119)
        #expect(actual == expected)
    }
}
