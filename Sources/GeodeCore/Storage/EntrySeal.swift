import CXXHash

/// The check that every entry of a sealed database carries: four bytes after
/// its value, the low 32 bits of XXH3-64 over the key followed by the value
/// (`geode_entry_check` in the CXXHash shim).
///
/// LMDB 0.9 keeps no checksums: a byte damaged inside a document, an index key
/// or a value leaves a well-formed tree, and a reader would answer from it as
/// if nothing had happened. Every read of a sealed database therefore verifies
/// its entry before handing it out (``Transaction/get(_:key:)``, ``Cursor``),
/// and every write seals it (``WriteTransaction/put(_:key:value:)``), so that
/// damage surfaces as ``StoreError/damagedEntry(path:database:key:)`` instead
/// of a different answer. Stores of format 3 and before had no seals: their
/// format mark is read unsealed (``Store``'s format check) and their entries
/// are sealed in place when the store is first opened for writing.
///
/// ```swift
/// try txn.put(db, key: key, value: document)          // stores document ‖ check
/// let document = try txn.get(db, key: key)             // verified, check cut off
/// let raw = try txn.get(db.unsealed, key: key)         // as stored, for check and salvage
/// let value = try EntrySeal.open(key: key, stored: raw!, in: db.name, path: path)
/// ```
///
/// Verifying reads every byte of every entry read: a scan that tests one
/// field of each document pays for reading the rest (BENCHMARKS.md measures it).
enum EntrySeal {
    /// The bytes a seal adds to each value.
    static let size = 4

    /// The check of the entry (`key`, `value`).
    @inline(__always)
    static func check(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(geode_entry_check(key.baseAddress, key.count, value.baseAddress, value.count))
    }

    /// Writes `value` followed by its check into `destination`, which holds
    /// exactly `value.count + size` bytes.
    @inline(__always)
    static func seal(
        key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer
    ) {
        if let source = value.baseAddress, let target = destination.baseAddress, !value.isEmpty {
            target.copyMemory(from: source, byteCount: value.count)
        }
        destination.storeBytes(
            of: check(key: key, value: value).littleEndian, toByteOffset: value.count, as: UInt32.self)
    }

    /// The value of the sealed entry (`key`, `stored`), its check verified;
    /// nil when the check fails. `stored` must be a value LMDB handed out
    /// (its check is computed in place). No closures or error values here:
    /// readers call it for every entry they step over.
    @inline(__always)
    static func verified(key: UnsafeRawBufferPointer, stored: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        let length = stored.count - size
        guard length >= 0 else { return nil }
        let value = UnsafeRawBufferPointer(rebasing: stored[..<length])
        let kept = UInt32(littleEndian: stored.loadUnaligned(fromByteOffset: length, as: UInt32.self))
        let computed = UInt32(geode_stored_entry_check(key.baseAddress, key.count, value.baseAddress, value.count))
        return kept == computed ? value : nil
    }

    /// The value of the sealed entry (`key`, `stored`) of `database`, its
    /// check verified; throws ``StoreError/damagedEntry(path:database:key:)``
    /// when it fails.
    @inline(__always)
    static func open(
        key: UnsafeRawBufferPointer, stored: UnsafeRawBufferPointer, in database: String,
        path: String
    ) throws -> UnsafeRawBufferPointer {
        guard let value = verified(key: key, stored: stored) else { throw damage(key, database, path) }
        return value
    }

    /// The error for an entry that fails its check.
    @inline(never)
    static func damage(_ key: UnsafeRawBufferPointer, _ database: String, _ path: String) -> StoreError {
        .damagedEntry(path: path, database: database, key: Array(key))
    }
}
