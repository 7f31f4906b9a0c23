import Foundation
@testable import Geode
import GeodeCore
import GeodeJSON
import OrderedCollections

/// Runs the cases of one file of the migration corpus (`Data/Fixtures/migrations/`,
/// format in its README): each case writes its `before` store, opens it with the
/// `after` schema and a migration block made of the case's steps, and checks the
/// outcome. Prints `ok N` or `fail N reason` per case, as ``RealmCorpus`` does.
enum MigrationCorpus {
    static func run(file: String, start: Int) -> Never {
        let cases: [Value]
        do {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard case let .map(corpus) = try JSONReader.parse(text, source: file),
                case let .list(list)? = corpus["cases"]
            else {
                RealmCorpus.fail(-1, "\(file): the corpus is not a JSON object with cases")
            }
            cases = list
        } catch {
            RealmCorpus.fail(-1, "\(file): \(error)")
        }
        for (index, entry) in cases.enumerated() where index >= start {
            guard case let .map(fact) = entry else {
                RealmCorpus.report(index, "a case is not a JSON object")
                continue
            }
            do {
                RealmCorpus.report(index, try MigrationCase(fact).check())
            } catch {
                RealmCorpus.report(index, "the case could not run: \(error)")
            }
        }
        exit(0)
    }
}

/// What a migration block saw and got wrong, written from inside the block.
final class MigrationRecord: @unchecked Sendable {
    var blockRuns = 0
    var failures: [String] = []
}

/// One case of the migration corpus.
struct MigrationCase {
    let fact: OrderedDictionary<String, Value>

    init(_ fact: OrderedDictionary<String, Value>) { self.fact = fact }

    func check() throws -> String? {
        guard case let .map(before)? = fact["before"], case let .map(after)? = fact["after"],
            case let .map(expect)? = fact["expect"]
        else {
            return "a case needs before, after and expect"
        }
        // The store as the old version of the program left it; kept open to
        // read values and to see that a failed migration changed nothing.
        let old = try GroupRunner(before)
        defer { try? FileManager.default.removeItem(at: old.directory) }
        let unchanged = old.snapshot()
        let (schemas, _) = try GroupRunner.schemas(after["classes"])
        var configuration = Realm.Configuration(fileURL: old.directory.appendingPathComponent("corpus.geode"))
        configuration.objectTypes = []
        configuration.dynamicClasses = schemas
        configuration.schemaVersion = after["version"]?.intValue.map(UInt64.init) ?? 0
        configuration.deleteRealmIfMigrationNeeded = after["deleteRealmIfMigrationNeeded"] == .bool(true)
        let record = MigrationRecord()
        if case let .list(steps)? = fact["migration"] {
            let runner = StepRunner(steps: steps, values: old, record: record)
            configuration.migrationBlock = { migration, oldVersion in try runner.run(migration, oldVersion) }
        }
        let realm: Realm
        do {
            realm = try Realm(configuration: configuration)
        } catch {
            guard let wanted = expect["error"] else { return "the migration failed: \(error)" + Self.failures(record) }
            // Refused for the same reason: every class.property Realm's message names, Geode's names too.
            let unnamed = Self.namedProperties(in: wanted.stringValue ?? "").filter { cls, property in
                let text = "\(error)"
                return !(text.contains(cls) && text.contains(property))
            }
            if !unnamed.isEmpty {
                return "refused, but without naming \(unnamed.map { "\($0).\($1)" }): \(error)"
            }
            old.realm.refresh()
            let now = old.snapshot()
            return now == unchanged
                ? nil : "the migration failed as Realm's does, but changed the store: \(unchanged) became \(now)"
        }
        if let wanted = expect["error"] {
            return "the migration succeeded where Realm's fails: \(wanted.stringValue ?? "\(wanted)")"
                + Self.failures(record)
        }
        var failures = record.failures
        if case let .bool(runs)? = expect["blockRuns"], runs != (record.blockRuns > 0) {
            failures.append(runs ? "the migration block did not run" : "the migration block ran")
        }
        if case let .map(classes)? = expect["schema"] {
            for (name, properties) in classes {
                let found = realm.schema[name]?.properties.map(\.name)
                let wanted = properties.listValue?.compactMap(\.stringValue)
                if found != wanted {
                    failures.append("\(name) has properties \(found ?? []), Realm has \(wanted ?? [])")
                }
            }
        }
        if case let .map(objects)? = expect["objects"] {
            let checker = try GroupRunner(realm: realm, primaryKeys: GroupRunner.schemas(after["classes"]).1)
            for (name, list) in objects {
                guard realm.schema[name] != nil else {
                    if !(list.listValue ?? []).isEmpty { failures.append("the class \(name) is gone") }
                    continue
                }
                var stored: [Object] = Array(realm.dynamicObjects(name))
                let wanted = list.listValue ?? []
                if stored.count != wanted.count {
                    failures.append("\(stored.count) \(name) objects, Realm has \(wanted.count)")
                    continue
                }
                for expected in wanted {
                    let want = try checker.input(expected)
                    if let found = stored.firstIndex(where: { checker.matches(want, $0) }) {
                        stored.remove(at: found)
                    } else {
                        failures.append(
                            "no \(name) object matches \(checker.describe(want)); found "
                                + stored.map { checker.describe($0) }.joined(separator: ", "))
                    }
                }
            }
        }
        return failures.isEmpty ? nil : failures.joined(separator: "; ")
    }

    /// The `'Class.property'` pairs a Realm error message names.
    static func namedProperties(in message: String) -> [(String, String)] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            guard index % 2 == 1 else { return nil }
            let pieces = part.split(separator: ".")
            guard pieces.count == 2, pieces.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
            else { return nil }
            return (String(pieces[0]), String(pieces[1]))
        }
    }

    private static func failures(_ record: MigrationRecord) -> String {
        record.failures.isEmpty ? "" : " (" + record.failures.joined(separator: "; ") + ")"
    }
}

