import GeodeCore

/// What a `create(value:)` or `init(value:)` input gives, by property
/// position: a dictionary's values by name (names the class does not have are
/// ignored), an array's in property order (no more values than properties),
/// another object's by name. An engine map or list, what an import reads,
/// counts as a dictionary or an array.
///
/// ```swift
/// let given = try CreateInput.values(["name": "Rex"], names: ["name", "age"], className: "Dog") { $0[$1] }
/// // [(position: 0, value: "Rex")]
/// ```
enum CreateInput {
    /// The values `value` gives for the properties `names`, in property order.
    /// `reading` reads a property of a source object, nil when it has none of that name.
    static func values(
        _ value: Any, names: [String], className: String, reading: (ObjectBase, String) -> Any?
    ) throws -> [(position: Int, value: Any)] {
        switch value {
        case let .map(entries) as Value:
            return names.indices.compactMap { i in entries[names[i]].map { (i, $0 as Any) } }
        case let .list(items) as Value:
            return try ordered(items.map { $0 as Any }, names, className)
        case let dictionary as [String: Any]:
            return names.indices.compactMap { i in dictionary[names[i]].map { (i, $0) } }
        case let array as [Any]:
            return try ordered(array, names, className)
        case let source as ObjectBase:
            return names.indices.compactMap { i in reading(source, names[i]).map { (i, $0) } }
        default:
            throw GeodeError.invalidValue(
                "a '\(className)' is made from a dictionary, an array or an object, not \(type(of: value))")
        }
    }

    private static func ordered(_ array: [Any], _ names: [String], _ className: String) throws
        -> [(position: Int, value: Any)]
    {
        guard array.count <= names.count else {
            throw GeodeError.invalidValue(
                "\(array.count) values given for the \(names.count) properties of '\(className)'")
        }
        return array.enumerated().map { ($0.offset, $0.element) }
    }
}
