/// A class as the engine knows it: its properties, whether it is embedded, and
/// (once stored) its table number and document slots.
///
/// ```swift
/// let dog = ClassSchema(name: "Dog", properties: [
///     PropertySchema(name: "name", type: .string),
///     PropertySchema(name: "age", type: .int),
/// ])
/// ```
package struct ClassSchema: Hashable, Sendable {
    package var name: String
    package var properties: [PropertySchema]
    package var isEmbedded: Bool
    /// The class's number in the store (links name it); assigned by the store.
    package var table: UInt32
    /// How many slots the class's documents have (retired ones included).
    package var slotCount: Int

    package init(name: String, properties: [PropertySchema], isEmbedded: Bool = false) {
        self.name = name
        self.properties = properties
        self.isEmbedded = isEmbedded
        self.table = 0
        self.slotCount = 0
        assignSlotsInOrder()
    }

    /// The primary key property, if any.
    package var primaryKey: PropertySchema? { properties.first { $0.isPrimaryKey } }

    /// Whether the class's objects are stored under their primary key: a
    /// required `Int` primary key is the object key itself (its sign bit
    /// flipped, so keys sort as the numbers do). A lookup by it is then one
    /// B-tree descent, and the class keeps no `pk/` index.
    package var isKeyedByPrimaryKey: Bool {
        guard let pk = primaryKey else { return false }
        return pk.type == .int && !pk.isOptional && pk.collection == .single
    }

    /// The stored properties, in declaration order.
    package var storedProperties: [PropertySchema] { properties.filter(\.isStored) }

    /// The property named `name` in the store, else the one whose public name it is.
    package func property(named name: String) -> PropertySchema? {
        properties.first { $0.name == name } ?? properties.first { $0.publicName == name }
    }

    /// Gives stored properties consecutive slots in declaration order.
    mutating func assignSlotsInOrder() {
        var next = 0
        for i in properties.indices where properties[i].isStored {
            properties[i].slot = next
            next += 1
        }
        slotCount = next
    }

    /// Whether slots follow declaration order with none retired: then a row of
    /// values in declaration order is already a document's slot row.
    package var slotsAreDense: Bool {
        var expected = 0
        for p in properties where p.isStored {
            if p.slot != expected { return false }
            expected += 1
        }
        return expected == slotCount
    }
}
