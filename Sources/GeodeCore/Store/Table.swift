import CLMDB
import Foundation

/// One class's storage: its schema and its objects database. Immutable, and
/// a class so that the many places holding one (bound queries, plans, links
/// in key paths) share it instead of copying its arrays.
package final class Table: Sendable {
    package let schema: ClassSchema
    /// `obj/<Class>`: object key (big-endian) → document. Embedded classes have none.
    let objects: Database?
    /// `pk/<Class>`: encoded primary key → object key, for classes with a
    /// primary key that is not the object key itself.
    let primaryKeys: Database?
    /// Whether object keys are the primary keys (``ClassSchema/isKeyedByPrimaryKey``).
    let isKeyedByPrimaryKey: Bool
    /// The primary key's slot in documents and its index in rows.
    let primaryKeySlot: Int?
    let primaryKeyRowIndex: Int?
    /// Stored properties in declaration order with their compiled value rules.
    let rules: ClassRules
    /// The validator of the catalog the table belongs to (rows may hold
    /// embedded objects of other classes).
    let validator: ValueValidator
    /// Whether declaration order is slot order (no retired slots).
    let slotsAreDense: Bool
    /// The spatial indexes of the class's geo point properties.
    package let geoIndexes: [GeoIndex]
    /// The secondary indexes of its `indexed: true` properties.
    package let valueIndexes: [ValueIndex]
    /// The slots of the properties that can hold a link to a top-level object:
    /// links, lists, sets and maps of them, `AnyRealmValue`s, and embedded
    /// objects that can. Empty for a class whose objects never link.
    let linkSlots: [Int]
    /// The store's backlink index; nil in a store opened read-only before it
    /// had one (readers then read the documents instead).
    let backlinks: BacklinkIndex?

    init(
        schema: ClassSchema, objects: Database?, primaryKeys: Database?, primaryKeySlot: Int?, primaryKeyRowIndex: Int?,
        rules: ClassRules, validator: ValueValidator, slotsAreDense: Bool, geoIndexes: [GeoIndex],
        valueIndexes: [ValueIndex], linkSlots: [Int], backlinks: BacklinkIndex?
    ) {
        self.schema = schema
        self.objects = objects
        self.primaryKeys = primaryKeys
        isKeyedByPrimaryKey = schema.isKeyedByPrimaryKey
        self.primaryKeySlot = primaryKeySlot
        self.primaryKeyRowIndex = primaryKeyRowIndex
        self.rules = rules
        self.validator = validator
        self.slotsAreDense = slotsAreDense
        self.geoIndexes = geoIndexes
        self.valueIndexes = valueIndexes
        self.linkSlots = linkSlots
        self.backlinks = backlinks
    }

    /// The stored properties in declaration order: the order of a row.
    package var storedProperties: [PropertySchema] { rules.storedProperties }

    /// The key of the object whose primary key is `value`, in a class keyed by
    /// its primary key; nil in other classes and for a value that is no `Int`.
    ///
    /// ```swift
    /// table.objectKey(forPrimaryKey: .int(0))   // ObjectKey(0x8000_0000_0000_0000)
    /// ```
    package func objectKey(forPrimaryKey value: Value) -> ObjectKey? {
        guard isKeyedByPrimaryKey, case let .int(number) = value else { return nil }
        return ObjectKey(UInt64(bitPattern: number) ^ (1 << 63))
    }

    /// Object `key` in words, for messages: its primary key when the key is
    /// one ("primary key 7"), else "key 12".
    package func describe(_ key: ObjectKey) -> String {
        guard isKeyedByPrimaryKey else { return "key \(key.rawValue)" }
        return "primary key \(Int64(bitPattern: key.rawValue ^ (1 << 63)))"
    }

    /// Whether writing an object also writes index entries besides its primary key.
    var hasIndexes: Bool { !geoIndexes.isEmpty || !valueIndexes.isEmpty }
}
