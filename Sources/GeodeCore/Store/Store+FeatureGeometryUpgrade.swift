import GeodeGeo

extension Store {
    /// The embedded class features keep any GeoJSON geometry in from format 5
    /// on (the `GeoJSONGeometry` class of the public API has this shape).
    package static let geometryClass = ClassSchema(
        name: "GeoJSONGeometry",
        properties: [
            PropertySchema(name: "type", type: .string),
            PropertySchema(name: "coordinates", type: .mixed),
            PropertySchema(name: "geometries", type: .mixed),
        ], isEmbedded: true)

    /// Format 4 → 5, in the write transaction that opens the store: a class of
    /// the generic feature shape of format 4 (`id`, `geometry` as a geo point,
    /// `otherGeometry` as GeoJSON in an AnyRealmValue, `properties`) becomes
    /// one whose `geometry` holds any geometry (a ``geometryClass`` object) and
    /// whose `foreignMembers` keeps a feature's other members, every document rewritten and its spatial index built again. A failure
    /// leaves the store at format 4. Returns the schema as it now is.
    static func upgradeFeatureGeometry(
        _ stored: Schema, _ txn: WriteTransaction, _ meta: Database, keys: MapKeyTable
    ) throws -> Schema {
        var classes = stored.classes
        var upgraded: [(old: ClassSchema, new: ClassSchema)] = []
        for (i, cls) in classes.enumerated() where isFormat4Feature(cls, in: stored) {
            var properties = cls.storedProperties.filter { $0.name != "otherGeometry" }
            for j in properties.indices where properties[j].name == "geometry" {
                properties[j].objectClassName = geometryClass.name
            }
            // Format 5 keeps a feature's foreign members, in an AnyRealmValue as otherGeometry was.
            if var foreign = cls.storedProperties.first(where: { $0.name == "otherGeometry" }) {
                foreign.name = "foreignMembers"
                properties.append(foreign)
            }
            var new = ClassSchema(name: cls.name, properties: properties, isEmbedded: false)
            new.table = cls.table
            classes[i] = new
            upgraded.append((cls, new))
        }
        guard !upgraded.isEmpty else { return stored }
        if let existing = classes.first(where: { $0.name == geometryClass.name }) {
            guard existing.geometrySlots?.holdsAnyGeometry == true else {
                throw StoreError.schemaMismatch(
                    path: txn.environment.path,
                    differences: [
                        "upgrading feature classes to format \(formatVersion) needs the embedded class "
                            + "\(geometryClass.name), and the store has another class of that name"
                    ])
            }
        } else {
            classes.append(geometryClass)
        }
        let schema = Schema(classes: classes, version: stored.version)
        guard let geometry = schema[geometryClass.name], let slots = geometry.geometrySlots else { return stored }
        var writer = DocumentWriter(keys: keys, interning: false)
        for (old, new) in upgraded {
            guard let objects = try txn.existingDatabase("obj/\(old.name)"),
                let pointSlot = old.property(named: "geometry")?.slot,
                let otherSlot = old.property(named: "otherGeometry")?.slot,
                let pointClass = stored[old.property(named: "geometry")?.objectClassName ?? ""],
                let pointSlots = pointClass.geometrySlots,
                let newSlot = new.property(named: "geometry")?.slot
            else { continue }
            let index: GeoIndex?
            if let recent = try txn.existingDatabase(GeoIndex.recentDatabaseName(old.name, "geometry")) {
                try txn.drop(recent, remove: false)
            }
            if let db = try txn.existingDatabase(GeoIndex.databaseName(old.name, "geometry")) {
                try txn.drop(db, remove: false)
                try BulkLoadRecord.forget(db.name, txn)
                index = GeoIndex(
                    property: "geometry", slot: newSlot, slots: slots, isList: false, database: db, recent: nil)
            } else {
                index = nil
            }
            // Where each new slot's bytes come from, by name.
            let sources = new.storedProperties.map { p in old.property(named: p.name)?.slot ?? -1 }
            var objectKeys: [[UInt8]] = []
            let cursor = try txn.cursor(objects)
            var entry = try cursor.first()
            while let (key, _) = entry {
                objectKeys.append(Array(key))
                entry = try cursor.next()
            }
            for key in objectKeys {
                guard let bytes = try txn.get(objects, key: key) else { continue }
                let document = try ContainerView(document: bytes, keys: keys.spelling)
                let value = try Self.format5Geometry(
                    point: document.value(at: pointSlot), other: document.value(at: otherSlot), pointSlots, slots,
                    slotCount: geometry.slotCount)
                try writer.encodeDocument(slots: new.slotCount, from: document) { i in
                    i == newSlot ? .value(value) : sources[i] >= 0 ? .copy(sources[i]) : .value(.null)
                }
                try key.withUnsafeBytes { k in
                    try writer.withEncodedDocument { try txn.put(objects, key: k, value: $0) }
                }
                if let index, key.count == 8 {
                    var row = [Value](repeating: .null, count: new.slotCount)
                    row[newSlot] = value
                    let objectKey = ObjectKey(
                        key.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) })
                    try index.add(index.footprint(in: row), objectKey, txn)
                }
            }
        }
        try txn.put(meta, key: Array("schema".utf8), value: DocumentWriter.encode(schema.storedValue))
        return schema
    }

    /// Whether `cls` has format 4's generic feature shape.
    private static func isFormat4Feature(_ cls: ClassSchema, in schema: Schema) -> Bool {
        let stored = cls.storedProperties
        guard !cls.isEmbedded, stored.map(\.name) == ["id", "geometry", "otherGeometry", "properties"],
            stored[2].type == .mixed, stored[2].collection == .single,
            let point = schema[stored[1].objectClassName ?? ""], let slots = point.geometrySlots
        else { return false }
        return !slots.holdsAnyGeometry && stored[1].collection == .single
    }

    /// A feature's geometry object in format 5: its point, or its other
    /// geometry (GeoJSON in an AnyRealmValue map), as a ``geometryClass`` value.
    private static func format5Geometry(
        point: ValueView?, other: ValueView?, _ pointSlots: GeometrySlots, _ slots: GeometrySlots, slotCount: Int
    ) throws -> Value {
        var fields = [Value](repeating: .null, count: slotCount)
        if let point = try point?.container(), point.kind == .embedded,
            let type = try point.value(at: pointSlots.type)?.string(),
            let coordinates = try point.value(at: pointSlots.coordinates)?.decode()
        {
            fields[slots.type] = .string(type)
            fields[slots.coordinates] = coordinates
            return .embedded(fields)
        }
        guard case let .map(members)? = try other?.decode(), case let .string(type)? = members["type"] else {
            return .null
        }
        fields[slots.type] = .string(type)
        fields[slots.coordinates] = members["coordinates"] ?? .null
        if let geometries = slots.geometries { fields[geometries] = members["geometries"] ?? .null }
        return .embedded(fields)
    }
}
