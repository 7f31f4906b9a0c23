import Foundation
import Geode
import GeodeTestSupport
import Testing

// Facts about property accessors restated from realm-swift's
// RealmSwift/Tests/ObjectAccessorTests.swift, ModernObjectAccessorTests.swift
// and ModernObjectTests.swift (models after SwiftTestObjects.swift and
// ModernTestObjects.swift), with models of our own. Each test names the Realm
// test it restates; the values asserted are the ones Realm's tests assert.
// Facts already stated in ObjectConformanceTests are not repeated here.

// MARK: - Models

/// An integer-backed enum with gaps between its raw values (Realm's `ModernIntEnum`).
enum ACIntEnum: Int, PersistableEnum {
    case one = 1
    case three = 3
    case five = 5
}

/// A string-backed enum (Realm's `ModernStringEnum`).
enum ACStringEnum: String, PersistableEnum {
    case a = "a"
    case c = "c"
    case e = "e"
    case accented = "Foó"
}

/// One property of each scalar kind, required and optional, a link to its own
/// class and the linking objects of that link (Realm's `ModernAllTypesObject`).
final class ACAllTypes: Object {
    @Persisted(primaryKey: true) var key: ObjectId
    var notStored = 1

    @Persisted var aBool: Bool
    @Persisted var anInt: Int
    @Persisted var anInt8: Int8 = 1
    @Persisted var anInt16: Int16 = 2
    @Persisted var anInt32: Int32 = 3
    @Persisted var anInt64: Int64 = 4
    @Persisted var aFloat: Float = 5
    @Persisted var aDouble: Double = 6
    @Persisted var aString: String
    @Persisted var aData: Data
    @Persisted var aDate: Date
    @Persisted var aDecimal: Decimal128
    @Persisted var anObjectId: ObjectId
    @Persisted var aUUID: UUID
    @Persisted var link: ACAllTypes?
    @Persisted var anAny: AnyRealmValue
    @Persisted var anIntEnum: ACIntEnum
    @Persisted var aStringEnum: ACStringEnum

    @Persisted var maybeBool: Bool?
    @Persisted var maybeInt: Int?
    @Persisted var maybeInt8: Int8?
    @Persisted var maybeInt16: Int16?
    @Persisted var maybeInt32: Int32?
    @Persisted var maybeInt64: Int64?
    @Persisted var maybeFloat: Float?
    @Persisted var maybeDouble: Double?
    @Persisted var maybeString: String?
    @Persisted var maybeData: Data?
    @Persisted var maybeDate: Date?
    @Persisted var maybeDecimal: Decimal128?
    @Persisted var maybeObjectId: ObjectId?
    @Persisted var maybeUUID: UUID?
    @Persisted var maybeIntEnum: ACIntEnum?
    @Persisted var maybeStringEnum: ACStringEnum?

    @Persisted(originProperty: "link") var linkers: LinkingObjects<ACAllTypes>
}

/// A list, a set and a map of each value type, required and optional
/// (the collection half of Realm's `ModernAllTypesObject`).
final class ACCollections: Object {
    @Persisted var bools: List<Bool>
    @Persisted var ints: List<Int>
    @Persisted var int8s: List<Int8>
    @Persisted var int16s: List<Int16>
    @Persisted var int32s: List<Int32>
    @Persisted var int64s: List<Int64>
    @Persisted var floats: List<Float>
    @Persisted var doubles: List<Double>
    @Persisted var strings: List<String>
    @Persisted var datas: List<Data>
    @Persisted var dates: List<Date>
    @Persisted var decimals: List<Decimal128>
    @Persisted var objectIds: List<ObjectId>
    @Persisted var uuids: List<UUID>
    @Persisted var anys: List<AnyRealmValue>
    @Persisted var maybeBools: List<Bool?>
    @Persisted var maybeInts: List<Int?>
    @Persisted var maybeInt8s: List<Int8?>
    @Persisted var maybeInt16s: List<Int16?>
    @Persisted var maybeInt32s: List<Int32?>
    @Persisted var maybeInt64s: List<Int64?>
    @Persisted var maybeFloats: List<Float?>
    @Persisted var maybeDoubles: List<Double?>
    @Persisted var maybeStrings: List<String?>
    @Persisted var maybeDatas: List<Data?>
    @Persisted var maybeDates: List<Date?>
    @Persisted var maybeDecimals: List<Decimal128?>
    @Persisted var maybeObjectIds: List<ObjectId?>
    @Persisted var maybeUUIDs: List<UUID?>

    @Persisted var boolSet: MutableSet<Bool>
    @Persisted var intSet: MutableSet<Int>
    @Persisted var int8Set: MutableSet<Int8>
    @Persisted var int16Set: MutableSet<Int16>
    @Persisted var int32Set: MutableSet<Int32>
    @Persisted var int64Set: MutableSet<Int64>
    @Persisted var floatSet: MutableSet<Float>
    @Persisted var doubleSet: MutableSet<Double>
    @Persisted var stringSet: MutableSet<String>
    @Persisted var dataSet: MutableSet<Data>
    @Persisted var dateSet: MutableSet<Date>
    @Persisted var decimalSet: MutableSet<Decimal128>
    @Persisted var objectIdSet: MutableSet<ObjectId>
    @Persisted var uuidSet: MutableSet<UUID>
    @Persisted var anySet: MutableSet<AnyRealmValue>
    @Persisted var maybeBoolSet: MutableSet<Bool?>
    @Persisted var maybeIntSet: MutableSet<Int?>
    @Persisted var maybeInt8Set: MutableSet<Int8?>
    @Persisted var maybeInt16Set: MutableSet<Int16?>
    @Persisted var maybeInt32Set: MutableSet<Int32?>
    @Persisted var maybeInt64Set: MutableSet<Int64?>
    @Persisted var maybeFloatSet: MutableSet<Float?>
    @Persisted var maybeDoubleSet: MutableSet<Double?>
    @Persisted var maybeStringSet: MutableSet<String?>
    @Persisted var maybeDataSet: MutableSet<Data?>
    @Persisted var maybeDateSet: MutableSet<Date?>
    @Persisted var maybeDecimalSet: MutableSet<Decimal128?>
    @Persisted var maybeObjectIdSet: MutableSet<ObjectId?>
    @Persisted var maybeUUIDSet: MutableSet<UUID?>

    @Persisted var boolMap: Map<String, Bool>
    @Persisted var intMap: Map<String, Int>
    @Persisted var int8Map: Map<String, Int8>
    @Persisted var int16Map: Map<String, Int16>
    @Persisted var int32Map: Map<String, Int32>
    @Persisted var int64Map: Map<String, Int64>
    @Persisted var floatMap: Map<String, Float>
    @Persisted var doubleMap: Map<String, Double>
    @Persisted var stringMap: Map<String, String>
    @Persisted var dataMap: Map<String, Data>
    @Persisted var dateMap: Map<String, Date>
    @Persisted var decimalMap: Map<String, Decimal128>
    @Persisted var objectIdMap: Map<String, ObjectId>
    @Persisted var uuidMap: Map<String, UUID>
    @Persisted var anyMap: Map<String, AnyRealmValue>
    @Persisted var maybeBoolMap: Map<String, Bool?>
    @Persisted var maybeIntMap: Map<String, Int?>
    @Persisted var maybeInt8Map: Map<String, Int8?>
    @Persisted var maybeInt16Map: Map<String, Int16?>
    @Persisted var maybeInt32Map: Map<String, Int32?>
    @Persisted var maybeInt64Map: Map<String, Int64?>
    @Persisted var maybeFloatMap: Map<String, Float?>
    @Persisted var maybeDoubleMap: Map<String, Double?>
    @Persisted var maybeStringMap: Map<String, String?>
    @Persisted var maybeDataMap: Map<String, Data?>
    @Persisted var maybeDateMap: Map<String, Date?>
    @Persisted var maybeDecimalMap: Map<String, Decimal128?>
    @Persisted var maybeObjectIdMap: Map<String, ObjectId?>
    @Persisted var maybeUUIDMap: Map<String, UUID?>
}

/// An integer of each width (Realm's `SwiftAllIntSizesObject`).
final class ACIntSizes: Object {
    @Persisted var small: Int8 = 0
    @Persisted var medium: Int16 = 0
    @Persisted var large: Int32 = 0
    @Persisted var huge: Int64 = 0
}

