import GeodeCore

/// A Swift model class as one realm stores it: the class's properties mapped
/// onto the store's table, document slots and row positions.
final class RealmClass {
    let info: ClassInfo
    let table: Table
    /// For each property of `info`: its document slot, or -1 (linking objects).
    let slots: [Int]
    /// For each property of `info`: the path of its value in a top-level
    /// object's document (`[.index(slot)]`), made once rather than for every
    /// collection read or embedded object made managed.
    let slotPaths: [[PathStep]]
    /// For each document slot: its position in a row, or -1 (retired).
    let rowIndexBySlot: [Int]
    /// For each position in a row: the property of `info` stored there, or -1
    /// (a stored property the class does not declare).
    let propertyByRow: [Int]
    /// For each document slot: the property of `info` stored there, or -1
    /// (retired, or a property the class does not declare).
    let propertyBySlot: [Int]
    /// The primary key property's index in `info.properties`.
    let primaryKey: Int?
    /// Whether this is the class as a migration's old schema saw it: its
    /// objects are read-only.
    let readsOldSchema: Bool
    /// For each property of `info`: what it reads as in a document written
    /// before it existed (its type's zero value, null, or empty).
    let absentValues: [Value]
    /// For each stored property of the table: the name create dictionaries
    /// give it (a mapped property's Swift name), worked out once.
    let inputNames: [String]

    init(info: ClassInfo, table: Table, readsOldSchema: Bool = false) {
        self.info = info
        self.table = table
        self.readsOldSchema = readsOldSchema
        absentValues = info.properties.map { p in table.schema.property(named: p.storedName)?.defaultValue ?? .null }
        slots = info.properties.map { p in
            table.schema.property(named: p.storedName).map { $0.isStored ? $0.slot : -1 } ?? -1
        }
        slotPaths = slots.map { [.index($0)] }
        var rows = [Int](repeating: -1, count: table.schema.slotCount)
        for (row, p) in table.storedProperties.enumerated() where p.slot < rows.count { rows[p.slot] = row }
        rowIndexBySlot = rows
        var properties = [Int](repeating: -1, count: table.storedProperties.count)
        for (index, slot) in slots.enumerated() where slot >= 0 && slot < rows.count && rows[slot] >= 0 {
            properties[rows[slot]] = index
        }
        propertyByRow = properties
        var bySlot = [Int](repeating: -1, count: table.schema.slotCount)
        for (index, slot) in slots.enumerated() where slot >= 0 && slot < bySlot.count { bySlot[slot] = index }
        propertyBySlot = bySlot
        primaryKey = info.properties.firstIndex { $0.options.isPrimaryKey }
        inputNames = table.storedProperties.map(\.inputName)
    }

    var name: String { info.name }

    /// The path of property `property`'s value in a document, for an object
    /// at `base` (empty for a top-level object: its path made once).
    func path(of property: Int, under base: [PathStep]) -> [PathStep] {
        base.isEmpty ? slotPaths[property] : base + [.index(slots[property])]
    }
}
