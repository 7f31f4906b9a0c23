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
}
