import Foundation
import OrderedCollections

/// One step of a path into a document: a slot or list index, or a map key.
package enum PathStep: Hashable, Sendable {
    case index(Int)
    case key(String)
}

/// A container in an encoded document (the document itself, a list, a map or
/// an embedded object), read in place: nothing is decoded until asked for.
///
/// Every read is bounds-checked; damaged bytes throw
/// ``StoreError/corruptDocument(detail:offset:)`` instead of crashing.
///
/// ```swift
/// let document = try ContainerView(document: bytes)
/// let name = try document.value(at: 0)?.string()       // slot 0 only
/// let c = try document.value(atPath: [.index(5), .key("a"), .index(2)])
/// ```
package struct ContainerView {
    let bytes: UnsafeRawBufferPointer
    /// Where the store spells out interned map keys.
    let keys: MapKeySpelling
    /// The kind of container: `.embedded` for documents too.
    package let kind: ValueTag
    /// The number of elements (slots, list elements, map entries).
    package let count: Int
    private let width: Int
    private let tableStart: Int
    private let payloadStart: Int
    private let end: Int

    /// Reads the top-level container of a document occupying all of `document`,
    /// whose interned map keys `keys` spells out (a store's ``MapKeyTable``).
    @inline(__always)
    package init(document: UnsafeRawBufferPointer, keys: MapKeySpelling = .none) throws {
        try self.init(bytes: document, keys: keys, kind: .embedded, start: 0, end: document.count)
    }

    @inline(__always)
    init(bytes: UnsafeRawBufferPointer, keys: MapKeySpelling, kind: ValueTag, start: Int, end: Int) throws {
        guard start < end, end <= bytes.count else { throw Self.damaged("container runs past its end", start) }
        let widthCode = bytes[start]
        guard widthCode <= 2 else { throw Self.damaged("bad offset width \(widthCode)", start) }
        width = 1 << Int(widthCode)
        var position = start + 1
        let n = try Self.readVarint(bytes, &position, end)
        tableStart = position
        let (tableBytes, overflow) = n.multipliedReportingOverflow(by: width)
        guard !overflow, tableBytes <= end - position else {
            throw Self.damaged("offset table of \(n) entries overflows", start)
        }
        payloadStart = position + tableBytes
        self.bytes = bytes
        self.keys = keys
        self.kind = kind
        self.count = n
        self.end = end
    }

    /// The position of element `i`'s first byte.
    @inline(__always)
    private func elementStart(_ i: Int) throws -> Int {
        let at = tableStart + i * width
        let relative: Int
        switch width {
        case 1: relative = Int(bytes[at])
        case 2: relative = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
        default: relative = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }
        let position = payloadStart + relative
        guard position < end else { throw Self.damaged("element \(i) starts past the container's end", at) }
        return position
    }

    /// The value of element `i` (a slot, a list element, or a map entry's value);
    /// nil past the end (a slot added to the class after this document was written).
    @inline(__always)
    package func value(at i: Int) throws -> ValueView? {
        guard i >= 0, i < count else { return nil }
        var position = try elementStart(i)
        if kind == .map {
            let at = position
            _ = try readKey(&position)
            return try valueAfterKey(at: position, keyAt: at)
        }
        return ValueView(bytes: bytes, keys: keys, position: position, limit: end)
    }

    /// The bytes of element `i` of a document or list, tag included, in place:
    /// what ``DocumentWriter/encodeDocument(slots:from:_:)`` copies.
    package func elementBytes(at i: Int) throws -> UnsafeRawBufferPointer {
        precondition(kind != .map, "map entries are read with their keys")
        guard i >= 0, i < count else { throw Self.damaged("element \(i) of \(count) does not exist", tableStart) }
        let start = try elementStart(i)
        let stop = i + 1 < count ? try elementStart(i + 1) : end
        guard start < stop else { throw Self.damaged("element \(i) ends before it starts", start) }
        return UnsafeRawBufferPointer(rebasing: bytes[start ..< stop])
    }

    /// The value of a map entry, which starts right after its key (read at
    /// `keyAt`); a key that runs to the map's end has none, and that is damage.
    @inline(__always)
    private func valueAfterKey(at position: Int, keyAt: Int) throws -> ValueView {
        guard position < end else { throw Self.damaged("map entry has a key but no value", keyAt) }
        return ValueView(bytes: bytes, keys: keys, position: position, limit: end)
    }

    /// Reads the map key at `position` (moving past it): spelled out in place,
    /// or an interned number spelled out by the store's key table.
    @inline(__always)
    private func readKey(_ position: inout Int) throws -> UnsafeRawBufferPointer {
        let at = position
        let reference = try Self.readVarint(bytes, &position, end)
        return try spelling(ofKey: reference, at: at, &position)
    }

    /// The spelling of the map key whose reference (read at `at`) is
    /// `reference`: odd, an interned number; even, the length of the bytes
    /// that follow at `position` (moved past them).
    @inline(__always)
    private func spelling(ofKey reference: Int, at: Int, _ position: inout Int) throws -> UnsafeRawBufferPointer {
        if reference & 1 == 1 {
            guard let spelled = keys.key(reference >> 1) else {
                throw Self.damaged("map key number \(reference >> 1) is not in the store's key table", at)
            }
            return spelled
        }
        let keyLength = reference >> 1
        guard keyLength <= end - position else { throw Self.damaged("map key runs past the end", at) }
        position += keyLength
        return UnsafeRawBufferPointer(rebasing: bytes[position - keyLength ..< position])
    }

    /// The key of map entry `i`, as UTF-8 bytes in place (in the document or
    /// in the store's key table).
    package func keyBytes(at i: Int) throws -> UnsafeRawBufferPointer {
        precondition(kind == .map, "keys exist only in maps")
        var position = try elementStart(i)
        return try readKey(&position)
    }

    /// The key of map entry `i`.
    package func key(at i: Int) throws -> String {
        String(decoding: try keyBytes(at: i), as: UTF8.self)
    }

    /// The value under `key` in a map; nil when absent or when this is not a map.
    package func value(forKey key: String) throws -> ValueView? {
        guard kind == .map else { return nil }
        var key = key
        return try key.withUTF8 { try value(forKeyBytes: UnsafeRawBufferPointer($0)) }
    }

    /// The value under the UTF-8 key `wanted` in a map; nil when absent or when this is not a map.
    ///
    /// `number` is the key's number in the store's key table when it has one
    /// (a committed number; -1 otherwise): an interned key of the document then
    /// matches by its number alone, without reading its spelling. `hint`, when
    /// given, is the entry to try first, and is set to where the key was found:
    /// the documents of one class mostly put a key at the same place.
    @inline(__always)
    package func value(
        forKeyBytes wanted: UnsafeRawBufferPointer, number: Int = -1,
        hint: UnsafeMutablePointer<Int>? = nil
    ) throws -> ValueView? {
        guard kind == .map else { return nil }
        if let hint, hint.pointee < count, let found = try entry(hint.pointee, ifKeyIs: wanted, number: number) {
            return found
        }
        for i in 0 ..< count {
            if let found = try entry(i, ifKeyIs: wanted, number: number) {
                hint?.pointee = i
                return found
            }
        }
        return nil
    }

    /// The value of map entry `i` when its key is `wanted` (numbered `number`, or -1).
    @inline(__always)
    private func entry(_ i: Int, ifKeyIs wanted: UnsafeRawBufferPointer, number: Int) throws -> ValueView? {
        var position = try elementStart(i)
        let at = position
        let reference = try Self.readVarint(bytes, &position, end)
        if reference & 1 == 1, number >= 0 {
            // One spelling per number: another number is another key.
            return reference >> 1 == number ? try valueAfterKey(at: position, keyAt: at) : nil
        }
        let key = try spelling(ofKey: reference, at: at, &position)
        guard key.count == wanted.count, key.count == 0 || memcmp(key.baseAddress!, wanted.baseAddress!, key.count) == 0
        else { return nil }
        return try valueAfterKey(at: position, keyAt: at)
    }

    /// The value at the end of `path`, reading only the containers on the way.
    package func value(atPath path: [PathStep]) throws -> ValueView? {
        try value(atPath: path[...])
    }

    /// The value at the end of `path`, reading only the containers on the way.
    package func value(atPath path: ArraySlice<PathStep>) throws -> ValueView? {
        var container = self
        var remaining = path[...]
        while let step = remaining.popFirst() {
            let found: ValueView?
            switch step {
            case let .index(i): found = container.kind == .map ? nil : try container.value(at: i)
            case let .key(k): found = try container.value(forKey: k)
            }
            guard let found else { return nil }
            if remaining.isEmpty { return found }
            guard let next = try found.container() else { return nil }
            container = next
        }
        return nil
    }

    /// Decodes every element.
    package func decodeAll() throws -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        for i in 0 ..< count {
            if let v = try value(at: i) { values.append(try v.decode()) }
        }
        return values
    }

    /// Decodes a map's entries in order.
    package func decodeMap() throws -> OrderedDictionary<String, Value> {
        var map = OrderedDictionary<String, Value>(minimumCapacity: count)
        for i in 0 ..< count {
            guard let v = try value(at: i) else { continue }
            map[try key(at: i)] = try v.decode()
        }
        return map
    }

    /// Reads an unsigned LEB128 number at `position`, moving past it; most
    /// are one byte, read here inline.
    @inline(__always)
    static func readVarint(_ bytes: UnsafeRawBufferPointer, _ position: inout Int, _ end: Int) throws -> Int {
        if position < end {
            let byte = bytes[position]
            if byte < 0x80 {
                position += 1
                return Int(byte)
            }
        }
        return try readLongVarint(bytes, &position, end)
    }

    @inline(never)
    private static func readLongVarint(_ bytes: UnsafeRawBufferPointer, _ position: inout Int, _ end: Int) throws -> Int
    {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        let start = position
        while true {
            guard position < end else { throw damaged("length runs past the end", start) }
            let byte = bytes[position]
            position += 1
            guard shift < 63 else { throw damaged("length too long", start) }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        guard result <= UInt64(Int32.max) else { throw damaged("length \(result) too large", start) }
        return Int(result)
    }

    static func damaged(_ detail: String, _ offset: Int) -> StoreError {
        .corruptDocument(detail: detail, offset: offset)
    }
}

