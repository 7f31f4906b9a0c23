import OrderedCollections

/// Turns a class's objects from top-level into embedded or back at the end of
/// a migration, after the block, as Realm does.
///
/// Geode keeps an embedded object inside its owner's document, and a top-level
/// one in its class's table with links to it. So:
/// - **to embedded**, every link to an object of the class is replaced by the
///   object's values, and the class's table goes. As in Realm Swift (which
///   turns on realm-core's automatic handling of backlinks in every
///   migration), an object linked from several places becomes a copy in
///   each, and an object nothing links to is deleted. No `AnyRealmValue` may
///   link to the class;
/// - **to top-level**, every embedded object of the class becomes an object of
///   its new table, and its owner links to it.
///
/// Owners are every top-level class whose properties reach the class, directly
/// or through embedded objects; their documents are read and written a batch
/// at a time.
///
/// ```swift
/// try EmbeddingConversion(transaction: txn, schema: final, className: "Address")
///     .embed(from: addressTableAsItWas)
/// ```
struct EmbeddingConversion {
    let transaction: StoreWriteTransaction
    /// The schema after the migration: the class already of its new kind.
    let schema: Schema
    let className: String

    private var store: Store { transaction.store }

    // MARK: - To embedded

    /// Replaces every link to an object of `objects` (the class's table as it
    /// was) with a copy of the object's values, checking Realm's conditions first.
    func embed(from objects: Table) throws {
        func refuse(_ reason: String, _ property: String? = nil) -> StoreError {
            .migrationFailed(
                className: className, property: property, reason: "Cannot convert '\(className)' to embedded: \(reason)")
        }
        guard try transaction.count(objects) > 0 else { return }
        if let cls = schema[className], cls.storedProperties.contains(where: { $0.objectClassName == className }) {
            throw refuse("its objects link to objects of their own class, which Geode cannot nest.")
        }
        // No link from an AnyRealmValue.
        try visitOwners { owner, property, value in
            if property.type == .mixed && Self.holdsLink(value, to: objects.schema.table) {
                throw refuse(
                    "there is an incoming link from the Mixed property '\(owner).\(property.name)', which does not support linking to embedded objects.",
                    property.name)
            }
            return nil
        }
        guard let embedded = schema[className] else { return }
        try visitOwners { _, property, value in
            guard property.type == .object, case let .link(link) = value, link.table == objects.schema.table,
                let document = try transaction.document(link.key, in: objects)
            else { return nil }
            var slots = [Value](repeating: .null, count: embedded.slotCount)
            for p in embedded.storedProperties {
                slots[p.slot] = try document.value(at: p.slot)?.decode() ?? p.defaultValue
            }
            return .embedded(slots)
        }
    }

    /// Whether `value` (an `AnyRealmValue`, perhaps a nested collection) holds a link to table `table`.
    private static func holdsLink(_ value: Value, to table: UInt32) -> Bool {
        switch value {
        case let .link(link): return link.table == table
        case let .list(items): return items.contains { holdsLink($0, to: table) }
        case let .map(entries): return entries.values.contains { holdsLink($0, to: table) }
        default: return false
        }
    }

    // MARK: - To top-level

    /// Makes every embedded object of the class an object of `table` (its new
    /// table), and its owner's value a link to it.
    func extract(into table: Table) throws {
        try visitOwners { _, property, value in
            guard case let .embedded(slots) = value else { return nil }
            let row = table.storedProperties.map { p in p.slot < slots.count ? slots[p.slot] : p.defaultValue }
            let key = try transaction.insert(row, into: table)
            return .link(Link(table: table.schema.table, key: key))
        }
    }

    // MARK: - Owners

    /// Calls `body` with each value, in every document of every top-level
    /// class, of a property whose objects are of the class (each element of a
    /// list or map on its own, also inside embedded objects), and AnyRealmValue
    /// property values; writes the document again with the values `body`
    /// replaced (it returns nil to keep one).
    private func visitOwners(_ body: (_ owner: String, PropertySchema, Value) throws -> Value?) throws {
        var reaching: [String: Bool] = [:]
        for cls in schema.classes where !cls.isEmbedded && reaches(cls, &reaching) {
            guard let table = store.current.tables[cls.name] else { continue }
            try transaction.rewriteRows(of: table) { row in
                var row = row
                for (i, property) in table.storedProperties.enumerated() {
                    if let value = try visit(row[i], property, owner: cls.name, body) { row[i] = value }
                }
                return row
            }
        }
    }

    /// The value of `property` with `body` applied where it reaches the class; nil when unchanged.
    private func visit(
        _ value: Value, _ property: PropertySchema, owner: String,
        _ body: (_ owner: String, PropertySchema, Value) throws -> Value?
    ) throws -> Value? {
        let embedded = property.objectClassName.flatMap { schema[$0] }.flatMap { $0.isEmbedded ? $0 : nil }
        let direct = property.type == .mixed || property.objectClassName == className
        guard direct || embedded != nil else { return nil }
        func inner(_ element: Value) throws -> Value? {
            guard !direct, let cls = embedded else { return try body(owner, property, element) }
            guard case var .embedded(slots) = element else { return nil }
            var changed = false
            for p in cls.storedProperties where p.slot < slots.count {
                if let replaced = try visit(slots[p.slot], p, owner: cls.name, body) {
                    slots[p.slot] = replaced
                    changed = true
                }
            }
            return changed ? .embedded(slots) : nil
        }
        switch (property.collection, value) {
        case (.single, _), (_, .null): return try inner(value)
        case (_, let .list(items)):
            var changed = false
            let mapped = try items.map { item -> Value in
                guard let replaced = try inner(item) else { return item }
                changed = true
                return replaced
            }
            return changed ? .list(mapped) : nil
        case (_, let .map(entries)):
            var changed = false
            var mapped = OrderedDictionary<String, Value>()
            for (key, item) in entries {
                if let replaced = try inner(item) {
                    changed = true
                    mapped[key] = replaced
                } else {
                    mapped[key] = item
                }
            }
            return changed ? .map(mapped) : nil
        default: return try inner(value)
        }
    }

    /// Whether objects of `cls` can hold an object of the class or an AnyRealmValue, directly or
    /// through embedded objects.
    private func reaches(_ cls: ClassSchema, _ memo: inout [String: Bool]) -> Bool {
        if let known = memo[cls.name] { return known }
        memo[cls.name] = false  // a cycle of embedded classes reaches nothing more
        let found = cls.storedProperties.contains { p in
            if p.type == .mixed || p.objectClassName == className { return true }
            guard let target = p.objectClassName, let inner = schema[target], inner.isEmbedded else { return false }
            return reaches(inner, &memo)
        }
        memo[cls.name] = found
        return found
    }
}
