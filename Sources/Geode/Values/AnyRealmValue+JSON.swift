import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

extension AnyRealmValue {
    /// A list value from an array (unmanaged until stored).
    ///
    /// ```swift
    /// dog.companion = .fromArray([.string("a"), .int(1)])
    /// ```
    public static func fromArray(_ array: [AnyRealmValue]) -> AnyRealmValue {
        let list = List<AnyRealmValue>()
        list.append(objectsIn: array)
        return .list(list)
    }

    /// A dictionary value from a Swift dictionary (keys sorted, since a Swift
    /// dictionary has no order; build a `Map` to choose the order).
    public static func fromDictionary(_ dictionary: [String: AnyRealmValue]) -> AnyRealmValue {
        let map = Map<String, AnyRealmValue>()
        for key in dictionary.keys.sorted() { map[key] = dictionary[key] }
        return .dictionary(map)
    }

    /// Parses JSON text: objects become dictionaries (key order kept), arrays
    /// lists, integers `.int`, reals `.double`, `null` `.none`. An integer
    /// beyond 64 bits becomes the nearest `.double`.
    ///
    /// ```swift
    /// let value = try AnyRealmValue(json: #"{"rank": 3, "tags": ["a", "b"]}"#)
    /// ```
    ///
    /// Throws ``GeodeError/invalidValue(_:)``: naming line and column when
    /// the text is not JSON; of kind `.nestingTooDeep`, with the path to the
    /// list or map too deep, when it nests deeper than 100 levels (as a write
    /// of the value would).
    public init(json: String) throws {
        let value: Value
        do {
            value = try JSONReader.parse(json, source: "JSON text")
            try Self.checkNesting(value)
        } catch {
            throw GeodeError.from(error)
        }
        self = Self.from(value, nil) ?? .none
    }

    /// The value as JSON text (compact, or indented with `pretty`). Dates,
    /// data, ObjectIds, UUIDs and decimals (their decimal text, every digit)
    /// become strings; objects their primary key or
    /// null. Throws for NaN and infinite numbers, which JSON cannot hold.
    public func jsonString(pretty: Bool = false) throws -> String {
        do {
            if !pretty, let location = managedLocation {
                // A stored list or map is written straight from the document.
                return try location.read { container in
                    Result { () throws -> String in
                        guard let container else { return "[]" }
                        return try JSONTextEncoder.string(container)
                    }
                }.get()
            }
            return try JSONWriter.string(try engineValue(), pretty: pretty)
        } catch {
            throw GeodeError.from(error)
        }
    }

    /// Where a managed list or dictionary value is stored; nil otherwise.
    private var managedLocation: CollectionLocation? {
        switch self {
        case let .list(list): return list.location
        case let .dictionary(map): return map.location
        default: return nil
        }
    }

    /// The value as an engine value, read through managed collections.
    func engineValue() throws -> Value {
        if let scalar = scalarEngineValue { return scalar }
        switch self {
        case let .object(object):
            guard let ref = object._ref, let pk = ref.cls.primaryKey else { return .null }
            return
                (try? ref.cls.info.properties[pk].valueType._geodeGet(object, pk)
                ._geodeEngineValue(_WriteContext(realm: ref.realm, transaction: nil)).value) ?? .null
        case let .list(list):
            // A managed list is read in one piece: its subtree is decoded once.
            if let location = list.location { return location.value }
            return .list(try list.map { try $0.engineValue() })
        case let .dictionary(map):
            if let location = map.location { return location.value }
            var entries = OrderedDictionary<String, Value>()
            for (key, value) in map { entries[key] = try value.engineValue() }
            return .map(entries)
        default:
            return .null
        }
    }

    /// Throws the engine's `StoreError.invalidValue` of kind `nestingTooDeep`,
    /// with the path to the first list or map too deep, when lists and maps in
    /// `value` nest past the limit: the rule a write checks
    /// (`ValueRules.nestingIssue(depth:)`), `depth` counted as it counts it.
    private static func checkNesting(_ value: Value, depth: Int = 0) throws {
        func child(_ step: @autoclosure () -> String, _ element: Value) throws {
            do {
                try Self.checkNesting(element, depth: depth + 1)
            } catch var StoreError.invalidValue(issue) {
                issue.path = step() + issue.path
                throw StoreError.invalidValue(issue)
            }
        }
        switch value {
        case let .list(items):
            if let kind = ValueRules.nestingIssue(depth: depth) { throw StoreError.invalidValue(ValueIssue(kind)) }
            for (i, item) in items.enumerated() { try child("[\(i)]", item) }
        case let .map(entries):
            if let kind = ValueRules.nestingIssue(depth: depth) { throw StoreError.invalidValue(ValueIssue(kind)) }
            for (key, item) in entries { try child("[\"\(key)\"]", item) }
        default:
            return
        }
    }
}
