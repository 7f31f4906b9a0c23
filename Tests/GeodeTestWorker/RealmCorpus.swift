import Foundation
@testable import Geode
import GeodeCore
import GeodeJSON
import OrderedCollections

/// Runs the cases of one file of the Realm conformance corpus
/// (`Data/Fixtures/realm/`, format in its README) through Geode's public API and
/// prints one line per case: `ok N`, `fail N what happened` or `skip N why`, N
/// counting cases across the file's groups from 0. Cases before `start` are
/// skipped (their group's state is still built), so the test can go on after a
/// case that crashed this process.
///
/// With `typed`, each group's classes are the Swift types of
/// `TypedCreateClasses.swift` and create cases go through
/// `realm.create(Type.self, value:update:)`; groups without Swift types are skipped.
enum RealmCorpus {
    static func run(file: String, start: Int, typed: Bool = false) -> Never {
        let corpus: OrderedDictionary<String, Value>
        do {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard case let .map(map) = try JSONReader.parse(text, source: file) else {
                fail(-1, "\(file): the corpus is not a JSON object")
            }
            corpus = map
        } catch {
            fail(-1, "\(file): \(error)")
        }
        var index = 0
        for case let (groupNumber, .map(group)) in (corpus["groups"]?.listValue ?? []).enumerated() {
            let cases = group["cases"]?.listValue ?? []
            defer { index += cases.count }
            guard index + cases.count > start else { continue }
            let runner: GroupRunner
            if typed && TypedCreateClasses.groups[groupNumber] == nil {
                for offset in cases.indices where index + offset >= start {
                    skip(index + offset, "the group's class or property names are not Swift identifiers")
                }
                continue
            }
            do {
                runner = try GroupRunner(group, typedClasses: typed ? TypedCreateClasses.groups[groupNumber] : nil)
            } catch {
                for offset in cases.indices where index + offset >= start {
                    report(index + offset, "the group's state could not be built: \(error)")
                }
                continue
            }
            for (offset, entry) in cases.enumerated() {
                // Cases of the group before `start` run again unreported, as they
                // change its state, except the one just before it: that one
                // crashed the previous worker.
                let number = index + offset
                guard number != start - 1 || start == 0 else { continue }
                guard case let .map(fact) = entry else {
                    if number >= start { report(number, "a case is not a JSON object") }
                    continue
                }
                let outcome = runner.check(fact)
                if number >= start { report(number, outcome) }
            }
            // Each group's store is its own; a thousand of them were left in the temporary directory.
            try? FileManager.default.removeItem(at: runner.directory)
        }
        for case let .map(fact) in corpus["shapes"]?.listValue ?? [] {
            defer { index += 1 }
            if index >= start { report(index, ShapeFact(fact).check()) }
        }
        exit(0)
    }

    /// Prints that case `index` does not apply to this run, and why.
    static func skip(_ index: Int, _ reason: String) {
        FileHandle.standardOutput.write(Data("skip \(index) \(reason)\n".utf8))
    }

    /// Prints the outcome of case `index`: nil is a pass.
    static func report(_ index: Int, _ failure: String?) {
        let line = failure.map { "fail \(index) " + $0.replacingOccurrences(of: "\n", with: " ") } ?? "ok \(index)"
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func fail(_ index: Int, _ message: String) -> Never {
        report(index, message)
        exit(1)
    }
}

/// One group of the corpus: a fresh realm with the group's classes and
/// objects, against which its cases run in order.
struct GroupRunner {
    let realm: Realm
    let directory: URL
    let primaryKeys: [String: String]
    /// The group's Swift types by class name, when create cases go through the typed API.
    let typedClasses: [String: ObjectBase.Type]?

