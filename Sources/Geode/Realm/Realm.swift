import Foundation
import GeodeCore

/// A Geode database: one store file (or an in-memory store), opened with the
/// classes it holds.
///
/// A realm reads one version of the store at a time, advanced by its own
/// writes and by ``refresh()``. Changes happen in write transactions.
///
/// As in Realm Swift, a `Realm` and the objects and collections read from it
/// are used by one thread at a time: open a realm per thread (they share one
/// store underneath), and begin and commit a write on the same thread. Any
/// number of threads and processes read while one of them writes. The realms
/// one thread has open on a store share the write one of them begins, as
/// Realm's one realm per thread does (see ``write(withoutNotifying:_:)``).
///
/// ```swift
/// let realm = try Realm()
/// try realm.write {
///     realm.add(Dog(value: ["name": "Rex", "age": 10]))
/// }
/// print(realm.objects(Dog.self).count)
/// ```
public final class Realm {
    /// The configuration the realm was opened with.
    public let configuration: Configuration
    /// The thread that opened the realm: a live realm is used there (unless
    /// it is confined to a queue or an actor), and equals only realms of it.
    let openingThread = pthread_self()
    let store: Store
    // A realm is used on one thread at a time and these are read on every
    // property access: they go without the runtime's exclusivity check.
    /// The version reads see outside write transactions.
    @exclusivity(unchecked) var pinned: PinnedTransaction {
        didSet { noteReadVersion() }
    }
    /// Whether the realm has read anything: until it has, resolving a
    /// ``ThreadSafeReference`` moves it to the reference's version, as Realm
    /// begins a realm's read at its first use (see ``begin(at:)``).
    @exclusivity(unchecked) var hasRead = false
    /// The open write transaction, if any.
    @exclusivity(unchecked) var transaction: StoreWriteTransaction? {
        didSet {
            noteReadVersion()
            if writeLeader == nil, (oldValue == nil) != (transaction == nil) {
                WritingRealm.note(self, writing: transaction != nil)
            }
        }
    }
    /// The serial of the pinned version while reads go through it (no write
    /// is open), else -1: documents kept at this serial can be read as they
    /// are. An integer, so that the check costs no reference counting.
    @exclusivity(unchecked) private(set) var keptDocumentSerial = -1
    /// How many times ``invalidate()`` ran: accessors and collections made
    /// before the last time (``ManagedRef/epoch``) are invalidated.
    @exclusivity(unchecked) var invalidations = 0
    /// The first data error of the open write; later changes in it are skipped.
    private(set) var writeError: Swift.Error?
    /// Objects that became managed in the open write (unmanaged again if it is cancelled).
    private var addedInWrite: [ObjectBase] = []
    /// The realm of this thread whose write transaction this one shares (see
    /// ``WritingRealm``): it commits or cancels it, and this realm leaves it then.
    private(set) var writeLeader: Realm?
    /// The realms sharing this realm's open write transaction.
    private var writeFollowers: [WritingRealm.Weak] = []
    private(set) var classesByName: [String: RealmClass] = [:]
    /// The classes the file held when the realm opened that its configured
    /// ``Configuration/objectTypes`` do not declare: left out of ``schema``, as
    /// Realm leaves them out (classes made later, by an import, are not).
    private(set) var undeclaredClasses: Set<String> = []
    /// Bindings of classes used by name (dynamic objects).
    var dynamicClasses: [String: RealmClass] = [:]
    /// The same bindings by Swift type: the lookup every add and read makes.
    /// A realm binds a handful of classes, so a linear search beats hashing.
    @exclusivity(unchecked) private var classesByType: [(type: ObjectIdentifier, cls: RealmClass)] = []
    /// The edits this realm made to the places holding embedded objects, which
    /// their accessors follow; read on every read of an embedded object.
    @exclusivity(unchecked) var embeddedEdits = EmbeddedEdits()
    /// The edit serial when the open write began: a cancel undoes the moves since.
    private var embeddedEditsAtWriteStart = 0
    /// Counts changes this realm has seen (its own writes, new versions), so
    /// that live collections know when to read again.
    @exclusivity(unchecked) var changeCount = 0
    /// The update policy of the `add` or `create` running: it applies to the
    /// related objects it adds too.
    var nestedUpdatePolicy = UpdatePolicy.error
    /// The tables classes are read through when they are not the store's
    /// current ones: a migration's old realm reads the file's old schema.
    private(set) var oldSchemaTables: [String: Table]?
    /// For a migration's old realm, the realm the migration writes through:
    /// a change to an old object is recorded there, and the migration fails.
    /// Held strongly (that realm holds no old realm): a weak reference gives
    /// the realm a side table, and every retain and release of it, one per
    /// property a migration sets, takes the runtime's slow path.
    private var migrationRealm: Realm?
    /// What observes this realm and its objects and collections, in the order registered.
    var observers: [ChangeObserver] = []
    /// The dispatch queue the realm is confined to, when it was opened with one:
    /// it refreshes there as other writers commit, and notifies there.
    public internal(set) var queue: DispatchQueue?
    /// The actor the realm is isolated to, when it was opened with one: it
    /// refreshes there as other writers commit, and notifies there.
    public internal(set) var actor: (any Actor)?
    /// Whether a realm opened with a queue refreshes there on its own when
    /// another writer commits. When off, its ``observe(_:)`` blocks hear
    /// `.refreshRequired` instead, and it waits for ``refresh()``.
    public var autorefresh = true
    /// For a realm with a queue: 0 when no refresh is waiting on the queue,
    /// 1 when one waits to deliver first notifications, 2 to refresh.
    let refreshState = Locked(0)
    /// Asynchronous writes: ids given and those waiting to start.
    let asyncWrites = Locked(AsyncWrites())

