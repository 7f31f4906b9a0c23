import Foundation

/// Encodes values into Geode's document format (see `DocumentFormat.swift`).
///
/// The writer owns one growable byte buffer and one stack of element offsets,
/// reused from document to document: once warm, encoding allocates nothing.
/// A container is written payload first, behind room left for its header; the
/// header's size depends on the payload's, so the room is a guess (one-byte
/// offsets, or the last document's width), and the payload is slid with one
/// `memmove` only when the guess was wrong.
///
/// ```swift
/// var writer = DocumentWriter()
/// let bytes = writer.encodeDocument([.string("Rex"), .int(10), .null])
/// ```
package struct DocumentWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var count = 0
    private var capacity: Int
    /// Offsets of the elements of every container being written, innermost
    /// last: a raw stack, so pushing an offset is a store, not an array append.
    private var offsets: UnsafeMutablePointer<Int>
    private var offsetCount = 0
    private var offsetCapacity = 64
    /// The offset width of the last whole document: the guess for the next one.
    private var lastDocumentWidth = 1
    /// The store's interned keys, and whether this writer may intern new ones
    /// (only inside the write transaction).
    private var keyTable: MapKeyTable?
    private var mayIntern = false
    /// Numbers of keys met before, found without the table's lock.
    private var keyCache = MapKeyCache()
    private var keyTableFull = false
    /// Whether the last document spells out a key that the write transaction
    /// should intern (see ``PreparedRow``); only writers that may not intern set it.
    package private(set) var spelledOutNewKey = false
    /// Whether the last document holds a link it encoded (and needs backlink
    /// entries, see ``BacklinkIndex``): known without reading it again. Links
    /// copied from another document byte for byte are not seen.
    package private(set) var wroteLink = false
    /// Whether the document holds a string or data value over the engine's
    /// size limits (see ``encodeValidated(_:of:validator:)``).
    private var exceedsLimits = false

    package init() {
        self.init(keyTable: nil, interning: false)
    }

    private init(keyTable: MapKeyTable?, interning: Bool) {
        capacity = 4096
        base = .allocate(byteCount: capacity, alignment: 16)
        offsets = .allocate(capacity: offsetCapacity)
        self.keyTable = keyTable
        mayIntern = interning
    }

    deinit {
        base.deallocate()
        offsets.deallocate()
    }

    /// A writer that writes the map keys `table` holds as their numbers; with
    /// `interning` (in the write transaction only), it interns new keys too.
    package init(keys table: MapKeyTable, interning: Bool) {
        self.init(keyTable: table, interning: interning)
    }

    /// The bytes of a document holding `slots` in slot order.
    package mutating func encodeDocument(_ slots: [Value]) -> [UInt8] {
        withDocument(slots) { Array($0) }
    }

    /// Encodes a document into the writer's buffer and hands its bytes to
    /// `body` (valid only inside it).
    package mutating func withDocument<T>(_ slots: [Value], _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T
    {
        encode(slots)
        return try withEncodedDocument(body)
    }

    /// Encodes a document holding `slots` into the writer's buffer (see
    /// ``withEncodedDocument(_:)``).
    mutating func encode(_ slots: [Value]) {
        startDocument()
        appendContainer(slots, tag: nil)
    }

    /// Empties the buffer and the offset stack for a new document (a document
    /// abandoned by a throw may have left offsets behind).
    private mutating func startDocument() {
        count = 0
        offsetCount = 0
        spelledOutNewKey = false
        wroteLink = false
        exceedsLimits = false
    }

    /// The bytes of a document holding `slots`, except that slot
    /// `streamed.slot` is written by `streamed.write` through the streaming
    /// calls below (a value taken straight from a foreign tree, such as
    /// jansson's, with no engine value built for it). A throw leaves the
    /// writer ready for the next document.
    package mutating func encodeDocument(_ slots: [Value], streaming streamed: StreamedSlot?) throws -> [UInt8] {
        guard let streamed else { return encodeDocument(slots) }
        startDocument()
        let document = beginContainer(elements: slots.count, tagged: false, width: lastDocumentWidth)
        try slots.withUnsafeBufferPointer { values in
            for i in values.indices {
                element(of: document)
                if i == streamed.slot {
                    try streamed.write(&self)
                } else {
                    values.withBorrowedElement(at: i) { appendValue($0) }
                }
            }
        }
        endContainer(document, tag: nil)
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Where a slot of a document made from another comes from.
    package enum SlotSource {
        /// The other document's slot with this number, copied byte for byte.
        case copy(Int)
        /// A value, encoded.
        case value(Value)
    }

    /// Encodes a document of `slots` slots made from `old`: each slot's bytes
    /// are copied from a slot of `old` or encoded from a value, as `source`
    /// says. Copied slots are not decoded: setting one property, or dropping
    /// and reordering slots, costs a copy of the document's bytes.
    package mutating func encodeDocument(slots: Int, from old: ContainerView, _ source: (Int) -> SlotSource) throws {
        startDocument()
        let document = beginContainer(elements: slots, tagged: false, width: lastDocumentWidth)
        for i in 0 ..< slots {
            element(of: document)
            switch source(i) {
            case let .copy(slot): appendBytes(try old.elementBytes(at: slot))
            case let .value(value): appendValue(value)
            }
        }
        endContainer(document, tag: nil)
    }

    // MARK: - Streaming

    /// A container being written: where its bytes start, how many bytes are
    /// left free in front of its payload for its header, and where its element
    /// offsets start on the writer's stack.
    package struct Container {
        fileprivate let start: Int
        fileprivate let reserved: Int
        fileprivate let firstOffset: Int
        fileprivate var payloadStart: Int { start + reserved }
    }

    /// Starts a list, map or embedded object (then ``element(of:)`` before
    /// each element, ``endContainer(_:tag:)`` after the last).
    package mutating func beginContainer() -> Container {
        Container(start: count, reserved: 0, firstOffset: offsetCount)
    }

    /// Starts a container of `elements` elements, leaving room for the header
    /// it most likely needs: offsets of `width` bytes and, for a nested
    /// container, a one-byte length.
    private mutating func beginContainer(elements: Int, tagged: Bool, width: Int) -> Container {
        var guess = 1 + Varint.size(of: elements) + width * elements
        if tagged { guess += 2 }
        reserve(guess)
        let container = Container(start: count, reserved: guess, firstOffset: offsetCount)
        count += guess
        return container
    }

    /// Marks the start of the next element of `container` (for a map: before its key).
    @inline(__always)
    package mutating func element(of container: Container) {
        if offsetCount == offsetCapacity { growOffsets() }
        offsets[offsetCount] = count - container.payloadStart
        offsetCount += 1
    }

    private mutating func growOffsets() {
        let grown = UnsafeMutablePointer<Int>.allocate(capacity: offsetCapacity * 2)
        grown.moveInitialize(from: offsets, count: offsetCount)
        offsets.deallocate()
        offsets = grown
        offsetCapacity *= 2
    }

    /// Ends `container`, as a value with `tag` (`.list`, `.map`, `.embedded`).
    package mutating func endContainer(_ container: Container, tag: ValueTag?) {
        finishContainer(container, tag: tag)
    }

    /// A map key (after ``element(of:)``, before its value): its number in the
    /// store's key table when it has one, else spelled out.
    package mutating func appendKey(_ utf8: UnsafeRawBufferPointer) {
        reserve(10)
        if let number = keyNumber(utf8) {
            count = Self.storeVarint(Int(number) << 1 | 1, at: base + count) - base
        } else {
            count = Self.storeVarint(utf8.count << 1, at: base + count) - base
            appendBytes(utf8)
        }
    }

    private mutating func keyNumber(_ utf8: UnsafeRawBufferPointer) -> UInt32? {
        guard let keyTable, MapKeyTable.isInternable(utf8) else { return nil }
        let spelling = keyTable.spelling
        if let number = keyCache.find(utf8, spelling) { return number }
        if keyTableFull { return nil }
        let (number, isFull) = keyTable.lookUp(utf8, interning: mayIntern)
        if let number {
            keyCache.insert(number, utf8)
            return number
        }
        if isFull {
            keyTableFull = true
        } else {
            spelledOutNewKey = true
        }
        return nil
    }

    /// A string value from its UTF-8 bytes.
    package mutating func appendString(_ utf8: UnsafeRawBufferPointer) {
        if !ValueRules.fitsString(bytes: utf8.count) { exceedsLimits = true }
        append(ValueTag.string.rawValue)
        appendLengthPrefixed(utf8)
    }

    /// Any value.
    package mutating func append(_ value: borrowing Value) {
        appendValue(value)
    }

    /// One slot of a document written by a closure (see ``encodeDocument(_:streaming:)``).
    package struct StreamedSlot {
        package var slot: Int
        package var write: (inout DocumentWriter) throws -> Void

        package init(slot: Int, write: @escaping (inout DocumentWriter) throws -> Void) {
            self.slot = slot
            self.write = write
        }
    }

    /// The bytes of a one-slot document holding `value`.
    package static func encode(_ value: Value) -> [UInt8] {
        var writer = DocumentWriter()
        return writer.encodeDocument([value])
    }

    // MARK: - Values

    private mutating func appendValue(_ value: borrowing Value) {
        switch value {
        case .null: append(ValueTag.null.rawValue)
        case let .bool(b): append(b ? ValueTag.true.rawValue : ValueTag.false.rawValue)
        case let .int(i): appendInt(i)
        case let .float(f):
            append(ValueTag.float.rawValue)
            append(littleEndian: f.bitPattern)
        case let .double(d):
            if let n = ScaledDouble.multiple(of: d) {
                append(ValueTag.scaledDouble.rawValue)
                append(littleEndian: UInt32(bitPattern: n))
            } else {
                append(ValueTag.double.rawValue)
                append(littleEndian: d.bitPattern)
            }
        case let .string(s):
            Self.withUTF8(s) { appendString($0) }
        case let .binary(bytes):
            if !ValueRules.fitsData(bytes: bytes.count) { exceedsLimits = true }
            append(ValueTag.binary.rawValue)
            bytes.withUnsafeBytes { appendLengthPrefixed($0) }
        case let .timestamp(t):
            append(ValueTag.timestamp.rawValue)
            append(littleEndian: UInt64(bitPattern: t.seconds))
            append(littleEndian: UInt32(bitPattern: t.nanoseconds))
        case let .decimal128(d):
            append(ValueTag.decimal128.rawValue)
            append(littleEndian: d.low)
            append(littleEndian: d.high)
        case let .objectId(id):
            append(ValueTag.objectId.rawValue)
            append(littleEndian: id.bytes.0.bigEndian)
            append(littleEndian: id.bytes.1.bigEndian)
            append(littleEndian: id.bytes.2.bigEndian)
        case let .uuid(u):
            append(ValueTag.uuid.rawValue)
            withUnsafeBytes(of: u.uuid) { appendBytes($0) }
        case let .link(link):
            wroteLink = true
            append(ValueTag.link.rawValue)
            append(littleEndian: link.table)
            append(littleEndian: link.key.rawValue)
        case let .list(values):
            appendContainer(values, tag: .list)
        case let .embedded(slots):
            appendContainer(slots, tag: .embedded)
        case let .map(map):
            let container = beginContainer(elements: map.count, tagged: true, width: 1)
            map.keys.elements.withUnsafeBufferPointer { keys in
                map.values.elements.withUnsafeBufferPointer { values in
                    for i in keys.indices {
                        element(of: container)
                        Self.withUTF8(keys[i]) { appendKey($0) }
                        values.withBorrowedElement(at: i) { appendValue($0) }
                    }
                }
            }
            endContainer(container, tag: .map)
        }
    }

    /// Calls `body` with the UTF-8 bytes of `s`: in place when the string is
    /// stored contiguously (native strings are), else from a copy.
    @inline(__always)
    private static func withUTF8(_ s: borrowing String, _ body: (UnsafeRawBufferPointer) -> Void) {
        if s.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) == nil {
            Array(s.utf8).withUnsafeBytes(body)
        }
    }

    /// Writes a list, an embedded object, or (with no tag) a whole document.
    private mutating func appendContainer(_ values: [Value], tag: ValueTag?) {
        let container = beginContainer(
            elements: values.count, tagged: tag != nil, width: tag == nil ? lastDocumentWidth : 1)
        values.withUnsafeBufferPointer { elements in
            for i in elements.indices {
                element(of: container)
                elements.withBorrowedElement(at: i) { appendValue($0) }
            }
        }
        endContainer(container, tag: tag)
    }

    // MARK: - Validated documents

    /// Encodes `row` (a class's values in slot order) while checking each
    /// value against the class's rules, leaving the document in the writer's
    /// buffer (see ``withEncodedDocument(_:)``) only when every value is
    /// valid: one pass over the values where validating, then encoding, took two.
    ///
    /// A value of the property's type (or an allowed null, or a list of such
    /// values) costs one comparison. Anything else — an embedded object, an
    /// AnyRealmValue, a map, a wrong value — goes to `validator`, which
    /// throws ``StoreError/invalidValue(_:)`` naming class, property and path;
    /// a valid one is then written as it is. A string or data value over the
    /// engine's limits is noticed as its bytes are written.
    ///
    /// ```swift
    /// try writer.encodeValidated(row, of: table.rules, validator: table.validator)
    /// try writer.withEncodedDocument { try put($0) }
    /// ```
    mutating func encodeValidated(_ row: [Value], of cls: ClassRules, validator: ValueValidator) throws {
        guard row.count == cls.rules.count else {
            try validator.validate(row: row, of: cls)  // throws: the count is wrong
            return encode(row)
        }
        startDocument()
        let document = beginContainer(elements: row.count, tagged: false, width: lastDocumentWidth)
        try row.withUnsafeBufferPointer { values in
            try cls.rules.withUnsafeBufferPointer { rules in
                for i in values.indices {
                    element(of: document)
                    let start = count
                    let written = values.withBorrowedElement(at: i) {
                        appendPlain($0, rules[i], embedded: cls.embedded[i])
                    }
                    if !written {
                        // Not the common case: the full check, then the value as it is.
                        count = start
                        offsetCount = document.firstOffset + i + 1
                        try validator.validate(row[i], for: cls.storedProperties[i], in: cls.schema)
                        values.withBorrowedElement(at: i) { appendValue($0) }
                    }
                }
            }
        }
        if exceedsLimits { try validator.validate(row: row, of: cls) }
        endContainer(document, tag: nil)
    }

    /// Hands the bytes of the document last encoded to `body` (valid only inside it).
    func withEncodedDocument<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Writes `value` when `rule` plainly admits it (see
    /// ``PropertyCheck/admitsPlainly(_:)``), or a list whose every element it
    /// admits; returns false, with the bytes written since it began to be
    /// dropped by the caller, otherwise.
    private mutating func appendPlain(_ value: borrowing Value, _ rule: PropertyCheck, embedded: EmbeddedRules?) -> Bool
    {
        switch rule.collection {
        case .single:
            if let embedded {
                switch value {
                case let .embedded(slots): return appendEmbedded(slots, of: embedded.rules)
                default: break
                }
            }
            guard rule.admitsPlainly(value) else { return false }
            appendValue(value)
            return true
        case .list, .set:
            switch value {
            case let .list(elements): return appendList(elements, admittedBy: rule)
            default: return false
            }
        case .map:
            return false
        }
    }

    /// Writes an embedded object (its values in slot order) whose every value
    /// its class's rules plainly admit, as ``appendPlain(_:_:embedded:)``
    /// writes a row's; stops and returns false, leaving it unfinished, at the
    /// first they do not (or when the class's slots are not dense).
    private mutating func appendEmbedded(_ slots: [Value], of cls: ClassRules) -> Bool {
        guard cls.slotsAreDense, slots.count == cls.rules.count else { return false }
        let container = beginContainer(elements: slots.count, tagged: true, width: 1)
        let complete = slots.withUnsafeBufferPointer { values in
            cls.rules.withUnsafeBufferPointer { rules in
                for i in values.indices {
                    element(of: container)
                    if !values.withBorrowedElement(at: i, { appendPlain($0, rules[i], embedded: cls.embedded[i]) }) {
                        return false
                    }
                }
                return true
            }
        }
        if complete { endContainer(container, tag: .embedded) }
        return complete
    }

    /// Writes a list whose every element `rule` plainly admits; stops and
    /// returns false, leaving the list unfinished, at the first it does not.
    private mutating func appendList(_ values: [Value], admittedBy rule: PropertyCheck) -> Bool {
        let container = beginContainer(elements: values.count, tagged: true, width: 1)
        let complete = values.withUnsafeBufferPointer { elements in
            for i in elements.indices {
                element(of: container)
                let admitted = elements.withBorrowedElement(at: i) { value in
                    guard rule.admitsPlainly(value) else { return false }
                    appendValue(value)
                    return true
                }
                if !admitted { return false }
            }
            return true
        }
        if complete { endContainer(container, tag: .list) }
        return complete
    }

    /// Writes the header in front of the payload written since the container
    /// began: the tag and length (for nested containers), the offset width,
    /// the count and the offsets pushed since it began. The payload moves only
    /// when the header's size differs from the room left for it.
    private mutating func finishContainer(_ container: Container, tag: ValueTag?) {
        let payloadSize = count - container.payloadStart
        let elements = offsetCount - container.firstOffset
        let width = offsetWidth(forPayload: payloadSize)
        let headerSize = 1 + Varint.size(of: elements) + width.bytes * elements
        let prefixSize = tag == nil ? headerSize : 1 + Varint.size(of: headerSize + payloadSize) + headerSize
        if prefixSize != container.reserved {
            if prefixSize > container.reserved { reserve(prefixSize - container.reserved) }
            (base + container.start + prefixSize).copyMemory(
                from: base + container.payloadStart, byteCount: payloadSize)
        }
        if tag == nil { lastDocumentWidth = width.bytes }
        var at = base + container.start
        if let tag {
            at.storeBytes(of: tag.rawValue, as: UInt8.self)
            at = Self.storeVarint(headerSize + payloadSize, at: at + 1)
        }
        at.storeBytes(of: width.code, as: UInt8.self)
        at = Self.storeVarint(elements, at: at + 1)
        let first = offsets + container.firstOffset
        switch width.bytes {
        case 1:
            for i in 0 ..< elements {
                at.storeBytes(of: UInt8(truncatingIfNeeded: first[i]), toByteOffset: i, as: UInt8.self)
            }
        case 2:
            for i in 0 ..< elements {
                at.storeBytes(
                    of: UInt16(truncatingIfNeeded: first[i]).littleEndian, toByteOffset: 2 * i, as: UInt16.self)
            }
        default:
            for i in 0 ..< elements {
                at.storeBytes(
                    of: UInt32(truncatingIfNeeded: first[i]).littleEndian, toByteOffset: 4 * i, as: UInt32.self)
            }
        }
        offsetCount = container.firstOffset
        count = container.start + prefixSize + payloadSize
    }

    // MARK: - Bytes

    private mutating func appendInt(_ i: Int64) {
        if let v = Int8(exactly: i) {
            append(ValueTag.int8.rawValue)
            append(UInt8(bitPattern: v))
        } else if let v = Int16(exactly: i) {
            append(ValueTag.int16.rawValue)
            append(littleEndian: UInt16(bitPattern: v))
        } else if let v = Int32(exactly: i) {
            append(ValueTag.int32.rawValue)
            append(littleEndian: UInt32(bitPattern: v))
        } else {
            append(ValueTag.int64.rawValue)
            append(littleEndian: UInt64(bitPattern: i))
        }
    }

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + n { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    private mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        reserve(MemoryLayout<T>.size)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: T.self)
        count += MemoryLayout<T>.size
    }

    @inline(__always)
    private mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        reserve(n)
        let target = base + count
        if n >= 8 && n <= 16 {
            // Most strings are short: two overlapping word moves instead of a `memmove` call.
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + n - 8).storeBytes(of: (source + n - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else {
            target.copyMemory(from: source, byteCount: n)
        }
        count += n
    }

    private mutating func appendLengthPrefixed(_ bytes: UnsafeRawBufferPointer) {
        reserve(10)
        count = Self.storeVarint(bytes.count, at: base + count) - base
        appendBytes(bytes)
    }

    /// Stores `value` as LEB128 at `at`; returns the position after it.
    @inline(__always)
    private static func storeVarint(_ value: Int, at: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        var v = UInt64(value)
        var p = at
        while v >= 0x80 {
            p.storeBytes(of: UInt8(truncatingIfNeeded: v) | 0x80, as: UInt8.self)
            p += 1
            v >>= 7
        }
        p.storeBytes(of: UInt8(v), as: UInt8.self)
        return p + 1
    }
}
