import GeodeCore

/// What a `create(value:)` or `init(value:)` input gives, by property
/// position: a dictionary's values by name (names the class does not have are
/// ignored), an array's in property order (no more values than properties),
/// another object's by name. An engine map or list, what an import reads,
/// counts as a dictionary or an array.
///
/// ```swift
/// try CreateInput.forEach(["name": "Rex"], names: ["name", "age"], className: "Dog", reading: { $0[$1] }) {
///     print($0, $1)   // 0 Rex
/// }
/// ```
enum CreateInput {
    /// Calls `body` with the position and value of each property `value`
    /// gives, in property order, of the properties named `names`. `reading`
    /// reads a property of a source object, nil when it has none of that name.
    static func forEach<Names: RandomAccessCollection<String>>(
        _ value: Any, names: Names, className: String, reading: (ObjectBase, String) -> Any?,
        _ body: (Int, Any) throws -> Void
    ) throws where Names.Index == Int {
        switch engineInput(value) {
        case let .map(entries)?:
            for i in names.indices { if let given = entries[names[i]] { try body(i, given) } }
            return
        case let .list(items)?:
            try checkCount(items.count, names.count, className)
            for (i, given) in items.enumerated() { try body(i, given) }
            return
        default:
            break
        }
        switch value {
        case let dictionary as [String: Any]:
            for i in names.indices { if let given = dictionary[names[i]] { try body(i, given) } }
        case let array as [Any]:
            try checkCount(array.count, names.count, className)
            for (i, given) in array.enumerated() { try body(i, given) }
        case let source as ObjectBase:
            for i in names.indices { if let given = reading(source, names[i]) { try body(i, given) } }
        default:
            throw GeodeError.invalidValue(
                "a '\(className)' is made from a dictionary, an array or an object, not \(type(of: value))")
        }
    }

    private static func checkCount(_ given: Int, _ properties: Int, _ className: String) throws {
        guard given <= properties else {
            throw GeodeError.invalidValue("\(given) values given for the \(properties) properties of '\(className)'")
        }
    }
}

/// `any` as an engine value when it is one (what an import reads), tested by
/// type identity: a failed `as?` cast costs more than the whole conversion of a
/// small value, and `create(value:)` asks this of every property value.
@inline(__always)
func engineInput(_ any: Any) -> Value? {
    type(of: any) == Value.self ? any as? Value : nil
}
