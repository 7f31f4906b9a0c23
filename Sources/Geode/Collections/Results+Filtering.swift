import GeodeCore

extension Results where Element: RealmFetchable {
    /// The objects that also match `predicateFormat`, a Realm Query Language
    /// predicate with `%@`, `$0` and `%K` arguments.
    ///
    /// ```swift
    /// let adults = realm.objects(Person.self).filter("age >= %@ AND name BEGINSWITH[c] %@", 18, "j")
    /// ```
    ///
    /// As in Realm, a predicate that does not parse or does not fit the schema
    /// stops the program with a message naming the token and column. Use
    /// ``query(_:_:)`` for text that comes from users: it throws instead.
    public func filter(_ predicateFormat: String, _ args: Any...) -> Results<Element> {
        filter(predicateFormat, arguments: args)
    }

    /// The objects that also match `predicateFormat`; a predicate that does not
    /// parse or does not fit the schema throws ``GeodeError/query(message:column:)``.
    ///
    /// ```swift
    /// do {
    ///     let found = try realm.objects(Dog.self).query("age > 'five'")
    /// } catch {
    ///     print(error)   // cannot compare Int property 'age' with a string at column 1
    /// }
    /// ```
    public func query(_ predicateFormat: String, _ args: Any...) throws -> Results<Element> {
        try query(predicateFormat, arguments: args)
    }

    func query(_ predicateFormat: String, arguments: [Any]) throws -> Results<Element> {
        try realmOfResults.throwDeferredError()
        do {
            let parsed = try QueryParser.parse(predicateFormat, QueryArguments.convert(arguments, realmOfResults))
            return try refined(parsed)
        } catch {
            throw GeodeError.from(error)
        }
    }

    /// The objects sorted by the property at `keyPath` (through links and
    /// embedded objects: `"owner.name"`); the sort is stable.
    ///
    /// ```swift
    /// let byAge = realm.objects(Dog.self).sorted(byKeyPath: "age", ascending: false)
    /// ```
    public func sorted(byKeyPath keyPath: String, ascending: Bool = true) -> Results<Element> {
        sorted(by: [SortDescriptor(keyPath: keyPath, ascending: ascending)])
    }

    /// The objects sorted by several keys, the first deciding first.
    ///
    /// ```swift
    /// let sorted = dogs.sorted(by: [SortDescriptor(keyPath: "age"), SortDescriptor(keyPath: "name", ascending: false)])
    /// ```
    public func sorted<S: Sequence>(by sortDescriptors: S) -> Results<Element> where S.Element == SortDescriptor {
        do {
            return try refined(.sorting(by: sortDescriptors))
        } catch {
            preconditionFailure("Geode: cannot sort \(cls.name): \(GeodeError.from(error))")
        }
    }

    /// The first object for each distinct combination of the values at `keyPaths`.
    ///
    /// ```swift
    /// let oneDogPerAge = realm.objects(Dog.self).distinct(by: ["age"])
    /// ```
    public func distinct<S: Sequence>(by keyPaths: S) -> Results<Element> where S.Element == String {
        do {
            return try refined(.distinct(by: keyPaths))
        } catch {
            preconditionFailure("Geode: cannot apply distinct to \(cls.name): \(GeodeError.from(error))")
        }
    }

    /// The position of `object` in the results, if it is one of them.
    public func index(of object: Element) -> Int? {
        guard let ref = object._geodeObject._ref, ref.cls === cls || ref.cls.name == cls.name else { return nil }
        return keys.firstIndex(of: ref.key)
    }

    /// The position of the first object matching `predicateFormat`.
    ///
    /// ```swift
    /// let i = dogs.index(matching: "name == %@", "Rex")
    /// ```
    public func index(matching predicateFormat: String, _ args: Any...) -> Int? {
        do {
            let matching = try query(predicateFormat, arguments: args)
            let wanted = Set(matching.keys)
            return keys.firstIndex { wanted.contains($0) }
        } catch {
            preconditionFailure("Geode: invalid query \"\(predicateFormat)\": \(error)")
        }
    }
}

extension GeodeCore.Query {
    /// Every object, sorted by `descriptors` (the first deciding first).
    static func sorting<S: Sequence>(by descriptors: S) throws -> GeodeCore.Query
    where S.Element == SortDescriptor {
        let keys = try descriptors.map {
            QuerySortKey(path: try QueryParser.parseKeyPath($0.keyPath), ascending: $0.ascending)
        }
        return GeodeCore.Query(predicate: .constant(true), ordering: keys)
    }

    /// The first object of each distinct combination of the values at `keyPaths`.
    static func distinct<S: Sequence>(by keyPaths: S) throws -> GeodeCore.Query where S.Element == String {
        GeodeCore.Query(predicate: .constant(true), distinct: try keyPaths.map { try QueryParser.parseKeyPath($0) })
    }
}

/// A sort key: a key path and a direction.
///
/// ```swift
/// let byName = SortDescriptor(keyPath: "name")
/// let oldestFirst = SortDescriptor(keyPath: "age", ascending: false)
/// ```
public struct SortDescriptor: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The property (or key path) to sort by.
    public var keyPath: String
    /// Whether smaller values come first.
    public var ascending: Bool

    /// A sort by `keyPath`.
    public init(keyPath: String, ascending: Bool = true) {
        self.keyPath = keyPath
        self.ascending = ascending
    }

    /// An ascending sort by the key path written as a string literal.
    public init(stringLiteral keyPath: String) {
        self.init(keyPath: keyPath)
    }

    /// The same key, sorted the other way.
    ///
    /// ```swift
    /// let youngestFirst = SortDescriptor(keyPath: "age", ascending: false).reversed()
    /// ```
    public func reversed() -> SortDescriptor { SortDescriptor(keyPath: keyPath, ascending: !ascending) }

    /// The key path and direction, as Realm writes them:
    /// `SortDescriptor(keyPath: age, direction: descending)`.
    public var description: String {
        "SortDescriptor(keyPath: \(keyPath), direction: \(ascending ? "ascending" : "descending"))"
    }
}