/// A single 64-bit integer (Realm's `SwiftLongObject`).
final class ACLong: Object {
    @Persisted var value: Int64 = 0
}

/// A flag to collect in lists and sets (Realm's `SwiftBoolObject`).
final class ACFlag: Object {
    @Persisted var on = false
}

/// A list and a set of objects (the collection part of Realm's `SwiftObject`).
final class ACFlagHolder: Object {
    @Persisted var name = ""
    @Persisted var flagList: List<ACFlag>
    @Persisted var flagSet: MutableSet<ACFlag>
}

/// Properties named like Objective-C's ARC method families (Realm's
/// `ObjectWithArcMethodCategoryNames`).
final class ACArcNames: Object {
    @Persisted var newValue: String
    @Persisted var allocValue: String
    @Persisted var copyValue: String
    @Persisted var mutableCopyValue: String
    @Persisted var initValue: String
}

/// A class with a convenience initializer (Realm's `ModernConvenienceInitializerObject`).
final class ACConvenient: Object {
    @Persisted var text = ""

    convenience init(text: String) {
        self.init()
        self.text = text
    }
}

/// A persisted property with `willSet` and `didSet` observers (Realm's `SetterObservers`).
final class ACObserved: Object {
    @Persisted var value: Int {
        willSet { willSetCallback?() }
        didSet { didSetCallback?() }
    }

    var willSetCallback: (() -> Void)?
    var didSetCallback: (() -> Void)?
}

/// A primary key of type `ObjectId` (Realm's `ModernPrimaryObjectIdObject`).
final class ACObjectIdKeyed: Object {
    @Persisted(primaryKey: true) var key: ObjectId
}

/// A primary key of type `UUID?` (Realm's `ModernPrimaryOptionalUUIDObject`).
final class ACUUIDKeyed: Object {
    @Persisted(primaryKey: true) var key: UUID?
}

/// A primary key of type `Int16` (Realm's `ModernPrimaryInt16Object`).
final class ACInt16Keyed: Object {
    @Persisted(primaryKey: true) var key: Int16
}

/// A primary key of type `Int64?` (Realm's `ModernPrimaryOptionalInt64Object`).
final class ACInt64Keyed: Object {
    @Persisted(primaryKey: true) var key: Int64?
}

/// An enum primary key (Realm's `ModernPrimaryIntEnumObject`).
final class ACEnumKeyed: Object {
    @Persisted(primaryKey: true) var key: ACIntEnum
}

/// An optional enum primary key (Realm's `ModernPrimaryOptionalIntEnumObject`).
final class ACOptionalEnumKeyed: Object {
    @Persisted(primaryKey: true) var key: ACIntEnum?
}

/// Collections of optional enums, as the typed program sees the stored class
/// (Realm's `ModernCollectionsOfEnums`).
final class ACEnumCollections: Object {
    @Persisted var intEnums: List<ACIntEnum?>
    @Persisted var stringEnums: MutableSet<ACStringEnum?>
    @Persisted var enumMap: Map<String, ACStringEnum?>
    override class func _realmObjectName() -> String? { "ACEnumCollectionsStored" }
}

/// The same stored class with the enums' raw types, to write raw values that
/// are no case of the enums.
final class ACRawEnumCollections: Object {
    @Persisted var intEnums: List<Int?>
    @Persisted var stringEnums: MutableSet<String?>
    @Persisted var enumMap: Map<String, String?>
    override class func _realmObjectName() -> String? { "ACEnumCollectionsStored" }
}

/// A class stored under another name with renamed properties (Realm's `SwiftRenamedProperties1`).
final class ACRenamedA: Object {
    @Persisted var propA = 0
    @Persisted var propB = ""
    @Persisted(originProperty: "linkA") var linkedFrom: LinkingObjects<ACRenamedLink>
    override class func _realmObjectName() -> String? { "AC Renamed Properties" }
    override class func propertiesMapping() -> [String: String] { ["propA": "prop 1", "propB": "prop 2"] }
}

/// The same stored class seen through other Swift names (Realm's `SwiftRenamedProperties2`).
final class ACRenamedB: Object {
    @Persisted var propC = 0
    @Persisted var propD = ""
    override class func _realmObjectName() -> String? { "AC Renamed Properties" }
    override class func propertiesMapping() -> [String: String] { ["propC": "prop 1", "propD": "prop 2"] }
}

/// Links to the renamed class (Realm's `LinkToSwiftRenamedProperties1`).
final class ACRenamedLink: Object {
    @Persisted var linkA: ACRenamedA?
    @Persisted var listA: List<ACRenamedA>
    @Persisted var setA: MutableSet<ACRenamedA>
    override class func _realmObjectName() -> String? { "AC Link To Renamed Properties" }
    override class func propertiesMapping() -> [String: String] {
        ["linkA": "link 1", "listA": "array", "setA": "set"]
    }
}

// MARK: - Tests

@Suite struct AccessorConformanceTests {
    /// Where the object under test lives, as Realm's tests run each check:
    /// unmanaged (`testUnmanagedAccessors`), created in a write
    /// (`testManagedAccessorsReadFromRealm`) and added in a write
    /// (`testManagedAccessorsAddedToRealm`).
    enum Place: String, CaseIterable, Sendable {
        case unmanaged
        case created
        case added
    }

    static let types: [ObjectBase.Type] = [ACAllTypes.self, ACCollections.self]

    static let utf8 = "值значен™👍☞⎠‱௹♣︎☐▼❒∑⨌⧭иеمرحبا"
    static let data = Data("b".utf8)
    static let date = Date(timeIntervalSinceReferenceDate: 2)
    static let oid1 = ObjectId("1234567890ab1234567890ab")
    static let oid2 = ObjectId("abcdef123456abcdef123456")
    static let uuid = UUID()

    /// Runs `body` on a new `T` in `place`; a managed one inside a write that
    /// is committed, so that a failed set inside it fails the test.
    static func withObject<T: Object>(_ type: T.Type, _ place: Place, _ body: (T) throws -> Void) throws {
        switch place {
        case .unmanaged:
            try body(T())
        case .created, .added:
            try withTemporaryRealm(of: types) { realm in
                try realm.write {
                    let object: T
                    if place == .created {
                        object = realm.create(T.self)
                    } else {
                        object = T()
                        realm.add(object)
                    }
                    try body(object)
                }
            }
        }
    }

    /// Sets each of `values` through `keyPath` and reads it back.
    static func roundTrip<O: ObjectBase, T: Equatable>(
        _ object: O, _ keyPath: ReferenceWritableKeyPath<O, T>, _ values: T...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for value in values {
            object[keyPath: keyPath] = value
            #expect(object[keyPath: keyPath] == value, "\(keyPath)", sourceLocation: sourceLocation)
        }
    }

