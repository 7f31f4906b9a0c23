import Foundation
import Geode

/// JSON and GeoJSON text: imported as a file would be, and read as one
/// AnyRealmValue; it is stored whole, or refused with an error that names a
/// place, and nothing else happens.
enum JSONFuzz {
    nonisolated(unsafe) static let setup: (Realm, URL)? = {
        let store = FuzzTarget.scratch("json.geode"), input = FuzzTarget.scratch("json.input")
        atexit {
            unlink(FuzzTarget.scratch("json.geode").path)
            unlink(FuzzTarget.scratch("json.geode").path + "-lock")
            unlink(FuzzTarget.scratch("json.input").path)
        }
        guard
            let realm = try? Realm(
                configuration: Realm.Configuration(
                    fileURL: store, objectTypes: [GeoFeature.self, GeoJSONPoint.self, JSONDocument.self]))
        else { return nil }
        return (realm, input)
    }()

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