    /// Opens the realm `configuration` describes.
    ///
    /// Throws ``GeodeError`` when the file is not a Geode store, its schema needs
    /// a migration, or the schema is invalid (naming class and property).
    public init(configuration: Configuration = .defaultConfiguration) throws {
        self.configuration = configuration
        isFrozen = false
        let infos = ClassInfo.closure(of: configuration.objectTypes ?? ClassInfo.all.map(\.type))
        try configuration.validate()
        // This thread writes the store already: the realm shares that write, as
        // Realm's one realm per thread would be the writing one (see `WritingRealm`).
        let writing = configuration.readOnly ? nil : WritingRealm.current(forStoreAt: try configuration.storePath())
        if let writing {
            store = writing.store
            pinned = writing.pinned
            try Self.checkSchemaStands(infos, configuration, in: writing.store)
        } else {
            try configuration.copySeedFile()
            (store, pinned) = try Self.open(infos, configuration)
        }
        noteReadVersion()
        for info in infos { bind(info) }
        if let types = configuration.objectTypes, !types.isEmpty {
            let declared = Set(infos.map(\.name) + configuration.dynamicClasses.map(\.className))
            undeclaredClasses = Set(store.schema.classes.map(\.name)).subtracting(declared)
        }
        if let writing { join(writing) }
        ThreadRealm.note(self)
    }

    /// Opens the store `configuration` describes, migrating or compacting it
    /// first when the configuration asks, and pins its newest version.
    private static func open(_ infos: [ClassInfo], _ configuration: Configuration) throws -> (Store, PinnedTransaction)
    {
        do {
            if let shouldCompact = configuration.shouldCompactOnLaunch, configuration.inMemoryIdentifier == nil,
                !configuration.readOnly
            {
                _ = try StoreFiles.compact(try configuration.storePath(), if: shouldCompact)
            }
            var storeConfiguration = StoreConfiguration(
                path: try configuration.storePath(),
                schema: declaredSchema(infos, configuration))
            storeConfiguration.readOnly = configuration.readOnly
            storeConfiguration.inMemory = configuration.inMemoryIdentifier != nil
            storeConfiguration.deleteIfMigrationNeeded = configuration.deleteRealmIfMigrationNeeded
            storeConfiguration.auditsPages = configuration.verifiesPagesOnOpen
            storeConfiguration.migration = { migration in try Self.migrate(migration, configuration) }
            let store = try Store.open(storeConfiguration)
            return (store, try store.pin())
        } catch let error as MigrationBlockError {
            // What the application's own migration block threw reaches it as it was.
            throw error.error
        } catch {
            throw GeodeError.from(error)
        }
    }

