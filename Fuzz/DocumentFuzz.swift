import GeodeCore

/// Bytes read as a stored document, the way the engine reads one from a page:
/// every value found, every nested container walked, each decoded — or a
/// `StoreError` thrown.
enum DocumentFuzz {
    static let keys: MapKeyTable = {
        let table = MapKeyTable()
        table.sync(loading: ["type", "coordinates", "name", "population", "tags"].map { Array($0.utf8) }, version: 0)
        return table
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let document = try? ContainerView(document: input, keys: keys.spelling) else { return }
        _ = try? document.decodeAll()
        for slot in 0 ..< min(document.count, 64) {
            _ = try? document.value(at: slot)?.decode()
        }
    }
}
