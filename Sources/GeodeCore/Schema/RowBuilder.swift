import OrderedCollections

/// Builds a class's row from a dictionary value with Realm's `create(value:)`
/// rules for JSON: names must match, unknown keys are ignored, required
/// properties may not be missing or null, numbers convert only when exact
/// (an int fills a double; 3.0 fills an int; 3.5 does not), dates and data are
/// never inferred from strings. Embedded objects are built from nested maps;
/// a value refused inside one is reported as ``ValueValidator`` reports it,
/// at the owner's class and property with the embedded property as a step of
/// the path (`Dog.address.city`).
///
/// ```swift
/// let builder = RowBuilder(schema: store.schema)
/// let row = try builder.row(from: ["name": .string("Rex"), "age": .int(3)], of: dog)
/// ```
package struct RowBuilder {
    let schema: Schema

    package init(schema: Schema) {
        self.schema = schema
    }

    /// The row of `cls` (stored properties in declaration order) from `map`.
    /// With `fillingMissing`, a property `map` does not name takes its value
    /// in `defaults` (a Swift class's initial values), else its type's zero
    /// value (as a Swift property with no initializer does); an explicit
    /// null for a required property is refused either way.
    package func row(
        from map: OrderedDictionary<String, Value>, of cls: ClassSchema,
        fillingMissing: Bool = false, defaults: [String: Value] = [:]
    ) throws -> [Value] {
        try cls.storedProperties.map { property in
            if fillingMissing && map[property.name] == nil {
                guard let initial = defaults[property.name] else { return property.defaultValue }
                return try value(initial, for: property, in: cls)
            }
            return try value(map[property.name], for: property, in: cls)
        }
    }

    /// `given` converted to `property`'s stored type by the rules above.
    package func value(_ given: Value?, for property: PropertySchema, in cls: ClassSchema) throws -> Value {
        func issue(_ kind: ValueIssue.Kind, _ path: String = "") -> StoreError {
            .invalidValue(ValueIssue(kind, className: cls.name, property: property.name, path: path))
        }
        // Null for a collection is an empty one, as in Realm.
        guard let given, given != .null else {
            if property.collection != .single || ValueRules.admitsNull(property) {
                return property.defaultValue
            }
            throw issue(.missingRequired)
        }
        switch property.collection {
        case .single:
            return try element(given, property, cls, "")
        case .list, .set:
            guard case let .list(items) = given else {
                throw issue(.wrongType(expected: property.typeDescription, found: given.typeName))
            }
            let elements = try items.enumerated().map { try element($1, property, cls, "[\($0)]") }
            return .list(property.collection == .set ? MixedOrder.setElements(elements) : elements)
        case .map:
            guard case let .map(entries) = given else {
                throw issue(.wrongType(expected: property.typeDescription, found: given.typeName))
            }
            var converted = OrderedDictionary<String, Value>(minimumCapacity: entries.count)
            for (key, item) in entries {
                converted[key] = try element(item, property, cls, "[\"\(key)\"]")
            }
            return .map(converted)
        }
    }

    private func element(_ given: Value, _ property: PropertySchema, _ cls: ClassSchema, _ path: String) throws -> Value
    {
        func wrong() -> StoreError {
            .invalidValue(
                ValueIssue(
                    .wrongType(expected: property.elementTypeName, found: given.typeName),
                    className: cls.name, property: property.name, path: path))
        }
        if case .null = given {
            if ValueRules.admitsNull(property) { return .null }
            throw StoreError.invalidValue(
                ValueIssue(.missingRequired, className: cls.name, property: property.name, path: path))
        }
        switch (property.type, given) {
        case (.mixed, _):
            return given
        case _ where ValueRules.isScalar(given, of: property.type):
            return given
        case let (.double, .int(i)):
            return .double(Double(i))
        case let (.double, .float(f)):
            return .double(Double(f))
        case let (.float, .int(i)):
            return .float(Float(i))
        // A double fills a float rounded to the nearest float, as Realm stores it,
        // unless it is beyond the float range.
        case let (.float, .double(d)):
            guard !d.isFinite || abs(d) <= Double(Float.greatestFiniteMagnitude) else { throw wrong() }
            return .float(Float(d))
        // Realm takes the numbers 0 and 1 for a bool (NSNumber's bridging).
        case let (.bool, .int(i)) where i == 0 || i == 1:
            return .bool(i == 1)
        case let (.int, .double(d)):
            guard let i = Int64(exactly: d) else { throw wrong() }
            return .int(i)
        // Decimals from JSON: numbers (doubles to 15 significant digits, as
        // Realm converts them) or decimal text, which keeps every digit.
        case let (.decimal128, .int(i)):
            return .decimal128(Decimal128Bits(i))
        case let (.decimal128, .double(d)):
            return .decimal128(Decimal128Bits(rounding: d))
        case let (.decimal128, .string(text)):
            guard let d = try? Decimal128Bits(parsing: text) else { throw wrong() }
            return .decimal128(d)
        case (.object, .map), (.object, .list):
            guard let target = property.objectClassName.flatMap({ schema[$0] }), target.isEmbedded else {
                throw wrong()
            }
            var nested = OrderedDictionary<String, Value>()
            switch given {
            case let .map(entries):
                nested = entries
            case let .list(items):
                // An array gives the embedded object's properties in declaration order.
                let properties = target.storedProperties
                guard items.count <= properties.count else { throw wrong() }
                for (p, item) in zip(properties, items) { nested[p.name] = item }
            default:
                throw wrong()
            }
            var slots = [Value](repeating: .null, count: target.slotCount)
            let row: [Value]
            do {
                row = try self.row(from: nested, of: target)
            } catch var StoreError.invalidValue(issue) {
                // Located as the validator locates it: the owner's class and
                // property, with the embedded property as a step of the path.
                issue.path = path + ".\(issue.property)" + issue.path
                issue.className = cls.name
                issue.property = property.name
                throw StoreError.invalidValue(issue)
            }
            for (p, v) in zip(target.storedProperties, row) { slots[p.slot] = v }
            return .embedded(slots)
        case (.object, .link), (.object, .embedded):
            return given
        default:
            throw wrong()
        }
    }
}
