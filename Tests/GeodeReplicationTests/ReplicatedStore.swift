import GeodeCore
import GeodeReplication
import GeodeTestSupport

/// A server, a store of places (``ReplicationTests/makeStore(_:count:)``)
/// and a replicator that has loaded its snapshot: where most tests start.
struct ReplicatedStore {
    let server: TemporaryPostgres
    let directory: TemporaryDirectory
    let store: Store
    let places: Table
    let replicator: Replicator
    /// What the snapshot run did.
    let snapshot: Replicator.Progress

    init(count: Int) throws {
        server = try TemporaryPostgres()
        directory = try TemporaryDirectory()
        store = try ReplicationTests.makeStore(directory, count: count)
        places = try store.table("Place")
        replicator = try Replicator(storePath: directory.path("places.geode"), target: server.conninfo())
        snapshot = try replicator.replicate()
    }

    /// Makes the target note each row inserted into `Place` in table
    /// `received` (`id`, `name`, the inserting transaction `tx`, the order `at`).
    func noteInsertedPlaces() throws {
        _ = try server.psql(
            """
            CREATE TABLE received (id bigint, name text, tx bigint, at serial);
            CREATE FUNCTION note() RETURNS trigger AS $$
                BEGIN INSERT INTO received (id, name, tx) VALUES (NEW.id, NEW.name, txid_current()); RETURN NEW; END
                $$ LANGUAGE plpgsql;
            CREATE TRIGGER noted AFTER INSERT ON "Place" FOR EACH ROW EXECUTE FUNCTION note();
            """)
    }
}