/// One encoded value, read in place.
package struct ValueView {
    let bytes: UnsafeRawBufferPointer
    /// Where the store spells out interned map keys.
    let keys: MapKeySpelling
    /// The position of the value's tag.
    let position: Int
    /// The end of the enclosing container: nothing may be read past it.
    let limit: Int

    /// The value's tag; nil when the byte is not a tag.
    var tag: ValueTag? { ValueTag(byte: bytes[position]) }

    /// Whether the value is null.
    package var isNull: Bool { bytes[position] == ValueTag.null.rawValue }

    /// The value's type tag; nil for a byte no tag has (a damaged document).
    package var kind: ValueTag? { tag }

    private func need(_ n: Int) throws {
        guard n <= limit - position - 1 else { throw ContainerView.damaged("value runs past its container", position) }
    }

    private func load<T: FixedWidthInteger>(_: T.Type, at offset: Int = 1) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: position + offset, as: T.self))
    }

    /// The integer, if the value is one.
    package func int() throws -> Int64? {
        switch tag {
        case .int8: try need(1); return Int64(Int8(bitPattern: bytes[position + 1]))
        case .int16: try need(2); return Int64(Int16(bitPattern: load(UInt16.self)))
        case .int32: try need(4); return Int64(Int32(bitPattern: load(UInt32.self)))
        case .int64: try need(8); return Int64(bitPattern: load(UInt64.self))
        default: return nil
        }
    }

    /// The double, if the value is one.
    package func double() throws -> Double? {
        switch tag {
        case .double?:
            try need(8)
            return Double(bitPattern: load(UInt64.self))
        case .scaledDouble?:
            try need(4)
            return ScaledDouble.double(Int32(bitPattern: load(UInt32.self)))
        default: return nil
        }
    }

    /// The value as a double, if it is a double or an integer (coordinates
    /// written into an AnyRealmValue may be either).
    package func number() throws -> Double? {
        if let d = try double() { return d }
        return try int().map(Double.init)
    }

    /// The float, if the value is one.
    package func float() throws -> Float? {
        guard tag == .float else { return nil }
        try need(4)
        return Float(bitPattern: load(UInt32.self))
    }

    /// The timestamp, if the value is one.
    package func timestamp() throws -> Timestamp? {
        guard tag == .timestamp else { return nil }
        try need(12)
        return Timestamp(
            seconds: Int64(bitPattern: load(UInt64.self)), nanoseconds: Int32(bitPattern: load(UInt32.self, at: 9)))
    }

    /// The string's UTF-8 bytes in place, if the value is a string.
    @inline(__always)
    package func stringBytes() throws -> UnsafeRawBufferPointer? {
        guard tag == .string else { return nil }
        var p = position + 1
        let n = try ContainerView.readVarint(bytes, &p, limit)
        guard n <= limit - p else { throw ContainerView.damaged("string runs past its container", position) }
        return UnsafeRawBufferPointer(rebasing: bytes[p ..< p + n])
    }

    /// The string, if the value is one.
    package func string() throws -> String? {
        try stringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The nested container, if the value is a list, map or embedded object.
    @inline(__always)
    package func container() throws -> ContainerView? {
        guard let tag, tag == .list || tag == .map || tag == .embedded else { return nil }
        var p = position + 1
        let n = try ContainerView.readVarint(bytes, &p, limit)
        guard n <= limit - p else { throw ContainerView.damaged("container runs past its parent", position) }
        return try ContainerView(bytes: bytes, keys: keys, kind: tag, start: p, end: p + n)
    }

    /// Decodes a scalar in full, but a list, map or embedded object only as an
    /// empty one of its kind: for readers that go on through the container in place.
    package func decodeShallow() throws -> Value {
        switch tag {
        case .list?: return .list([])
        case .map?: return .map([:])
        case .embedded?: return .embedded([])
        default: return try decode()
        }
    }

    /// Decodes the value (and everything inside it).
    package func decode() throws -> Value {
        guard let tag else { throw ContainerView.damaged("unknown tag \(bytes[position])", position) }
        switch tag {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int8, .int16, .int32, .int64: return .int(try int() ?? 0)
        case .float: return .float(try float() ?? 0)
        case .double, .scaledDouble: return .double(try double() ?? 0)
        case .string: return .string(try string() ?? "")
        case .binary:
            var p = position + 1
            let n = try ContainerView.readVarint(bytes, &p, limit)
            guard n <= limit - p else { throw ContainerView.damaged("data runs past its container", position) }
            return .binary(Array(bytes[p ..< p + n]))
        case .timestamp: return .timestamp(try timestamp() ?? Timestamp(seconds: 0, nanoseconds: 0))
        case .decimal128:
            try need(16)
            return .decimal128(Decimal128Bits(low: load(UInt64.self), high: load(UInt64.self, at: 9)))
        case .objectId:
            try need(12)
            return .objectId(ObjectIdBytes(Array(bytes[position + 1 ..< position + 13])))
        case .uuid:
            try need(16)
            let b = Array(bytes[position + 1 ..< position + 17])
            return .uuid(
                UUID(
                    uuid: (
                        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
                        b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
                    )))
        case .link:
            try need(12)
            return .link(Link(table: load(UInt32.self), key: ObjectKey(load(UInt64.self, at: 5))))
        case .list:
            return .list(try container()?.decodeAll() ?? [])
        case .map:
            return .map(try container()?.decodeMap() ?? [:])
        case .embedded:
            return .embedded(try container()?.decodeAll() ?? [])
        }
    }
}
