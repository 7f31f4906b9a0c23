import GeodeGeo
import Foundation
import GeodeCore
import OrderedCollections

/// Turns the Swift values passed to `filter("… %@ …", args)` into engine values.
enum QueryArguments {
    static func convert(_ arguments: [Any], _ realm: Realm) throws -> [QueryArgument] {
        try arguments.enumerated().map { index, argument in try convert(argument, realm, index) }
    }

    private static func convert(_ argument: Any, _ realm: Realm, _ index: Int) throws -> QueryArgument {
        // The usual arguments first: exact casts are cheap, protocol checks are not.
        if let value = common(argument) { return .value(value) }
        if let shape = argument as? GeoShapeConvertible { return .shape(shape.geoShape) }
        if let object = embeddedValue(argument) { return .members(try members(of: object)) }
        if let value = try scalar(argument, realm) { return .value(value) }
        if let sequence = argument as? any Sequence, !(argument is String), !(argument is Data) {
            var values: [Value] = []
            for element in AnySequence(sequence.map { $0 as Any }) {
                guard let value = try scalar(element, realm) else {
                    throw GeodeError.query(
                        message: "argument \(index) holds a \(type(of: element)), which a query cannot compare",
                        column: 0)
                }
                values.append(value)
            }
            return .values(values)
        }
        throw GeodeError.query(
            message: "argument \(index) is a \(type(of: argument)), which a query cannot compare", column: 0)
    }

    /// The embedded object `argument` stands for: an embedded object, or a
    /// custom-persistable value stored as one (optionals unwrapped).
    static func embeddedValue(_ argument: Any) -> EmbeddedObject? {
        if let object = argument as? EmbeddedObject { return object }
        if let mapped = argument as? any _CustomPersistable { return mapped.persistableValue as? EmbeddedObject }
        if let optional = argument as? any _OptionalArgument { return optional._wrapped.flatMap(embeddedValue) }
        return nil
    }

    /// The members of an embedded object as query values, nested embedded
    /// objects flattened (`address.geo.lat`); collections cannot be compared so.
    static func members(of object: ObjectBase, prefix: [String] = []) throws -> [QueryMember] {
        let info = object._ref?.cls.info ?? ClassInfo.of(type(of: object))
        var members: [QueryMember] = []
        for (index, property) in info.properties.enumerated() where property.kind.type != .linkingObjects {
            let path = prefix + [property.name]
            guard property.kind.collection == .single else {
                throw GeodeError.query(
                    message:
                        "\(info.name).\(property.name) is a collection: an object holding one cannot be compared member by member",
                    column: 0)
            }
            let value = ValueAssignment.currentValue(of: object, index)
            if let nested = embeddedValue(value) {
                members += try self.members(of: nested, prefix: path)
            } else if let scalar = try scalar(value, nil) {
                members.append(QueryMember(path: path, value: scalar))
            } else {
                throw GeodeError.query(
                    message: "\(info.name).\(property.name) holds a \(type(of: value)), which a query cannot compare",
                    column: 0)
            }
        }
        return members
    }

    /// The engine value of the commonest argument types, found by exact casts
    /// alone (no protocol-conformance checks); nil for anything else.
    static func common(_ argument: Any) -> Value? {
        // The argument's own type is looked at first: a cast that fails costs the
        // runtime more than the rest of building a comparison (`$0.id == x` with an
        // AnyRealmValue `x` failed four of them).
        switch ObjectIdentifier(type(of: argument)) {
        case ObjectIdentifier(Int.self): if let v = argument as? Int { return .int(Int64(v)) }
        case ObjectIdentifier(String.self): if let v = argument as? String { return .string(v) }
        case ObjectIdentifier(AnyRealmValue.self):
            if let v = argument as? AnyRealmValue {
                // A link or a collection takes the longer way (links need the realm, collections are refused).
                if case .object = v { return nil }
                return v.scalarEngineValue
            }
        default: break
        }
        switch argument {
        case let v as Int: return .int(Int64(v))
        case let v as String: return .string(v)
        case let v as Double: return .double(v)
        case let v as Date: return .timestamp(Timestamp(v))
        case let v as AnyRealmValue:
            // A link or a collection takes the longer way (links need the realm, collections are refused).
            if case .object = v { return nil }
            return v.scalarEngineValue
        default: return nil
        }
    }

    /// The engine value of one argument; nil when it is not a single value.
    /// A key no stored object has (keys count up from 1): with its class's
    /// table, what an unmanaged object argument stands for.
    static let noStoredKey = ObjectKey(.max)

    static func scalar(_ argument: Any, _ realm: Realm?) throws -> Value? {
        if let value = common(argument) { return value }
        switch argument {
        case let v as AnyRealmValue:
            switch v {
            case let .object(object):
                return try scalar(object, realm)
            case let .list(list):
                // A list or dictionary value compares whole with a mixed property holding one.
                return .list(try list.map { try scalar($0, realm) ?? .null })
            case let .dictionary(map):
                var entries = OrderedDictionary<String, Value>()
                for key in map.keys.sorted() { entries[key] = try map[key].flatMap { try scalar($0, realm) } ?? .null }
                return .map(entries)
            default:
                break
            }
            guard let scalar = v.scalarEngineValue else { return nil }
            return scalar
        case is NSNull: return .null
        case let v as Bool: return .bool(v)
        case let v as Int8: return .int(Int64(v))
        case let v as Int16: return .int(Int64(v))
        case let v as Int32: return .int(Int64(v))
        case let v as Int64: return .int(v)
        case let v as UInt8: return .int(Int64(v))
        case let v as UInt16: return .int(Int64(v))
        case let v as UInt32: return .int(Int64(v))
        case let v as UInt:
            guard let i = Int64(exactly: v) else { return .double(Double(v)) }
            return .int(i)
        case let v as Float: return .float(v)
        case let v as CGFloat: return .double(Double(v))
        case let v as any _CustomPersistable:
            let persisted = v.persistableValue
            if persisted is ObjectBase {
                throw GeodeError.query(
                    message:
                        "a \(type(of: v)) is stored as an embedded object: compare it with == or != (member by member), or compare its members",
                    column: 0)
            }
            return try scalar(persisted, realm)
        case let v as Data: return .binary(Array(v))
        case let v as UUID: return .uuid(v)
        case let v as ObjectId: return .objectId(v.bytes)
        case let v as Decimal128: return .decimal128(v.bits)
        case let object as Object:
            // An unmanaged object is no stored object: it equals none, as in Realm.
            guard let ref = object._ref else {
                let table = realm?.realmClass(named: ClassInfo.className(type(of: object)))?.table.schema.table
                return .link(Link(table: table ?? .max, key: Self.noStoredKey))
            }
            return .link(Link(table: ref.cls.table.schema.table, key: ref.key))
        case let v as any PersistableEnum:
            return try scalar(v.rawValue as Any, realm)
        case let optional as any _OptionalArgument:
            // Optionals arrive boxed in Any: unwrap them.
            guard let wrapped = optional._wrapped else { return .null }
            return try scalar(wrapped, realm)
        default:
            return nil
        }
    }
}

/// Optionals boxed in `Any`, unwrapped without reflection (query arguments
/// and the right-hand sides of type-safe comparisons arrive so).
protocol _OptionalArgument {
    var _wrapped: Any? { get }
}

extension Optional: _OptionalArgument {
    var _wrapped: Any? { self.map { $0 as Any } }
}

/// The geo shapes (`GeoBox`, `GeoCircle`, `GeoPolygon`) a query accepts as arguments.
protocol GeoShapeConvertible {
    var geoShape: GeoShape { get }
}
