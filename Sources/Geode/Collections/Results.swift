import GeodeCore

/// The objects of a class that match a query, live: every read reflects the
/// realm's current version (inside a write, its changes so far). The query
/// runs when the results are first read and again after each change.
///
/// ```swift
/// let dogs = realm.objects(Dog.self)
/// let puppies = dogs.filter("age < %@", 2).sorted(byKeyPath: "name")
/// print(puppies.count, puppies.first?.name ?? "none")
/// for dog in puppies { print(dog.name) }
/// ```
///
/// Results can also hold the values of a managed list, set or map, sorted,
/// filtered or made distinct (`scores.sorted(ascending: false)`,
/// `scores.filter("self > 5")`, `tags.distinct()`): they read the collection
/// again after each change.
public final class Results<Element>: RandomAccessCollection {
    /// Where the objects a query tests come from.
    enum Base {
        /// Every object of the class, in key order.
        case table
        /// The objects of a collection, in its order (a list, a set, backlinks).
        case keys(CollectionKeys)
    }

    let realmOfResults: Realm
    let cls: RealmClass
    let query: GeodeCore.Query
    let base: Base
    private var cachedKeys: [ObjectKey] = []
    private var cachedVersion = -1
    /// For a sorted query read by position: its first keys, and the number of
    /// results, at `prefixVersion` (so `first` or `[0]` need not sort everything).
    private var cachedPrefix: [ObjectKey] = []
    private var cachedTotal = 0
    private var prefixVersion = -1
    /// The first and last keys as found without running the whole query, and
    /// the realm's version then (so that repeated reads of an end do not scan again).
    private var knownFirst: (version: Int, key: ObjectKey?)?
    private var knownLast: (version: Int, key: ObjectKey?)?
    /// The query bound to the schema once (shapes prepared once), run at every version.
    private var boundQuery: BoundQuery?
    /// Whether the elements are the accessors themselves (results of an
    /// `Object` class, not of a projection): then no cast is needed.
    @usableFromInline let elementsAreAccessors: Bool
    /// For results over values: where they are read and what is done to
    /// them (then `cls` is the class of the object holding the collection);
    /// nil for results of objects.
    let values: ResultValues<Element>?
    /// The values at `valuesVersion`.
    private var cachedValues: [Element] = []
    private var valuesVersion = -1
    /// The realm's ``Realm/invalidations`` when the results were made.
    let epoch: Int

    init(realm: Realm, cls: RealmClass, query: GeodeCore.Query = .all, base: Base = .table, bound: BoundQuery? = nil) {
        realm.hasRead = true
        self.realmOfResults = realm
        self.cls = cls
        self.query = query
        self.base = base
        self.boundQuery = bound
        elementsAreAccessors = ObjectIdentifier(Element.self) == ObjectIdentifier(cls.info.type)
        values = nil
        epoch = realm.invalidations
    }

    /// Results over the values `values` reads from a collection, in the realm
    /// of the object holding it.
    init(values: ResultValues<Element>) {
        realmOfResults = values.location.realm
        cls = values.location.owner.cls
        query = .all
        base = .keys(.fixed([]))
        elementsAreAccessors = false
        self.values = values
        epoch = values.location.realm.invalidations
    }

    /// The values of results over values, read again when the realm changed.
    private func currentValues(_ values: ResultValues<Element>) -> [Element] {
        if valuesVersion != realmOfResults.changeCount {
            cachedValues = values.elements()
            valuesVersion = realmOfResults.changeCount
        }
        return cachedValues
    }

    /// `query` bound to this class.
    func bind(_ query: GeodeCore.Query) throws -> BoundQuery {
        try BoundQuery.bound(query, table: cls.table, store: realmOfResults.store)
    }

    /// An executor for this query (or `query`) in `txn`.
    func executor(_ txn: StoreTransaction, _ query: GeodeCore.Query? = nil) throws -> QueryExecutor {
        if let query { return QueryExecutor(bound: try bind(query), transaction: txn) }
        if boundQuery == nil { boundQuery = try bind(self.query) }
        guard let boundQuery else { preconditionFailure("Geode: the query was not bound") }
        return QueryExecutor(bound: boundQuery, transaction: txn)
    }

    /// The keys of the objects, recomputed when the realm changed.
    var keys: [ObjectKey] {
        if cachedVersion != realmOfResults.changeCount {
            cachedKeys = evaluate(first: nil).keys
            cachedVersion = realmOfResults.changeCount
        }
        return cachedKeys
    }

    /// Takes `keys` as the results at the realm's current version, known
    /// without running the query (a notification worked them out).
    func adopt(_ keys: [ObjectKey]) {
        cachedKeys = keys
        cachedVersion = realmOfResults.changeCount
    }

    /// Runs the query: every key, or with `first` only the first ones in its
    /// order; and how many results there are in all.
    private func evaluate(first: Int?) -> (keys: [ObjectKey], total: Int) {
        withExecutor { try $0.run(on: $1, first: first) } ?? ([], 0)
    }

