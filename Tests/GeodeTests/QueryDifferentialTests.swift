import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Random predicates over random objects: the engine's answers (through the
/// query language, so through the parser, binder, planner with its indexes,
/// and evaluator) against a brute-force evaluator written here on plain Swift
/// records.
@Suite struct QueryDifferentialTests {
    struct Record {
        var id: Int
        var name: String
        var age: Int
        var score: Double
        var nickname: String?
        var active: Bool
        var tags: [String]
        var scores: [Int]
        var extra: Int?  // stored as an AnyRealmValue int, or .none
    }

    /// A predicate as query text and as a function on records.
    struct Predicate {
        var text: String
        var test: (Record) -> Bool
    }

    static let names = ["Rex", "max", "Bella", "élan", "Zed", "Maxine", ""]
    static let vocabulary = ["port", "capital", "river", "island"]

    static func record(_ id: Int, _ random: inout SeededGenerator) -> Record {
        Record(
            id: id, name: names.randomElement(using: &random) ?? "", age: Int.random(in: 0 ... 20, using: &random),
            score: Double(Int.random(in: -10 ... 10, using: &random)) / 2,
            nickname: Bool.random(using: &random) ? nil : names.randomElement(using: &random),
            active: Bool.random(using: &random),
            tags: vocabulary.filter { _ in Int.random(in: 0 ... 2, using: &random) == 0 },
            scores: (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in Int.random(in: 0 ... 9, using: &random)
            },
            extra: Bool.random(using: &random) ? Int.random(in: 0 ... 5, using: &random) : nil)
    }

    static func compare<T: Comparable>(_ a: T, _ op: String, _ b: T) -> Bool {
        switch op {
        case "<": return a < b
        case "<=": return a <= b
        case ">": return a > b
        case ">=": return a >= b
        case "==": return a == b
        default: return a != b
        }
    }

    static func atom(_ random: inout SeededGenerator) -> Predicate {
        let ops = ["<", "<=", ">", ">=", "==", "!="]
        let op = ops.randomElement(using: &random) ?? "=="
        switch Int.random(in: 0 ... 13, using: &random) {
        case 0:
            let k = Int.random(in: 0 ... 20, using: &random)
            return Predicate(text: "age \(op) \(k)") { compare($0.age, op, k) }
        case 1:
            let x = Double(Int.random(in: -10 ... 10, using: &random)) / 2
            return Predicate(text: "score \(op) \(x)") { compare($0.score, op, x) }
        case 2:
            let name = names.randomElement(using: &random) ?? ""
            let kinds = ["==", "!=", "BEGINSWITH", "ENDSWITH", "CONTAINS"]
            let kind = kinds.randomElement(using: &random) ?? "=="
            let folded = Bool.random(using: &random)
            let part =
                kind == "==" || kind == "!=" ? name : String(name.prefix(Int.random(in: 0 ... 2, using: &random)))
            let text = "name \(kind)\(folded ? "[c]" : "") '\(part)'"
            return Predicate(text: text) { r in
                let a = folded ? r.name.lowercased() : r.name, b = folded ? part.lowercased() : part
                switch kind {
                case "==": return a == b
                case "!=": return a != b
                case "BEGINSWITH": return a.hasPrefix(b)
                case "ENDSWITH": return a.hasSuffix(b)
                default: return b.isEmpty || a.contains(b)
                }
            }
        case 3:
            if Bool.random(using: &random) { return Predicate(text: "nickname == nil") { $0.nickname == nil } }
            let name = names.randomElement(using: &random) ?? ""
            return Predicate(text: "nickname != '\(name)'") { $0.nickname != name }
        case 4:
            let b = Bool.random(using: &random)
            return Predicate(text: "active == \(b)") { $0.active == b }
        case 5:
            let v = vocabulary.randomElement(using: &random) ?? ""
            switch Int.random(in: 0 ... 2, using: &random) {
            case 0: return Predicate(text: "ANY tags == '\(v)'") { $0.tags.contains(v) }
            case 1: return Predicate(text: "ALL tags == '\(v)'") { $0.tags.allSatisfy { $0 == v } }
            default: return Predicate(text: "NONE tags == '\(v)'") { !$0.tags.contains(v) }
            }
        case 6:
            let n = Int.random(in: 0 ... 4, using: &random)
            return Predicate(text: "tags.@count \(op) \(n)") { compare($0.tags.count, op, n) }
        case 7:
            let n = Int.random(in: 0 ... 20, using: &random)
            return Predicate(text: "scores.@sum \(op) \(n)") { compare($0.scores.reduce(0, +), op, n) }
        case 8:
            let n = Int.random(in: 0 ... 9, using: &random)
            // The max of no elements is null: no ordering holds, `!=` does.
            return Predicate(text: "scores.@max \(op) \(n)") { r in
                r.scores.max().map { compare($0, op, n) } ?? (op == "!=")
            }
        case 9:
            let a = Int.random(in: 0 ... 20, using: &random), b = Int.random(in: 0 ... 20, using: &random)
            return Predicate(text: "age BETWEEN {\(min(a, b)), \(max(a, b))}") {
                $0.age >= min(a, b) && $0.age <= max(a, b)
            }
        case 10:
            let set = (0 ..< 3).map { _ in Int.random(in: 0 ... 20, using: &random) }
            return Predicate(text: "age IN {\(set.map(String.init).joined(separator: ", "))}") { set.contains($0.age) }
        case 12:
            // A long list (sorted once when bound): integers, some written as doubles, and strings that match nothing.
            let set = (0 ..< Int.random(in: 16 ... 40, using: &random)).map { _ in
                Int.random(in: 0 ... 60, using: &random)
            }
            let items = set.map { Bool.random(using: &random) ? "\($0)" : "\($0).0" } + ["'7'", "'x'"]
            if Bool.random(using: &random) {
                return Predicate(text: "age IN {\(items.joined(separator: ", "))}") { set.contains($0.age) }
            }
            let withNull = Bool.random(using: &random)
            return Predicate(text: "extra IN {\((items + (withNull ? ["nil"] : [])).joined(separator: ", "))}") { r in
                r.extra.map(set.contains) ?? withNull
            }
        case 13:
            let choices = Self.names.filter { _ in Bool.random(using: &random) } + (0 ..< 16).map { "name\($0)" }
            let text = choices.map { "'\($0)'" }.joined(separator: ", ")
            if Bool.random(using: &random) {
                return Predicate(text: "name IN {\(text)}") { choices.contains($0.name) }
            }
            return Predicate(text: "nickname IN {\(text), nil}") { r in r.nickname.map(choices.contains) ?? true }
        default:
            let k = Int.random(in: 0 ... 5, using: &random)
            if Bool.random(using: &random) { return Predicate(text: "extra == \(k).0") { $0.extra == k } }
            return Predicate(text: "extra \(op == "==" || op == "!=" ? op : ">") \(k)") { r in
                switch op {
                case "==": return r.extra == k
                case "!=": return r.extra != k
                default: return r.extra.map { $0 > k } ?? false
                }
            }
        }
    }

