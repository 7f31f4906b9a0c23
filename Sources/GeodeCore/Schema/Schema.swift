import OrderedCollections

/// The classes of a store and its schema version.
///
/// ```swift
/// var schema = Schema(classes: [dog, person], version: 1)
/// try schema.validate()
/// ```
package struct Schema: Hashable, Sendable {
    package var classes: [ClassSchema]
    package var version: UInt64

    package init(classes: [ClassSchema], version: UInt64 = 0) {
        self.classes = classes
        self.version = version
    }

    /// The class named `name`.
    package subscript(name: String) -> ClassSchema? {
        classes.first { $0.name == name }
    }

    /// Adds a class the store does not have yet: its slots in declaration
    /// order, the next table number.
    mutating func addNewClass(_ declared: ClassSchema) {
        var cls = declared
        cls.assignSlotsInOrder()
        cls.table = (classes.map(\.table).max() ?? 0) + 1
        classes.append(cls)
    }

    /// Checks the rules every schema must follow and throws
    /// ``StoreError/invalidSchema(_:className:property:)`` naming the class and
    /// property that breaks one.
    package func validate() throws {
        var seen = Set<String>()
        for cls in classes {
            guard !cls.name.isEmpty else { throw StoreError.invalidSchema("a class has an empty name") }
            // The property being checked, for the error.
            var checking: String?
            do {
                guard seen.insert(cls.name).inserted else {
                    throw StoreError.invalidSchema("class '\(cls.name)' is declared twice")
                }
                try validate(cls, checking: &checking)
            } catch let StoreError.invalidSchema(message, nil, nil) {
                throw StoreError.invalidSchema(message, className: cls.name, property: checking)
            }
        }
    }

    /// The rules of one class; `checking` names the property being checked.
    private func validate(_ cls: ClassSchema, checking: inout String?) throws {
        var names = Set<String>()
        var primaryKeys: [String] = []
        for p in cls.properties {
            checking = p.name
            let at = "\(cls.name).\(p.name)"
            guard names.insert(p.name).inserted else {
                throw StoreError.invalidSchema("property '\(at)' is declared twice")
            }
            if p.isPrimaryKey {
                primaryKeys.append(p.name)
                guard p.collection == .single, p.type.canBePrimaryKey else {
                    throw StoreError.invalidSchema(
                        "property '\(at)' of type \(p.typeDescription) cannot be a primary key (Int, String, ObjectId and UUID can)"
                    )
                }
                guard !cls.isEmbedded else {
                    throw StoreError.invalidSchema(
                        "embedded class '\(cls.name)' cannot have a primary key ('\(p.name)')")
                }
            }
            if p.isIndexed, !p.type.canBeIndexed || p.collection != .single {
                throw StoreError.invalidSchema("property '\(at)' of type \(p.typeDescription) cannot be indexed")
            }
            if p.type == .mixed, p.isOptional {
                throw StoreError.invalidSchema(
                    "property '\(at)': AnyRealmValue cannot be optional (it holds null itself)")
            }
            switch p.type {
            case .object:
                guard let targetName = p.objectClassName, let target = self[targetName] else {
                    throw StoreError.invalidSchema(
                        "property '\(at)' links to class '\(p.objectClassName ?? "")', which is not in the schema")
                }
                if p.collection == .single, !p.isOptional {
                    throw StoreError.invalidSchema("to-one relationship '\(at)' must be optional")
                }
                if p.collection == .set, target.isEmbedded {
                    throw StoreError.invalidSchema("property '\(at)': a MutableSet cannot hold embedded objects")
                }
                if p.collection == .list || p.collection == .set, p.isOptional {
                    throw StoreError.invalidSchema("property '\(at)': a collection of objects cannot hold null")
                }
                if p.collection == .map, !p.isOptional {
                    // A deleted target leaves its key with null, so the values must be optional (Realm's rule).
                    throw StoreError.invalidSchema(
                        "property '\(at)': a Map of objects must have optional values (Map<String, \(targetName)?>)"
                    )
                }
            case .linkingObjects:
                guard let originName = p.originProperty, !originName.isEmpty else {
                    throw StoreError.invalidSchema(
                        "LinkingObjects '\(at)' must name the link it follows: @Persisted(originProperty: \"name\")")
                }
                guard let originClass = p.objectClassName.flatMap({ self[$0] }) else {
                    throw StoreError.invalidSchema(
                        "LinkingObjects '\(at)' names class '\(p.objectClassName ?? "")', which is not in the schema"
                    )
                }
                guard let origin = originClass.property(named: originName) else {
                    throw StoreError.invalidSchema(
                        "LinkingObjects '\(at)' names property '\(originClass.name).\(originName)', which does not exist"
                    )
                }
                guard origin.type == .object, origin.objectClassName == cls.name else {
                    throw StoreError.invalidSchema(
                        "LinkingObjects '\(at)' names '\(originClass.name).\(origin.name)', which is not a link to \(cls.name)"
                    )
                }
            default:
                break
            }
        }
        checking = nil
        if primaryKeys.count > 1 {
            throw StoreError.invalidSchema(
                "class '\(cls.name)' has \(primaryKeys.count) primary keys ("
                    + primaryKeys.joined(separator: ", ") + "); at most one is allowed")
        }
    }
}