    /// The schema `configuration` declares: the classes of `infos` and its dynamic classes.
    private static func declaredSchema(_ infos: [ClassInfo], _ configuration: Configuration) -> GeodeCore.Schema {
        GeodeCore.Schema(
            classes: infos.map(\.schema) + configuration.dynamicClasses.map(\.schema),
            version: configuration.schemaVersion)
    }

    /// Throws unless `store`, which this thread is writing, already has the
    /// schema `configuration` declares: changing it would need a write of its own.
    private static func checkSchemaStands(_ infos: [ClassInfo], _ configuration: Configuration, in store: Store) throws
    {
        let declared = declaredSchema(infos, configuration)
        let outcome: SchemaReconciliation
        do {
            outcome = try SchemaReconciliation.reconcile(
                declared: declared, stored: store.schema, deleteIfMigrationNeeded: false, path: store.path)
        } catch {
            throw GeodeError.from(error)
        }
        guard outcome.changed || outcome.needsMigration else { return }
        throw GeodeError.schema(
            GeodeError.SchemaFailure(
                "\(store.path) is in a write transaction on this thread: a realm opened inside it cannot change its schema"
            ))
    }

    /// Opens the store at `fileURL` with the rest of the default configuration.
    ///
    /// ```swift
    /// let realm = try Realm(fileURL: URL(fileURLWithPath: "places.geode"))
    /// ```
    public convenience init(fileURL: URL) throws {
        var configuration = Configuration.defaultConfiguration
        configuration.fileURL = fileURL
        try self.init(configuration: configuration)
    }

    /// A realm on `store` inside its open write `transaction` (a migration's).
    init(store: Store, transaction: StoreWriteTransaction, configuration: Configuration) throws {
        self.configuration = configuration
        self.store = store
        isFrozen = false
        do {
            pinned = try store.pin()
        } catch {
            throw GeodeError.from(error)
        }
        self.transaction = transaction
        noteReadVersion()
    }

    /// The read-only realm of a migration's old objects: the version before
    /// the migration, read through the file's old schema.
    init(oldVersionOf migration: StoreMigration, writingThrough realm: Realm, configuration: Configuration) {
        self.configuration = configuration
        migrationRealm = realm
        store = migration.store
        pinned = migration.snapshot
        isFrozen = true
        oldSchemaTables = Dictionary(
            uniqueKeysWithValues: migration.oldSchema.classes.compactMap { cls in
                migration.oldTable(cls.name).map { (cls.name, $0) }
            })
        noteReadVersion()
    }

    /// Runs the configuration's migration block in `migration` and throws
    /// the first change it made that was refused.
    private static func migrate(_ migration: StoreMigration, _ configuration: Configuration) throws {
        if let report = configuration.migrationProgress {
            migration.onRewrite = { name, done, total in
                report(
                    MigrationProgress(phase: .rewriting, className: name, completedObjects: done, totalObjects: total))
            }
        }
        guard let block = configuration.migrationBlock else { return }
        let realm = try Realm(store: migration.store, transaction: migration.transaction, configuration: configuration)
        defer { realm.transaction = nil }
        let old = Realm(oldVersionOf: migration, writingThrough: realm, configuration: configuration)
        do {
            try block(
                Migration(engine: migration, realm: realm, oldRealm: old, progress: configuration.migrationProgress),
                migration.oldSchema.version)
        } catch {
            throw MigrationBlockError(error: error)
        }
        if let error = realm.writeError ?? realm.deferredError { throw GeodeError.from(error) }
    }

    private func noteReadVersion() {
        keptDocumentSerial = transaction == nil ? pinned.serial : -1
    }

    deinit {
        // Close the pinned version before the store can close its environment,
        // unless a frozen realm still reads through it (it closes it then).
        if isKnownUniquelyReferenced(&pinned) { pinned.close() }
    }

