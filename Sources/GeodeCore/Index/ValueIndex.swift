import Foundation

/// A secondary index, `ix/<Class>/<property>`, on an `indexed: true` property:
/// key = the value's ``IndexKey`` + object key (big-endian), value empty. The
/// object key takes 8 bytes after a string and only as many as hold it after
/// the fixed-size key parts of other types (whose tag tells their length).
/// Equality, IN, ranges and BEGINSWITH read it; the executor then tests each
/// candidate's document exactly (long strings keep only a prefix here).
///
/// In an AnyRealmValue index, numbers of every type share one key form (an
/// integral double is keyed as the integer), so `5` and `5.0` meet.
package struct ValueIndex: Sendable, BulkLoadedIndex {
    package let property: String
    let slot: Int
    let isMixed: Bool
    let database: Database
    /// The store's `meta` database, where a bulk load under way is recorded
    /// (see ``BulkLoadRecord``); nil where no bulk load may run.
    var loads: Database? = nil

    /// The indexed properties of `cls` (the primary key has its own index).
    static func properties(of cls: ClassSchema) -> [PropertySchema] {
        cls.storedProperties.filter {
            $0.isIndexed && !$0.isPrimaryKey && $0.collection == .single && $0.type.canBeIndexed
        }
    }

    static func databaseName(_ cls: String, _ property: String) -> String { "ix/\(cls)/\(property)" }

    /// The key part for `value`; nil when the index does not hold such values.
    func encode(_ value: Value) -> [UInt8]? {
        var value = value
        switch value {
        case let .float(f): value = .double(Double(f))
        // A decimal is keyed as its nearest double: equal and ordered values
        // stay equal and ordered, and every candidate is re-tested exactly.
        case let .decimal128(d) where isMixed:
            if let i = d.exactInt64 { value = .int(i) } else if !d.isNaN { value = .double(d.double) }
        default: break
        }
        if case let .double(d) = value, d.isFinite, d == d.rounded(), abs(d) < 9.2e18 { value = .int(Int64(d)) }
        if case let .double(d) = value {
            return isMixed ? IndexKey.tagged(7, Self.orderedBits(d)) : nil
        }
        return IndexKey.encode(value)
    }

    /// Doubles as unsigned integers in the same order.
    private static func orderedBits(_ d: Double) -> UInt64 {
        let bits = d.bitPattern
        return d.sign == .minus ? ~bits : bits | (1 << 63)
    }

    /// Adds object `key`'s entry (and marks it for a bulk load under way, see
    /// ``noteChange(of:_:)``).
    func add(_ value: Value, _ key: ObjectKey, _ txn: WriteTransaction) throws {
        try noteChange(of: key, txn)
        guard let encoded = encode(value) else { return }
        try txn.put(database, key: Self.entry(encoded, key), value: [])
    }

    func remove(_ value: Value, _ key: ObjectKey, _ txn: WriteTransaction) throws {
        try noteChange(of: key, txn)
        guard let encoded = encode(value) else { return }
        _ = try txn.delete(database, key: Self.entry(encoded, key))
    }

    /// Removes every entry of an object whose key is `first` or above: what a
    /// load whose owner is gone may have left.
    func removeEntries(from first: ObjectKey, _ txn: WriteTransaction) throws {
        let cursor = try txn.cursor(database)
        var entry = try cursor.first()
        while let (k, _) = entry {
            if let (_, key) = Self.split(k), key >= first { try cursor.deleteCurrent() }
            entry = try cursor.next()
        }
    }

    func recoverBulkLoad(
        _ marker: BulkLoadRecord.Marker, _ objects: Database, _ txn: WriteTransaction, _ keys: MapKeySpelling
    ) throws {
        try Store.recoverBulkLoad(self, marker, objects, txn, keys)
    }

    /// The object whose entry is `entry`; nil for bytes no entry has.
    static func objectKey(ofEntry entry: UnsafeRawBufferPointer) -> ObjectKey? {
        split(entry)?.key
    }

    /// The entry of object `key` under the key part `encoded`.
    static func entry(_ encoded: [UInt8], _ key: ObjectKey) -> [UInt8] {
        guard fixedPartLength(tag: encoded[0]) != nil else {
            return encoded + withUnsafeBytes(of: key.rawValue.bigEndian, Array.init)
        }
        var bytes = encoded
        key.appendShortBigEndian(to: &bytes)
        return bytes
    }

    /// The length of the key parts whose tag is `tag`; nil for strings (any length).
    private static func fixedPartLength(tag: UInt8) -> Int? {
        switch tag {
        case 0: return 1  // null
        case 1: return 2  // bool
        case 2, 7: return 9  // integer, double
        case 4: return 13  // ObjectId
        case 5, 6: return 17  // UUID, timestamp
        default: return nil  // string
        }
    }

    /// An entry's key part and object key; nil for bytes no entry has.
    private static func split(_ k: UnsafeRawBufferPointer) -> (part: UnsafeRawBufferPointer, key: ObjectKey)? {
        guard let tag = k.first else { return nil }
        let partLength = fixedPartLength(tag: tag) ?? k.count - 8
        guard partLength >= 1, k.count > partLength, k.count - partLength <= 8 else { return nil }
        return (
            UnsafeRawBufferPointer(rebasing: k[0 ..< partLength]),
            ObjectKey(shortBigEndian: UnsafeRawBufferPointer(rebasing: k[partLength...]))
        )
    }

    /// The objects whose key part equals `encoded`.
    func collect(equalTo encoded: [UInt8], _ txn: Transaction, into keys: inout [ObjectKey]) throws {
        try forEach(from: encoded, through: encoded, prefixOnly: true, txn) { keys.append($0) }
    }

    /// The objects whose key part lies between `low` and `high` (byte order;
    /// nil: open), loosely: a key whose first bytes equal `high` is included.
    func collect(from low: [UInt8], through high: [UInt8]?, _ txn: Transaction, into keys: inout [ObjectKey]) throws {
        try forEach(from: low, through: high, txn) { keys.append($0) }
    }

    /// How many objects ``collect(equalTo:_:into:)`` would find, counted
    /// without gathering them (an object has one entry: indexed properties are single values).
    func count(equalTo encoded: [UInt8], _ txn: Transaction) throws -> Int {
        var n = 0
        try forEach(from: encoded, through: encoded, prefixOnly: true, txn) { _ in n += 1 }
        return n
    }

    /// How many objects ``collect(from:through:_:into:)`` would find, counted without gathering them.
    func count(from low: [UInt8], through high: [UInt8]?, _ txn: Transaction) throws -> Int {
        var n = 0
        try forEach(from: low, through: high, txn) { _ in n += 1 }
        return n
    }

    /// Calls `body` with the object of each entry from `low` through `high`
    /// (with `prefixOnly`, only entries whose key part equals `high`), in index order.
    private func forEach(
        from low: [UInt8], through high: [UInt8]?, prefixOnly: Bool = false, _ txn: Transaction,
        _ body: (ObjectKey) -> Void
    ) throws {
        let cursor = try txn.cursor(database)
        var entry = try cursor.seek(atLeast: low)
        while let (k, _) = entry {
            guard let (part, key) = Self.split(k) else {
                throw StoreError.corruptDocument(
                    detail: "index entry of \(k.count) bytes in \(database.name)", offset: 0)
            }
            if let high {
                if prefixOnly {
                    guard part.count == high.count, part.elementsEqual(high) else { break }
                } else if Self.compare(part, high) > 0 {
                    break
                }
            }
            body(key)
            entry = try cursor.next()
        }
    }

    /// Byte order of `part` against `bound`, comparing only as many bytes as `bound` has.
    private static func compare(_ part: UnsafeRawBufferPointer, _ bound: [UInt8]) -> Int {
        for (i, b) in bound.enumerated() {
            guard i < part.count else { return -1 }
            if part[i] != b { return part[i] < b ? -1 : 1 }
        }
        return 0
    }
}
