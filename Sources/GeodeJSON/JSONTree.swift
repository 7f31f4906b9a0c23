import CJansson
import GeodeCore

/// One parsed record, kept as jansson built it so that it can be read member
/// by member, converted to engine values only where needed, or written into a
/// document without building engine values at all (``JSONNode/encodeMixed(into:className:property:)``).
///
/// ```swift
/// let tree = JSONTree(value: .map(["a": .int(1)]))
/// let a = tree.root["a"]?.value    // .int(1)
/// ```
package final class JSONTree: @unchecked Sendable {
    private let json: UnsafeMutablePointer<json_t>?
    private var converted: Value?
    /// The arena the tree was parsed in, if any, and its epoch then.
    private let arena: (state: UnsafeMutablePointer<JSONArena.State>, epoch: Int)?

    /// Takes over a jansson tree (released with this object).
    init(owning json: UnsafeMutablePointer<json_t>) {
        self.json = json
        arena = JSONArena.current.map { ($0, $0.pointee.epoch) }
    }

    /// A tree already in engine values (a record read another way).
    package init(value: Value) {
        json = nil
        converted = value
        arena = nil
    }

    deinit {
        guard let json else { return }
        if let arena {
            precondition(
                JSONArena.current == arena.state && arena.state.pointee.epoch == arena.epoch,
                "Geode: a JSON record parsed in an arena outlived it (release records on their parser thread, before the arena resets)"
            )
        }
        json_decref(json)
    }

    /// The same record as an engine value, detached from jansson's tree (and
    /// from any arena), so it may be kept or handed to another thread.
    package func detached() -> JSONTree {
        JSONTree(value: value)
    }

    /// The whole record as an engine value (converted once, on first use).
    package var value: Value {
        if let converted { return converted }
        let value = json.map(JSONReader.convert) ?? .null
        converted = value
        return value
    }

    /// The record's top node; valid while this tree lives.
    package var root: JSONNode {
        if let json { return JSONNode(json: json) }
        return JSONNode(value: converted ?? .null)
    }
}