    /// A frozen realm of `source`'s version, or of `version`: it shares the
    /// pinned read transaction (the version stays readable while either holds it).
    private init(frozenFrom source: Realm, at version: PinnedTransaction? = nil) {
        configuration = source.configuration
        store = source.store
        pinned = version ?? source.pinned
        isFrozen = true
        classesByName = source.classesByName
        classesByType = source.classesByType
        dynamicClasses = source.dynamicClasses
        oldSchemaTables = source.oldSchemaTables
        noteReadVersion()
    }

    /// Whether the realm is frozen: pinned to one version, read-only, never
    /// changing, and readable from any thread (one thread at a time).
    public let isFrozen: Bool

    /// A frozen copy of the realm at its current version; inside a write
    /// transaction, at the version the write started from (without its
    /// changes), as Realm's is.
    ///
    /// ```swift
    /// let snapshot = realm.freeze()
    /// DispatchQueue.global().async { print(snapshot.objects(Dog.self).count) }
    /// ```
    public func freeze() -> Realm {
        if isFrozen { return self }
        return Realm(frozenFrom: self)
    }

    /// A frozen realm reading `version`, an older version of this realm's
    /// store (what notifications read old values through).
    func frozen(at version: PinnedTransaction) -> Realm {
        Realm(frozenFrom: self, at: version)
    }

    /// A live realm of the same configuration (the realm itself when it is
    /// live): as in Realm, the live realm this thread reads the store
    /// through, at the version it reads, when it has one; else a realm
    /// opened at the newest version. Objects and collections thaw into it.
    ///
    /// ```swift
    /// let snapshot = realm.freeze()
    /// snapshot.thaw() === realm   // true on realm's thread
    /// ```
    public func thaw() -> Realm {
        guard isFrozen else { return self }
        if let live = ThreadRealm.current(forStoreAt: store.path, as: configuration) { return live }
        do {
            return try Realm(configuration: configuration)
        } catch {
            preconditionFailure("Geode: cannot thaw the realm: \(error)")
        }
    }

    // MARK: - Classes

    /// The realm's view of a Swift class: its table and document slots.
    func realmClass(_ type: ObjectBase.Type) -> RealmClass {
        let id = ObjectIdentifier(type)
        for known in classesByType where known.type == id { return known.cls }
        let cls = bindClass(type)
        classesByType.append((id, cls))
        return cls
    }

    private func bindClass(_ type: ObjectBase.Type) -> RealmClass {
        precondition(
            type != Object.self && type != EmbeddedObject.self && type != ObjectBase.self,
            "Geode: \(type) itself is not a model class; use a subclass")
        let name = ClassInfo.className(type)
        if let known = classesByName[name] { return known }
        let info = ClassInfo.of(type)
        if store.schema[name] == nil {
            // First use of a class after the realm opened: add it (and the classes it reaches).
            precondition(
                !configuration.readOnly && !isFrozen, "Geode: class '\(name)' is not in this read-only or frozen realm")
            let classes = ClassInfo.closure(of: [type]).map(\.schema)
            do {
                if let txn = transaction {
                    try txn.addClasses(classes)
                } else {
                    try store.write { try $0.addClasses(classes) }
                    refresh()
                }
            } catch {
                preconditionFailure("Geode: class '\(name)' cannot be added to the realm: \(GeodeError.from(error))")
            }
        }
        return bind(info)
    }

    @discardableResult
    private func bind(_ info: ClassInfo) -> RealmClass {
        if let known = classesByName[info.name] { return known }
        guard let table = try? store.table(info.name) else {
            preconditionFailure("Geode: class '\(info.name)' is missing from the store")
        }
        let cls = RealmClass(info: info, table: table)
        classesByName[info.name] = cls
        return cls
    }

    func realmClass(named name: String) -> RealmClass? {
        if let known = classesByName[name] { return known }
        guard let info = ClassInfo.all.first(where: { $0.name == name }) else { return nil }
        return bind(info)
    }

    func realmClass(table id: UInt32) -> RealmClass? {
        guard let table = store.table(id: id) else { return nil }
        return realmClass(named: table.schema.name)
    }

    // MARK: - Transactions

