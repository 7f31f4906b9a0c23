import CLMDB
import Foundation

/// How a store is opened.
///
/// ```swift
/// var configuration = StoreConfiguration(path: "/tmp/places.geode")
/// configuration.schema = Schema(classes: [place], version: 1)
/// let store = try Store.open(configuration)
/// ```
package struct StoreConfiguration: Sendable {
    /// The store file; its lock file sits beside it (`PATH-lock`).
    package var path: String
    /// Open without write access; writes throw ``StoreError/readOnly(path:)``.
    package var readOnly = false
    /// Remove the files when the last user closes the store.
    package var inMemory = false
    /// The classes the program declares; nil uses the schema stored in the file.
    package var schema: Schema?
    /// Drop all objects and start over when the schema needs a migration.
    package var deleteIfMigrationNeeded = false
    /// Runs inside the migration to a higher schema version (see
    /// ``StoreMigration``), between the automatic changes and the final
    /// checks; a thrown error leaves the file as it was.
    package var migration: (@Sendable (StoreMigration) throws -> Void)?
    /// Flush to disk at every commit.
    package var durable = true
    /// The first size of the memory map (it grows by itself).
    package var initialMapSize = 1 << 30
    /// How many versions back the change log keeps its records at most, for
    /// readers of old versions (see ``ChangeLog``).
    package var changeLogRetention = ChangeLog.defaultRetention
    /// Whether write transactions record their changes in the change log.
    /// Off only to measure what the log costs (the benchmarks): observers of a
    /// store written so miss its changes.
    package var keepsChangeLog = true
    /// Keep the spatial indexes (on by default). Off, the store drops them
    /// when it opens and its writes do not index points; queries scan, and
    /// the next open with them on rebuilds each index from the documents.
    /// For measuring what index upkeep costs an import (`geode-bench
    /// workload`); only for a store no other process has open.
    package var maintainsSpatialIndexes = true
    /// Check every page of an existing file (``PageAudit``) when this process
    /// first opens it, so that a damaged file is refused with an error
    /// instead of faulting inside LMDB later.
    package var auditsPages = true

    package init(path: String, schema: Schema? = nil) {
        self.path = path
        self.schema = schema
    }
}
