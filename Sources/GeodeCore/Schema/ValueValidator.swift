/// What one stored property accepts, compiled once per class so that checking
/// a row touches no strings and copies nothing.
struct PropertyCheck {
    let type: PropertyType
    let collection: CollectionKind
    let isOptional: Bool
    /// For links: the target class's table number.
    let targetTable: UInt32
    /// For links: whether the target class is embedded (its values are then
    /// embedded objects, never links). A flag, not the target's rules, so that
    /// a rule is plain data: reading one retains nothing.
    let targetIsEmbedded: Bool
}

extension PropertyCheck {
    /// Whether `value` is of the rule's scalar type or an allowed null: the
    /// common case of every write, decided on the value's case alone (no
    /// payload is copied; string and data sizes are checked where their bytes
    /// are counted). Anything else (collections, embedded objects,
    /// AnyRealmValue) is left to the full check.
    @inline(__always)
    func admitsPlainly(_ value: borrowing Value) -> Bool {
        switch value {
        case let .link(link): return type == .object && !targetIsEmbedded && link.table == targetTable
        case .null: return ValueRules.admitsNull(type: type, isOptional: isOptional)
        default: break
        }
        return ValueRules.isScalar(value, of: type)
    }
}

/// A class's stored properties and their rules, in declaration order.
package final class ClassRules: @unchecked Sendable {
    package let schema: ClassSchema
    package let storedProperties: [PropertySchema]
    fileprivate(set) var rules: [PropertyCheck] = []
    /// For each property holding one embedded object, its class's rules (nil
    /// for the others): what lets a document writer admit such an object
    /// value by value, as it does a row.
    fileprivate(set) var embedded: [EmbeddedRules?] = []
    /// Whether declaration order is slot order (``ClassSchema/slotsAreDense``).
    let slotsAreDense: Bool

    init(schema: ClassSchema) {
        self.schema = schema
        storedProperties = schema.storedProperties
        slotsAreDense = schema.slotsAreDense
    }
}

/// An embedded class's rules, held unowned: the validator keeps every
/// class's rules alive, and an embedded class may hold itself.
struct EmbeddedRules {
    unowned let rules: ClassRules
}

