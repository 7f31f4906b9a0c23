import Foundation
import Geode

/// JSON and GeoJSON text: imported as a file would be, and read as one
/// AnyRealmValue; it is stored whole, or refused with an error that names a
/// place, and nothing else happens.
enum JSONFuzz {
    nonisolated(unsafe) static let setup: (Realm, URL)? = FuzzTarget.scratchRealm(
        "json", [GeoFeature.self, GeoJSONPoint.self, JSONDocument.self]
    ).map { ($0, FuzzTarget.scratch("json.input")) }

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let (realm, file) = setup, input.count <= 65_536 else { return }
        let bytes = Data(input)
        _ = try? AnyRealmValue(json: String(decoding: bytes, as: UTF8.self))
        guard (try? bytes.write(to: file)) != nil else { return }
        _ = try? realm.importGeoJSON(from: file)
        _ = try? realm.importJSONDocuments(from: file)
        if realm.objects(GeoFeature.self).count + realm.objects(JSONDocument.self).count > 5_000 {
            try? realm.write { realm.deleteAll() }
        }
    }
}
