import Foundation
import Geode

/// CSV and TSV text through ``Realm/importCSV(from:into:options:)``: rows
/// become features (a WKT or GeoJSON geometry column, or latitude and
/// longitude) or records, or the file is refused with an error that names a
/// place, and nothing else happens. The input's first byte picks the
/// delimiter, so that one corpus reaches CSV, TSV and semicolons.
enum CSVFuzz {
    nonisolated(unsafe) static let setup: (Realm, URL)? = FuzzTarget.scratchRealm(
        "csv", [GeoFeature.self, GeoJSONGeometry.self, JSONDocument.self]
    ).map { ($0, FuzzTarget.scratch("csv.input")) }

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let (realm, file) = setup, let first = input.first, input.count <= 65_536 else { return }
        let delimiters: [Character] = [",", "\t", ";", "|"]
        var options = ImportOptions()
        options.csv = CSVFormat(delimiter: delimiters[Int(first) % delimiters.count])
        guard (try? Data(input.dropFirst()).write(to: file)) != nil else { return }
        _ = try? realm.importCSV(from: file, options: options)
        if realm.objects(GeoFeature.self).count + realm.objects(JSONDocument.self).count > 5_000 {
            try? realm.write { realm.deleteAll() }
        }
    }
}
