/// What opening a store with a declared schema does to the stored one.
///
/// The rules follow Realm's: a store may hold classes the program does not
/// declare; new classes and index changes need nothing; adding or removing a
/// property needs a higher schema version; changing a property's type,
/// optionality, primary key or a class's embedded flag needs a migration.
/// Under a higher schema version every difference is applied by a
/// ``StoreMigration`` (``needsMigration``); under the same version only new
/// classes and indexes are; `deleteIfMigrationNeeded` starts over instead.
///
/// A read-only store changes nothing, and takes what Realm's read-only realms
/// take: a declared class the file lacks (it has no objects), a property the
/// file has and the program does not declare (it is not read), and a
/// different index (the file's indexes are the ones used).
package struct SchemaReconciliation: Equatable, Sendable {
    /// The schema to use and store.
    package var schema: Schema
    /// Whether it differs from the stored one (so it must be written).
    package var changed: Bool
    /// Whether the store's objects must be dropped first (`deleteIfMigrationNeeded`).
    package var resetsData: Bool
    /// Whether the declared schema version is higher than the stored one: a
    /// ``StoreMigration`` must move the store to `declared` (``schema`` is
    /// then the stored schema, unchanged).
    package var needsMigration = false

    /// Reconciles `declared` with `stored` (nil for a new store); `readOnly`
    /// for a store that is only read, whose file stays as it is.
    package static func reconcile(
        declared: Schema, stored: Schema?, deleteIfMigrationNeeded: Bool,
        path: String, readOnly: Bool = false
    ) throws -> SchemaReconciliation {
        try declared.validate()
        guard let stored else {
            return SchemaReconciliation(schema: fresh(declared), changed: true, resetsData: false)
        }
        if deleteIfMigrationNeeded && declared.version != stored.version {
            // Realm starts over at any change of version, lower ones included.
            return SchemaReconciliation(schema: fresh(declared), changed: true, resetsData: true)
        }
        if declared.version < stored.version {
            throw StoreError.schemaMismatch(
                path: path,
                differences: [
                    "schema version \(declared.version) is lower than the stored version \(stored.version)"
                ])
        }
        if declared.version > stored.version {
            return SchemaReconciliation(schema: stored, changed: false, resetsData: false, needsMigration: true)
        }
        var result = stored
        var additive: [String] = []
        var breaking: [String] = []

        for declaredClass in declared.classes {
            guard let index = result.classes.firstIndex(where: { $0.name == declaredClass.name }) else {
                result.addNewClass(declaredClass)
                continue
            }
            let storedClass = result.classes[index]
            var merged = storedClass
            merged.properties = []
            if storedClass.isEmbedded != declaredClass.isEmbedded {
                breaking.append(
                    "class '\(declaredClass.name)' changed from \(storedClass.isEmbedded ? "embedded" : "top-level") to \(declaredClass.isEmbedded ? "embedded" : "top-level")"
                )
            }
            for var property in declaredClass.properties {
                let at = "\(declaredClass.name).\(property.name)"
                if let old = storedClass.property(named: property.name) {
                    if !old.hasSameShape(as: property) {
                        breaking.append(
                            "property '\(at)' changed type from \(old.typeDescription) to \(property.typeDescription)")
                    }
                    if old.isPrimaryKey != property.isPrimaryKey {
                        breaking.append("primary key of '\(declaredClass.name)' changed at '\(property.name)'")
                    }
                    property.slot = old.slot
                    if readOnly { property.isIndexed = old.isIndexed }
                } else {
                    if property.isStored {
                        additive.append("property '\(at)' was added")
                        property.slot = merged.slotCount
                        merged.slotCount += 1
                    }
                }
                merged.properties.append(property)
            }
            for old in storedClass.properties where declaredClass.property(named: old.name) == nil && !readOnly {
                additive.append("property '\(declaredClass.name).\(old.name)' was removed")
            }
            result.classes[index] = merged
        }

        let differences = breaking + additive
        if !differences.isEmpty {
            if deleteIfMigrationNeeded {
                return SchemaReconciliation(schema: fresh(declared), changed: true, resetsData: true)
            }
            throw StoreError.schemaMismatch(
                path: path,
                differences: differences + [
                    "raise the schema version above \(stored.version) to migrate"
                ])
        }
        result.version = stored.version
        return SchemaReconciliation(schema: result, changed: result != stored, resetsData: false)
    }

    /// A declared schema as a new store keeps it: tables numbered from 1, slots in order.
    private static func fresh(_ declared: Schema) -> Schema {
        var schema = declared
        for i in schema.classes.indices {
            schema.classes[i].assignSlotsInOrder()
            schema.classes[i].table = UInt32(i + 1)
        }
        return schema
    }
}
