/// Checks values against a class's schema and the engine's limits before they
/// are written, so a bad value is a thrown ``StoreError/invalidValue(_:)`` that
/// names class, property and path, and never a damaged document.
package struct ValueValidator {
    let schema: Schema
    private let tablesByName: [String: UInt32]

    package init(schema: Schema) {
        self.schema = schema
        tablesByName = Dictionary(schema.classes.map { ($0.name, $0.table) }, uniquingKeysWith: { a, _ in a })
    }

    /// Validates a row of values in the order of `cls.storedProperties`.
    package func validate(row: [Value], of cls: ClassSchema) throws {
        let properties = cls.storedProperties
        guard row.count == properties.count else {
            throw StoreError.invalidValue(ValueIssue(.wrongType(expected: "\(properties.count) values", found: "\(row.count)"),
                                                     className: cls.name))
        }
        for (property, value) in zip(properties, row) {
            try validate(value, for: property, in: cls, path: "")
        }
    }

    /// Validates one property's value.
    package func validate(_ value: Value, for property: PropertySchema, in cls: ClassSchema, path: String) throws {
        func issue(_ kind: ValueIssue.Kind, _ at: String) -> StoreError {
            .invalidValue(ValueIssue(kind, className: cls.name, property: property.name, path: at))
        }
        switch property.collection {
        case .single:
            try validateElement(value, property, cls, path)
        case .list, .set:
            guard case let .list(elements) = value else {
                throw issue(.wrongType(expected: property.typeDescription, found: value.typeName), path)
            }
            for (i, element) in elements.enumerated() {
                try validateElement(element, property, cls, path + "[\(i)]")
            }
        case .map:
            guard case let .map(entries) = value else {
                throw issue(.wrongType(expected: property.typeDescription, found: value.typeName), path)
            }
            for (key, element) in entries {
                let at = path + "[\"\(key)\"]"
                guard Self.isLegalMapKey(key) else { throw issue(.illegalMapKey(key), path) }
                try validateElement(element, property, cls, at)
            }
        }
    }

    /// Whether a map key is allowed: not empty, no `.`, not starting with `$`.
    package static func isLegalMapKey(_ key: String) -> Bool {
        !key.isEmpty && !key.hasPrefix("$") && !key.contains(".")
    }

    private func validateElement(_ value: Value, _ property: PropertySchema, _ cls: ClassSchema, _ path: String) throws {
        func issue(_ kind: ValueIssue.Kind) -> StoreError {
            .invalidValue(ValueIssue(kind, className: cls.name, property: property.name, path: path))
        }
        if case .null = value {
            if property.isOptional || property.type == .mixed { return }
            throw issue(.missingRequired)
        }
        let expected = property.type == .object ? (property.objectClassName ?? "object") : property.type.rawValue
        func wrong() -> StoreError { issue(.wrongType(expected: expected, found: value.typeName)) }
        switch (property.type, value) {
        case (.bool, .bool), (.int, .int), (.float, .float), (.double, .double), (.date, .timestamp),
             (.decimal128, .decimal128), (.objectId, .objectId), (.uuid, .uuid):
            return
        case let (.string, .string(s)):
            try Self.checkString(s, issue)
        case let (.data, .binary(b)):
            if b.count > Value.maximumDataBytes { throw issue(.dataTooLong(bytes: b.count, limit: Value.maximumDataBytes)) }
        case (.mixed, _):
            try validateMixed(value, depth: 0, property, cls, path)
        case let (.object, .link(link)):
            guard let target = property.objectClassName.flatMap({ schema[$0] }), !target.isEmbedded,
                  link.table == target.table else { throw wrong() }
        case let (.object, .embedded(slots)):
            guard let target = property.objectClassName.flatMap({ schema[$0] }), target.isEmbedded else { throw wrong() }
            try validateEmbedded(slots, target, path)
        default:
            throw wrong()
        }
    }

    private func validateEmbedded(_ slots: [Value], _ target: ClassSchema, _ path: String) throws {
        guard slots.count == target.slotCount else {
            throw StoreError.invalidValue(ValueIssue(.wrongType(expected: "\(target.slotCount) slots of \(target.name)", found: "\(slots.count)"),
                                                     className: target.name, path: path))
        }
        for property in target.storedProperties {
            try validate(slots[property.slot], for: property, in: target, path: "")
        }
    }

    private func validateMixed(_ value: Value, depth: Int, _ property: PropertySchema, _ cls: ClassSchema, _ path: String) throws {
        func issue(_ kind: ValueIssue.Kind, _ at: String) -> StoreError {
            .invalidValue(ValueIssue(kind, className: cls.name, property: property.name, path: at))
        }
        switch value {
        case let .string(s):
            try Self.checkString(s) { issue($0, path) }
        case let .binary(b):
            if b.count > Value.maximumDataBytes { throw issue(.dataTooLong(bytes: b.count, limit: Value.maximumDataBytes), path) }
        case .embedded:
            throw issue(.notAllowedHere("an embedded object inside AnyRealmValue"), path)
        case let .link(link):
            guard let target = schema.classes.first(where: { $0.table == link.table }), !target.isEmbedded else {
                throw issue(.wrongType(expected: "a link to a top-level class", found: "link to table \(link.table)"), path)
            }
        case let .list(elements):
            guard depth < Value.maximumNesting else { throw issue(.nestingTooDeep(limit: Value.maximumNesting), path) }
            for (i, element) in elements.enumerated() {
                try validateMixed(element, depth: depth + 1, property, cls, path + "[\(i)]")
            }
        case let .map(entries):
            guard depth < Value.maximumNesting else { throw issue(.nestingTooDeep(limit: Value.maximumNesting), path) }
            for (key, element) in entries {
                guard Self.isLegalMapKey(key) else { throw issue(.illegalMapKey(key), path) }
                try validateMixed(element, depth: depth + 1, property, cls, path + "[\"\(key)\"]")
            }
        default:
            return
        }
    }

    private static func checkString(_ s: String, _ issue: (ValueIssue.Kind) -> StoreError) throws {
        let bytes = s.utf8.count
        if bytes > Value.maximumStringBytes { throw issue(.stringTooLong(bytes: bytes, limit: Value.maximumStringBytes)) }
    }
}
