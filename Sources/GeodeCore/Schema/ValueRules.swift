/// Realm's rules for one value (sizes, map keys, nesting, nulls, scalar
/// types), each written once so that the validator, the document writer, the
/// JSON tree writer, the row builder and the public API cannot drift apart.
///
/// The predicates are inlined Bool tests, so a hot path that calls them costs
/// what a comparison of its own did; an issue (``ValueIssue/Kind``) is built
/// only when a rule is broken, so a value that passes allocates nothing.
///
/// ```swift
/// if let kind = ValueRules.stringIssue(bytes: s.utf8.count) { throw StoreError.invalidValue(ValueIssue(kind)) }
/// ```
package enum ValueRules {
    // MARK: - Sizes

    /// Whether a string of `bytes` UTF-8 bytes is within ``Value/maximumStringBytes``.
    @inline(__always)
    package static func fitsString(bytes: Int) -> Bool {
        bytes <= Value.maximumStringBytes
    }

    /// Whether a binary value of `bytes` bytes is within ``Value/maximumDataBytes``.
    @inline(__always)
    package static func fitsData(bytes: Int) -> Bool {
        bytes <= Value.maximumDataBytes
    }

    /// What is wrong with a string of `bytes` UTF-8 bytes, or nil when it fits.
    package static func stringIssue(bytes: Int) -> ValueIssue.Kind? {
        fitsString(bytes: bytes) ? nil : .stringTooLong(bytes: bytes, limit: Value.maximumStringBytes)
    }

    /// What is wrong with a binary value of `bytes` bytes, or nil when it fits.
    package static func dataIssue(bytes: Int) -> ValueIssue.Kind? {
        fitsData(bytes: bytes) ? nil : .dataTooLong(bytes: bytes, limit: Value.maximumDataBytes)
    }

    // MARK: - Map keys

    /// Whether a map key, as UTF-8 bytes, is legal: not empty, not starting
    /// with `$`, no `.` (on the bytes, because imports check every key and
    /// Foundation's string search is far slower).
    @inline(__always)
    package static func isLegalMapKey(utf8 key: UnsafeRawBufferPointer) -> Bool {
        guard let first = key.first, first != UInt8(ascii: "$") else { return false }
        return !key.contains(UInt8(ascii: "."))
    }

    /// What is wrong with a map key given as UTF-8 bytes, or nil when it is
    /// allowed: too long (as a string would be) first, then illegal.
    package static func mapKeyIssue(utf8 key: UnsafeRawBufferPointer) -> ValueIssue.Kind? {
        guard fitsString(bytes: key.count) else {
            return .mapKeyTooLong(bytes: key.count, limit: Value.maximumStringBytes)
        }
        guard isLegalMapKey(utf8: key) else { return .illegalMapKey(String(decoding: key, as: UTF8.self)) }
        return nil
    }

    /// ``mapKeyIssue(utf8:)`` for a key held as a string (read in place when
    /// the string is native, as engine values' keys are).
    package static func mapKeyIssue(_ key: String) -> ValueIssue.Kind? {
        var key = key
        return key.withUTF8 { mapKeyIssue(utf8: UnsafeRawBufferPointer($0)) }
    }

    // MARK: - Nesting

    /// Whether a list or map may sit at `depth`: the number of lists and maps
    /// around it inside the property's value (0 for one held directly by an
    /// AnyRealmValue), so at most ``Value/maximumNesting`` levels nest.
    @inline(__always)
    package static func admitsNesting(depth: Int) -> Bool {
        depth < Value.maximumNesting
    }

    /// What is wrong with a list or map at `depth` (as ``admitsNesting(depth:)``
    /// counts it), or nil when it may sit there.
    package static func nestingIssue(depth: Int) -> ValueIssue.Kind? {
        admitsNesting(depth: depth) ? nil : .nestingTooDeep(limit: Value.maximumNesting)
    }

    // MARK: - Nulls and types

    /// Whether null may stand for a value of `type`: the type is optional, or
    /// it is AnyRealmValue, which holds null as a value of its own.
    @inline(__always)
    package static func admitsNull(type: PropertyType, isOptional: Bool) -> Bool {
        isOptional || type == .mixed
    }

    /// Whether null may stand for one of `property`'s values (the property
    /// itself, or an element of its collection).
    @inline(__always)
    package static func admitsNull(_ property: PropertySchema) -> Bool {
        admitsNull(type: property.type, isOptional: property.isOptional)
    }

    /// Whether `value` is a scalar of `type`'s own case, taken as it is with
    /// no conversion (bool, int, float, double, string, data, date,
    /// decimal128, objectId, uuid); false for null, links, collections and
    /// embedded objects, whose rules need more than the case. Decided on the
    /// case alone: sizes are checked apart.
    @inline(__always)
    package static func isScalar(_ value: borrowing Value, of type: PropertyType) -> Bool {
        switch value {
        case .bool: return type == .bool
        case .int: return type == .int
        case .float: return type == .float
        case .double: return type == .double
        case .timestamp: return type == .date
        case .decimal128: return type == .decimal128
        case .objectId: return type == .objectId
        case .uuid: return type == .uuid
        case .string: return type == .string
        case .binary: return type == .data
        case .null, .link, .list, .map, .embedded: return false
        }
    }
}

extension PropertySchema {
    /// The type one of the property's values must have, as a `.wrongType`
    /// issue names it: the target class for links and embedded objects,
    /// else the type's name.
    package var elementTypeName: String {
        type == .object ? (objectClassName ?? "object") : type.rawValue
    }
}