    init(_ group: OrderedDictionary<String, Value>, typedClasses: [ObjectBase.Type]? = nil) throws {
        let (schemas, primaryKeys) = try Self.schemas(group["classes"])
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("geode-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Realm.Configuration(fileURL: directory.appendingPathComponent("corpus.geode"))
        configuration.schemaVersion = group["version"]?.intValue.map(UInt64.init) ?? 0
        if let typedClasses {
            configuration.objectTypes = typedClasses
            self.typedClasses = Dictionary(uniqueKeysWithValues: typedClasses.map { ($0.className(), $0) })
        } else {
            configuration.dynamicClasses = schemas
            configuration.objectTypes = []
            self.typedClasses = nil
        }
        realm = try Realm(configuration: configuration)
        self.primaryKeys = primaryKeys
        if typedClasses != nil {
            // The Swift types must declare what the fixture declares.
            for wanted in schemas {
                let declared = realm.schema[wanted.className]?.properties.map(\.description).sorted()
                let fixture = wanted.properties.map(\.description).sorted()
                guard declared == fixture else {
                    throw CorpusError(
                        "\(wanted.className): the Swift type declares \(declared ?? []), the fixture \(fixture): "
                            + "run Scripts/make-typed-create-classes.py")
                }
            }
        }
        if case let .map(objects)? = group["objects"] {
            for (className, list) in objects {
                for item in list.listValue ?? [] {
                    let value = try input(item)
                    try realm.write { realm.dynamicCreate(className, value: value) }
                }
            }
        }
    }

    /// A runner over a realm opened elsewhere (a migrated one), for its value checks.
    init(realm: Realm, primaryKeys: [String: String]) {
        self.realm = realm
        self.primaryKeys = primaryKeys
        directory = realm.configuration.fileURL?.deletingLastPathComponent() ?? FileManager.default.temporaryDirectory
        typedClasses = nil
    }

    /// The classes of a group (format in the corpus README) and the primary key of each class that has one.
    static func schemas(_ classes: Value?) throws -> ([ObjectSchema], [String: String]) {
        var schemas: [ObjectSchema] = []
        var primaryKeys: [String: String] = [:]
        for case let .map(cls) in classes?.listValue ?? [] {
            guard case let .string(name)? = cls["name"] else { throw CorpusError("a class has no name") }
            var properties: [Property] = []
            for case let .map(p) in cls["properties"]?.listValue ?? [] {
                guard case let .string(propertyName)? = p["name"], case let .string(typeName)? = p["type"],
                    let type = Geode.PropertyType.allCases.first(where: { $0.description == typeName })
                else {
                    throw CorpusError(
                        "class \(name): a property needs a name and one of the types \(Geode.PropertyType.allCases)")
                }
                let collection = p["collection"]?.stringValue.flatMap(Property.Collection.init(rawValue:)) ?? .single
                let isPrimary = p["primary"]?.boolValue ?? false
                if isPrimary { primaryKeys[name] = propertyName }
                properties.append(
                    Property(
                        name: propertyName, type: type, collection: collection,
                        isOptional: p["optional"]?.boolValue ?? false,
                        objectClassName: p["class"]?.stringValue, isPrimary: isPrimary,
                        isIndexed: p["indexed"]?.boolValue ?? false))
            }
            schemas.append(
                ObjectSchema(className: name, properties: properties, isEmbedded: cls["embedded"]?.boolValue ?? false))
        }
        return (schemas, primaryKeys)
    }

    /// Checks one fact; nil when Geode answers as the case says.
    func check(_ fact: OrderedDictionary<String, Value>) -> String? {
        do {
            if case let .string(query)? = fact["query"] {
                return try checkQuery(query, fact)
            }
            if case let .string(className)? = fact["create"] {
                return try checkCreate(className, fact)
            }
            return "the case names no query and no create"
        } catch {
            return "the case could not be read: \(error)"
        }
    }

    private func checkQuery(_ query: String, _ fact: OrderedDictionary<String, Value>) throws -> String? {
        guard case let .string(className)? = fact["class"] else { return "a query case needs a class" }
        let args = try (fact["args"]?.listValue ?? []).map(argument)
        let results: Results<DynamicObject>
        do {
            results = try realm.dynamicObjects(className).query(query, arguments: args)
        } catch {
            if fact["error"] != nil { return nil }
            return "refused: \(error)"
        }
        if let expected = fact["error"] {
            return "accepted (\(results.count) matches) what Realm refuses: \(expected.stringValue ?? "\(expected)")"
        }
        if case let .int(count)? = fact["count"] {
            return results.count == Int(count) ? nil : "\(results.count) matches, Realm has \(count)"
        }
        if case let .list(ids)? = fact["ids"] {
            guard let key = primaryKeys[className] else { return "ids need a primary key on \(className)" }
            // `"ordered": true`: the order of the results is part of the fact.
            let ordered = fact["ordered"] == .bool(true)
            let found = results.map { describe($0[key]) }
            let wanted = try ids.map { describe(try input($0)) }
            if ordered { return found == wanted ? nil : "matches \(found) in this order, Realm has \(wanted)" }
            return found.sorted() == wanted.sorted() ? nil : "matches \(found.sorted()), Realm has \(wanted.sorted())"
        }
        return "a query case needs count, ids or error"
    }

    private func checkCreate(_ className: String, _ fact: OrderedDictionary<String, Value>) throws -> String? {
        let value = try input(fact["value"] ?? .map([:]))
        let policy: UpdatePolicy
        switch fact["update"]?.stringValue ?? "error" {
        case "modified": policy = .modified
        case "all": policy = .all
        default: policy = .error
        }
        let before = snapshot()
        do {
            if let typedClasses {
                guard let type = typedClasses[className] as? Object.Type else {
                    return nil  // an embedded class: only the dynamic API creates one on its own
                }
                try realm.write { realm.create(type, value: value, update: policy) }
            } else {
                try realm.write { realm.dynamicCreate(className, value: value, update: policy) }
            }
        } catch {
            guard fact["error"] != nil else { return "refused: \(error)" }
            return snapshot() == before ? nil : "refused, but the failed write changed the store"
        }
        if let expected = fact["error"] {
            return "accepted what Realm refuses: \(expected.stringValue ?? "\(expected)")"
        }
        var failures: [String] = []
        if case let .map(counts)? = fact["counts"] {
            for (name, count) in counts where realm.dynamicObjects(name).count != count.intValue.map(Int.init) {
                failures.append(
                    "\(realm.dynamicObjects(name).count) \(name), Realm has \(count.intValue.map(String.init) ?? "\(count)")"
                )
            }
        }
        if case let .map(expect)? = fact["expect"] {
            for (name, list) in expect {
                let stored = Array(realm.dynamicObjects(name))
                let wanted = list.listValue ?? []
                guard stored.count == wanted.count else {
                    failures.append("\(stored.count) \(name), Realm has \(wanted.count)")
                    continue
                }
                for (object, expected) in zip(stored, wanted) {
                    guard case let .map(properties) = expected else { continue }
                    for (property, value) in properties {
                        let isSet = object.objectSchema[property]?.typeDescription.hasPrefix("MutableSet") ?? false
                        let want = try input(value)
                        if !matches(want, object[property], unordered: isSet) {
                            failures.append(
                                "\(name).\(property) is \(describe(object[property])), Realm has \(describe(want))")
                        }
                    }
                }
            }
        }
        return failures.isEmpty ? nil : failures.joined(separator: "; ")
    }

    /// Every object of every class, as text: what a failed write must leave as it was.
    func snapshot() -> String {
        realm.schema.objectSchema.filter { !$0.isEmbedded }.map(\.className).sorted().map { name in
            name + ":"
                + realm.dynamicObjects(name).map { object in
                    object.objectSchema.properties.map { describe(object[$0.name]) }.joined(separator: ",")
                }.joined(separator: ";")
        }.joined(separator: "|")
    }

    /// A value of the corpus as the Swift value the dynamic API takes.
    func input(_ value: Value) throws -> Any {
        switch value {
        case .null: return NSNull()
        case let .bool(b): return b
        case let .int(i): return Int(i)
        case let .double(d): return d
        case let .string(s): return s
        case let .list(items): return try items.map(input)
        case let .map(entries):
            if entries.count == 1, let (tag, payload) = entries.elements.first.map({ ($0.key, $0.value) }),
                Self.tags.contains(tag)
            {
                return try tagged(tag, payload)
            }
            var dictionary: [String: Any] = [:]
            for (key, item) in entries { dictionary[key] = try input(item) }
            return dictionary
        default: throw CorpusError("unexpected value \(value)")
        }
    }

    /// The tags of single-key objects that stand for values JSON does not have.
    static let tags: Set<String> = ["$date", "$data", "$oid", "$uuid", "$decimal", "$float", "$double", "$link"]

    private func tagged(_ tag: String, _ payload: Value) throws -> Any {
        switch (tag, payload) {
        case let ("$date", .int(seconds)): return Date(timeIntervalSince1970: Double(seconds))
        case let ("$date", .double(seconds)): return Date(timeIntervalSince1970: seconds)
        case let ("$data", .string(text)):
            guard let data = Data(base64Encoded: text) else { throw CorpusError("$data is not base64: \(text)") }
            return data
        case let ("$oid", .string(text)): return try ObjectId(string: text)
        case let ("$uuid", .string(text)):
            guard let uuid = UUID(uuidString: text) else { throw CorpusError("$uuid is not a UUID: \(text)") }
            return uuid
        case let ("$decimal", .string(text)): return try Decimal128(string: text)
        case let ("$decimal", .int(i)): return Decimal128(Int(i))
        case let ("$decimal", .double(d)): return Decimal128(d)
        case let ("$double", .string(text)):
            guard let d = Double(text.replacingOccurrences(of: "inf", with: "infinity")) else {
                throw CorpusError("$double: \(text)")
            }
            return d
        case let ("$date", .list(parts)) where parts.count == 2:
            guard let seconds = parts[0].doubleValue, let nanos = parts[1].doubleValue else {
                throw CorpusError("$date: \(parts)")
            }
            return Date(timeIntervalSince1970: seconds + nanos / 1e9)
        case let ("$float", .double(d)): return Float(d)
        case let ("$float", .int(i)): return Float(i)
        case let ("$link", .list(parts)) where parts.count == 2:
            guard case let .string(className) = parts[0], let key = primaryKeys[className] else {
                throw CorpusError("$link needs a class with a primary key: \(parts)")
            }
            let wanted = try input(parts[1])
            guard let object = realm.dynamicObjects(className).first(where: { describe($0[key]) == describe(wanted) })
            else {
                throw CorpusError("$link: no \(className) with \(key) \(wanted)")
            }
            // The typed API links to objects of the Swift type.
            if let type = typedClasses?[className] as? Object.Type {
                guard let typed = realm.object(ofType: type, forPrimaryKey: object[key]) else {
                    throw CorpusError("$link: \(className) \(wanted) is not found by its Swift type")
                }
                return typed
            }
            return object
        default: throw CorpusError("unknown tag \(tag) with \(payload)")
        }
    }

    /// A query argument: values as `input` makes them, and the argument-only tags.
    func argument(_ value: Value) throws -> Any {
        guard case let .map(entries) = value, entries.count == 1,
            let (tag, payload) = entries.elements.first.map({ ($0.key, $0.value) }), tag.hasPrefix("$"),
            !Self.tags.contains(tag)
        else {
            return try input(value)
        }
        switch (tag, payload) {
        case let ("$list", .list(items)):
            return AnyRealmValue.fromArray(try items.map { try mixed(input($0)) })
        case let ("$dict", .map(items)):
            var dictionary: [String: AnyRealmValue] = [:]
            for (key, item) in items { dictionary[key] = try mixed(input(item)) }
            return AnyRealmValue.fromDictionary(dictionary)
        case let ("$set", .list(items)):
            return Set(try items.map { try mixed(input($0)) })
        case ("$geoPoint", _):
            return try point(payload)
        case let ("$geoBox", .list(corners)) where corners.count == 2:
            return GeoBox(bottomLeft: try point(corners[0]), topRight: try point(corners[1]))
        case let ("$geoCircle", .map(circle)):
            guard let center = circle["center"] else { throw CorpusError("$geoCircle needs a center") }
            let made: GeoCircle?
            if let radians = circle["radians"]?.doubleValue {
                made = GeoCircle(center: try point(center), radiusInRadians: radians)
            } else if let km = circle["km"]?.doubleValue, let distance = Distance.kilometers(km) {
                made = GeoCircle(center: try point(center), radius: distance)
            } else {
                throw CorpusError("$geoCircle needs radians or km")
            }
            guard let made else { throw CorpusError("$geoCircle: Geode refuses the circle \(circle)") }
            return made
        case let ("$geoPolygon", .map(polygon)):
            let outer = try (polygon["outer"]?.listValue ?? []).map(point)
            let holes = try (polygon["holes"]?.listValue ?? []).map { try ($0.listValue ?? []).map(point) }
            guard let made = GeoPolygon(outerRing: outer, holes: holes) else {
                throw CorpusError("$geoPolygon: Geode refuses the polygon \(polygon)")
            }
            return made
        default:
            return try input(value)
        }
    }

    private func point(_ value: Value) throws -> GeoPoint {
        guard case let .list(coordinates) = value, coordinates.count >= 2,
            let lon = coordinates[0].doubleValue, let lat = coordinates[1].doubleValue
        else {
            throw CorpusError("a point is [lon, lat]: \(value)")
        }
        guard
            let point = GeoPoint(
                latitude: lat, longitude: lon, altitude: coordinates.count > 2 ? coordinates[2].doubleValue ?? 0 : 0)
        else {
            throw CorpusError("Geode refuses the point \(value)")
        }
        return point
    }

    private func mixed(_ any: Any) throws -> AnyRealmValue {
        try AnyRealmValue._geodeFromAny(any, realm)
    }

    /// Whether the stored `actual` is what Realm's `expected` says: an
    /// expected dictionary given for an object names some of its properties;
    /// numbers compare by value; `unordered` compares collections as sets.
    func matches(_ expected: Any, _ actual: Any?, unordered: Bool = false) -> Bool {
        let actual = unwrapped(actual)
        switch (expected, actual) {
        case let (dictionary as [String: Any], object as Object):
            return dictionary.allSatisfy { key, value in
                let isSet = object.objectSchema[key]?.typeDescription.hasPrefix("MutableSet") ?? false
                return matches(value, object[key], unordered: isSet)
            }
        case let (dictionary as [String: Any], _):
            guard let entries = entries(of: actual), entries.count == dictionary.count else { return false }
            return dictionary.allSatisfy { key, value in entries[key].map { matches(value, $0) } ?? false }
        case let (array as [Any], _):
            guard let elements = elements(of: actual), elements.count == array.count else { return false }
            guard unordered else { return zip(array, elements).allSatisfy { matches($0, $1) } }
            var left = elements
            for wanted in array {
                guard let found = left.firstIndex(where: { matches(wanted, $0) }) else { return false }
                left.remove(at: found)
            }
            return true
        default:
            return describe(expected) == describe(actual)
        }
    }

    /// The value inside any number of Optionals; nil for none.
    private func unwrapped(_ any: Any?) -> Any? {
        guard let any else { return nil }
        let mirror = Mirror(reflecting: any)
        guard mirror.displayStyle == .optional else { return any }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    /// The elements of a list, set or array value.
    private func elements(of any: Any?) -> [Any?]? {
        switch unwrapped(any) {
        case let v as [Any]: return v.map { unwrapped($0) }
        case let v as AnyRealmValue:
            if case let .list(list) = v { return list.map { $0 as Any? } }
            return nil
        case let v as any Sequence:
            if v is String { return nil }
            return Array(v.map { unwrapped($0) })
        default: return nil
        }
    }

    /// The entries of a map or dictionary value.
    private func entries(of any: Any?) -> [String: Any?]? {
        switch unwrapped(any) {
        case let v as [String: Any]: return v.mapValues { unwrapped($0) }
        case let v as AnyRealmValue:
            guard case let .dictionary(map) = v else { return nil }
            var out: [String: Any?] = [:]
            for key in map.keys { out[key] = map[key] }
            return out
        case let v as Map<String, AnyRealmValue>:
            var out: [String: Any?] = [:]
            for key in v.keys { out[key] = v[key] }
            return out
        case let v as any Sequence:
            // Any other map (`Map<String, Int?>`, `Map<String, DynamicObject?>`): a sequence of (key, value).
            var out: [String: Any?] = [:]
            for entry in v {
                let parts = Mirror(reflecting: entry).children.map(\.value)
                guard Mirror(reflecting: entry).displayStyle == .tuple, parts.count == 2, let key = parts[0] as? String
                else { return nil }
                out[key] = unwrapped(parts[1])
            }
            return out
        default: return nil
        }
    }

    /// One text for equal values, whether stored or given.
    func describe(_ any: Any?) -> String {
        guard let any = unwrapped(any) else { return "null" }
        switch any {
        case is NSNull: return "null"
        case let v as Bool: return "\(v)"
        case let v as Int: return "\(v)"
        case let v as Double: return v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)"
        case let v as Float: return describe(Double(v))
        case let v as String: return "\"\(v)\""
        case let v as Data: return "data(\(v.base64EncodedString()))"
        case let v as Date: return "date(\(v.timeIntervalSince1970))"
        case let v as ObjectId: return "oid(\(v))"
        case let v as UUID: return "uuid(\(v.uuidString))"
        case let v as Decimal128: return "decimal(\(v))"
        case let v as Object:
            if let key = primaryKeys[v.objectSchema.className] {
                return v.objectSchema.className + "(" + describe(v[key]) + ")"
            }
            return "{" + v.objectSchema.properties.map { "\($0.name):" + describe(v[$0.name]) }.joined(separator: ",")
                + "}"
        case let v as AnyRealmValue:
            switch v {
            case .none: return "null"
            case let .int(i): return describe(i)
            case let .bool(b): return describe(b)
            case let .float(f): return describe(f)
            case let .double(d): return describe(d)
            case let .string(s): return describe(s)
            case let .data(d): return describe(d)
            case let .date(d): return describe(d)
            case let .objectId(o): return describe(o)
            case let .uuid(u): return describe(u)
            case let .decimal128(d): return describe(d)
            case let .object(o): return describe(o)
            case .list: return "[" + (elements(of: v) ?? []).map { describe($0) }.joined(separator: ",") + "]"
            case .dictionary:
                let map = entries(of: v) ?? [:]
                return "{" + map.keys.sorted().map { "\($0):" + describe(map[$0] ?? nil) }.joined(separator: ",") + "}"
            }
        case let v as [String: Any]:
            return "{" + v.keys.sorted().map { "\($0):" + describe(v[$0]) }.joined(separator: ",") + "}"
        default:
            if let map = entries(of: any) {
                return "{" + map.keys.sorted().map { "\($0):" + describe(map[$0] ?? nil) }.joined(separator: ",") + "}"
            }
            if let list = elements(of: any) { return "[" + list.map { describe($0) }.joined(separator: ",") + "]" }
            return "\(any)"
        }
    }
}

/// A fact about a Swift shape or distance, outside any query: whether Realm
/// accepts it, or what it converts to.
struct ShapeFact {
    let fact: OrderedDictionary<String, Value>