/// Checks values against a class's schema and the engine's limits before they
/// are written, so a bad value is a thrown ``StoreError/invalidValue(_:)`` that
/// names class, property and path, and never a damaged document.
///
/// A class, so that every table of a catalog shares one and a write hands it
/// on without copying its dictionary.
package final class ValueValidator: @unchecked Sendable {
    let schema: Schema
    /// Every class's compiled rules, by name.
    package let classes: [String: ClassRules]

    package init(schema: Schema) {
        self.schema = schema
        let classes = Dictionary(
            schema.classes.map { ($0.name, ClassRules(schema: $0)) }, uniquingKeysWith: { a, _ in a })
        for rules in classes.values {
            rules.rules = rules.storedProperties.map { p in
                let target = p.objectClassName.flatMap { schema[$0] }
                return PropertyCheck(
                    type: p.type, collection: p.collection, isOptional: p.isOptional,
                    targetTable: target?.table ?? 0,
                    targetIsEmbedded: target?.isEmbedded == true)
            }
            rules.embedded = rules.storedProperties.map { p in
                guard p.type == .object, p.collection == .single,
                    let target = p.objectClassName.flatMap({ schema[$0] }),
                    target.isEmbedded, let embedded = classes[target.name],
                    // A geometry's members are checked together, by the full check.
                    target.geometrySlots?.holdsAnyGeometry != true
                else { return nil }
                return EmbeddedRules(rules: embedded)
            }
        }
        self.classes = classes
    }

    /// Validates a row of values in the order of the class's stored properties.
    package func validate(row: [Value], of cls: ClassRules) throws {
        guard row.count == cls.rules.count else {
            throw StoreError.invalidValue(
                ValueIssue(
                    .wrongType(expected: "\(cls.rules.count) values", found: "\(row.count)"),
                    className: cls.schema.name))
        }
        // Through the buffers, so that the common case reads each value and rule
        // in place instead of copying (and retaining) it.
        let firstMismatch = row.withUnsafeBufferPointer { values in
            cls.rules.withUnsafeBufferPointer { rules in
                values.indices.first { i in !values.withBorrowedElement(at: i) { Self.isPlainMatch($0, rules[i]) } }
            }
        }
        guard let firstMismatch else { return }
        for i in firstMismatch ..< row.count where !Self.isPlainMatch(row[i], cls.rules[i]) {
            try validate(row[i], for: cls.storedProperties[i], in: cls.schema)
        }
    }

    /// The common case, decided without touching the schema's strings: a
    /// value of the right type within its limits, an allowed null, or a list of
    /// such values.
    @inline(__always)
    private static func isPlainMatch(_ value: Value, _ rule: PropertyCheck) -> Bool {
        switch rule.collection {
        case .single:
            return isPlainElement(value, rule)
        case .list, .set:
            guard case let .list(elements) = value else { return false }
            return elements.withUnsafeBufferPointer { elements in
                elements.indices.allSatisfy { i in elements.withBorrowedElement(at: i) { isPlainElement($0, rule) } }
            }
        case .map:
            return false
        }
    }

    @inline(__always)
    private static func isPlainElement(_ value: Value, _ rule: PropertyCheck) -> Bool {
        guard rule.admitsPlainly(value) else { return false }
        switch value {
        case let .string(s): return ValueRules.fitsString(bytes: s.utf8.count)
        case let .binary(b): return ValueRules.fitsData(bytes: b.count)
        default: return true
        }
    }

    /// Validates one property's value; an error names class, property and the
    /// path below it (built only when something is wrong).
    package func validate(_ value: Value, for property: PropertySchema, in cls: ClassSchema) throws {
        do {
            try check(value, property, cls)
        } catch var StoreError.invalidValue(issue) where issue.className.isEmpty {
            issue.className = cls.name
            issue.property = property.name
            throw StoreError.invalidValue(issue)
        }
    }

    /// Runs `body`; a value error it throws gets `step` put in front of its path.
    private func at(_ step: @autoclosure () -> String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch var StoreError.invalidValue(issue) where issue.className.isEmpty {
            issue.path = step() + issue.path
            throw StoreError.invalidValue(issue)
        }
    }

    private static func issue(_ kind: ValueIssue.Kind) -> StoreError { .invalidValue(ValueIssue(kind)) }

    private func check(_ value: Value, _ property: PropertySchema, _ cls: ClassSchema) throws {
        switch property.collection {
        case .single:
            try checkElement(value, property)
        case .list, .set:
            guard case let .list(elements) = value else {
                throw Self.issue(.wrongType(expected: property.typeDescription, found: value.typeName))
            }
            for (i, element) in elements.enumerated() {
                try at("[\(i)]") { try checkElement(element, property, depth: 1) }
            }
        case .map:
            guard case let .map(entries) = value else {
                throw Self.issue(.wrongType(expected: property.typeDescription, found: value.typeName))
            }
            for (key, element) in entries {
                if let kind = ValueRules.mapKeyIssue(key) { throw Self.issue(kind) }
                try at("[\"\(key)\"]") { try checkElement(element, property, depth: 1) }
            }
        }
    }

    /// Checks one value of `property`: the property's own, or an element of
    /// its list, set or map. `depth` is the value's nesting level: 1 for an
    /// element, since the property's collection is the first level of
    /// the 100 that an `AnyRealmValue` may nest, as in Realm.
    private func checkElement(_ value: Value, _ property: PropertySchema, depth: Int = 0) throws {
        if case .null = value {
            if ValueRules.admitsNull(property) { return }
            throw Self.issue(.missingRequired)
        }
        func wrong() -> StoreError {
            Self.issue(.wrongType(expected: property.elementTypeName, found: value.typeName))
        }
        switch (property.type, value) {
        case let (.string, .string(s)):
            try Self.checkString(s)
        case let (.data, .binary(b)):
            try Self.checkData(b)
        case (.mixed, .list), (.mixed, .map):
            // A set of AnyRealmValue holds scalars only.
            if property.collection == .set { throw Self.issue(.notAllowedHere("a list or map inside a MutableSet")) }
            try checkMixed(value, depth: depth)
        case (.mixed, _):
            try checkMixed(value, depth: depth)
        case let (.object, .link(link)):
            guard let target = property.objectClassName.flatMap({ schema[$0] }), !target.isEmbedded,
                link.table == target.table
            else { throw wrong() }
        case let (.object, .embedded(slots)):
            // The class's rules keep its stored properties: none are filtered out per value.
            guard let rules = property.objectClassName.flatMap({ classes[$0] }), rules.schema.isEmbedded else {
                throw wrong()
            }
            let target = rules.schema
            guard slots.count == target.slotCount else {
                throw Self.issue(
                    .wrongType(expected: "\(target.slotCount) slots of \(target.name)", found: "\(slots.count)"))
            }
            for p in rules.storedProperties {
                try at(".\(p.name)") { try check(slots[p.slot], p, target) }
            }
            if let geometry = target.geometrySlots, geometry.holdsAnyGeometry { try checkGeometry(slots, geometry) }
        default:
            // The other scalars: of the property's type, or the wrong type.
            guard ValueRules.isScalar(value, of: property.type) else { throw wrong() }
        }
    }

    /// A geometry object's members follow RFC 7946 (``GeometryRules``); an
    /// empty `type` is no geometry (what a fresh object holds until it is given one).
    private func checkGeometry(_ fields: [Value], _ slots: GeometrySlots) throws {
        guard case let .string(type) = fields[slots.type], !type.isEmpty else { return }
        do {
            _ = try GeometryRules.geometry(
                type: type, coordinates: fields[slots.coordinates],
                geometries: slots.geometries.map { fields[$0] })
        } catch {
            // `/coordinates/0/3` → `.coordinates[0][3]`, the path form of every value issue.
            let path = error.pointer.split(separator: "/").map { $0.allSatisfy(\.isNumber) ? "[\($0)]" : ".\($0)" }
            throw StoreError.invalidValue(ValueIssue(.invalidGeometry(error.message), path: path.joined()))
        }
    }

    private func checkMixed(_ value: Value, depth: Int) throws {
        switch value {
        case let .string(s):
            try Self.checkString(s)
        case let .binary(b):
            try Self.checkData(b)
        case .embedded:
            throw Self.issue(.notAllowedHere("an embedded object inside AnyRealmValue"))
        case let .link(link):
            guard let target = schema.classes.first(where: { $0.table == link.table }), !target.isEmbedded else {
                throw Self.issue(
                    .wrongType(expected: "a link to a top-level class", found: "link to table \(link.table)"))
            }
        case let .list(elements):
            if let kind = ValueRules.nestingIssue(depth: depth) { throw Self.issue(kind) }
            for (i, element) in elements.enumerated() {
                try at("[\(i)]") { try checkMixed(element, depth: depth + 1) }
            }
        case let .map(entries):
            if let kind = ValueRules.nestingIssue(depth: depth) { throw Self.issue(kind) }
            for (key, element) in entries {
                if let kind = ValueRules.mapKeyIssue(key) { throw Self.issue(kind) }
                try at("[\"\(key)\"]") { try checkMixed(element, depth: depth + 1) }
            }
        default:
            return
        }
    }

    private static func checkString(_ s: String) throws {
        if let kind = ValueRules.stringIssue(bytes: s.utf8.count) { throw issue(kind) }
    }

    private static func checkData(_ b: [UInt8]) throws {
        if let kind = ValueRules.dataIssue(bytes: b.count) { throw issue(kind) }
    }
}
