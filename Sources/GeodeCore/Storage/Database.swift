import CLMDB

/// A named LMDB database inside an environment: a sorted map of byte keys to
/// byte values (or, with `sortedDuplicates`, to sorted sets of values).
package struct Database: Hashable, Sendable {
    /// The handle LMDB gave when the database was opened.
    package let handle: MDB_dbi
    /// The database's name in the environment (`obj/Dog`, `meta`).
    package let name: String
    /// Whether one key holds a sorted set of values (`MDB_DUPSORT`).
    package let sortedDuplicates: Bool
    /// Whether each value carries its entry's check (``EntrySeal``), verified
    /// on every read: every database but those with sorted duplicates (which
    /// Geode does not use: LMDB cannot reserve their values).
    package private(set) var isSealed: Bool

    init(handle: MDB_dbi, name: String, sortedDuplicates: Bool) {
        self.handle = handle
        self.name = name
        self.sortedDuplicates = sortedDuplicates
        self.isSealed = !sortedDuplicates
    }

    /// The same database read and written without seals: for sealing the
    /// entries of a store written before there were any.
    package var unsealed: Database {
        var copy = self
        copy.isSealed = false
        return copy
    }
}
