import Foundation
import GeodeCore

/// Something `print` shows as Realm shows it, nested within a depth.
protocol RealmDescribable {
    /// The description, with `depth` levels of objects and collections left to show.
    func realmDescription(depth: Int) -> String
}

/// The text `print(object)` and `print(list)` show, in Realm's format, so that
/// logs and debugger output read as they did with Realm:
///
/// ```
/// Dog {
/// 	name = Rex;
/// 	owner = Person {
/// 		name = Ann;
/// 	};
/// 	tags = List<string> <0x600000c2c1e0> (
/// 		[0] good,
/// 		[1] loud
/// 	);
/// }
/// ```
///
/// Objects and collections nest to five levels, then read
/// `<Maximum depth exceeded>`; a collection shows its first 100 elements.
/// Numbers are shown as `NSNumber` does (`true` as 1, 1.0 as 1), null as
/// `(null)`, data as its first 24 bytes in hex and its length.
enum RealmDescription {
    static let maximumDepth = 5
    static let maximumElements = 100
    static let maximumDataBytes = 24
    static let depthExceeded = "<Maximum depth exceeded>"

    /// `Class {` and a line per property, `}`.
    static func object(_ object: ObjectBase, depth: Int) -> String {
        guard depth > 0 else { return depthExceeded }
        let info = object._ref?.cls.info ?? ClassInfo.of(type(of: object))
        var text = "\(info.name) {\n"
        for property in info.properties where property.kind.type != .linkingObjects {
            let value = value(object[property.name], depth: depth - 1)
            text += "\t\(property.name) = \(indented(value));\n"
        }
        return text + "}"
    }

    /// `Kind<Element> <address> (`, a line per element, `)`: a `List`,
    /// `MutableSet`, `Results`… (`kind`), its elements named as Realm names
    /// their type unless `element` names them.
    static func collection<C: Collection & AnyObject>(
        _ kind: String, _ collection: C, named element: String? = nil, depth: Int
    ) -> String {
        guard depth > 0 else { return depthExceeded }
        let lines = collection.prefix(maximumElements).enumerated().map { index, element in
            "\t[\(index)] \(indented(value(element, depth: depth - 1)))"
        }
        return header(kind, element ?? typeName(of: C.Element.self), collection) + lines.joined(separator: ",\n")
            + skipped(collection.count) + "\n)"
    }

    /// `Map<string, Value> <address> (`, a line per entry, `)`.
    static func map<Value>(_ map: AnyObject, _ entries: [(key: String, value: Value)], depth: Int) -> String {
        guard depth > 0 else { return depthExceeded }
        let lines = entries.prefix(maximumElements).map { entry in
            "\t[\(entry.key)]: \(indented(value(entry.value, depth: depth - 1)))"
        }
        return header("Map", "string, \(typeName(of: Value.self))", map) + lines.joined(separator: ",\n")
            + skipped(entries.count) + "\n)"
    }

    /// Realm's name of an element type: the class of objects, else `string`, `int`, `object id`…
    private static func typeName(_ kind: _PropertyKind) -> String {
        switch kind.type {
        case .object, .linkingObjects: return kind.objectType.map { ClassInfo.of($0).name } ?? "object"
        case .objectId: return "object id"
        default: return kind.type.rawValue
        }
    }

    /// Realm's name of the elements of a collection of `type`.
    static func typeName(of type: Any.Type) -> String {
        if let object = type as? ObjectBase.Type { return ClassInfo.of(object).name }
        if let value = type as? any _PersistableValue.Type { return typeName(value._geodeKind) }
        return "\(type)"
    }

    /// One value as Realm shows it.
    static func value(_ any: Any?, depth: Int) -> String {
        guard let any = unwrapped(any) else { return "(null)" }
        switch any {
        case let describable as RealmDescribable: return describable.realmDescription(depth: depth)
        case let value as AnyRealmValue: return anyValue(value, depth: depth)
        case let bool as Bool: return bool ? "1" : "0"
        case let double as Double: return number(double)
        case let float as Float: return number(float)
        case let data as Data:
            let hex = data.prefix(maximumDataBytes).map { String(format: "%02x", $0) }.joined()
            return "<\(hex) — \(data.count) total bytes>"
        default: return "\(any)"
        }
    }

    private static func anyValue(_ value: AnyRealmValue, depth: Int) -> String {
        switch value {
        case .none: return "(null)"
        case let .int(i): return "\(i)"
        case let .bool(b): return b ? "1" : "0"
        case let .float(f): return number(f)
        case let .double(d): return number(d)
        case let .string(s): return s
        case let .data(d): return Self.value(d, depth: depth)
        case let .date(d): return "\(d)"
        case let .objectId(id): return "\(id)"
        case let .decimal128(d): return "\(d)"
        case let .uuid(u): return "\(u)"
        case let .object(o): return Self.object(o, depth: depth)
        case let .list(list): return list.realmDescription(depth: depth)
        case let .dictionary(map): return map.realmDescription(depth: depth)
        }
    }

    /// A number as `NSNumber` writes it: whole numbers without a fraction,
    /// others with the digits their own type needs (a float's 1.23 is 1.23).
    private static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e16 { return "\(Int64(value))" }
        return "\(value)"
    }

    private static func header(_ kind: String, _ element: String, _ address: AnyObject) -> String {
        "\(kind)<\(element)> <\(Unmanaged.passUnretained(address).toOpaque())> (\n"
    }

    private static func skipped(_ count: Int) -> String {
        count > maximumElements ? "\n\t... \(count - maximumElements) objects skipped." : ""
    }

    /// Nested text one tab further in.
    private static func indented(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n\t")
    }

    /// The value inside any number of optionals; nil for none or `NSNull`.
    private static func unwrapped(_ any: Any?) -> Any? {
        guard let any, !isNullInput(any) else { return nil }
        if let optional = any as? OptionalInput { return unwrapped(optional.wrappedInput) }
        return any
    }
}

extension ObjectBase: CustomStringConvertible, RealmDescribable {
    func realmDescription(depth: Int) -> String { RealmDescription.object(self, depth: depth) }
}
