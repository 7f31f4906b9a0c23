import GeodeCore

/// One notification point of a realm: the version it left (read through a
/// frozen realm), the version it is at now, and what the change log says
/// happened between them. Observers ask it what changed for them.
final class ChangeDelivery {
    /// The realm, at its new version.
    let realm: Realm
    /// The realm's previous version, frozen.
    let oldRealm: Realm
    let changes: ChangeSet
    /// Whether some object was modified (links need following only then).
    let anyModification: Bool

    init(realm: Realm, oldRealm: Realm, changes: ChangeSet) {
        self.realm = realm
        self.oldRealm = oldRealm
        self.changes = changes
        anyModification = !changes.isComplete || changes.tables.values.contains { !$0.modified.isEmpty }
    }

    /// Key paths as observers keep them: `"owner.name"` as `["owner", "name"]`.
    /// An empty list is no filter, as in Realm Swift (which hands realm-core
    /// no key paths for it): every change counts.
    static func split(_ keyPaths: [String]?) -> [[Substring]]? {
        guard let keyPaths, !keyPaths.isEmpty else { return nil }
        return keyPaths.map { $0.split(separator: ".") }
    }

    /// The sort key paths an observer with `keyPaths` hears apart from them
    /// (see ``ErasedObserving``), split; nil without key paths, where every
    /// change counts already.
    static func split(sortKeyPaths: [String], besides keyPaths: [String]?) -> [[Substring]]? {
        keyPaths == nil ? nil : split(sortKeyPaths)
    }

