import ArgumentParser
import Foundation
import Geode
import GeodeCore
import GeodeJSON

extension GeodeCommand {
    /// `geode join [STORE] --label KEYPATH`: tags objects with the region that holds them.
    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tag each object with the region whose geometry holds it (a spatial join: reverse geocoding).",
            discussion: """
                For each region (an object of --regions whose geometry is a polygon, in the same store),
                finds the objects of --points whose geometry lies within it, through the spatial index,
                and prints one line per object found: its id, a tab, and the region's --label value.
                With --into NAME, writes the label into each object instead, in one transaction: into
                properties.NAME for GeoFeature objects, into the property NAME for other classes.
                Edges are planar, as GeoJSON defines them (--geodesic for great circles).

                Examples:
                  geode join world.geode --label properties.iso_a3 | head
                  geode join world.geode --label properties.iso_a3 --into country
                  geode join world.geode --points City --regions Country --label name --into country
                """
        )

        @Argument(help: "The store (default $GEODE_STORE or ./geode.geode).")
        var store: String = ToolStore.defaultPath

        @Option(help: "The class of the objects to tag (default GeoFeature).")
        var points = "GeoFeature"

        @Option(
            name: .customLong("where"),
            help: "Tag only the objects this query finds (default: all, the regions left out when both are one class).")
        var pointsWhere: String?

        @Option(help: "The class of the regions (default GeoFeature).")
        var regions = "GeoFeature"

        @Option(
            name: .customLong("regions-where"),
            help: "Use only the regions this query finds (default: those whose geometry is a Polygon or MultiPolygon).")
        var regionsWhere: String?

        @Option(help: "The key path of the region's value to tag with, such as properties.iso_a3.")
        var label: String

        @Option(help: "Write the label into this property of each object (properties.NAME for GeoFeature).")
        var into: String?

        @Flag(help: "Read edges as great circles (Realm's model) instead of straight lines in longitude/latitude.")
        var geodesic = false

        func run() throws {
            try ExitStatus.run {
                let realm = into == nil ? try ToolStore.openExisting(store) : try ToolStore.open(store)
                guard let pointPath = ToolStore.geometryProperty(of: points, in: realm) else {
                    throw ValidationError("--points: \(points) has no geometry property")
                }
                guard let regionPath = ToolStore.geometryProperty(of: regions, in: realm) else {
                    throw ValidationError("--regions: \(regions) has no geometry property")
                }
                let filter =
                    regionsWhere ?? "\(regionPath).type == 'Polygon' OR \(regionPath).type == 'MultiPolygon'"
                let regionObjects = try ToolStore.objects(of: regions, in: realm, store).query(filter)
                // Points and regions in one class (an import of cities and borders): a region is not its own point.
                let pointsWhere = self.pointsWhere ?? (points == regions ? "NOT (\(filter))" : "TRUEPREDICATE")
                // Each region's label, by region (regions without a geometry drop out of the join).
                var labels: [DynamicObject: Value] = [:]
                for (region, value) in zip(regionObjects, try regionObjects.plainValues(keyPath: label)) {
                    labels[region] = value
                }
                let edges: GeoEdges = geodesic ? .geodesic : .planar
                if let into, points == "GeoFeature" {
                    // Typed, so that each feature's properties map gains (or replaces) one member in place.
                    let features = try realm.objects(GeoFeature.self).query(pointsWhere)
                    let joined = try features.spatialJoin(
                        within: regionObjects, on: pointPath, regionsOn: regionPath, edges: edges)
                    var tagged = 0
                    try realm.write {
                        for (region, objects) in joined {
                            let value = try AnyRealmValue(json: Self.jsonText(labels[region] ?? .null))
                            for feature in objects {
                                if feature.properties.dictionaryValue != nil {
                                    feature.properties.dictionaryValue?[into] = value
                                } else {
                                    feature.properties = .fromDictionary([into: value])
                                }
                                tagged += 1
                            }
                        }
                    }
                    Self.summary(tagged, points, label, into)
                    return
                }
                let joined = try ToolStore.objects(of: points, in: realm, store).query(pointsWhere).spatialJoin(
                    within: regionObjects, on: pointPath, regionsOn: regionPath, edges: edges)
                if let into {
                    var tagged = 0
                    try realm.write {
                        for (region, objects) in joined {
                            let plain = try JSONSerialization.jsonObject(
                                with: Data(Self.jsonText(labels[region] ?? .null).utf8), options: [.fragmentsAllowed])
                            for object in objects {
                                object[into] = plain is NSNull ? nil : plain
                                tagged += 1
                            }
                        }
                    }
                    Self.summary(tagged, points, label, into)
                    return
                }
                let idPath = realm.fileSchema[points]?.primaryKeyProperty?.name ?? "id"
                var out = ""
                for (region, objects) in joined {
                    let text = try Self.text(labels[region] ?? .null)
                    for id in try objects.plainValues(keyPath: idPath) {
                        out += try Self.text(id) + "\t" + text + "\n"
                        if out.utf8.count > 1 << 16 {
                            FileHandle.standardOutput.write(Data(out.utf8))
                            out = ""
                        }
                    }
                }
                FileHandle.standardOutput.write(Data(out.utf8))
            }
        }

        private static func summary(_ tagged: Int, _ points: String, _ label: String, _ into: String) {
            print("tagged \(tagged) \(points) object\(tagged == 1 ? "" : "s") with \(label) in \(into)")
        }

        /// A label or id as one field: a string as it is, anything else as JSON.
        private static func text(_ value: Value) throws -> String {
            if case let .string(s) = value { return s }
            return try JSONWriter.string(value, pretty: false)
        }

        private static func jsonText(_ value: Value) throws -> String { try JSONWriter.string(value, pretty: false) }
    }
}
