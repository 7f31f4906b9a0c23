extension Store {
    /// Moves the store to `declared` (a higher schema version than the file's)
    /// in one write transaction, running `body` between the automatic changes
    /// and the final checks (see ``StoreMigration``). When another process
    /// migrated the file first, only what is still needed happens.
    package func migrate(to declared: Schema, _ body: ((StoreMigration) throws -> Void)?) throws {
        let before = current
        do {
            try write { txn in
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