    /// Sets each of `values` by name through the subscript and through
    /// `setValue(_:forKey:)`, and reads it back by name as a `T` (nil as nil).
    static func roundTripByName<T: Equatable>(
        _ object: ObjectBase, _ key: String, _ values: T?...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for value in values {
            object[key] = value
            if let value {
                #expect(object[key] as? T == value, "\(key)", sourceLocation: sourceLocation)
            } else {
                #expect(object[key] == nil, "\(key)", sourceLocation: sourceLocation)
            }
        }
        for value in values {
            object.setValue(value, forKey: key)
            if let value {
                #expect(object.value(forKey: key) as? T == value, "\(key)", sourceLocation: sourceLocation)
            } else {
                #expect(object.value(forKey: key) == nil, "\(key)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Properties read and written directly

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func boolsAndIntegersOfEveryWidthReadBackWhatWasSet(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.aBool, true, false)
            Self.roundTrip(object, \.anInt, -1, 0, 1)
            Self.roundTrip(object, \.anInt8, -1, 0, 1)
            Self.roundTrip(object, \.anInt16, -1, 0, 1)
            Self.roundTrip(object, \.anInt32, -1, 0, 1)
            Self.roundTrip(object, \.anInt64, -1, 0, 1)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func optionalBoolsAndIntegersHoldTheirBoundsAndNil(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.maybeBool, true, false, nil)
            Self.roundTrip(object, \.maybeInt, Int.min, 0, Int.max, nil)
            Self.roundTrip(object, \.maybeInt8, Int8.min, 0, Int8.max, nil)
            Self.roundTrip(object, \.maybeInt16, Int16.min, 0, Int16.max, nil)
            Self.roundTrip(object, \.maybeInt32, Int32.min, 0, Int32.max, nil)
            Self.roundTrip(object, \.maybeInt64, Int64.min, 0, Int64.max, nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess;
    // ObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess (16777217 in a Float)
    @Test(arguments: Place.allCases)
    func floatsAndDoublesHoldTheirLargestMagnitudesAndFloatsRound(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.aFloat, -Float.greatestFiniteMagnitude, Float.greatestFiniteMagnitude, 20, 20.2)
            Self.roundTrip(
                object, \.aDouble, -Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, 20, 20.2, 16_777_217)
            Self.roundTrip(
                object, \.maybeFloat, -Float.greatestFiniteMagnitude, Float.greatestFiniteMagnitude, 20, 20.2, nil)
            Self.roundTrip(
                object, \.maybeDouble, -Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, 20, 20.2,
                16_777_217, nil)
            let twoToThe24PlusOne = 16_777_217.0
            object.aFloat = Float(twoToThe24PlusOne)
            #expect(Double(object.aFloat) == 16_777_216, "2^24 + 1 is no Float: it rounds to 2^24")
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func stringsDataAndDatesReadBackWhatWasSet(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.aString, "", Self.utf8)
            Self.roundTrip(object, \.aData, Self.data)
            Self.roundTrip(object, \.aDate, Self.date)
            Self.roundTrip(object, \.maybeString, "", Self.utf8, nil)
            Self.roundTrip(object, \.maybeData, Self.data, nil)
            Self.roundTrip(object, \.maybeDate, Self.date, nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func decimalsHoldInfinitiesSignedValuesAndNaN(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.aDecimal, "inf", 1, 0, "0", -1, "-inf")
            Self.roundTrip(object, \.maybeDecimal, "inf", 1, 0, "0", -1, "-inf", nil)
            object.aDecimal = "nan"
            #expect(object.aDecimal.isNaN)
            object.maybeDecimal = "nan"
            let decimal = try #require(object.maybeDecimal)
            #expect(decimal.isNaN)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func objectIdsAndUUIDsReadBackWhatWasSet(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.anObjectId, Self.oid1, Self.oid2)
            Self.roundTrip(object, \.aUUID, Self.uuid)
            Self.roundTrip(object, \.maybeObjectId, Self.oid1, Self.oid2, nil)
            Self.roundTrip(object, \.maybeUUID, Self.uuid, nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func enumPropertiesHoldEachCaseAndOptionalOnesNil(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.anIntEnum, .one, .three)
            Self.roundTrip(object, \.aStringEnum, .a, .c)
            Self.roundTrip(object, \.maybeIntEnum, .one, .three, nil)
            Self.roundTrip(object, \.maybeStringEnum, .a, .c, nil)
            object["maybeIntEnum"] = 10
            #expect(object.maybeIntEnum == nil, "10 is no case: it reads as nil")
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess
    @Test(arguments: Place.allCases)
    func anAnyRealmValuePropertyHoldsEachKindOfValue(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(
                object, \.anAny, .none, .int(1), .bool(false), .float(2.2), .double(3.3), .string("str"),
                .data(Self.data), .date(Self.date), .object(ACAllTypes()), .objectId(Self.oid1), .decimal128(5),
                .uuid(UUID()))
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaNormalAccess (objectCol, linkingObjects)
    @Test(arguments: Place.allCases)
    func aLinkReadsBackAndItsTargetCountsTheOwnerOnlyWhenManaged(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTrip(object, \.link, ACAllTypes(), nil)
            object.link = ACAllTypes()
            let target = try #require(object.link)
            if place == .unmanaged {
                #expect(target.linkers.count == 0)
            } else {
                #expect(target.linkers.count == 1)
                #expect(target.linkers.first == object)
            }
        }
    }

    // MARK: Properties read and written by name

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaSubscript (testNoConversion)
    @Test(arguments: Place.allCases)
    func eachRequiredValueReadsBackByNameAsItsOwnType(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTripByName(object, "aBool", true, false)
            Self.roundTripByName(object, "anInt", -1, 0, 1)
            Self.roundTripByName(object, "anInt8", -1, 0, 1 as Int8)
            Self.roundTripByName(object, "anInt16", -1, 0, 1 as Int16)
            Self.roundTripByName(object, "anInt32", -1, 0, 1 as Int32)
            Self.roundTripByName(object, "anInt64", -1, 0, 1 as Int64)
            Self.roundTripByName(
                object, "aFloat", -Float.greatestFiniteMagnitude, Float.greatestFiniteMagnitude, 20, 20.2 as Float)
            Self.roundTripByName(
                object, "aDouble", -Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, 20, 20.2,
                16_777_217 as Double)
            Self.roundTripByName(object, "aString", "", Self.utf8)
            Self.roundTripByName(object, "aData", Self.data)
            Self.roundTripByName(object, "aDate", Self.date)
            Self.roundTripByName(object, "aDecimal", "inf", 1, 0, "0", -1, "-inf" as Decimal128)
            Self.roundTripByName(object, "anObjectId", Self.oid1, Self.oid2)
            Self.roundTripByName(object, "aUUID", Self.uuid)
            Self.roundTripByName(object, "link", ACAllTypes(), nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaSubscript (testNoConversion, optional properties)
    @Test(arguments: Place.allCases)
    func eachOptionalValueReadsBackByNameAsItsOwnTypeOrNil(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            Self.roundTripByName(object, "maybeBool", true, false, nil)
            Self.roundTripByName(object, "maybeInt", Int.min, 0, Int.max, nil)
            Self.roundTripByName(object, "maybeInt8", Int8.min, 0, Int8.max, nil)
            Self.roundTripByName(object, "maybeInt16", Int16.min, 0, Int16.max, nil)
            Self.roundTripByName(object, "maybeInt32", Int32.min, 0, Int32.max, nil)
            Self.roundTripByName(object, "maybeInt64", Int64.min, 0, Int64.max, nil)
            Self.roundTripByName(
                object, "maybeFloat", -Float.greatestFiniteMagnitude, Float.greatestFiniteMagnitude, 20, 20.2, nil)
            Self.roundTripByName(
                object, "maybeDouble", -Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, 20, 20.2,
                16_777_217, nil)
            Self.roundTripByName(object, "maybeString", "", Self.utf8, nil)
            Self.roundTripByName(object, "maybeData", Self.data, nil)
            Self.roundTripByName(object, "maybeDate", Self.date, nil)
            Self.roundTripByName(object, "maybeDecimal", "inf", 1, 0, "0", -1, "-inf", nil as Decimal128?)
            Self.roundTripByName(object, "maybeObjectId", Self.oid1, Self.oid2, nil)
            Self.roundTripByName(object, "maybeUUID", Self.uuid, nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaSubscript (testConversion, decimals)
    @Test(arguments: Place.allCases)
    func floatsDoublesAndFoundationDecimalsSetByNameConvertToDecimal128(place: Place) throws {
        let fromFloat = Decimal128(value: 2.2 as Float)
        let fromDouble = Decimal128(value: 3.3 as Double)
        try Self.withObject(ACAllTypes.self, place) { object in
            for key in ["aDecimal", "maybeDecimal"] {
                object[key] = 2.2 as Float
                #expect(object[key] as? Decimal128 == fromFloat, "\(key)")
                object.setValue(3.3 as Double, forKey: key)
                #expect(object.value(forKey: key) as? Decimal128 == fromDouble, "\(key)")
                object[key] = Decimal(5.5)
                #expect(object[key] as? Decimal128 == 5.5, "\(key)")
                object.setValue(1, forKey: key)
                #expect(object.value(forKey: key) as? Decimal128 == 1, "\(key)")
                object[key] = Decimal128("nan")
                #expect((object[key] as? Decimal128)?.isNaN == true, "\(key)")
            }
            object["maybeDecimal"] = "4.4"
            #expect(object["maybeDecimal"] as? Decimal128 == 4.4)
            object["maybeDecimal"] = NSNull()
            #expect(object["maybeDecimal"] == nil)
            object.setValue(NSNull(), forKey: "maybeDecimal")
            #expect(object.maybeDecimal == nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaSubscript (testConversion, enums)
    @Test(arguments: Place.allCases)
    func stringEnumsAndOptionalEnumsReadByNameAsTheirRawValues(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            object["aStringEnum"] = ACStringEnum.a
            #expect(object["aStringEnum"] as? String == "a")
            object.setValue(ACStringEnum.c, forKey: "aStringEnum")
            #expect(object.value(forKey: "aStringEnum") as? String == "c")
            object["maybeIntEnum"] = ACIntEnum.three
            #expect(object["maybeIntEnum"] as? Int == 3)
            object.setValue(nil as ACIntEnum? as Any, forKey: "maybeIntEnum")
            #expect(object.value(forKey: "maybeIntEnum") == nil)
            object["maybeStringEnum"] = ACStringEnum.a
            #expect(object["maybeStringEnum"] as? String == "a")
            object["maybeStringEnum"] = nil as ACStringEnum? as Any
            #expect(object["maybeStringEnum"] == nil)
            object["maybeIntEnum"] = 10
            #expect(object["maybeIntEnum"] == nil, "10 is no case: it reads as nil by name too")
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaSubscript (testConversion, anyCol)
    @Test(arguments: Place.allCases)
    func anAnyRealmValueSetByNameReadsAsThePlainValueOfEachKind(place: Place) throws {
        let uuid = Self.uuid
        try Self.withObject(ACAllTypes.self, place) { object in
            let cases: [(AnyRealmValue, (Any?) -> Bool)] = [
                (.bool(false), { $0 as? Bool == false }),
                (.float(2.2), { $0 as? Float == 2.2 }),
                (.double(3.3), { $0 as? Double == 3.3 }),
                (.data(Self.data), { $0 as? Data == Self.data }),
                (.date(Self.date), { $0 as? Date == Self.date }),
                (.objectId(Self.oid1), { $0 as? ObjectId == Self.oid1 }),
                (.decimal128(5), { $0 as? Decimal128 == 5 }),
                (.uuid(uuid), { $0 as? UUID == uuid }),
            ]
            for (value, matches) in cases {
                object["anAny"] = value
                #expect(matches(object["anAny"]), "\(value)")
                object.setValue(value, forKey: "anAny")
                #expect(matches(object.value(forKey: "anAny")), "\(value)")
            }
            object.setValue(AnyRealmValue.none, forKey: "anAny")
            #expect(object["anAny"] == nil)
        }
    }

    // ModernObjectAccessorTests.setAndTestAllPropertiesViaSubscript (linkingObjects)
    @Test(arguments: Place.allCases)
    func linkingObjectsReadByNameCountTheOwnerOnlyWhenManaged(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            object.link = ACAllTypes()
            let target = try #require(object["link"] as? ACAllTypes)
            let linkers = try #require(target["linkers"] as? LinkingObjects<ACAllTypes>)
            if place == .unmanaged {
                #expect(linkers.count == 0)
            } else {
                #expect(linkers.count == 1)
                #expect(linkers.first == object)
            }
        }
    }

    // ObjectAccessorTests.setAndTestAllPropertiesViaSubscript (`object["int8Col"] as! Int`)
    @Test(arguments: Place.allCases)
    func integersOfEveryWidthReadByNameAsInt(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            for key in ["anInt8", "anInt16", "anInt32", "anInt64"] {
                for value in [-1, 0, 1] {
                    object[key] = value
                    #expect(object[key] as? Int == value, "\(key) = \(value)")
                }
            }
        }
    }

    // ObjectAccessorTests.setAndTestAllPropertiesViaSubscript (floatCol and doubleCol set from integers)
    @Test(arguments: Place.allCases)
    func integersSetByNameConvertToFloatsAndDoubles(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            object["aFloat"] = 20
            #expect(object["aFloat"] as? Float == 20)
            object["aFloat"] = 16_777_217
            #expect(object["aFloat"] as? Float == 16_777_216)
            object["aDouble"] = 20
            #expect(object["aDouble"] as? Double == 20)
            object["aDouble"] = 16_777_217
            #expect(object["aDouble"] as? Double == 16_777_217)
        }
    }

    // ObjectAccessorTests.setAndTestRealmPropertyViaAccessor and setAndTestRealmOptionalViaAccessor (otherBool
    // and optBoolCol set to 1 and 0; managed only here: Geode stops the program when an unmanaged object is
    // given a value it cannot take, which Realm takes)
    @Test(arguments: [Place.created, .added])
    func onesAndZerosSetByNameConvertToBools(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            for key in ["aBool", "maybeBool"] {
                object[key] = 1
                #expect(object[key] as? Bool == true, "\(key)")
                object[key] = 0
                #expect(object[key] as? Bool == false, "\(key)")
            }
        }
    }

    // ObjectAccessorTests.setAndTestRealmPropertyViaAccessor and setAndTestRealmOptionalViaAccessor
    @Test(arguments: Place.allCases)
    func numbersSetByNameConvertToFloatsAndEnums(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            for key in ["aFloat", "maybeFloat"] {
                object[key] = -20 as Float
                #expect(object[key] as? Float == -20, "\(key)")
                object[key] = 16_777_217 as Double
                #expect(object[key] as? Float == 16_777_216, "\(key): 2^24 + 1 rounds to 2^24")
            }
            for key in ["anIntEnum", "maybeIntEnum"] {
                object[key] = ACIntEnum.three
                #expect(object[key] as? Int == 3, "\(key)")
                object[key] = ACIntEnum.one.rawValue
                #expect(object[key] as? Int == 1, "\(key)")
            }
            object["maybeIntEnum"] = NSNull()
            #expect(object["maybeIntEnum"] == nil)
            object["maybeInt"] = NSNull()
            #expect(object["maybeInt"] == nil)
        }
    }

    // ObjectAccessorTests.setAndTestAnyViaAccessorObjectWithCoercion (managed only here: Geode stops
    // the program when an unmanaged object is given a value it cannot take, which Realm takes)
    @Test(arguments: [Place.created, .added])
    func integersOfEveryWidthStoredInAnAnyRealmValueReadAsInt(place: Place) throws {
        try Self.withObject(ACAllTypes.self, place) { object in
            let values: [Any] = [
                -1 as Int8, 0 as Int8, 1 as Int8, -1 as Int16, 1 as Int16, -1 as Int32, 1 as Int32, -1 as Int64,
                1 as Int64,
            ]
            for value in values {
                object["anAny"] = value
                #expect(object["anAny"] as? Int == Int("\(value)"), "\(type(of: value)) \(value)")
                #expect(object.anAny == .int(Int("\(value)") ?? 99), "\(type(of: value)) \(value)")
            }
            object["anAny"] = 20.2 as Float
            #expect(object["anAny"] as? Float == 20.2)
            object["anAny"] = 16_777_217 as Double
            #expect(object["anAny"] as? Double == 16_777_217)
            object["anAny"] = Self.utf8
            #expect(object["anAny"] as? String == Self.utf8)
            object["anAny"] = NSNull()
            #expect(object["anAny"] == nil)
            #expect(object.anAny == .none)
        }
    }

    // MARK: Collection properties

    static func checkList<T: RealmCollectionValue & Equatable>(
        _ object: ACCollections, _ name: String, _ keyPath: ReferenceWritableKeyPath<ACCollections, List<T>>,
        _ values: T..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let list = object[keyPath: keyPath]
        #expect(object.value(forKey: name) is List<T>, "\(name): its type", sourceLocation: sourceLocation)
        #expect(
            object.value(forKey: name) as AnyObject === object.value(forKey: name) as AnyObject,
            "\(name): the same list each time by name", sourceLocation: sourceLocation)
        #expect(
            object.value(forKey: name) as AnyObject === list, "\(name): by name, the property's list",
            sourceLocation: sourceLocation)
        let other = List<T>()
        other.append(objectsIn: values)
        object[keyPath: keyPath] = other
        #expect(Array(list) == values, "\(name): assigning copies", sourceLocation: sourceLocation)
        #expect(object.value(forKey: name) as AnyObject !== other, "\(name)", sourceLocation: sourceLocation)
        object[keyPath: keyPath] = object[keyPath: keyPath]
        #expect(Array(list) == values, "\(name): self-assignment", sourceLocation: sourceLocation)
        object.setValue(object.value(forKey: name), forKey: name)
        #expect(Array(list) == values, "\(name): self-assignment by name", sourceLocation: sourceLocation)
        list.removeAll()
        object.setValue(other, forKey: name)
        #expect(Array(list) == values, "\(name): setValue copies", sourceLocation: sourceLocation)
        #expect(object.value(forKey: name) as AnyObject !== other, "\(name)", sourceLocation: sourceLocation)
        list.removeAll()
        object.setValue(values, forKey: name)
        #expect(Array(list) == values, "\(name): an array", sourceLocation: sourceLocation)
        #expect(object[keyPath: keyPath] === list, "\(name): still the one list", sourceLocation: sourceLocation)
        object.setValue(NSNull(), forKey: name)
        #expect(list.count == 0, "\(name): NSNull clears", sourceLocation: sourceLocation)
    }

    // ModernObjectAccessorTests.setAndTestList
    @Test(arguments: Place.allCases)
    func aListPropertyIsOneListThatAssignmentsCopyInto(place: Place) throws {
        try Self.withObject(ACCollections.self, place) { o in
            Self.checkList(o, "bools", \.bools, false, true)
            Self.checkList(o, "ints", \.ints, Int.min, 0, Int.max)
            Self.checkList(o, "int8s", \.int8s, Int8.min, 0, Int8.max)
            Self.checkList(o, "int16s", \.int16s, Int16.min, 0, Int16.max)
            Self.checkList(o, "int32s", \.int32s, Int32.min, 0, Int32.max)
            Self.checkList(o, "int64s", \.int64s, Int64.min, 0, Int64.max)
            Self.checkList(o, "floats", \.floats, -Float.greatestFiniteMagnitude, 0, Float.greatestFiniteMagnitude)
            Self.checkList(o, "doubles", \.doubles, -Double.greatestFiniteMagnitude, 0, Double.greatestFiniteMagnitude)
            Self.checkList(o, "strings", \.strings, "a", "b", "c")
            Self.checkList(o, "datas", \.datas, Self.data)
            Self.checkList(o, "dates", \.dates, Self.date)
            Self.checkList(o, "decimals", \.decimals, Decimal128(1), Decimal128(2))
            Self.checkList(o, "objectIds", \.objectIds, Self.oid1, Self.oid2)
            Self.checkList(o, "uuids", \.uuids, Self.uuid)
            Self.checkList(o, "maybeBools", \.maybeBools, false, true, nil)
            Self.checkList(o, "maybeInts", \.maybeInts, Int.min, 0, Int.max, nil)
            Self.checkList(o, "maybeInt8s", \.maybeInt8s, Int8.min, 0, Int8.max, nil)
            Self.checkList(o, "maybeInt16s", \.maybeInt16s, Int16.min, 0, Int16.max, nil)
            Self.checkList(o, "maybeInt32s", \.maybeInt32s, Int32.min, 0, Int32.max, nil)
            Self.checkList(o, "maybeInt64s", \.maybeInt64s, Int64.min, 0, Int64.max, nil)
            Self.checkList(
                o, "maybeFloats", \.maybeFloats, -Float.greatestFiniteMagnitude, 0, Float.greatestFiniteMagnitude, nil)
            Self.checkList(
                o, "maybeDoubles", \.maybeDoubles, -Double.greatestFiniteMagnitude, 0, Double.greatestFiniteMagnitude,
                nil)
            Self.checkList(o, "maybeStrings", \.maybeStrings, "a", "b", "c", nil)
            Self.checkList(o, "maybeDatas", \.maybeDatas, Self.data, nil)
            Self.checkList(o, "maybeDates", \.maybeDates, Self.date, nil)
            Self.checkList(o, "maybeDecimals", \.maybeDecimals, Decimal128(1), Decimal128(2), nil)
            Self.checkList(o, "maybeObjectIds", \.maybeObjectIds, Self.oid1, Self.oid2, nil)
            Self.checkList(o, "maybeUUIDs", \.maybeUUIDs, Self.uuid, nil)
            Self.checkList(
                o, "anys", \.anys, .none, .int(1), .bool(false), .float(2.2), .double(3.3), .string("str"),
                .data(Self.data), .date(Self.date), .object(ACAllTypes()), .objectId(Self.oid1), .decimal128(5),
                .uuid(Self.uuid))
        }
    }

    static func checkSet<T: RealmCollectionValue & Hashable>(
        _ object: ACCollections, _ name: String, _ keyPath: ReferenceWritableKeyPath<ACCollections, MutableSet<T>>,
        _ values: T..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let set = object[keyPath: keyPath]
        #expect(object.value(forKey: name) is MutableSet<T>, "\(name): its type", sourceLocation: sourceLocation)
        #expect(
            object.value(forKey: name) as AnyObject === object.value(forKey: name) as AnyObject,
            "\(name): the same set each time by name", sourceLocation: sourceLocation)
        #expect(
            object.value(forKey: name) as AnyObject === set, "\(name): by name, the property's set",
            sourceLocation: sourceLocation)
        // Hashed when compared: an unmanaged object's hash changes once it is managed.
        func holdsValues() -> Bool { set.count == values.count && Set(set) == Set(values) }
        let other = MutableSet<T>()
        other.insert(objectsIn: values)
        object[keyPath: keyPath] = other
        #expect(holdsValues(), "\(name): assigning copies", sourceLocation: sourceLocation)
        #expect(object.value(forKey: name) as AnyObject !== other, "\(name)", sourceLocation: sourceLocation)
        object[keyPath: keyPath] = object[keyPath: keyPath]
        #expect(holdsValues(), "\(name): self-assignment", sourceLocation: sourceLocation)
        object.setValue(object.value(forKey: name), forKey: name)
        #expect(holdsValues(), "\(name): self-assignment by name", sourceLocation: sourceLocation)
        set.removeAll()
        object.setValue(other, forKey: name)
        #expect(holdsValues(), "\(name): setValue copies", sourceLocation: sourceLocation)
        set.removeAll()
        object.setValue(values, forKey: name)
        #expect(holdsValues(), "\(name): an array", sourceLocation: sourceLocation)
        #expect(object[keyPath: keyPath] === set, "\(name): still the one set", sourceLocation: sourceLocation)
        object.setValue(NSNull(), forKey: name)
        #expect(set.count == 0, "\(name): NSNull clears", sourceLocation: sourceLocation)
    }

    // ModernObjectAccessorTests.setAndTestSet
    @Test(arguments: Place.allCases)
    func aSetPropertyIsOneSetThatAssignmentsCopyInto(place: Place) throws {
        try Self.withObject(ACCollections.self, place) { o in
            Self.checkSet(o, "boolSet", \.boolSet, false, true)
            Self.checkSet(o, "intSet", \.intSet, Int.min, 0, Int.max)
            Self.checkSet(o, "int8Set", \.int8Set, Int8.min, 0, Int8.max)
            Self.checkSet(o, "int16Set", \.int16Set, Int16.min, 0, Int16.max)
            Self.checkSet(o, "int32Set", \.int32Set, Int32.min, 0, Int32.max)
            Self.checkSet(o, "int64Set", \.int64Set, Int64.min, 0, Int64.max)
            Self.checkSet(o, "floatSet", \.floatSet, -Float.greatestFiniteMagnitude, 0, Float.greatestFiniteMagnitude)
            Self.checkSet(
                o, "doubleSet", \.doubleSet, -Double.greatestFiniteMagnitude, 0, Double.greatestFiniteMagnitude)
            Self.checkSet(o, "stringSet", \.stringSet, "a", "b", "c")
            Self.checkSet(o, "dataSet", \.dataSet, Self.data)
            Self.checkSet(o, "dateSet", \.dateSet, Self.date)
            Self.checkSet(o, "decimalSet", \.decimalSet, Decimal128(1), Decimal128(2))
            Self.checkSet(o, "objectIdSet", \.objectIdSet, Self.oid1, Self.oid2)
            Self.checkSet(o, "uuidSet", \.uuidSet, Self.uuid)
            Self.checkSet(o, "maybeBoolSet", \.maybeBoolSet, false, true, nil)
            Self.checkSet(o, "maybeIntSet", \.maybeIntSet, Int.min, 0, Int.max, nil)
            Self.checkSet(o, "maybeInt8Set", \.maybeInt8Set, Int8.min, 0, Int8.max, nil)
            Self.checkSet(o, "maybeInt16Set", \.maybeInt16Set, Int16.min, 0, Int16.max, nil)
            Self.checkSet(o, "maybeInt32Set", \.maybeInt32Set, Int32.min, 0, Int32.max, nil)
            Self.checkSet(o, "maybeInt64Set", \.maybeInt64Set, Int64.min, 0, Int64.max, nil)
            Self.checkSet(
                o, "maybeFloatSet", \.maybeFloatSet, -Float.greatestFiniteMagnitude, 0, Float.greatestFiniteMagnitude,
                nil)
            Self.checkSet(
                o, "maybeDoubleSet", \.maybeDoubleSet, -Double.greatestFiniteMagnitude, 0,
                Double.greatestFiniteMagnitude, nil)
            Self.checkSet(o, "maybeStringSet", \.maybeStringSet, "a", "b", "c", nil)
            Self.checkSet(o, "maybeDataSet", \.maybeDataSet, Self.data, nil)
            Self.checkSet(o, "maybeDateSet", \.maybeDateSet, Self.date, nil)
            Self.checkSet(o, "maybeDecimalSet", \.maybeDecimalSet, Decimal128(1), Decimal128(2), nil)
            Self.checkSet(o, "maybeObjectIdSet", \.maybeObjectIdSet, Self.oid1, Self.oid2, nil)
            Self.checkSet(o, "maybeUUIDSet", \.maybeUUIDSet, Self.uuid, nil)
            Self.checkSet(
                o, "anySet", \.anySet, .none, .int(1), .bool(false), .float(2.2), .double(3.3), .string("str"),
                .data(Self.data), .date(Self.date), .object(ACAllTypes()), .objectId(Self.oid1), .decimal128(5),
                .uuid(Self.uuid))
        }
    }

    static func checkMap<T: RealmCollectionValue & Equatable>(
        _ object: ACCollections, _ name: String, _ keyPath: ReferenceWritableKeyPath<ACCollections, Map<String, T>>,
        _ values: T..., sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let map = object[keyPath: keyPath]
        #expect(object.value(forKey: name) is Map<String, T>, "\(name): its type", sourceLocation: sourceLocation)
        #expect(
            object.value(forKey: name) as AnyObject === object.value(forKey: name) as AnyObject,
            "\(name): the same map each time by name", sourceLocation: sourceLocation)
        #expect(
            object.value(forKey: name) as AnyObject === map, "\(name): by name, the property's map",
            sourceLocation: sourceLocation)
        var dictionary: [String: T] = [:]
        for (index, value) in values.enumerated() { dictionary["\(index)"] = value }
        func holdsValues() -> Bool {
            map.count == values.count && values.indices.allSatisfy { map["\($0)"] == values[$0] }
        }
        let other = Map<String, T>()
        other.merge(dictionary) { $1 }
        object[keyPath: keyPath] = other
        #expect(holdsValues(), "\(name): assigning copies", sourceLocation: sourceLocation)
        #expect(object.value(forKey: name) as AnyObject !== other, "\(name)", sourceLocation: sourceLocation)
        object[keyPath: keyPath] = object[keyPath: keyPath]
        #expect(holdsValues(), "\(name): self-assignment", sourceLocation: sourceLocation)
        object.setValue(object.value(forKey: name), forKey: name)
        #expect(holdsValues(), "\(name): self-assignment by name", sourceLocation: sourceLocation)
        map.removeAll()
        object.setValue(other, forKey: name)
        #expect(holdsValues(), "\(name): setValue copies", sourceLocation: sourceLocation)
        map.removeAll()
        object.setValue(dictionary, forKey: name)
        #expect(holdsValues(), "\(name): a dictionary", sourceLocation: sourceLocation)
        #expect(object[keyPath: keyPath] === map, "\(name): still the one map", sourceLocation: sourceLocation)
        object.setValue(NSNull(), forKey: name)
        #expect(map.count == 0, "\(name): NSNull clears", sourceLocation: sourceLocation)
    }

    // ModernObjectAccessorTests.setAndTestMap
    @Test(arguments: Place.allCases)
    func aMapPropertyIsOneMapThatAssignmentsCopyInto(place: Place) throws {
        try Self.withObject(ACCollections.self, place) { o in
            Self.checkMap(o, "boolMap", \.boolMap, false, true)
            Self.checkMap(o, "intMap", \.intMap, Int.min, 0, Int.max)
            Self.checkMap(o, "int8Map", \.int8Map, Int8.min, 0, Int8.max)
            Self.checkMap(o, "int16Map", \.int16Map, Int16.min, 0, Int16.max)
            Self.checkMap(o, "int32Map", \.int32Map, Int32.min, 0, Int32.max)
            Self.checkMap(o, "int64Map", \.int64Map, Int64.min, 0, Int64.max)
            Self.checkMap(o, "floatMap", \.floatMap, -Float.greatestFiniteMagnitude, 0, Float.greatestFiniteMagnitude)
            Self.checkMap(
                o, "doubleMap", \.doubleMap, -Double.greatestFiniteMagnitude, 0, Double.greatestFiniteMagnitude)
            Self.checkMap(o, "stringMap", \.stringMap, "a", "b", "c")
            Self.checkMap(o, "dataMap", \.dataMap, Self.data)
            Self.checkMap(o, "dateMap", \.dateMap, Self.date)
            Self.checkMap(o, "decimalMap", \.decimalMap, Decimal128(1), Decimal128(2))
            Self.checkMap(o, "objectIdMap", \.objectIdMap, Self.oid1, Self.oid2)
            Self.checkMap(o, "uuidMap", \.uuidMap, Self.uuid)
            Self.checkMap(o, "maybeBoolMap", \.maybeBoolMap, false, true, nil)
            Self.checkMap(o, "maybeIntMap", \.maybeIntMap, Int.min, 0, Int.max, nil)
            Self.checkMap(o, "maybeInt8Map", \.maybeInt8Map, Int8.min, 0, Int8.max, nil)
            Self.checkMap(o, "maybeInt16Map", \.maybeInt16Map, Int16.min, 0, Int16.max, nil)
            Self.checkMap(o, "maybeInt32Map", \.maybeInt32Map, Int32.min, 0, Int32.max, nil)
            Self.checkMap(o, "maybeInt64Map", \.maybeInt64Map, Int64.min, 0, Int64.max, nil)
            Self.checkMap(
                o, "maybeFloatMap", \.maybeFloatMap, -Float.greatestFiniteMagnitude, 0, Float.greatestFiniteMagnitude,
                nil)
            Self.checkMap(
                o, "maybeDoubleMap", \.maybeDoubleMap, -Double.greatestFiniteMagnitude, 0,
                Double.greatestFiniteMagnitude, nil)
            Self.checkMap(o, "maybeStringMap", \.maybeStringMap, "a", "b", "c", nil)
            Self.checkMap(o, "maybeDataMap", \.maybeDataMap, Self.data, nil)
            Self.checkMap(o, "maybeDateMap", \.maybeDateMap, Self.date, nil)
            Self.checkMap(o, "maybeDecimalMap", \.maybeDecimalMap, Decimal128(1), Decimal128(2), nil)
            Self.checkMap(o, "maybeObjectIdMap", \.maybeObjectIdMap, Self.oid1, Self.oid2, nil)
            Self.checkMap(o, "maybeUUIDMap", \.maybeUUIDMap, Self.uuid, nil)
            Self.checkMap(
                o, "anyMap", \.anyMap, .none, .int(1), .bool(false), .float(2.2), .double(3.3), .string("str"),
                .data(Self.data), .date(Self.date), .object(ACAllTypes()), .objectId(Self.oid1), .decimal128(5),
                .uuid(Self.uuid))
        }
    }

    // ObjectAccessorTests.setAndTestListViaAccessor and setAndTestSetViaAccessor
    @Test(arguments: Place.allCases)
    func aCollectionOfIntsAssignedToACollectionOfInt8sConvertsItsElements(place: Place) throws {
        try Self.withObject(ACCollections.self, place) { object in
            object.setValue([1, 2, 3], forKey: "ints")
            #expect(Array(object.ints) == [1, 2, 3])
            object.setValue([4, 5, 6], forKey: "ints")
            #expect(Array(object.ints) == [4, 5, 6])
            object.setValue(object.value(forKey: "ints"), forKey: "int8s")
            #expect(Array(object.int8s) == [4, 5, 6] as [Int8])
            object.setValue(NSNull(), forKey: "ints")
            #expect(object.ints.count == 0)

            object.setValue([4, 5, 6], forKey: "intSet")
            object.setValue(object.value(forKey: "intSet"), forKey: "int8Set")
            #expect(Array(object.int8Set).sorted() == [4, 5, 6] as [Int8])
        }
    }

    // ObjectAccessorTests.setAndTestMapViaAccessor
    @Test(arguments: Place.allCases)
    func aDictionarySetByNameFillsAMapAndNSNullEmptiesIt(place: Place) throws {
        try Self.withObject(ACCollections.self, place) { object in
            object.setValue(["one": 1, "two": 2, "three": 3], forKey: "intMap")
            let map = try #require(object.value(forKey: "intMap") as? Map<String, Int>)
            #expect(map["one"] == 1)
            #expect(map["two"] == 2)
            #expect(map["three"] == 3)
            object.setValue(NSNull(), forKey: "intMap")
            #expect((object.value(forKey: "intMap") as? Map<String, Int>)?.count == 0)
        }
    }

    // MARK: Integer sizes and collections in results

    // ObjectAccessorTests.testIntSizes
    @Test func integersNearTheTopOfEachWidthSurviveEveryAccessor() throws {
        let v8 = Int8(1) << 6
        let v16 = Int16(1) << 12
        let v32 = Int32(1) << 30
        let v64 = Int64(1) << 40
        try withTemporaryRealm(of: [ACIntSizes.self]) { realm in
            try realm.write {
                let object = ACIntSizes()
                func zero() {
                    for property in object.objectSchema.properties { object[property.name] = 0 }
                }
                func check() {
                    zero()
                    object["small"] = NSNumber(value: v8)
                    #expect(object["small"] as? Int == Int(v8))
                    object["medium"] = NSNumber(value: v16)
                    #expect(object["medium"] as? Int == Int(v16))
                    object["large"] = NSNumber(value: v32)
                    #expect(object["large"] as? Int == Int(v32))
                    object["huge"] = NSNumber(value: v64)
                    #expect(object["huge"] as? NSNumber == NSNumber(value: v64))
                    zero()
                    object.setValue(NSNumber(value: v8), forKey: "small")
                    #expect(object.value(forKey: "small") as? Int == Int(v8))
                    object.setValue(NSNumber(value: v16), forKey: "medium")
                    #expect(object.value(forKey: "medium") as? Int == Int(v16))
                    object.setValue(NSNumber(value: v32), forKey: "large")
                    #expect(object.value(forKey: "large") as? Int == Int(v32))
                    object.setValue(NSNumber(value: v64), forKey: "huge")
                    #expect(object.value(forKey: "huge") as? NSNumber == NSNumber(value: v64))
                    zero()
                    object.small = v8
                    #expect(object.small == v8)
                    object.medium = v16
                    #expect(object.medium == v16)
                    object.large = v32
                    #expect(object.large == v32)
                    object.huge = v64
                    #expect(object.huge == v64)
                }
                check()
                realm.add(object)
                check()
            }
            let stored = try #require(realm.objects(ACIntSizes.self).first)
            #expect(stored.small == v8)
            #expect(stored.medium == v16)
            #expect(stored.large == v32)
            #expect(stored.huge == v64)
        }
    }

    // ObjectAccessorTests.testLongType
    @Test func sixtyFourBitIntegersCreatedFromAnArrayOfNumbersKeepTheirValue() throws {
        let long: Int64 = 17_179_869_184
        let intMax: Int64 = 2_147_483_647
        let negative: Int64 = -17_179_869_184
        let updated: Int64 = 8_589_934_592
        try withTemporaryRealm(of: [ACLong.self]) { realm in
            realm.beginWrite()
            realm.create(ACLong.self, value: [NSNumber(value: long)])
            realm.create(ACLong.self, value: [NSNumber(value: intMax)])
            realm.create(ACLong.self, value: [NSNumber(value: negative)])
            try realm.commitWrite()
            let objects = realm.objects(ACLong.self)
            #expect(objects.count == 3)
            #expect(objects[0].value == long, "2^34")
            #expect(objects[1].value == intMax, "2^31 - 1")
            #expect(objects[2].value == negative, "-2^34")
            try realm.write { objects[0].value = updated }
            #expect(objects[0].value == updated, "2^33")
        }
    }

    // ObjectAccessorTests.testCollectionsDuringResultsFastEnumeration
    @Test func objectsSharingCollectionMembersEachSeeThemWhileIteratingResults() throws {
        try withTemporaryRealm(of: [ACFlagHolder.self, ACFlag.self]) { realm in
            let first = ACFlagHolder()
            let second = ACFlagHolder()
            let on = ACFlag()
            on.on = true
            let off = ACFlag()
            for holder in [first, second] {
                holder.flagList.append(on)
                holder.flagList.append(off)
                holder.flagSet.insert(on)
                holder.flagSet.insert(off)
            }
            try realm.write {
                realm.add(first)
                realm.add(second)
            }
            let objects = realm.objects(ACFlagHolder.self)
            let head = try #require(objects.first)
            #expect(head.flagList.count == 2)
            #expect(head.flagSet.count == 2)
            let tail = try #require(objects.last)
            #expect(tail.flagList.count == 2)
            #expect(tail.flagSet.count == 2)
            var iterator = objects.makeIterator()
            let fromIterator = iterator.next()
            let next = try #require(fromIterator)
            #expect(next.flagList.count == 2)
            #expect(next.flagSet.count == 2)
            for object in objects {
                #expect(object.flagList.count == 2)
                #expect(object.flagSet.count == 2)
            }
        }
    }

    // ObjectAccessorTests.testPropertiesOutlivingParentObject (List and MutableSet)
    @Test func aListAndASetKeptFromAnObjectReadAndWriteItsStoredCollection() throws {
        try withTemporaryRealm(of: [ACCollections.self]) { realm in
            var list: List<Int>?
            var set: MutableSet<Int>?
            try realm.write {
                list = realm.create(ACCollections.self, value: ["ints": [1]]).ints
                set = realm.create(ACCollections.self, value: ["intSet": [1]]).intSet
            }
            let keptList = try #require(list)
            let keptSet = try #require(set)
            #expect(keptList.count == 1)
            #expect(keptList[0] == 1)
            #expect(keptSet.count == 1)
            #expect(keptSet[0] == 1)

            try realm.write {
                keptList.append(2)
                keptSet.insert(2)
            }
            #expect(keptList.count == 2)
            #expect(keptList[0] == 1)
            #expect(keptList[1] == 2)
            #expect(keptSet.count == 2)
            #expect(keptSet[0] == 1)
            #expect(keptSet[1] == 2)
            let objects = realm.objects(ACCollections.self)
            #expect(Array(try #require(objects.first).ints) == [1, 2])
            #expect(Array(try #require(objects.last).intSet) == [1, 2])

            try realm.write {
                keptList.removeAll()
                keptSet.removeAll()
            }
            #expect(keptList.count == 0)
            #expect(keptSet.count == 0)
            #expect(Array(try #require(objects.first).ints) == [])
            #expect(Array(try #require(objects.last).intSet) == [])
        }
    }

    // MARK: Names

    // ObjectAccessorTests.testRenamedProperties
    @Test func renamedClassesAndPropertiesAreReadAndLinkedByTheirSwiftNames() throws {
        try withTemporaryRealm(of: [ACRenamedA.self, ACRenamedLink.self]) { realm in
            let object = ACRenamedA()
            object.propA = 5
            object.propB = "a"
            let link = ACRenamedLink()
            link.linkA = object
            link.listA.append(object)
            link.setA.insert(object)
            try realm.write { realm.add(link) }

            #expect(object.propA == 5)
            #expect(object.propB == "a")
            #expect(link.linkA?.isSameObject(as: object) == true)
            #expect(link.listA[0].isSameObject(as: object))
            #expect(link.setA.contains(object))
            #expect(object.linkedFrom.first?.isSameObject(as: link) == true)

            #expect(object["propA"] as? Int == 5)
            #expect(object["propB"] as? String == "a")
            #expect((link["linkA"] as? ACRenamedA)?.isSameObject(as: object) == true)
            #expect((link["listA"] as? List<ACRenamedA>)?.first?.isSameObject(as: object) == true)
            #expect((link["setA"] as? MutableSet<ACRenamedA>)?.contains(object) == true)
            let linkedFrom = object["linkedFrom"] as? LinkingObjects<ACRenamedLink>
            #expect(linkedFrom?.first?.isSameObject(as: link) == true)
        }
    }

    // ObjectAccessorTests.testRenamedProperties (SwiftRenamedProperties2: a second Swift class of the same stored class)
    @Test func twoSwiftClassesOfOneStoredClassReadTheSameObjectsByTheirOwnNames() throws {
        // Geode binds one Swift class to each stored class: a second is refused when the realm opens.
        withKnownIssue("Geode refuses two Swift classes of one stored class") {
            try twoClassesReadOneStoredClass()
        }
    }

    private func twoClassesReadOneStoredClass() throws {
        try withTemporaryRealm(of: [ACRenamedA.self, ACRenamedB.self, ACRenamedLink.self]) { realm in
            let object = ACRenamedA()
            object.propA = 5
            object.propB = "a"
            try realm.write { realm.add(object) }
            let other = try #require(realm.objects(ACRenamedB.self).first)
            #expect(other.propC == 5, "the other class reads the same stored property")
            #expect(other.propD == "a")
            #expect(other["propC"] as? Int == 5)
            #expect(other["propD"] as? String == "a")
        }
    }

    // ModernObjectAccessorTests.testObjectWithArcMethodFamilies
    @Test func propertiesNamedLikeArcMethodFamiliesReadBackWhatWasSet() throws {
        func check(_ object: ACArcNames) {
            object.allocValue = "a"
            object.initValue = "b"
            object.copyValue = "c"
            object.mutableCopyValue = "d"
            object.newValue = "e"
            #expect(object.allocValue == "a")
            #expect(object.initValue == "b")
            #expect(object.copyValue == "c")
            #expect(object.mutableCopyValue == "d")
            #expect(object.newValue == "e")
        }
        check(ACArcNames())
        try withTemporaryRealm(of: [ACArcNames.self]) { realm in
            try realm.write { check(realm.create(ACArcNames.self)) }
        }
    }

    // MARK: Enums stored with values that are no case

    // ModernObjectAccessorTests.testReadInvalidEnumValue
    @Test func aStoredValueThatIsNoCaseReadsAsNilFromOptionalEnumsAndTheirCollections() throws {
        let directory = try TemporaryDirectory()
        let typed = try directory.realm(of: Self.types)
        try typed.write {
            let object = typed.create(ACAllTypes.self)
            object["maybeStringEnum"] = "10"
            #expect(object.maybeStringEnum == nil)
        }

        let raw = try directory.realm(of: [ACRawEnumCollections.self], named: "enums.geode")
        try raw.write {
            let object = raw.create(ACRawEnumCollections.self)
            object.intEnums.append(10)
            object.stringEnums.insert("abc")
            object.enumMap["key"] = "abc"
        }
        let enums = try directory.realm(of: [ACEnumCollections.self], named: "enums.geode")
        let object = try #require(enums.objects(ACEnumCollections.self).first)
        #expect(object.intEnums[0] == nil)
        #expect(object.stringEnums[0] == nil)
        #expect(object.enumMap["key"] == .some(nil))
    }

    // MARK: Schemas and primary keys

    // ModernObjectTests.testObjectSchema
    @Test func anObjectSchemaListsPersistedPropertiesInDeclarationOrder() throws {
        let schema = ACAllTypes().objectSchema
        #expect(schema.className == "ACAllTypes")
        #expect(
            schema.properties.map(\.name) == [
                "key", "aBool", "anInt", "anInt8", "anInt16", "anInt32", "anInt64", "aFloat", "aDouble", "aString",
                "aData", "aDate", "aDecimal", "anObjectId", "aUUID", "link", "anAny", "anIntEnum", "aStringEnum",
                "maybeBool", "maybeInt", "maybeInt8", "maybeInt16", "maybeInt32", "maybeInt64", "maybeFloat",
                "maybeDouble", "maybeString", "maybeData", "maybeDate", "maybeDecimal", "maybeObjectId", "maybeUUID",
                "maybeIntEnum", "maybeStringEnum",
            ], "a plain `var` and linking objects are no properties of the schema")
    }

    // ModernObjectTests.testObjectSchemaForObjectWithConvenienceInitializer
    @Test func aConvenienceInitializerAddsNothingToTheSchema() throws {
        let object = ACConvenient(text: "abc")
        #expect(object.text == "abc")
        #expect(object.objectSchema.className == "ACConvenient")
        #expect(object.objectSchema.properties.map(\.name) == ["text"])
    }

    static func checkPrimaryKey<O: Object, K: Equatable>(
        _ type: O.Type, _ keyPath: ReferenceWritableKeyPath<O, K>, _ v1: K, _ v2: K,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let object = O()
        object[keyPath: keyPath] = v1
        #expect(object[keyPath: keyPath] == v1, sourceLocation: sourceLocation)
        object[keyPath: keyPath] = v2
        #expect(object[keyPath: keyPath] == v2, sourceLocation: sourceLocation)
        object["key"] = v1
        #expect(object[keyPath: keyPath] == v1, sourceLocation: sourceLocation)
        object.setValue(v2, forKey: "key")
        #expect(object[keyPath: keyPath] == v2, sourceLocation: sourceLocation)
        try withTemporaryRealm(of: [O.self]) { realm in
            try realm.write { realm.add(object) }
            #expect(throws: GeodeError.self, sourceLocation: sourceLocation) {
                try realm.write { object[keyPath: keyPath] = v1 }
            }
            #expect(throws: GeodeError.self, sourceLocation: sourceLocation) {
                try realm.write { object["key"] = v1 }
            }
            #expect(throws: GeodeError.self, sourceLocation: sourceLocation) {
                try realm.write { object.setValue(v1, forKey: "key") }
            }
            #expect(object[keyPath: keyPath] == v2, sourceLocation: sourceLocation)
        }
    }

    // ModernObjectTests.testCannotUpdatePrimaryKey (ObjectId, UUID?, Int16, Int64?, enum and optional enum keys)
    @Test func primaryKeysOfEveryTypeChangeUnmanagedButNotOnceManaged() throws {
        try Self.checkPrimaryKey(ACObjectIdKeyed.self, \.key, ObjectId.generate(), ObjectId.generate())
        try Self.checkPrimaryKey(ACUUIDKeyed.self, \.key, UUID(), nil)
        try Self.checkPrimaryKey(ACInt16Keyed.self, \.key, 1, 2)
        try Self.checkPrimaryKey(ACInt64Keyed.self, \.key, 1, nil)
        try Self.checkPrimaryKey(ACEnumKeyed.self, \.key, .one, .three)
        try Self.checkPrimaryKey(ACOptionalEnumKeyed.self, \.key, .one, nil)
    }

    // MARK: Property observers

    // ModernObjectTests.testWillSetDidSet
    @Test func willSetAndDidSetRunAroundEachSetUnmanagedAndManaged() throws {
        let object = ACObserved()
        var calls = 0
        object.willSetCallback = {
            #expect(object.value == 0)
            calls += 1
        }
        object.didSetCallback = {
            #expect(object.value == 1)
            calls += 1
        }
        object.value = 1
        #expect(calls == 2)

        try withTemporaryRealm(of: [ACObserved.self]) { realm in
            realm.beginWrite()
            realm.add(object)
            object.willSetCallback = {
                #expect(object.value == 1)
                calls += 1
            }
            object.didSetCallback = {
                #expect(object.value == 2)
                calls += 1
            }
            object.value = 2
            #expect(calls == 4)
            realm.cancelWrite()
        }
        object.willSetCallback = nil
        object.didSetCallback = nil
    }
}