// MARK: - Stored form

extension Schema {
    /// The schema as an engine value, as it is kept in the store's `meta` database.
    var storedValue: Value {
        .map([
            "version": .int(Int64(bitPattern: version)),
            "classes": .list(
                classes.map { cls in
                    .map([
                        "name": .string(cls.name),
                        "embedded": .bool(cls.isEmbedded),
                        "table": .int(Int64(cls.table)),
                        "slots": .int(Int64(cls.slotCount)),
                        "properties": .list(
                            cls.properties.map { p in
                                var entry: OrderedDictionary<String, Value> = [
                                    "name": .string(p.name),
                                    "type": .string(p.type.rawValue),
                                    "collection": .string(p.collection.rawValue),
                                    "optional": .bool(p.isOptional),
                                    "class": p.objectClassName.map(Value.string) ?? .null,
                                    "origin": p.originProperty.map(Value.string) ?? .null,
                                    "primary": .bool(p.isPrimaryKey),
                                    "indexed": .bool(p.isIndexed),
                                    "slot": .int(Int64(p.slot)),
                                ]
                                // Only a mapped property has a public name: other stored schemas stay as they were.
                                if let publicName = p.publicName { entry["public"] = .string(publicName) }
                                return .map(entry)
                            }),
                    ])
                }),
        ])
    }

    /// Reads a schema back from its stored value.
    init(storedValue: Value) throws {
        func fail(_ what: String) -> StoreError { .corruptDocument(detail: "stored schema: \(what)", offset: 0) }
        guard case let .map(root) = storedValue, case let .int(version)? = root["version"],
            case let .list(classList)? = root["classes"]
        else { throw fail("missing version or classes") }
        var classes: [ClassSchema] = []
        for entry in classList {
            guard case let .map(c) = entry, case let .string(name)? = c["name"],
                case let .bool(embedded)? = c["embedded"],
                case let .int(table)? = c["table"], case let .int(slots)? = c["slots"],
                case let .list(props)? = c["properties"]
            else { throw fail("bad class entry") }
            var properties: [PropertySchema] = []
            for pe in props {
                guard case let .map(p) = pe, case let .string(pname)? = p["name"],
                    case let .string(typeName)? = p["type"], let type = PropertyType(rawValue: typeName),
                    case let .string(kindName)? = p["collection"], let kind = CollectionKind(rawValue: kindName),
                    case let .bool(optional)? = p["optional"], case let .bool(primary)? = p["primary"],
                    case let .bool(indexed)? = p["indexed"], case let .int(slot)? = p["slot"]
                else {
                    throw fail("bad property entry in \(name)")
                }
                var property = PropertySchema(
                    name: pname, type: type, collection: kind, isOptional: optional,
                    objectClassName: p["class"].flatMap { if case let .string(s) = $0 { s } else { nil } },
                    originProperty: p["origin"].flatMap { if case let .string(s) = $0 { s } else { nil } },
                    isPrimaryKey: primary, isIndexed: indexed)
                property.slot = Int(slot)
                if case let .string(publicName)? = p["public"] { property.publicName = publicName }
                properties.append(property)
            }
            var cls = ClassSchema(name: name, properties: properties, isEmbedded: embedded)
            for i in cls.properties.indices { cls.properties[i].slot = properties[i].slot }
            cls.table = UInt32(truncatingIfNeeded: table)
            cls.slotCount = Int(slots)
            classes.append(cls)
        }
        self.init(classes: classes, version: UInt64(bitPattern: version))
    }
}