/// The steps of a case's migration block, run against the `Migration`.
struct StepRunner: @unchecked Sendable {
    let steps: [Value]
    /// Converts the corpus's values (the old store's runner).
    let values: GroupRunner
    let record: MigrationRecord

    func run(_ migration: Migration, _ oldVersion: UInt64) throws {
        record.blockRuns += 1
        for case let .map(step) in steps {
            if case let .string(className)? = step["rename"] {
                migration.renameProperty(
                    onType: className, from: step["from"]?.stringValue ?? "", to: step["to"]?.stringValue ?? "")
            } else if case let .string(className)? = step["deleteData"] {
                let deleted = migration.deleteData(forType: className)
                if case let .bool(wanted)? = step["returns"], wanted != deleted {
                    record.failures.append(
                        "deleteData(forType: \(className)) returned \(deleted), Realm returns \(wanted)")
                }
            } else if case let .string(className)? = step["create"] {
                migration.create(className, value: try values.input(step["value"] ?? .map([:])))
            } else if case let .string(className)? = step["enumerate"] {
                try enumerate(className, step, migration)
            } else if case let .int(version)? = step["expectOldVersion"] {
                if UInt64(version) != oldVersion {
                    record.failures.append("oldSchemaVersion is \(oldVersion), Realm passes \(version)")
                }
            } else if case let .map(classes)? = step["expectOldSchema"] {
                compare(migration.oldSchema, classes, "old")
            } else if case let .map(classes)? = step["expectNewSchema"] {
                compare(migration.newSchema, classes, "new")
            } else if case let .string(why)? = step["fail"] {
                throw CorpusError("the block throws: \(why)")
            } else {
                record.failures.append("unknown step \(step.keys.joined(separator: ","))")
            }
        }
    }

    private func compare(_ schema: Geode.Schema, _ classes: OrderedDictionary<String, Value>, _ which: String) {
        for (name, properties) in classes {
            let found = schema[name]?.properties.map(\.name)
            let wanted = properties.listValue?.compactMap(\.stringValue)
            if found != wanted {
                record.failures.append(
                    "the \(which) schema has \(name) \(found.map { "\($0)" } ?? "missing"), Realm has \(wanted.map { "\($0)" } ?? "missing")"
                )
            }
        }
    }

    private func enumerate(_ className: String, _ step: OrderedDictionary<String, Value>, _ migration: Migration) throws
    {
        var count = 0
        var seenOld: [String: [Any?]] = [:]
        var seenNew: [String: [Any?]] = [:]
        var thrown: Error?
        migration.enumerateObjects(ofType: className) { old, new in
            count += 1
            do {
                if case let .map(expected)? = step["expectOld"] {
                    for property in expected.keys { seenOld[property, default: []].append(old?[property]) }
                }
                if case let .map(expected)? = step["expectNew"] {
                    for property in expected.keys { seenNew[property, default: []].append(new?[property]) }
                }
                if case let .map(assignments)? = step["set"], let new {
                    for (property, expression) in assignments {
                        new[property] = try evaluate(expression, old, new)
                    }
                }
                if let condition = step["deleteIf"], let new {
                    var deletes = condition == .bool(true)
                    if case let .map(test) = condition, let property = test["old"]?.stringValue {
                        deletes = values.matches(try values.input(test["equals"] ?? .null), old?[property])
                    }
                    if deletes { migration.delete(new) }
                }
            } catch {
                thrown = thrown ?? error
            }
        }
        if let thrown { throw thrown }
        if case let .int(wanted)? = step["expectCount"], Int(wanted) != count {
            record.failures.append("enumerateObjects(\(className)) visited \(count), Realm visits \(wanted)")
        }
        for (label, expected, seen) in [("old", step["expectOld"], seenOld), ("new", step["expectNew"], seenNew)] {
            guard case let .map(properties)? = expected else { continue }
            for (property, list) in properties {
                let want = try values.input(list)
                let got = seen[property] ?? []
                if !values.matches(want, got.map { $0 ?? NSNull() }) {
                    record.failures.append(
                        "\(label) \(className).\(property) read \(values.describe(got.map { $0 ?? NSNull() })), Realm reads \(values.describe(want))"
                    )
                }
            }
        }
    }

    /// The value inside any number of Optionals; nil for none or NSNull.
    private static func unwrapped(_ any: Any?) -> Any? {
        guard let any, !(any is NSNull) else { return nil }
        let mirror = Mirror(reflecting: any)
        guard mirror.displayStyle == .optional else { return any }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    /// The value an assignment's expression stands for.
    private func evaluate(_ expression: Value, _ old: MigrationObject?, _ new: MigrationObject) throws -> Any? {
        guard case let .map(form) = expression, let source = form["old"]?.stringValue ?? form["new"]?.stringValue,
            form.keys.allSatisfy({ ["old", "new", "as"].contains($0) })
        else {
            return try values.input(expression)
        }
        let value = form["old"] != nil ? old?[source] : new[source]
        guard let conversion = form["as"]?.stringValue else { return value }
        let plain = Self.unwrapped(value)
        switch conversion {
        case "string": return plain.map { "\($0)" } ?? NSNull()
        case "int":
            if let text = plain as? String { return Int(text) ?? NSNull() }
            if let number = plain as? Double { return Int(number) }
            return plain ?? NSNull()
        case "double":
            if let text = plain as? String { return Double(text) ?? NSNull() }
            if let number = plain as? Int { return Double(number) }
            return plain ?? NSNull()
        default: throw CorpusError("unknown conversion \(conversion)")
        }
    }
}
