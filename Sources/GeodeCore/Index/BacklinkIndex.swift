/// The store's backlink index, `links`: one entry for every link an object
/// holds, keyed by the object it links to, so that what links to an object
/// is found without reading the objects that might.
///
/// An entry's key is the target's table and key, then the origin's table,
/// the top-level slot of the property holding the link (a list, a map, an
/// embedded object or an `AnyRealmValue` holds it somewhere inside), the
/// origin's key and the link's occurrence among the equal links of that
/// slot; all big-endian, 32 bytes; the value is empty. The entries of one
/// target therefore come by origin class, property and key:
///
/// ```
/// target table:u32 target key:u64 | origin table:u32 slot:u32 origin key:u64 occurrence:u32
/// ```
///
/// Every write keeps it (``StoreWriteTransaction``), except inside a
/// migration, which moves documents and keys wholesale and builds the index
/// again at its end. A store written before the index existed has it built
/// when a writer opens it; a read-only open of such a store has none, and
/// the readers fall back to reading the documents.
package struct BacklinkIndex: Sendable {
    /// The database's name (no class is called that: class databases start with `obj/`).
    static let databaseName = "links"
    let database: Database

    /// One link held by an object: where it points, and the top-level slot that holds it.
    struct Entry: Hashable {
        let target: Link
        let slot: UInt32
        /// Which of the equal links of that slot this is (a list may hold one object twice).
        let occurrence: UInt32
    }

    /// The origin of a link: the linking object's class, property slot and key.
    package struct Origin: Hashable, Sendable {
        package let table: UInt32
        package let slot: Int
        package let key: ObjectKey
    }

    // MARK: Reading links from documents

    /// The links `document` holds in `slots` (the slots that can hold one, see
    /// ``Table/linkSlots``), in document order.
    static func entries(in document: ContainerView, slots: [Int]) throws -> [Entry] {
        var found: [Entry] = []
        var seen: [Link: UInt32] = [:]
        for slot in slots {
            guard let value = try document.value(at: slot) else { continue }
            seen.removeAll(keepingCapacity: true)
            try collect(value, slot: UInt32(slot), into: &found, seen: &seen)
        }
        return found
    }

    private static func collect(_ value: ValueView, slot: UInt32, into found: inout [Entry], seen: inout [Link: UInt32])
        throws
    {
        switch value.kind {
        case .link?:
            guard case let .link(link) = try value.decode() else { return }
            let occurrence = seen[link, default: 0]
            seen[link] = occurrence + 1
            found.append(Entry(target: link, slot: slot, occurrence: occurrence))
        case .list?, .map?, .embedded?:
            guard let container = try value.container() else { return }
            for i in 0 ..< container.count {
                guard let element = try container.value(at: i) else { continue }
                try collect(element, slot: slot, into: &found, seen: &seen)
            }
        default:
            return
        }
    }

    // MARK: Keeping the index

    /// Adds the entries of object `key` of table `origin`.
    func add(_ entries: some Sequence<Entry>, of key: ObjectKey, in origin: UInt32, _ txn: WriteTransaction) throws {
        for entry in entries { try txn.put(database, key: Self.key(entry, origin: origin, key), value: []) }
    }

    /// Removes the entries of object `key` of table `origin`.
    func remove(_ entries: some Sequence<Entry>, of key: ObjectKey, in origin: UInt32, _ txn: WriteTransaction) throws {
        for entry in entries { _ = try txn.delete(database, key: Self.key(entry, origin: origin, key)) }
    }

    /// Replaces object `key`'s entries `old` by `new`, writing only the difference.
    func replace(_ old: [Entry], with new: [Entry], of key: ObjectKey, in origin: UInt32, _ txn: WriteTransaction)
        throws
    {
        guard old != new else { return }
        let kept = Set(old).intersection(new)
        try remove(old.lazy.filter { !kept.contains($0) }, of: key, in: origin, txn)
        try add(new.lazy.filter { !kept.contains($0) }, of: key, in: origin, txn)
    }

    /// Empties the index.
    func removeAll(_ txn: WriteTransaction) throws { try txn.drop(database, remove: false) }

    /// Builds the index from the documents of every class that can hold a
    /// link (after ``removeAll(_:)``, or into a new database).
    func build(_ tables: some Sequence<Table>, _ txn: WriteTransaction, _ keys: MapKeySpelling) throws {
        for table in tables where !table.linkSlots.isEmpty {
            guard let objects = table.objects else { continue }
            try Store.forEachBatch(objects, txn) { document in
                try Self.entries(in: ContainerView(document: document, keys: keys), slots: table.linkSlots)
            } write: { batch in
                for (key, entries) in batch { try add(entries, of: key, in: table.schema.table, txn) }
            }
        }
    }

    // MARK: Finding origins

    /// The origins of the links to `target`, by origin class, slot and key;
    /// an origin holding several equal links comes once.
    func origins(of target: Link, _ txn: Transaction) throws -> [Origin] {
        var origins: [Origin] = []
        try forEach(prefix: Self.prefix(target), txn) { origin in
            if origins.last != origin { origins.append(origin) }
        }
        return origins
    }

    /// The objects of table `origin` whose property in `slot` links to
    /// `target`, in key order; with `eachLink`, an object comes once for each
    /// of its links (a list may hold the target twice), else once.
    func origins(of target: Link, from origin: UInt32, slot: Int, eachLink: Bool = false, _ txn: Transaction)
        throws -> [ObjectKey]
    {
        var keys: [ObjectKey] = []
        var prefix = Self.prefix(target)
        Self.append(origin, to: &prefix)
        Self.append(UInt32(truncatingIfNeeded: slot), to: &prefix)
        try forEach(prefix: prefix, txn) { found in
            if eachLink || keys.last != found.key { keys.append(found.key) }
        }
        return keys
    }

    private func forEach(prefix: [UInt8], _ txn: Transaction, _ body: (Origin) -> Void) throws {
        let cursor = try txn.cursor(database)
        var entry = try cursor.seek(atLeast: prefix)
        while let (k, _) = entry, k.count >= prefix.count, k.prefix(prefix.count).elementsEqual(prefix) {
            guard k.count == 32 else {
                throw StoreError.corruptDocument(detail: "backlink entry of \(k.count) bytes", offset: 0)
            }
            body(
                Origin(
                    table: Self.load(UInt32.self, k, 12), slot: Int(Self.load(UInt32.self, k, 16)),
                    key: ObjectKey(Self.load(UInt64.self, k, 20))))
            entry = try cursor.next()
        }
    }

    // MARK: Entry keys

    private static func prefix(_ target: Link) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        append(target.table, to: &bytes)
        append(target.key.rawValue, to: &bytes)
        return bytes
    }

    static func key(_ entry: Entry, origin: UInt32, _ key: ObjectKey) -> [UInt8] {
        var bytes = prefix(entry.target)
        append(origin, to: &bytes)
        append(entry.slot, to: &bytes)
        append(key.rawValue, to: &bytes)
        append(entry.occurrence, to: &bytes)
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> T {
        T(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
