import ArgumentParser
import Foundation
import GeodeCore
import GeodeJSON

/// The shape a `--within FILE` option names: a GeoJSON Polygon or
/// MultiPolygon geometry, or the geometry of a Feature or of a
/// FeatureCollection holding one Feature (what `geode export` writes for one
/// object).
///
/// ```swift
/// let text = try ShapeFile.geometryJSON("italy.geojson")   // {"type":"MultiPolygon",…}
/// ```
enum ShapeFile {
    /// Larger shape files are refused: a shape is read whole, and standard input may not end.
    static let maximumBytes = 256 << 20

    /// The JSON text of the geometry in the file at `path` (`-`: standard input).
    static func geometryJSON(_ path: String) throws -> String {
        let value = try JSONReader.parse(try text(path), source: path == "-" ? "standard input" : path)
        return try JSONWriter.string(try geometry(in: value, path))
    }

    private static func geometry(in value: Value, _ path: String) throws -> Value {
        guard case let .map(object) = value, case let .string(type)? = object["type"] else {
            throw ValidationError("--within \(path): expected a GeoJSON object with a \"type\"")
        }
        switch type {
        case "Feature":
            guard let geometry = object["geometry"], geometry != .null else {
                throw ValidationError("--within \(path): the Feature has no geometry")
            }
            return geometry
        case "FeatureCollection":
            guard case let .list(features)? = object["features"], features.count == 1 else {
                throw ValidationError("--within \(path): a FeatureCollection must hold exactly one Feature")
            }
            return try geometry(in: features[0], path)
        default:
            return value
        }
    }

    private static func text(_ path: String) throws -> String {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw ValidationError("--within \(path): the file cannot be read")
        }
        var data = Data()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
            if data.count > maximumBytes {
                throw ValidationError("--within \(path): a shape file may hold at most \(maximumBytes >> 20) MB")
            }
        }
        return String(decoding: data, as: UTF8.self)
    }
}