    /// Stops the program, with Realm's message, when a key path names a
    /// property its class lacks: a property of `className`, or of the class a
    /// link, a collection of links, linking objects or an embedded object
    /// along the path leads to. A misspelt key path would otherwise match
    /// nothing, and the observer would never hear of a change. Names after a
    /// property of another type, and `*`, are not checked.
    static func checkKeyPaths(_ keyPaths: [String]?, from className: String, in schema: GeodeCore.Schema) {
        for keyPath in keyPaths ?? [] {
            var cls = schema[className]
            for name in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
                guard let current = cls, name != "*" else { break }
                guard let property = current.property(named: String(name)) else {
                    preconditionFailure("Geode: property '\(name)' not found in object of type '\(current.name)'")
                }
                cls = property.objectClassName.flatMap { schema[$0] }
            }
        }
    }

    /// How many links deep a change to a linked object counts as a change of
    /// the object holding the link, when no key paths are given.
    static let linkDepth = 4

    /// Whether the document of object `key` differs between the two versions
    /// (for a range the change log does not cover whole).
    func documentChanged(_ key: ObjectKey, in table: Table) -> Bool {
        do {
            let before = try oldRealm.store.read(oldRealm.pinned) { try $0.documentBytes(key, in: table) }
            let after = try realm.withTransaction { try $0.documentBytes(key, in: table) }
            return before != after
        } catch {
            realm.deferReadError(error)
            return true
        }
    }

    /// Whether object `key` of `table` was modified as `paths` sees it:
    /// with no key paths, any property of it or of an object it links to (up
    /// to ``linkDepth`` links away); with key paths, a property a path names,
    /// or along a path through links, a property of a linked object.
    func isModified(_ key: ObjectKey, in table: Table, paths: [[Substring]]?) -> Bool {
        var visited = Set<Link>()
        return isModified(key, in: table, paths: paths, depth: 0, visited: &visited)
    }

    /// ``followsLinks(from:paths:)`` without key paths, per table number: asked for each object an observer checks.
    private var followsLinksWithoutPaths: [UInt32: Bool] = [:]

    /// Whether changes to linked objects can count for objects of `schema`:
    /// with key paths, when one goes through a link; with none, when the class
    /// links to a top-level class other than itself. A class whose only links
    /// are to its own objects counts only its objects' own changes, as
    /// realm-core does when the class is the only table its objects reach.
    func followsLinks(from schema: ClassSchema, paths: [[Substring]]?) -> Bool {
        guard let paths else {
            if let known = followsLinksWithoutPaths[schema.table] { return known }
            let follows = schema.properties.contains {
                $0.isStored && isLinkToTopLevel($0) && $0.objectClassName != schema.name
            }
            followsLinksWithoutPaths[schema.table] = follows
            return follows
        }
        return paths.contains { path in
            path.count > 1 && schema.property(named: String(path[0])).map(isLinkToTopLevel) == true
        }
    }

    private func isModified(
        _ key: ObjectKey, in table: Table, paths: [[Substring]]?, depth: Int, visited: inout Set<Link>
    ) -> Bool {
        let schema = table.schema
        if !changes.isComplete {
            // Without the log's slots every path through a changed object counts.
            if documentChanged(key, in: table) { return true }
        } else if let slots = changes.tables[schema.table]?.modified[key] {
            guard let paths else { return true }
            for path in paths {
                guard let first = path.first, let property = schema.property(named: String(first)), property.isStored,
                    slots.contains(property.slot)
                else { continue }
                // A path into an embedded object counts only if what it names changed.
                guard path.count > 1, let steps = embeddedSteps(property, path.dropFirst()) else { return true }
                if storedValue(key, table, steps, in: oldRealm) != storedValue(key, table, steps, in: realm) {
                    return true
                }
            }
        }
        guard anyModification, depth < (paths == nil ? Self.linkDepth : Int.max) else { return false }
        // Checked once the object's own change is known not to count: most objects asked are modified.
        if depth == 0, !followsLinks(from: schema, paths: paths) { return false }
        for (property, rest) in linksToFollow(in: schema, paths: paths) {
            for target in linkTargets(key, table, property) where visited.insert(target).inserted {
                guard let targetTable = realm.store.table(id: target.table) else { continue }
                if isModified(target.key, in: targetTable, paths: rest, depth: depth + 1, visited: &visited) {
                    return true
                }
            }
        }
        return false
    }

    /// The document path of `rest` inside the embedded object `property`
    /// holds (as far as single embedded objects go); nil when `property` is
    /// not a single embedded object.
    private func embeddedSteps(_ property: PropertySchema, _ rest: ArraySlice<Substring>) -> [PathStep]? {
        var steps: [PathStep] = [.index(property.slot)]
        var current = property
        for name in rest {
            guard current.type == .object, current.collection == .single, let target = current.objectClassName,
                let cls = realm.store.schema[target], cls.isEmbedded,
                let next = cls.property(named: String(name)), next.isStored
            else { break }
            steps.append(.index(next.slot))
            current = next
        }
        return steps.count > 1 ? steps : nil
    }

    /// The engine value at `steps` of object `key`'s document, as `realm` reads it.
    private func storedValue(_ key: ObjectKey, _ table: Table, _ steps: [PathStep], in realm: Realm) -> Value? {
        try? realm.withTransaction { txn in try txn.document(key, in: table)?.value(atPath: steps)?.decode() }
    }

    /// The link properties to follow from an object of `schema`, each with the
    /// rest of the key paths through it (nil: every property, as with no key paths).
    private func linksToFollow(in schema: ClassSchema, paths: [[Substring]]?) -> [(PropertySchema, [[Substring]]?)] {
        guard let paths else {
            return schema.storedProperties.filter { isLinkToTopLevel($0) }.map { ($0, nil) }
        }
        var found: [(PropertySchema, [[Substring]]?)] = []
        for path in paths where path.count > 1 {
            guard let property = schema.property(named: String(path[0])), isLinkToTopLevel(property) else { continue }
            let rest = Array(path.dropFirst())
            if let i = found.firstIndex(where: { $0.0.name == property.name }) {
                found[i].1?.append(rest)
            } else {
                found.append((property, [rest]))
            }
        }
        return found
    }

    /// Whether `property` links to objects of a top-level class (an embedded
    /// object lives in its owner's document: a change to it is the owner's).
    func isLinkToTopLevel(_ property: PropertySchema) -> Bool {
        guard property.type == .object, let target = property.objectClassName,
            let cls = realm.store.schema[target]
        else { return false }
        return !cls.isEmbedded
    }

    /// The objects property `property` of object `key` links to now.
    private func linkTargets(_ key: ObjectKey, _ table: Table, _ property: PropertySchema) -> [Link] {
        do {
            let value = try realm.withTransaction { txn in
                try txn.document(key, in: table)?.value(at: property.slot)?.decode()
            }
            var links: [Link] = []
            func collect(_ value: Value) {
                switch value {
                case let .link(link): links.append(link)
                case let .list(items): items.forEach(collect)
                case let .map(entries): entries.values.forEach(collect)
                default: break
                }
            }
            if let value { collect(value) }
            return links
        } catch {
            realm.deferReadError(error)
            return []
        }
    }
}