    /// What `body` finds with an executor of this query at the realm's
    /// current version, given the collection's keys when the results are over
    /// one; nil when the store cannot be read (a damaged store: no objects,
    /// and the error waits for the next throwing call).
    private func withExecutor<T>(_ body: (QueryExecutor, [ObjectKey]?) throws -> T?) -> T? {
        do {
            return try realmOfResults.withTransaction { txn in
                let executor = try executor(txn)
                switch base {
                case .table: return try body(executor, nil)
                case let .keys(keys): return try body(executor, try keys.read())
                }
            }
        } catch {
            realmOfResults.deferReadError(error)
            return nil
        }
    }

    /// Results with `refinement` applied after this query's own clauses.
    func refined(_ refinement: GeodeCore.Query) throws -> Results<Element> {
        let combined = query.refined(by: refinement)
        // Bind now, so a query that does not fit the schema fails here, not on first read.
        return Results(realm: realmOfResults, cls: cls, query: combined, base: base, bound: try bind(combined))
    }

    /// The first keys of a sorted query, enough to reach position `index`
    /// (nil when every key is known, or when the query does not sort): found
    /// through a bounded heap, not a whole sort.
    private func prefix(reaching index: Int) -> [ObjectKey]? {
        let version = realmOfResults.changeCount
        guard !query.ordering.isEmpty, query.distinct.isEmpty, query.laterClauses.isEmpty, cachedVersion != version
        else { return nil }
        if prefixVersion == version, index < cachedPrefix.count { return cachedPrefix }
        let wanted = Swift.max(128, (index + 1) * 4)
        if prefixVersion == version, wanted >= cachedTotal / 4 { return nil }  // most of them: sort all
        let (prefix, total) = evaluate(first: wanted)
        if prefix.count == total {
            (cachedKeys, cachedVersion) = (prefix, version)
            return nil
        }
        (cachedPrefix, cachedTotal, prefixVersion) = (prefix, total, version)
        return prefix
    }

    /// The position of the first object: always 0.
    public var startIndex: Int { 0 }

    /// The number of objects. A sorted query learns it with its first keys,
    /// which reads by position (`first`, `prefix(_:)`, `[i]`) need next.
    public var endIndex: Int {
        if let values { return currentValues(values).count }
        if cachedVersion != realmOfResults.changeCount, prefix(reaching: 0) != nil { return cachedTotal }
        return count
    }

    /// Iterates over the objects as they are when iteration starts (each
    /// object made when it is reached).
    public func makeIterator() -> Iterator {
        if let values { return Iterator(results: self, values: currentValues(values)) }
        // Every object of the class, outside a write: walk them in the realm's
        // current version, keys and documents together, instead of collecting
        // every key first and then finding the documents.
        if case .table = base, query.selectsEverything, realmOfResults.transaction == nil {
            return Iterator(
                results: self,
                accessors: AccessorStream(realm: realmOfResults, cls: cls, walking: realmOfResults.pinned))
        }
        return Iterator(results: self, accessors: AccessorStream(realm: realmOfResults, cls: cls, keys: keys))
    }

    /// The objects of ``Results`` as they were when iteration started.
    ///
    /// An object the loop no longer holds once it asks for the next one (the
    /// usual `for dog in dogs { … }`) is pointed at the next object instead
    /// of a new one being made, when its class stores nothing but
    /// `@Persisted` properties; an object kept (in an array, a closure, a
    /// strong property) is never reused. Keep an object strongly, not only
    /// weakly, to hold on to it past its turn.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let results: Results
        /// The objects, for results of objects.
        @usableFromInline let accessors: AccessorStream?
        /// The values, for results over values.
        @usableFromInline var values: IndexingIterator<[Element]>?

        init(results: Results, accessors: AccessorStream) {
            self.results = results
            self.accessors = accessors
            values = nil
        }

        init(results: Results, values: [Element]) {
            self.results = results
            accessors = nil
            self.values = values.makeIterator()
        }

