import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

extension Results where Element: RealmFetchable {
    /// The objects grouped by their value at `keyPath`, each group counted and
    /// summarised at `aggregating` (sum, min, max, average of the numbers
    /// there), largest group first (then in the order of their keys' JSON text).
    /// Key paths are as in ``export(to:format:fields:offset:)``: members of
    /// maps and embedded objects by name, list elements by number. One pass
    /// over the objects; the groups are held in memory.
    ///
    /// ```swift
    /// let byCountry = try realm.objects(GeoFeature.self).groups(by: "properties.countrycode",
    ///                                                            aggregating: ["properties.population"])
    /// ```
    public func groups(by keyPath: String, aggregating keyPaths: [String] = []) throws -> [ResultsGroup] {
        let table = cls.table
        let schema = realmOfResults.store.schema
        let path = PlainKeyPath.steps(keyPath)
        let summed = keyPaths.map(PlainKeyPath.steps)
        let needed = Set(([path] + summed).compactMap(\.first))
        var groups = OrderedDictionary<String, (key: Value, count: Int, summaries: [NumericSummary])>()
        try realmOfResults.withTransaction { txn in
            for key in keys {
                // Only the properties the key paths start at are decoded.
                guard let members = try Self.members(of: key, in: table, only: needed, schema, txn) else { continue }
                let whole = Value.map(members)
                let value = PlainKeyPath.value(at: path, in: whole)
                var text = ""
                try JSONTextEncoder.append(value, to: &text)
                var group = groups[text] ?? (value, 0, Array(repeating: NumericSummary(), count: summed.count))
                group.count += 1
                for (index, summedPath) in summed.enumerated() {
                    group.summaries[index].add(PlainKeyPath.value(at: summedPath, in: whole))
                }
                groups[text] = group
            }
        }
        let ordered = groups.sorted { a, b in
            a.value.count != b.value.count ? a.value.count > b.value.count : a.key < b.key
        }
        return ordered.map { _, group in
            ResultsGroup(
                key: AnyRealmValue.from(group.key, realmOfResults) ?? .none, count: group.count,
                summaries: Dictionary(zip(keyPaths, group.summaries), uniquingKeysWith: { a, _ in a }))
        }
    }
}

extension Results where Element: RealmFetchable {
    /// Up to `limit` of the objects, each as the map of its properties' plain
    /// values (as ``export(to:format:fields:offset:)`` writes them): for tools
    /// that look at what a class holds. Reads that fail throw.
    package func plainSample(limit: Int) throws -> [Value] {
        let table = cls.table
        let schema = realmOfResults.store.schema
        return try realmOfResults.withTransaction { txn in
            try keys.prefix(limit).compactMap { key in
                try Self.members(of: key, in: table, schema, txn).map(Value.map)
            }
        }
    }
}

extension Results where Element: RealmFetchable {
    /// The smallest longitude/latitude box holding every coordinate of the
    /// objects' geometries (a feature's point or other geometry, or a class's
    /// first geo point property), as `[west, south, east, north]` in GeoJSON's
    /// `bbox` order; nil when no object has one. Boxes are not taken across
    /// the antimeridian.
    ///
    /// ```swift
    /// if let box = try realm.objects(GeoFeature.self).filter("properties.cc == 'CH'").boundingBox() {
    ///     print(box)   // [5.95, 45.83, 10.48, 47.79]
    /// }
    /// ```
    public func boundingBox() throws -> [Double]? {
        let table = cls.table
        let schema = realmOfResults.store.schema
        let geoProperty = schema.firstGeoPointProperty(of: table.schema)?.name
        let isFeature = GenericClass(of: table.schema) == .feature
        var box: [Double]?
        func add(_ coordinates: Value) {
            guard case let .list(items) = coordinates else { return }
            if items.count >= 2, let lon = items[0].numberValue, let lat = items[1].numberValue {
                box =
                    box.map {
                        [Swift.min($0[0], lon), Swift.min($0[1], lat), Swift.max($0[2], lon), Swift.max($0[3], lat)]
                    }
                    ?? [lon, lat, lon, lat]
                return
            }
            for item in items { add(item) }
        }
        func geometries(of geometry: Value) -> [Value] {
            guard case let .map(members) = geometry else { return [] }
            if case let .list(parts)? = members["geometries"] { return parts.flatMap(geometries) }
            return members["coordinates"].map { [$0] } ?? []
        }
        let names = isFeature ? ["geometry"] : geoProperty.map { [$0] } ?? []
        try realmOfResults.withTransaction { txn in
            for key in keys {
                guard let members = try Self.members(of: key, in: table, only: Set(names), schema, txn) else {
                    continue
                }
                for name in names { geometries(of: members[name] ?? .null).forEach(add) }
            }
        }
        return box
    }
}
