import Foundation

/// Copies every readable object of a damaged store into a new store, and
/// says what it left behind.
///
/// The source is read with ``PageAudit/salvage(path:wanted:visit:)``, never
/// through LMDB (which may fault on it): damaged subtrees and nodes are
/// skipped. The new store gets the source's metadata (format, schema, key
/// counters), its map-key table and every document that decodes, under its
/// own object key, so links between salvaged objects hold. Primary-key,
/// value and spatial indexes are built anew from the salvaged documents, and
/// the result is checked with ``StoreCheck`` before it is put in place.
///
/// ```swift
/// let report = try StoreSalvage.run(from: "damaged.geode", to: "saved.geode")
/// print(report.recovered, report.lost)
/// ```
package enum StoreSalvage {
    /// What a salvage copied and what it could not.
    package struct Report: Sendable {
        /// Objects copied, per class.
        package var recovered: [String: Int] = [:]
        /// Objects each class's record in the source says it held (a record
        /// that is itself damaged may be wrong).
        package var recorded: [String: Int] = [:]
        /// Damaged pages and nodes walked past, and documents left behind.
        package var lost: [StoreCheck.Problem] = []
    }

    /// Salvages the store at `source` into a new store at `destination`, which
    /// must not exist. Nothing is left at `destination` when this throws.
    package static func run(from source: String, to destination: String) throws -> Report {
        guard access(destination, F_OK) != 0 else {
            throw StoreError.fileAccess(path: destination, operation: "salvage into (it exists)", errno: EEXIST)
        }
        guard case .lmdb = try StoreFile.inspect(source) else {
            throw StoreError.fileAccess(path: source, operation: "salvage", errno: ENOENT)
        }
        var report = Report()
        // First the metadata and the key table: documents cannot be read without them.
        var meta: [[UInt8]: [UInt8]] = [:]
        var keyEntries: [UInt32: [UInt8]] = [:]
        let first = try PageAudit.salvage(path: source, wanted: { $0 == "meta" || $0 == "keys" }) { name, key, value in
            // An entry that fails its check is left out: a lost schema stops the
            // salvage, a lost spelling is reported by `salvagedKeys`.
            guard let value = EntrySeal.verified(key: key, stored: value) else { return }
            if name == "meta" {
                meta[Array(key)] = Array(value)
            } else if key.count == 4 {
                keyEntries[UInt32(bigEndian: key.loadUnaligned(as: UInt32.self))] = Array(value)
            }
        }
        report.recorded = first.entries.filter { $0.key.hasPrefix("obj/") }
            .reduce(into: [:]) { $0[String($1.key.dropFirst(4))] = $1.value }
        report.lost += first.damage.map {
            StoreCheck.Problem(database: $0.database, objectKey: nil, detail: "page \($0.page): \($0.detail)")
        }
        let schema = try salvagedSchema(meta, source)
        let spellings = try salvagedKeys(keyEntries, &report)
        let keys = MapKeyTable()
        keys.sync(loading: spellings, version: 0)

        let temporary = destination + ".salvaging-\(getpid())"
        defer {
            unlink(temporary)
            unlink(Environment.lockPath(for: temporary))
        }
        let environment = try Environment.open(path: temporary, options: .init())
        do {
            try environment.write { txn in
                var recovered: [String: Int] = [:]
                var lost: [StoreCheck.Problem] = []
                let metaDB = try txn.openDatabase("meta")
                for (key, value) in meta { try txn.put(metaDB, key: key, value: value) }
                let keysDB = try txn.openDatabase("keys")
                for (number, spelling) in spellings.enumerated() {
                    try txn.put(keysDB, key: withUnsafeBytes(of: UInt32(number).bigEndian, Array.init), value: spelling)
                }
                var databases: [String: Database] = [:]
                var claimed: [String: Set<[UInt8]>] = [:]
                _ = try PageAudit.salvage(path: source, wanted: { $0.hasPrefix("obj/") }) { name, key, stored in
                    let className = String(name.dropFirst(4))
                    guard let cls = schema[className], !cls.isEmbedded else { return }
                    let objectKey = key.count == 8 ? UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)) : nil
                    let slots: [Value]
                    let value: UnsafeRawBufferPointer
                    do {
                        guard objectKey != nil else {
                            throw StoreError.corruptDocument(detail: "an object key of \(key.count) bytes", offset: 0)
                        }
                        value = try EntrySeal.open(key: key, stored: stored, in: name, path: source)
                        slots = try ContainerView(document: value, keys: keys.spelling).decodeAll()
                    } catch StoreError.damagedEntry {
                        lost.append(
                            StoreCheck.Problem(
                                database: name, objectKey: objectKey, detail: StoreCheck.checksumMismatch))
                        return
                    } catch let error as StoreError {
                        lost.append(StoreCheck.Problem(database: name, objectKey: objectKey, detail: error.description))
                        return
                    }
                    // A damaged primary key may repeat another's: the first keeps it.
                    if let pk = cls.primaryKey, !cls.isKeyedByPrimaryKey {
                        let encoded = IndexKey.encode(pk.slot < slots.count ? slots[pk.slot] : .null) ?? []
                        guard claimed[className, default: []].insert(encoded).inserted else {
                            lost.append(
                                StoreCheck.Problem(
                                    database: name, objectKey: objectKey,
                                    detail: "its primary key repeats another object's"))
                            return
                        }
                        let pkDB = try databases["pk/" + className] ?? txn.openDatabase("pk/" + className)
                        databases["pk/" + className] = pkDB
                        try txn.put(pkDB, key: encoded, value: Array(key))
                    }
                    let db = try databases[name] ?? txn.openDatabase(name)
                    databases[name] = db
                    try txn.put(db, key: key, value: value)
                    recovered[className, default: 0] += 1
                }
                report.recovered = recovered
                report.lost += lost
            }
        } catch {
            environment.release()
            throw error
        }
        environment.release()
        // Opening builds the value and spatial indexes from the documents.
        let store = try Store.open(StoreConfiguration(path: temporary))
        let check = try StoreCheck.run(store)
        guard check.isSound else {
            throw StoreError.corruptDocument(
                detail: "the salvaged copy does not check: \(check.problems.first.map(String.init(describing:)) ?? "")",
                offset: 0)
        }
        if link(temporary, destination) != 0 {
            throw StoreError.fileAccess(path: destination, operation: "create", errno: errno)
        }
        return report
    }

    /// The schema kept in the source's metadata; without it no document can be read.
    private static func salvagedSchema(_ meta: [[UInt8]: [UInt8]], _ path: String) throws -> Schema {
        guard let format = meta[Array("format".utf8)], format.count == Store.formatMagic.count + 4,
            Array(format.prefix(Store.formatMagic.count)) == Store.formatMagic
        else {
            throw StoreError.notAGeodeStore(path: path, reason: "its format marker is missing or damaged")
        }
        let version = format.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: Store.formatMagic.count, as: UInt32.self).bigEndian
        }
        guard (Store.oldestReadableFormat ... Store.formatVersion).contains(version) else {
            throw StoreError.unsupportedFormat(path: path, found: version, supported: Store.formatVersion)
        }
        guard let bytes = meta[Array("schema".utf8)] else {
            throw StoreError.notAGeodeStore(path: path, reason: "its schema is lost: no object can be read")
        }
        return try bytes.withUnsafeBytes { raw in
            guard let value = try ContainerView(document: raw).value(at: 0) else {
                throw StoreError.corruptDocument(detail: "the stored schema is empty", offset: 0)
            }
            return try Schema(storedValue: value.decode())
        }
    }

    /// The map-key table in number order; a number whose entry was lost gets
    /// a stand-in spelling, `#lost-N`, so later numbers keep their meaning.
    private static func salvagedKeys(_ entries: [UInt32: [UInt8]], _ report: inout Report) throws -> [[UInt8]] {
        guard let last = entries.keys.max() else { return [] }
        return (0 ... last).map { number in
            if let spelling = entries[number], !spelling.isEmpty, spelling.count <= MapKeyTable.longestKey {
                return spelling
            }
            report.lost.append(
                StoreCheck.Problem(
                    database: "keys", objectKey: nil,
                    detail: "map key \(number) is lost; maps that used it now have the key \"#lost-\(number)\""))
            return Array("#lost-\(number)".utf8)
        }
    }
}