    /// Whether a write transaction is open: this realm's, or one another
    /// realm of this thread has open on the store, which it then shares.
    ///
    /// ```swift
    /// try realm.write {
    ///     try Realm(configuration: realm.configuration).isInWriteTransaction   // true
    /// }
    /// ```
    public var isInWriteTransaction: Bool { transaction != nil || joinThreadWrite() }

    /// Runs `block` in a write transaction and commits it.
    ///
    /// When `block` throws, or a change inside it was refused (a value too long,
    /// a duplicate primary key, a wrong type), nothing is committed and the
    /// error is thrown. A write begun inside it, through this realm or another
    /// of the thread's on the store, throws ``GeodeError/storage(_:)``.
    ///
    /// The write is the thread's, as Realm's one realm per thread and file
    /// makes it: a realm opened inside it shares it, and so does any other
    /// realm this thread has open on the store once something is changed
    /// through it (or it is asked ``isInWriteTransaction``), until the write
    /// ends. Objects read through any of them change here, and changes made
    /// through any of them commit (or are cancelled) together. Until it
    /// joins, another realm reads its own version.
    ///
    /// ```swift
    /// let dogs = try Realm().objects(Dog.self)
    /// let realm = try Realm()
    /// try realm.write { dogs.first?.name = "Rex" }
    /// ```
    @discardableResult
    public func write<Result>(withoutNotifying tokens: [NotificationToken] = [], _ block: () throws -> Result) throws
        -> Result
    {
        try throwDeferredError()
        if transaction != nil || joinThreadWrite() {
            // Realm stops the program here; a thrown error lets the outer write cancel itself.
            throw GeodeError.storage(
                GeodeError.StorageFailure(
                    "a write transaction is already open on this thread; writes do not nest",
                    path: configuration.fileURL?.path, operation: "begin a write transaction"))
        }
        try openWrite()
        let result: Result
        do {
            result = try block()
        } catch {
            if isInWriteTransaction { cancelWrite() }
            throw error
        }
        if isInWriteTransaction { try commitWrite(withoutNotifying: tokens) }
        return result
    }

    /// Opens a write transaction; end it with ``commitWrite(withoutNotifying:)`` or ``cancelWrite()``
    /// on this same thread.
    public func beginWrite() {
        precondition(!configuration.readOnly, "Geode: the realm was opened read-only; it cannot be written")
        do {
            try openWrite()
        } catch {
            preconditionFailure("Geode: cannot begin a write transaction: \(error)")
        }
    }

    /// Opens a write transaction for a caller that throws (``write(withoutNotifying:_:)``, the
    /// imports): a realm opened read-only, or a store that cannot begin a
    /// transaction (its disk, its map), is a thrown error there, not a stop.
    @discardableResult
    func openWrite() throws -> StoreWriteTransaction {
        precondition(!isFrozen, "Geode: a frozen realm cannot be written; thaw() it first")
        precondition(transaction == nil, "Geode: a write transaction is already open on this realm")
        hasRead = true
        if let limit = configuration.maximumNumberOfActiveVersions {
            let active = store.activeVersionCount
            guard active <= limit else {
                throw GeodeError.storage(
                    GeodeError.StorageFailure(
                        "Number of active versions (\(active)) in the Realm exceeded the limit of \(limit)",
                        path: configuration.fileURL?.path, operation: "begin a write transaction"))
            }
        }
        let opened: StoreWriteTransaction
        do {
            opened = try store.beginWrite()
        } catch {
            throw GeodeError.from(error)
        }
        transaction = opened
        writeError = nil
        addedInWrite = []
        embeddedEditsAtWriteStart = embeddedEdits.serial
        return opened
    }

    /// Joins the write transaction another realm of this thread has open on
    /// the store, if any (see ``WritingRealm``); returns whether it writes now.
    /// Called on the thread using this realm: where it is about to change
    /// something, or is asked whether it writes.
    func joinThreadWrite() -> Bool {
        if transaction != nil { return true }
        guard !isFrozen, !configuration.readOnly, let leader = WritingRealm.current(forStoreAt: store.path),
            leader !== self
        else { return false }
        join(leader)
        return transaction != nil
    }