    init(_ fact: OrderedDictionary<String, Value>) { self.fact = fact }

    func check() -> String? {
        let valid = fact["valid"]?.boolValue
        func verdict(_ accepted: Bool) -> String? {
            guard let valid else { return "the fact says neither valid nor invalid" }
            return accepted == valid ? nil : (accepted ? "accepted what Realm refuses" : "refused what Realm accepts")
        }
        if case let .map(p)? = fact["point"] {
            guard let lat = p["latitude"]?.doubleValue, let lon = p["longitude"]?.doubleValue else {
                return "a point needs latitude and longitude"
            }
            return verdict(GeoPoint(latitude: lat, longitude: lon, altitude: p["altitude"]?.doubleValue ?? 0) != nil)
        }
        if case let .list(corners)? = fact["box"], corners.count == 2 {
            let pairs = corners.compactMap(Self.pair)
            guard pairs.count == 2 else { return "a box needs two [lon, lat] corners" }
            return verdict(
                GeoBox(bottomLeft: (pairs[0].lat, pairs[0].lon), topRight: (pairs[1].lat, pairs[1].lon)) != nil)
        }
        if case let .map(c)? = fact["circle"] {
            guard let center = c["center"].flatMap(Self.pair), let radians = c["radians"]?.doubleValue else {
                return "a circle needs a center and radians"
            }
            return verdict(GeoCircle(center: (center.lat, center.lon), radiusInRadians: radians) != nil)
        }
        if case let .map(p)? = fact["polygon"] {
            let outer = (p["outer"]?.listValue ?? []).compactMap(Self.pair).map { ($0.lat, $0.lon) }
            let holes = (p["holes"]?.listValue ?? []).map {
                ($0.listValue ?? []).compactMap(Self.pair).map { ($0.lat, $0.lon) }
            }
            let made = GeoPolygon(outerRing: outer, holes: holes)
            if fact["validation"]?.stringValue == "region" {
                guard let made else { return valid == false ? nil : "refused by the initializer what Realm accepts" }
                do {
                    _ = try GeoPolygon(validating: made.outerRing, holes: made.holes)
                    return verdict(true)
                } catch {
                    return verdict(false)
                }
            }
            return verdict(made != nil)
        }
        if case let .map(d)? = fact["distance"] {
            guard let (unit, amount) = d.elements.first.map({ ($0.key, $0.value.doubleValue ?? .nan) }) else {
                return "a distance needs a unit"
            }
            let distance: Distance?
            switch unit {
            case "radians": distance = .radians(amount)
            case "kilometers": distance = .kilometers(amount)
            case "miles": distance = .miles(amount)
            case "degrees": distance = .degrees(amount)
            default: return "unknown unit \(unit)"
            }
            if let valid, (distance != nil) != valid {
                return distance == nil ? "refused what Realm accepts" : "accepted what Realm refuses"
            }
            guard let distance else { return valid == false ? nil : "refused what Realm accepts" }
            let tolerance = fact["relativeAccuracy"]?.doubleValue ?? 0
            var failures: [String] = []
            for (key, have) in [
                ("asRadians", distance.radians), ("asKilometers", distance.asKilometers()),
                ("asMiles", distance.asMiles()), ("asDegrees", distance.asDegrees()),
            ] {
                guard let want = fact[key]?.doubleValue else { continue }
                if abs(have - want) > tolerance * max(abs(want), 1e-300) {
                    failures.append("\(key) is \(have), Realm has \(want)")
                }
            }
            return failures.isEmpty ? nil : failures.joined(separator: "; ")
        }
        return "the shape fact names no point, box, circle, polygon or distance"
    }

    /// `[lon, lat]` as latitude and longitude.
    static func pair(_ value: Value) -> (lat: Double, lon: Double)? {
        guard case let .list(c) = value, c.count >= 2, let lon = c[0].doubleValue, let lat = c[1].doubleValue else {
            return nil
        }
        return (lat, lon)
    }
}

struct CorpusError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Value {
    var listValue: [Value]? { if case let .list(items) = self { return items }; return nil }
    var stringValue: String? { if case let .string(s) = self { return s }; return nil }
    var boolValue: Bool? { if case let .bool(b) = self { return b }; return nil }
    var intValue: Int64? { if case let .int(i) = self { return i }; return nil }
    var doubleValue: Double? {
        switch self {
        case let .double(d): return d
        case let .int(i): return Double(i)
        default: return nil
        }
    }
}
