extension Store {
    /// Free map a migration starts with beyond twice the data (address space, not disk).
    static let migrationHeadroom = 4 << 30

    /// Moves the store to `declared` (a higher schema version than the file's)
    /// in one write transaction, running `body` between the automatic changes
    /// and the final checks (see ``StoreMigration``). When another process
    /// migrated the file first, only what is still needed happens.
    package func migrate(to declared: Schema, _ body: ((StoreMigration) throws -> Void)?) throws {
        let before = current
        // Room for every document rewritten while the old version stays pinned,
        // and for what the block adds: a migration that filled the map would
        // run again from the start, the user's block and its progress with it.
        try environment.reserve(environment.mapUsage.used * 2 + Self.migrationHeadroom)
        do {
            try write { txn in
                txn.noteSchemaChange()
                let stored = try Self.storedSchema(txn.transaction, meta, path)
                let outcome = try SchemaReconciliation.reconcile(
                    declared: declared, stored: stored,
                    deleteIfMigrationNeeded: false, path: path)
                guard outcome.needsMigration else {
                    if outcome.changed {
                        try txn.writeTransaction.put(
                            meta, key: Array("schema".utf8),
                            value: DocumentWriter.encode(outcome.schema.storedValue))
                    }
                    let databases = try Self.openTables(
                        outcome.schema, txn.transaction, create: true, keys: mapKeys.spelling,
                        spatial: configuration.maintainsSpatialIndexes, previous: stored)
                    install(Catalog(schema: outcome.schema, databases: databases))
                    return
                }
                txn.migrationLog = StoreWriteTransaction.MigrationLog()
                // A migration may rewrite every object: listing each would cost more than the rewrite.
                txn.noteUnlistedChanges()
                defer { txn.migrationLog = nil }
                let migration = try StoreMigration(transaction: txn, stored: stored, declared: declared)
                try body?(migration)
                try migration.finish()
            }
        } catch {
            install(before)
            throw MigrationError(underlying: error)
        }
    }
}

/// An error of ``Store/migrate(to:_:)``, wrapped so that ``Store/open(_:)``
/// tells it from errors met before the store existed.
struct MigrationError: Error {
    let underlying: Error
}