    /// Shares `leader`'s open write transaction, as Realm's one realm per
    /// thread and file would be writing: reads see its changes and writes go
    /// into it, until `leader` commits or cancels it. A realm confined to a
    /// queue or an actor, frozen or read-only, keeps to itself.
    func join(_ leader: Realm) {
        guard !isFrozen, !configuration.readOnly, queue == nil, actor == nil, let txn = leader.transaction else {
            return
        }
        writeLeader = leader
        writeError = nil
        addedInWrite = []
        embeddedEditsAtWriteStart = embeddedEdits.serial
        transaction = txn
        // Live collections read again: the write may be newer than the version they read.
        changeCount += 1
        leader.writeFollowers.append(WritingRealm.Weak(self))
    }

    /// Leaves the write transaction it shared, which its leader `committed`
    /// or cancelled, and reads the version after it.
    private func leaveWrite(committed: Bool, skipping tokens: [NotificationToken]) {
        transaction = nil
        writeLeader = nil
        writeError = nil
        if committed {
            addedInWrite = []
            advance(skipping: tokens, afterCommit: false)
        } else {
            undoWrite()
        }
    }

    /// Puts back what this realm did in a write that did not commit: its
    /// embedded accessors, the classes first used in it and the objects it
    /// added (unmanaged again); then reads the newest version.
    private func undoWrite() {
        changeCount += 1
        embeddedEdits.undo(since: embeddedEditsAtWriteStart)
        forgetRemovedClasses()
        releaseAddedObjects()
        writeError = nil
        refresh()
    }

    /// Lets the realms that shared the write transaction just ended go.
    private func releaseFollowers(committed: Bool, skipping tokens: [NotificationToken] = []) {
        let followers = writeFollowers.compactMap(\.realm)
        writeFollowers = []
        for follower in followers where follower.writeLeader === self {
            follower.leaveWrite(committed: committed, skipping: tokens)
        }
    }

    /// Hands the objects added in the write that did not commit back unmanaged.
    private func releaseAddedObjects() {
        for object in addedInWrite {
            Self.releaseCollections(of: object)
            object._ref = nil
        }
        addedInWrite = []
    }

    /// Commits the open write transaction. If a change inside it was refused,
    /// nothing is committed and that first error is thrown.
    ///
    /// Observers whose tokens are in `tokens` are not told of this write
    /// (their next notification starts after it).
    public func commitWrite(withoutNotifying tokens: [NotificationToken] = []) throws {
        guard let txn = transaction else { preconditionFailure("Geode: commitWrite() without beginWrite()") }
        if let writeLeader { return try writeLeader.commitWrite(withoutNotifying: tokens) }
        if let error = deferredError {
            deferredError = nil
            cancelWrite()
            throw error
        }
        if let error = writeError {
            cancelWrite()
            throw GeodeError.from(error)
        }
        transaction = nil
        do {
            try txn.commit()
        } catch {
            undoWrite()
            releaseFollowers(committed: false)
            throw GeodeError.from(error)
        }
        addedInWrite = []
        ChangeWatcher.noteCommit(in: store)
        advance(skipping: tokens, afterCommit: true)
        releaseFollowers(committed: true, skipping: tokens)
    }

    /// Discards every change of the open write transaction; objects added in it
    /// become unmanaged again.
    public func cancelWrite() {
        guard let txn = transaction else { preconditionFailure("Geode: cancelWrite() without beginWrite()") }
        if let writeLeader { return writeLeader.cancelWrite() }
        transaction = nil
        txn.abort()
        undoWrite()
        releaseFollowers(committed: false)
    }

