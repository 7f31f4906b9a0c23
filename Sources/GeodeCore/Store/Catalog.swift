/// A store's schema with everything derived from it: each class's table
/// (databases, compiled value rules) and the validator. Immutable: adding
/// classes makes a new one.
final class Catalog: @unchecked Sendable {
    let schema: Schema
    let tables: [String: Table]
    let tablesByID: [UInt32: Table]
    let validator: ValueValidator
    /// The databases the tables use, by class name (and `pk/` + name).
    let databases: [String: Database]

    init(schema: Schema, databases: [String: Database]) {
        self.schema = schema
        self.databases = databases
        let validator = ValueValidator(schema: schema)
        var tables: [String: Table] = [:]
        for cls in schema.classes {
            guard let rules = validator.classes[cls.name] else { continue }
            let pk = cls.primaryKey
            tables[cls.name] = Table(schema: cls, objects: databases[cls.name], primaryKeys: databases["pk/" + cls.name],
                                     primaryKeySlot: pk?.slot,
                                     primaryKeyRowIndex: pk.flatMap { p in cls.storedProperties.firstIndex { $0.name == p.name } },
                                     rules: rules, slotsAreDense: cls.slotsAreDense,
                                     geoIndexes: GeoIndex.properties(of: cls, in: schema).compactMap { geo in
                                         let name = GeoIndex.databaseName(cls.name, geo.property.name)
                                         return databases[name].map {
                                             GeoIndex(property: geo.property.name, slot: geo.property.slot, typeSlot: geo.typeSlot,
                                                      coordinatesSlot: geo.coordinatesSlot, isList: geo.property.collection == .list, database: $0)
                                         }
                                     },
                                     valueIndexes: ValueIndex.properties(of: cls).compactMap { p in
                                         databases[ValueIndex.databaseName(cls.name, p.name)].map {
                                             ValueIndex(property: p.name, slot: p.slot, isMixed: p.type == .mixed, database: $0)
                                         }
                                     })
        }
        self.tables = tables
        tablesByID = Dictionary(tables.values.map { ($0.schema.table, $0) }, uniquingKeysWith: { a, _ in a })
        self.validator = validator
    }
}