    static func predicate(_ random: inout SeededGenerator, depth: Int = 0) -> Predicate {
        if depth >= 2 || Int.random(in: 0 ... 2, using: &random) == 0 { return atom(&random) }
        let a = predicate(&random, depth: depth + 1), b = predicate(&random, depth: depth + 1)
        switch Int.random(in: 0 ... 2, using: &random) {
        case 0: return Predicate(text: "(\(a.text) AND \(b.text))") { a.test($0) && b.test($0) }
        case 1: return Predicate(text: "(\(a.text) OR \(b.text))") { a.test($0) || b.test($0) }
        default: return Predicate(text: "NOT (\(a.text))") { !a.test($0) }
        }
    }

    @Test func randomQueriesAgreeWithBruteForce() throws {
        var random = SeededGenerator(seed: 5_2026)
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: directory.url.appendingPathComponent("q.geode"),
                objectTypes: [
                    QueryModel.QItem.self, QueryModel.QOwner.self, QueryModel.QPet.self, QueryModel.QAddress.self,
                ]))
        let records = (1 ... 400).map { Self.record($0, &random) }
        try realm.write {
            for r in records {
                realm.create(
                    QueryModel.QItem.self,
                    value: [
                        "id": r.id, "name": r.name, "age": r.age, "score": r.score,
                        "nickname": r.nickname as Any? ?? NSNull(),
                        "active": r.active, "tags": r.tags, "scores": r.scores,
                        "extra": r.extra.map { AnyRealmValue.int($0) } ?? .none,
                    ])
            }
        }
        let items = realm.objects(QueryModel.QItem.self)
        var matchedSome = 0
        for _ in 0 ..< 500 {
            let p = Self.predicate(&random)
            let expected = records.filter(p.test).map(\.id)
            let found = try items.query(p.text).map(\.id)
            #expect(found == expected, "\(p.text)")
            // Counting takes its own paths (index entries counted, scans split): the same number.
            #expect(try items.query(p.text).count == expected.count, "count of \(p.text)")
            if !expected.isEmpty && expected.count < records.count { matchedSome += 1 }
        }
        #expect(matchedSome > 200, "most queries must select a proper subset for the comparison to mean something")
    }
}