/// A value inside a ``JSONTree``: a jansson node, or an engine value. Valid
/// only while its tree lives, and on the thread that reads the tree.
package struct JSONNode: @unchecked Sendable {
    private enum Storage {
        case json(UnsafeMutablePointer<json_t>)
        case value(Value)
    }

    private let storage: Storage

    init(json: UnsafeMutablePointer<json_t>) { storage = .json(json) }

    init(value: Value) { storage = .value(value) }

    /// The node as an engine value.
    package var value: Value {
        switch storage {
        case let .json(json): return JSONReader.convert(json)
        case let .value(value): return value
        }
    }

    /// Whether the node is jansson's (else it holds an engine value, which
    /// ``encodeMixed(into:className:property:)`` writes without checking it).
    package var isParsed: Bool {
        if case .json = storage { return true }
        return false
    }

    /// Whether the node is an object (a map).
    package var isObject: Bool {
        switch storage {
        case let .json(json): return geode_json_typeof(json) == JSON_OBJECT
        case let .value(value): if case .map = value { return true } else { return false }
        }
    }

    /// The number of elements of an array node; nil for other nodes.
    package var arrayCount: Int? {
        switch storage {
        case let .json(json): return geode_json_typeof(json) == JSON_ARRAY ? json_array_size(json) : nil
        case let .value(value): if case let .list(items) = value { return items.count } else { return nil }
        }
    }

    /// Element `index` of an array node; nil when out of range or not an array.
    package subscript(index: Int) -> JSONNode? {
        switch storage {
        case let .json(json):
            guard geode_json_typeof(json) == JSON_ARRAY, let element = json_array_get(json, index) else { return nil }
            return JSONNode(json: element)
        case let .value(value):
            guard case let .list(items) = value, items.indices.contains(index) else { return nil }
            return JSONNode(value: items[index])
        }
    }

    /// Whether the node is JSON null.
    package var isNull: Bool {
        switch storage {
        case let .json(json): return geode_json_typeof(json) == JSON_NULL
        case let .value(value): return value == .null
        }
    }

    /// The JSON type's name, as engine values name theirs (`map`, `list`, `string`…).
    package var typeName: String { shallowValue.typeName }

    /// The number of members of an object node; nil for other nodes.
    package var memberCount: Int? {
        switch storage {
        case let .json(json): return geode_json_typeof(json) == JSON_OBJECT ? json_object_size(json) : nil
        case let .value(value): if case let .map(members) = value { return members.count } else { return nil }
        }
    }

    /// The members of an object node, in the order the text gives them; empty for other nodes.
    package var members: [(key: String, node: JSONNode)] {
        switch storage {
        case let .json(json):
            guard geode_json_typeof(json) == JSON_OBJECT else { return [] }
            var members: [(key: String, node: JSONNode)] = []
            var iterator = json_object_iter(json)
            while let at = iterator, let key = json_object_iter_key(at), let member = json_object_iter_value(at) {
                members.append((String(cString: key), JSONNode(json: member)))
                iterator = json_object_iter_next(json, at)
            }
            return members
        case let .value(value):
            guard case let .map(members) = value else { return [] }
            return members.map { ($0.key, JSONNode(value: $0.value)) }
        }
    }

    /// The member `key` of an object node; nil when absent or not an object.
    package subscript(key: String) -> JSONNode? {
        switch storage {
        case let .json(json):
            guard geode_json_typeof(json) == JSON_OBJECT, let member = json_object_get(json, key) else { return nil }
            return JSONNode(json: member)
        case let .value(value):
            guard case let .map(members) = value, let member = members[key] else { return nil }
            return JSONNode(value: member)
        }
    }

    /// Scalars as they are; objects and arrays empty (only their kind is wanted).
    private var shallowValue: Value {
        guard case let .json(json) = storage else { return value }
        switch geode_json_typeof(json) {
        case JSON_OBJECT: return .map([:])
        case JSON_ARRAY: return .list([])
        default: return JSONReader.convert(json)
        }
    }

    // MARK: - Writing into a document

    /// Writes the node into `writer` as the value of an AnyRealmValue property,
    /// applying AnyRealmValue's rules as the store's validation does (map keys,
    /// nesting, string sizes), with exactly the bytes the engine value would
    /// have — no engine value is built. A node that holds an engine value
    /// (``isParsed`` false) is written as it is: validate such a value first.
    /// - Throws: ``StoreError/invalidValue(_:)`` naming class, property and path.
    package func encodeMixed(into writer: inout DocumentWriter, className: String, property: String) throws {
        do {
            switch storage {
            case let .json(json): try Self.encode(json, into: &writer, depth: 0)
            case let .value(value): writer.append(value)
            }
        } catch let problem as MixedProblem {
            throw StoreError.invalidValue(
                ValueIssue(
                    problem.kind, className: className, property: property,
                    path: problem.path.reversed().joined()))
        }
    }

    /// A rule broken inside a value, with the path to it (innermost first).
    private struct MixedProblem: Error {
        var kind: ValueIssue.Kind
        var path: [String] = []
    }

    private static func encode(_ json: UnsafeMutablePointer<json_t>, into writer: inout DocumentWriter, depth: Int)
        throws
    {
        switch geode_json_typeof(json) {
        case JSON_OBJECT:
            if let kind = ValueRules.nestingIssue(depth: depth) { throw MixedProblem(kind: kind) }
            let container = writer.beginContainer()
            var iterator = json_object_iter(json)
            while let it = iterator {
                guard let keyPointer = json_object_iter_key(it) else { break }
                let key = UnsafeRawBufferPointer(start: keyPointer, count: json_object_iter_key_len(it))
                if let kind = ValueRules.mapKeyIssue(utf8: key) { throw MixedProblem(kind: kind) }
                if let child = json_object_iter_value(it) {
                    writer.element(of: container)
                    writer.appendKey(key)
                    do {
                        try encode(child, into: &writer, depth: depth + 1)
                    } catch var problem as MixedProblem {
                        problem.path.append("[\"\(String(decoding: key, as: UTF8.self))\"]")
                        throw problem
                    }
                }
                iterator = json_object_iter_next(json, it)
            }
            writer.endContainer(container, tag: .map)
        case JSON_ARRAY:
            if let kind = ValueRules.nestingIssue(depth: depth) { throw MixedProblem(kind: kind) }
            let container = writer.beginContainer()
            for i in 0 ..< json_array_size(json) {
                guard let child = json_array_get(json, i) else { continue }
                writer.element(of: container)
                do {
                    try encode(child, into: &writer, depth: depth + 1)
                } catch var problem as MixedProblem {
                    problem.path.append("[\(i)]")
                    throw problem
                }
            }
            writer.endContainer(container, tag: .list)
        case JSON_STRING:
            let length = json_string_length(json)
            if let kind = ValueRules.stringIssue(bytes: length) { throw MixedProblem(kind: kind) }
            writer.appendString(UnsafeRawBufferPointer(start: json_string_value(json), count: length))
        default:
            writer.append(JSONReader.convert(json))
        }
    }
}