        /// Inlinable, so that it is specialized for the element type where the
        /// loop is: handing out an accessor is then a plain reference.
        @inlinable
        public mutating func next() -> Element? {
            guard let accessors else { return values?.next() }
            guard let accessor = accessors.next() else { return nil }
            return results.element(of: accessor)
        }
    }

    /// The number of objects; counted without materialising them when the
    /// results were not read at this version yet.
    public var count: Int {
        if let values { return currentValues(values).count }
        if cachedVersion == realmOfResults.changeCount { return cachedKeys.count }
        if prefixVersion == realmOfResults.changeCount { return cachedTotal }
        // A LIMIT, DISTINCT or later clause is counted on the keys themselves:
        // keep them for the reads that follow (`map` counts, then reads each object).
        guard case .table = base, query.limit == nil, query.distinct.isEmpty, query.laterClauses.isEmpty else {
            return keys.count
        }
        do {
            return try realmOfResults.withTransaction { try executor($0).count() }
        } catch {
            realmOfResults.deferReadError(error)
            return 0
        }
    }

    /// The first object; nil when there is none. The query runs once, not
    /// once to count and again to read: a sorted one keeps only its first
    /// keys, an unsorted one stops at its first match.
    ///
    /// ```swift
    /// let oldest = realm.objects(Dog.self).sorted(byKeyPath: "age", ascending: false).first
    /// ```
    public var first: Element? {
        if let values { return currentValues(values).first }
        if let prefix = prefix(reaching: 0) { return prefix.first.map(element(for:)) }
        return firstKey().map(element(for:))
    }

    /// Whether there are no objects: an unsorted query stops at its first
    /// match instead of counting them all.
    ///
    /// ```swift
    /// if realm.objects(Dog.self).filter("age > 10").isEmpty { print("no old dogs") }
    /// ```
    public var isEmpty: Bool {
        if let values { return currentValues(values).isEmpty }
        if cachedVersion == realmOfResults.changeCount { return cachedKeys.isEmpty }
        if prefixVersion == realmOfResults.changeCount { return cachedTotal == 0 }
        return firstKey() == nil
    }

    /// The key of the first object: the known keys' first when they are
    /// current, else found by a run that stops there (an unsorted query tests
    /// objects only up to its first match).
    private func firstKey() -> ObjectKey? {
        let version = realmOfResults.changeCount
        if cachedVersion == version { return cachedKeys.first }
        if let known = knownFirst, known.version == version { return known.key }
        let key = withExecutor { try $0.firstKeys(1, on: $1).first }
        knownFirst = (version, key)
        return key
    }

    /// The last object; nil when there is none. The query runs once; one
    /// without LIMIT or DISTINCT scans from the last object down: unsorted, it
    /// stops at its first match; sorted, it keeps only the row that sorts last.
    ///
    /// ```swift
    /// let youngest = realm.objects(Dog.self).sorted(byKeyPath: "age", ascending: false).last
    /// ```
    public var last: Element? {
        if let values { return currentValues(values).last }
        let version = realmOfResults.changeCount
        if cachedVersion == version { return cachedKeys.last.map(element(for:)) }
        if let known = knownLast, known.version == version { return known.key.map(element(for:)) }
        let key = withExecutor { try $0.lastKey(on: $1) }
        knownLast = (version, key)
        return key.map(element(for:))
    }

    /// The object at `index`.
    public subscript(index: Int) -> Element {
        if let values {
            let elements = currentValues(values)
            precondition(
                index >= 0 && index < elements.count,
                "Geode: index \(index) is out of bounds (\(elements.count) values)")
            return elements[index]
        }
        if index >= 0, let prefix = prefix(reaching: index) {
            precondition(index < cachedTotal, "Geode: index \(index) is out of bounds (\(cachedTotal) objects)")
            if index < prefix.count { return element(for: prefix[index]) }
        }
        let keys = self.keys
        precondition(index >= 0 && index < keys.count, "Geode: index \(index) is out of bounds (\(keys.count) objects)")
        return element(for: keys[index])
    }

    private func element(for key: ObjectKey) -> Element {
        element(of: realmOfResults.accessor(cls, key))
    }

    /// The element an accessor of this class makes.
    @inlinable
    func element(of accessor: ObjectBase) -> Element {
        // The accessor is of class `cls.info.type`, which is `Element`.
        if elementsAreAccessors { return unsafeBitCast(accessor, to: Element.self) }
        return castElement(accessor)
    }

    /// The element of an accessor of another type (a projection's object).
    /// Apart, so that the common path does not look up `Element?`'s metadata.
    @usableFromInline @inline(never)
    func castElement(_ accessor: ObjectBase) -> Element {
        guard let object = accessor as? Object,
            let element = (Element.self as? any RealmFetchable.Type)?._geodeElement(of: object) as? Element
        else {
            preconditionFailure("Geode: object of class \(cls.name) is not a \(Element.self)")
        }
        return element
    }
}

extension Results where Element: RealmFetchable {
    /// The plan the engine picks for this query, in words: a primary-key
    /// lookup, an index range or a scan, and the clauses that follow.
    ///
    /// ```swift
    /// print(realm.objects(Dog.self).filter("id == 3").explain())
    /// // primary key lookup Dog (1 key): id == 3
    /// ```
    public func explain() -> String {
        (try? realmOfResults.withTransaction { try executor($0).explain() }) ?? query.description
    }
}

extension Results: CustomStringConvertible, RealmDescribable {
    /// The objects in Realm's format: `Results<Dog> <0x…> (\n\t[0] Dog {…}\n)`.
    public var description: String { realmDescription(depth: RealmDescription.maximumDepth) }

    func realmDescription(depth: Int) -> String {
        RealmDescription.collection("Results", self, named: values == nil ? cls.name : nil, depth: depth)
    }
}
