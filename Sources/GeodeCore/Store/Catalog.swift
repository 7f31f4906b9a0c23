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
    /// For each table number, the tables of top-level classes whose objects
    /// can hold a link to its objects (what deleting one of them must clean).
    let linkHolders: [UInt32: [Table]]
    /// The store's backlink index; nil in a store opened read-only before it had one.
    let backlinks: BacklinkIndex?
    /// Query key paths bound against this catalog.
    let boundPaths = BoundPathCache()
    /// Queries bound against this catalog, by shape.
    let boundQueries = BoundQueryCache()

    init(schema: Schema, databases: [String: Database]) {
        self.schema = schema
        self.databases = databases
        let validator = ValueValidator(schema: schema)
        var tables: [String: Table] = [:]
        for cls in schema.classes {
            guard let rules = validator.classes[cls.name] else { continue }
            let pk = cls.primaryKey
            tables[cls.name] = Table(
                schema: cls, objects: databases[cls.name], primaryKeys: databases["pk/" + cls.name],
                primaryKeySlot: pk?.slot,
                primaryKeyRowIndex: pk.flatMap { p in cls.storedProperties.firstIndex { $0.name == p.name } },
                rules: rules, validator: validator, slotsAreDense: cls.slotsAreDense,
                geoIndexes: GeoIndex.properties(of: cls, in: schema).compactMap { geo in
                    let name = GeoIndex.databaseName(cls.name, geo.property.name)
                    let recent = databases[GeoIndex.recentDatabaseName(cls.name, geo.property.name)]
                    return databases[name].map {
                        GeoIndex(
                            property: geo.property.name, slot: geo.property.slot, slots: geo.slots,
                            isList: geo.property.collection == .list, database: $0, recent: recent,
                            loads: databases[Store.metaLabel]
                        )
                    }
                },
                valueIndexes: ValueIndex.properties(of: cls).compactMap { p in
                    databases[ValueIndex.databaseName(cls.name, p.name)].map {
                        ValueIndex(
                            property: p.name, slot: p.slot, isMixed: p.type == .mixed, database: $0,
                            loads: databases[Store.metaLabel])
                    }
                },
                linkSlots: cls.storedProperties.filter { Self.mayHoldLinks($0, in: schema) }.map(\.slot),
                backlinks: databases[BacklinkIndex.databaseName].map(BacklinkIndex.init))
        }
        self.tables = tables
        tablesByID = Dictionary(tables.values.map { ($0.schema.table, $0) }, uniquingKeysWith: { a, _ in a })
        self.validator = validator
        backlinks = databases[BacklinkIndex.databaseName].map(BacklinkIndex.init)
        let topLevel = schema.classes.filter { !$0.isEmbedded }
        linkHolders = Dictionary(
            topLevel.map { target in
                (
                    target.table,
                    topLevel.filter { Self.mayHoldLinks($0, to: target.name, in: schema) }.compactMap {
                        tables[$0.name]
                    }
                )
            }, uniquingKeysWith: { a, _ in a })
    }

    /// Whether property `p` can hold a link to a top-level object: a link, a
    /// mixed value, or an embedded object with such a property.
    private static func mayHoldLinks(_ p: PropertySchema, in schema: Schema, seen: Set<String> = []) -> Bool {
        switch p.type {
        case .mixed: return true
        case .object:
            guard let linked = p.objectClassName.flatMap({ schema[$0] }) else { return false }
            guard linked.isEmbedded else { return true }
            guard !seen.contains(linked.name) else { return false }
            // A geometry's coordinates and members are checked to be GeoJSON, which has no links.
            let geometry = linked.geometrySlots.flatMap { $0.holdsAnyGeometry ? $0 : nil }
            return linked.storedProperties.contains { q in
                guard q.slot != geometry?.coordinates, q.slot != geometry?.geometries else { return false }
                return mayHoldLinks(q, in: schema, seen: seen.union([linked.name]))
            }
        default: return false
        }
    }

    /// Whether objects of `cls` can hold a link to class `target`: a link
    /// property to it, a mixed property, or an embedded object that can.
    private static func mayHoldLinks(_ cls: ClassSchema, to target: String, in schema: Schema, seen: Set<String> = [])
        -> Bool
    {
        cls.storedProperties.contains { p in
            switch p.type {
            case .mixed: return true
            case .object:
                guard let linked = p.objectClassName.flatMap({ schema[$0] }) else { return false }
                if !linked.isEmbedded { return linked.name == target }
                return !seen.contains(linked.name)
                    && mayHoldLinks(linked, to: target, in: schema, seen: seen.union([cls.name]))
            default: return false
            }
        }
    }
}
