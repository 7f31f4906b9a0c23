import GeodeCore

// Querying, sorting and aggregating a list of embedded objects. Embedded
// objects live inside their owner's document, so results over them read the
// list and test each object as its own document: the same predicates,
// sorts, distincts and limits a query over stored objects takes, through
// links and nested embedded objects. As in Realm, the list must be managed,
// and the results are live: they read the list again after each change.

/// A collection of embedded objects that queries can narrow: a managed
/// `List` of embedded objects, and the `Results` made from one.
///
/// ```swift
/// let inOslo = person.addresses.filter("city == %@", "Oslo").sorted(byKeyPath: "street")
/// ```
public protocol _EmbeddedObjectCollection {
    /// The embedded object type.
    associatedtype _Embedded: EmbeddedObject
    /// The collection's objects, in its order, as live results.
    func _geodeEmbeddedResults() -> Results<_Embedded>
}

extension List: _EmbeddedObjectCollection where Element: EmbeddedObject {
    /// The list's embedded objects as live results.
    public func _geodeEmbeddedResults() -> Results<Element> { valueResults(location, keyed: false, "list") }
}

extension Results: _EmbeddedObjectCollection where Element: EmbeddedObject {
    /// These results.
    public func _geodeEmbeddedResults() -> Results<Element> { self }
}

extension _EmbeddedObjectCollection {
    /// The embedded objects that match `predicateFormat`, a Realm Query
    /// Language predicate over the embedded class, in the collection's order.
    /// As in Realm, a predicate that does not parse or does not fit the class
    /// stops the program with a message naming the column; ``query(_:_:)``
    /// throws instead.
    ///
    /// ```swift
    /// let nearby = person.addresses.filter("city == %@ AND zip BEGINSWITH '03'", "Oslo")
    /// ```
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<_Embedded> {
        do {
            return try query(predicateFormat, arguments: args)
        } catch {
            preconditionFailure("Geode: invalid query \"\(predicateFormat)\": \(error)")
        }
    }

    /// The embedded objects that match `predicateFormat`; a predicate that
    /// does not parse or does not fit the class throws
    /// ``GeodeError/query(message:column:)``.
    ///
    /// ```swift
    /// let found = try person.addresses.query("zip > 'five' SORT(city ASC)")
    /// ```
    public func query(_ predicateFormat: String, _ args: Any...) throws -> Results<_Embedded> {
        try query(predicateFormat, arguments: args)
    }

    func query(_ predicateFormat: String, arguments: [Any]) throws -> Results<_Embedded> {
        let results = _geodeEmbeddedResults()
        try results.realmOfResults.throwDeferredError()
        do {
            return try results.narrowed(
                by: QueryParser.parse(predicateFormat, QueryArguments.convert(arguments, results.realmOfResults)))
        } catch {
            throw GeodeError.from(error)
        }
    }

    /// The embedded objects that match a type-safe query.
    ///
    /// ```swift
    /// let nearby = person.addresses.where { $0.city == "Oslo" && $0.zip.starts(with: "03") }
    /// ```
    public func `where`(_ isIncluded: (Query<_Embedded>) -> Query<Bool>) -> Results<_Embedded> {
        let predicate = isIncluded(Query<_Embedded>([])).predicate
        do {
            return try _geodeEmbeddedResults().narrowed(by: GeodeCore.Query(predicate: predicate))
        } catch {
            preconditionFailure("Geode: invalid query \(predicate): \(GeodeError.from(error))")
        }
    }

    /// The embedded objects sorted by the property at `keyPath` (through
    /// links and nested embedded objects); the sort is stable.
    ///
    /// ```swift
    /// let byStreet = person.addresses.sorted(byKeyPath: "street")
    /// ```
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<_Embedded> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The embedded objects sorted by several keys, the first deciding first.
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<_Embedded> where S.Element == SortDescriptor {
        do {
            return try _geodeEmbeddedResults().narrowed(by: .sorting(by: sortDescriptors))
        } catch {
            preconditionFailure("Geode: cannot sort \(_Embedded.self): \(GeodeError.from(error))")
        }
    }

    /// The embedded objects sorted by the property `keyPath` names.
    ///
    /// ```swift
    /// let byStreet = person.addresses.sorted(by: \.street)
    /// ```
    public func sorted<V>(by keyPath: KeyPath<_Embedded, V>, ascending: Bool = true) -> Results<_Embedded> {
        sorted(byKeyPath: QueryKeyPaths.name(of: keyPath), ascending: ascending)
    }

    /// The first embedded object for each distinct combination of the values at `keyPaths`.
    ///
    /// ```swift
    /// let oneAddressPerCity = person.addresses.distinct(by: ["city"])
    /// ```
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<_Embedded> where S.Element == String {
        do {
            return try _geodeEmbeddedResults().narrowed(by: .distinct(by: keyPaths))
        } catch {
            preconditionFailure("Geode: cannot apply distinct to \(_Embedded.self): \(GeodeError.from(error))")
        }
    }

    /// The first embedded object for each distinct combination of the properties `keyPaths` name.
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<_Embedded>
    where S.Element == PartialKeyPath<_Embedded> {
        distinct(by: keyPaths.map { QueryKeyPaths.name(of: $0) })
    }

