import ArgumentParser
import Foundation
import Geode
import GeodeCore

/// Opens the store the tool works on, with the classes the tool knows.
enum ToolStore {
    /// The store used when none is named: `$GEODE_STORE`, else `geode.geode` in the current directory.
    static var defaultPath: String {
        ProcessInfo.processInfo.environment["GEODE_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? "geode.geode"
    }

    static func open(_ path: String, readOnly: Bool = false) throws -> Realm {
        var configuration = Realm.Configuration(
            fileURL: URL(fileURLWithPath: path),
            objectTypes: [GeoFeature.self, GeoJSONGeometry.self, JSONDocument.self])
        configuration.readOnly = readOnly
        let realm = try Realm(configuration: configuration)
        opened.append(realm)
        return realm
    }

    /// The realms this run opened: before it exits, the tool throws the error a
    /// read deferred on any of them (a damaged store), so that an answer read
    /// from damaged pages never ends with status 0.
    nonisolated(unsafe) static var opened: [Realm] = []

    /// Closes the store at `path` and deletes its files when it holds no
    /// object: what an import that created it and failed leaves behind.
    static func removeIfEmpty(_ path: String) {
        let canonical = URL(fileURLWithPath: path).standardizedFileURL.path
        func isThisStore(_ realm: Realm) -> Bool { realm.configuration.fileURL?.standardizedFileURL.path == canonical }
        let empty = opened.filter(isThisStore).allSatisfy { realm in
            realm.refresh()
            return realm.fileSchema.objectSchema.filter { !$0.isEmbedded }.allSatisfy {
                realm.dynamicObjects($0.className).isEmpty
            }
        }
        // The realms close here: deleting the files needs the store closed.
        opened.removeAll(where: isThisStore)
        guard empty else { return }
        // The import's parser threads let go of the store a moment after the
        // import returns (their thread objects outlive their work): retry briefly.
        for _ in 0 ..< 100 {
            do {
                _ = try Realm.deleteFiles(for: Realm.Configuration(fileURL: URL(fileURLWithPath: path)))
                return
            } catch {
                usleep(10_000)
            }
        }
    }

    /// Exit status 64 when `query` has a `geoCircle` whose radius is more than
    /// half a turn: it covers the whole sphere, which a radius meant in
    /// kilometres or degrees without its unit does by mistake (a bare radius is in radians).
    /// The library takes such circles, as Realm does; the tool asks what was meant.
    static func refuseCirclesBeyondTheSphere(in query: String) throws {
        guard let parsed = try? QueryParser.parse(query) else { return }  // the store reports a query that does not parse
        func radii(_ predicate: QueryPredicate) -> [Double] {
            switch predicate {
            case let .and(parts), let .or(parts): return parts.flatMap(radii)
            case let .not(part): return radii(part)
            case let .geo(_, _, shape, _):
                if case let .circle(_, _, radians) = shape.kind { return [radians] }
                return []
            default: return []
            }
        }
        guard let radius = radii(parsed.predicate).first(where: { $0 > .pi }) else { return }
        ExitStatus.report(
            "a geoCircle of radius \(radius) covers the whole sphere: radii are in radians "
                + "unless they carry a unit; write geoCircle([lon, lat], 100km) (or m, mi, deg, rad)")
        throw ExitCode.validationFailure
    }

    /// Exit status 64 when `format` is GeoJSON and objects of `className`
    /// have no geometry (no GeoJSON point property and not a feature class):
    /// every Feature would have a null geometry, which is a wrong turn more
    /// often than a wish.
    static func refuseGeoJSONWithoutGeometry(_ className: String, _ format: ExportFormat, in realm: Realm) throws {
        guard format == .geoJSON || format == .geoJSONLines, !hasGeometry(className, in: realm) else { return }
        ExitStatus.report(
            "\(className) has no geometry: as GeoJSON every feature would have a null geometry; "
                + "export it with --format json or ndjson")
        throw ExitCode.validationFailure
    }

    /// Whether objects of `className` have a geometry: a GeoJSON point property
    /// (an embedded object with a `type` string and `coordinates` doubles).
    static func hasGeometry(_ className: String, in realm: Realm) -> Bool {
        geometryProperty(of: className, in: realm) != nil
    }

    /// The first property of the class that holds one geometry (an embedded
    /// object with a `type` string and `coordinates`: doubles for a geo point,
    /// an AnyRealmValue for any geometry), nil when none does.
    static func geometryProperty(of className: String, in realm: Realm) -> String? {
        guard let cls = realm.fileSchema[className] else { return nil }
        return cls.properties.first { property in
            guard property.type == .object, !property.isCollection,
                let target = property.objectClassName.flatMap({ realm.fileSchema[$0] })
            else {
                return false
            }
            return target["type"]?.type == .string
                && target["coordinates"].map { ($0.type == .double && $0.isArray) || $0.type == .any } == true
        }?.name
    }

    /// Throws the first error a read deferred on a realm this run opened.
    static func throwDeferredErrors() throws {
        for realm in opened { try realm.throwDeferredError() }
    }

    /// The class `query` and `export` read when none is named.
    static let defaultClass = "GeoFeature"

    /// Whether a word before a query names a store rather than a class: an
    /// existing file, or a path (a `/` or a `.geode` ending).
    /// Warns on standard error when a query that matched nothing names a key
    /// path no object has, or compares numbers with a string (``QueryHints``).
    static func explainNoMatches(_ predicate: String, _ className: String, _ objects: Results<DynamicObject>) {
        guard let parsed = try? QueryParser.parse(predicate) else { return }
        for warning in QueryHints(className: className, objects: objects).warnings(for: parsed.predicate) {
            ExitStatus.report(warning)
        }
    }

    /// The key paths of a `--fields` option (`a,b.c`), nil when not given.
    static func fieldList(_ option: String?) -> [String]? {
        var seen = Set<String>()
        return option.map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty && seen.insert($0).inserted
            }
        }
    }

    static func looksLikeStorePath(_ word: String) -> Bool {
        FileManager.default.fileExists(atPath: word) || word.contains("/") || word.hasSuffix(".geode")
    }

    /// Every object of the class named `name`; exit status 65 naming the
    /// store's classes when it has no such class. When the class was not named
    /// (`named` false: the default) and holds nothing while other classes hold
    /// objects, exit status 64 naming them: an empty answer would mislead.
    static func objects(of name: String, named: Bool = true, in realm: Realm, _ path: String) throws -> Results<
        DynamicObject
    > {
        let classes = realm.fileSchema.objectSchema.filter { !$0.isEmbedded }.map(\.className)
        guard let cls = realm.fileSchema[name], !cls.isEmbedded else {
            ExitStatus.report(
                "\(path) has no class named '\(name)'; its classes: \(classes.isEmpty ? "none" : classes.joined(separator: ", "))"
            )
            throw ExitCode(ExitStatus.dataError)
        }
        let objects = realm.dynamicObjects(name)
        if !named, objects.isEmpty {
            let holding = classes.compactMap { other -> String? in
                let count = realm.dynamicObjects(other).count
                return count > 0 ? "\(other) (\(count))" : nil
            }
            if !holding.isEmpty {
                ExitStatus.report(
                    "\(path) has no \(name) objects, the class read when none is named; its objects are in "
                        + holding.joined(separator: ", ") + ": name the class with --class")
                throw ExitCode.validationFailure
            }
        }
        return objects
    }

    /// Opens a store that must exist, read-only; exit status 66 when it does not.
    static func openExisting(_ path: String) throws -> Realm {
        guard FileManager.default.fileExists(atPath: path) else {
            ExitStatus.report("no such store: \(path)")
            throw ExitCode(ExitStatus.missingFile)
        }
        return try open(path, readOnly: true)
    }

    /// Whether a file is GeoJSON: its name says so (`.geojson`, `.geojsonl`,
    /// `.geojsons`, `.geojsonseq`), or, for a regular file, its first 64 KiB
    /// name a Feature or a FeatureCollection as a `type` (a pipe is not
    /// peeked at: `--format` says what it holds).
    static func looksLikeGeoJSON(_ path: String) -> Bool {
        let lower = path.lowercased()
        if [".geojson", ".geojsonl", ".geojsons", ".geojsonseq"].contains(where: lower.hasSuffix) { return true }
        // Only a regular file can be peeked at: reading a pipe (/dev/stdin) would consume it.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        // The throwing read: a directory or an unreadable file is simply not GeoJSON.
        guard let bytes = try? handle.read(upToCount: 65_536) else { return false }
        let head = String(decoding: bytes, as: UTF8.self)
        return head.range(of: #""type"\s*:\s*"Feature(Collection)?""#, options: .regularExpression) != nil
    }

    /// The size of the store file in bytes (0 when it cannot be read).
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

/// What `import` reads its input as.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case auto, geojson, geojsonseq, json, ndjson, csv, tsv

    /// The delimiter when `file` is read as CSV or TSV (by this format, or by
    /// its name: `.csv`, `.tsv`, `.tab`); nil when it is JSON.
    func csvDelimiter(_ file: String) -> Character? {
        switch self {
        case .csv: return ","
        case .tsv: return "\t"
        case .auto:
            let lower = file.lowercased()
            if lower.hasSuffix(".csv") { return "," }
            if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { return "\t" }
            return nil
        default: return nil
        }
    }

    /// How the input's texts follow one another: `json` and `geojson` are one
    /// JSON text (RFC 8259), `ndjson` and `geojsonseq` any number of texts;
    /// `auto` goes by the file's name.
    var framing: ImportOptions.Framing {
        switch self {
        case .geojson, .json: return .oneText
        case .geojsonseq, .ndjson: return .sequence
        case .auto, .csv, .tsv: return .automatic
        }
    }

    /// Whether the input is read as GeoJSON (features), else as plain JSON records.
    func readsGeoJSON(_ file: String) -> Bool {
        switch self {
        case .geojson, .geojsonseq: return true
        case .json, .ndjson, .csv, .tsv: return false
        case .auto: return ToolStore.looksLikeGeoJSON(file)
        }
    }
}