    /// Runs `body` with the transaction reads see: the open write, else the pinned version.
    func withTransaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        hasRead = true
        if let txn = transaction { return try body(txn) }
        return try store.read(pinned, body)
    }

    /// Drops the bindings of classes the store no longer has (added in a write
    /// that did not commit).
    private func forgetRemovedClasses() {
        classesByName = classesByName.filter { store.schema[$0.key] != nil }
        classesByType = classesByType.filter { store.schema[$0.cls.name] != nil }
        dynamicClasses = dynamicClasses.filter { store.schema[$0.key] != nil }
    }

    /// Records the first data error of the open write: the commit throws it and
    /// changes after it are skipped.
    func record(_ error: Swift.Error) {
        if let writeLeader { return writeLeader.record(error) }
        if writeError == nil { writeError = error }
    }

    /// The first data error of the open write, whichever realm sharing it met it.
    var pendingWriteError: Swift.Error? { writeLeader?.writeError ?? writeError }

    /// The first error a read that cannot throw met — `Results.count`, iteration,
    /// a property or collection read, an aggregate — on a damaged or unreadable
    /// store. Such a read answers as if there were nothing there (0, no objects,
    /// the property's default value) instead of stopping the program, and the
    /// error waits here: the next throwing call on this realm (``write(withoutNotifying:_:)``,
    /// ``commitWrite(withoutNotifying:)``, ``Results/query(_:_:)``, ``throwDeferredError()``)
    /// throws it and clears it.
    ///
    /// ```swift
    /// let n = realm.objects(Dog.self).count
    /// try realm.throwDeferredError()   // throws if counting met a damaged page
    /// ```
    public private(set) var deferredError: GeodeError?

    /// Throws ``deferredError``, if a read met one, and clears it.
    public func throwDeferredError() throws {
        guard let error = deferredError else { return }
        deferredError = nil
        throw error
    }

    /// Keeps the first error of a read that cannot throw, for ``deferredError``.
    func deferReadError(_ error: Swift.Error) {
        if deferredError == nil { deferredError = GeodeError.from(error) }
    }

    /// The open write transaction, stopping with Realm's rule when there is none;
    /// nil once a change in this write was refused.
    func requireWrite(_ what: @autoclosure () -> String) -> StoreWriteTransaction? {
        guard let txn = transaction ?? (joinThreadWrite() ? transaction : nil) else {
            if let migrationRealm {
                migrationRealm.record(
                    GeodeError.schema(
                        GeodeError.SchemaFailure(
                            "\(what()): the old objects of a migration cannot be changed; change the new ones")))
                return nil
            }
            if isFrozen {
                preconditionFailure("Geode: \(what()): a frozen object cannot be changed; call thaw() on it first")
            }
            preconditionFailure("Geode: \(what()) can only happen inside a write transaction (realm.write { ... })")
        }
        return pendingWriteError == nil ? txn : nil
    }

    func noteAdded(_ object: ObjectBase) { addedInWrite.append(object) }

    /// Advances the realm to the store's latest version, and tells the
    /// realm's observers what changed since its last version. Returns
    /// whether there was a newer version, as Realm does.
    ///
    /// ```swift
    /// let token = dogs.observe { change in print(change) }
    /// realm.refresh()   // delivers what other threads and processes committed
    /// ```
    @discardableResult
    public func refresh() -> Bool { advance(skipping: [], afterCommit: false) }

    /// ``refresh()``, keeping the notifications of `tokens` silent.
    @discardableResult
    func advance(skipping tokens: [NotificationToken], afterCommit: Bool) -> Bool {
        guard !isFrozen, transaction == nil else { return false }
        hasRead = true
        let latest: PinnedTransaction
        do {
            latest = try store.pin()
        } catch {
            // The realm stays on its version (a commit just made would not show);
            // the reason waits for the next throwing call: most often LMDB's
            // reader table is full of versions that frozen realms still hold.
            deferReadError(error)
            return false
        }
        // The old version closes when no frozen realm holds it any more.
        let old = pinned
        pinned = latest
        changeCount += 1
        if !observers.isEmpty { notifyObservers(since: old, skipping: tokens, afterCommit: afterCommit) }
        return latest.version != old.version
    }

    /// Moves a realm that has read nothing back to `version`, older than its
    /// own: Realm begins a realm's read transaction at its first use, so a
    /// ``ThreadSafeReference`` resolved first is resolved at the version it
    /// was made at (and the realm stays there until it refreshes).
    func begin(at version: PinnedTransaction) {
        guard !hasRead, !isFrozen, transaction == nil, writeLeader == nil, version.version < pinned.version else {
            return
        }
        pinned = version
        changeCount += 1
    }
}