    /// The position of the first embedded object matching `predicateFormat`.
    ///
    /// ```swift
    /// let i = person.addresses.index(matching: "city == %@", "Oslo")
    /// ```
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        let results = _geodeEmbeddedResults()
        do {
            let parsed = try QueryParser.parse(predicateFormat, QueryArguments.convert(args, results.realmOfResults))
            return results.firstPosition(matching: parsed)
        } catch {
            preconditionFailure("Geode: invalid query \"\(predicateFormat)\": \(GeodeError.from(error))")
        }
    }

    /// The position of the first embedded object matching a type-safe query.
    public func index(matching isIncluded: (Query<_Embedded>) -> Query<Bool>) -> Int? {
        _geodeEmbeddedResults().firstPosition(
            matching: GeodeCore.Query(predicate: isIncluded(Query<_Embedded>([])).predicate))
    }

    /// The smallest value of `property` (numbers and dates); nil when there are no values.
    ///
    /// ```swift
    /// let lowest: Int? = person.addresses.min(ofProperty: "floor")
    /// ```
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? {
        Results<_Embedded>.swiftValue(_geodeEmbeddedResults().aggregate(.minimum, property))
    }

    /// The largest value of `property` (numbers and dates); nil when there are no values.
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? {
        Results<_Embedded>.swiftValue(_geodeEmbeddedResults().aggregate(.maximum, property))
    }

    /// The sum of `property` over the embedded objects (0 when there are none).
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T {
        Results<_Embedded>.swiftValue(_geodeEmbeddedResults().aggregate(.sum, property)) ?? T._geodeDefault()
    }

    /// The mean of `property` over the embedded objects; nil when there are none.
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? {
        Results<_Embedded>.swiftValue(_geodeEmbeddedResults().aggregate(.average, property))
    }

    /// The smallest value of the property `keyPath` names; nil when there is none.
    ///
    /// ```swift
    /// let lowest = person.addresses.min(of: \.floor)
    /// ```
    public func min<T: _PersistableValue>(of keyPath: KeyPath<_Embedded, T>) -> T? {
        min(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// The largest value of the property `keyPath` names; nil when there is none.
    public func max<T: _PersistableValue>(of keyPath: KeyPath<_Embedded, T>) -> T? {
        max(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// The sum of the property `keyPath` names (0 when there are no objects).
    public func sum<T: _PersistableValue>(of keyPath: KeyPath<_Embedded, T>) -> T {
        sum(ofProperty: QueryKeyPaths.name(of: keyPath))
    }

    /// The mean of the property `keyPath` names; nil when there are no values.
    public func average<T: _PersistableValue>(of keyPath: KeyPath<_Embedded, T>) -> T? {
        average(ofProperty: QueryKeyPaths.name(of: keyPath))
    }
}

extension Results where Element: EmbeddedObject {
    /// Whether the results read a frozen copy of the list (they never change).
    public var isFrozen: Bool { isFrozenRealm }

    /// The same embedded objects read from a frozen copy of the realm: a
    /// snapshot that never changes and can be read on another thread.
    ///
    /// ```swift
    /// let snapshot = person.addresses.sorted(byKeyPath: "city").freeze()
    /// ```
    public func freeze() -> Results<Element> { frozenValues() }

    /// The same embedded objects read from the live realm; the object
    /// holding the list must still exist there.
    public func thaw() -> Results<Element> { thawedValues() }

    /// These results narrowed by `query`: its predicate, then its sorts,
    /// distincts and limits, after the steps already taken.
    func narrowed(by query: GeodeCore.Query) throws -> Results<Element> {
        appending(.query(try ResultValues<Element>.query(query, in: realmOfResults)))
    }

    /// The position of the first embedded object `query` matches.
    func firstPosition(matching query: GeodeCore.Query) -> Int? {
        guard let values else { return nil }
        do {
            return values.positions(keptBy: try ResultValues<Element>.query(query, in: realmOfResults)).first
        } catch {
            preconditionFailure("Geode: invalid query \(query) over \(Element.self): \(GeodeError.from(error))")
        }
    }

    /// `aggregate` of the values `property` reaches in the embedded objects
    /// (an unknown property stops the program, as in Realm).
    func aggregate(_ aggregate: Aggregate, _ property: String) -> Value {
        guard let values else { return aggregate.apply([]) }
        do {
            let path = try QueryParser.parseKeyPath(property)
            let documents = values.entries().map { ResultValues<Element>.document(of: $0.value) }
            let schema = ResultValues<Element>.documentSchema(in: realmOfResults)
            let found = try realmOfResults.withTransaction {
                try DocumentQuery.values(of: path, in: documents, of: schema, transaction: $0)
            }
            return aggregate.apply(found.flatMap { $0 })
        } catch StoreError.invalidQuery(let message, _) {
            preconditionFailure("Geode: cannot read '\(property)' of \(Element.self): \(message)")
        } catch {
            realmOfResults.deferReadError(error)
            return aggregate.apply([])
        }
    }
}
