import ArgumentParser
import Foundation
import Geode

/// The query engine next to SQLite with the equivalent indexes: a scan with
/// one int comparison, indexed equality on String and Int, a range on an
/// indexed Date, a two-key sort, a mixed map path (SQLite: json_extract) and a
/// scan against a list of 1,000 choices (`IN`); the first 100 matches of an
/// unsorted scan (`LIMIT`); the last object of a sort; the first object of
/// each group, unsorted and after a sort (`DISTINCT`; SQLite: `GROUP BY` and a
/// window function).
/// Every answer is checked against SQLite's; a difference fails the run.
struct QuerySuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries",
        abstract:
            "Scan, indexed String/Int equality, indexed Date range, two-key sort, mixed path, IN list, LIMIT, DISTINCT (Geode vs SQLite)."
    )

    @Option(help: "Objects in the class.")
    var count = 1_000_000

    @Option(help: "Equality lookups per indexed property.")
    var lookups = 1000

    @Option(help: "Date ranges to count.")
    var ranges = 100

    @OptionGroup var options: SuiteOptions

    final class Item: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted(indexed: true) var name = ""
        @Persisted(indexed: true) var code = 0
        @Persisted(indexed: true) var created = Date(timeIntervalSince1970: 0)
        @Persisted var score = 0
        @Persisted var group = 0
        @Persisted var extra: AnyRealmValue
    }

    /// One object's values, the same for both systems.
    struct Row {
        let id: Int, name: String, code: Int, created: Double, score: Int, group: Int, kind: String, rank: Int

        init(_ i: Int, _ count: Int, _ random: inout SplitMix) {
            let r = Int(random.next() >> 1)
            let distinct = max(count / 10, 1)
            id = i
            name = "name-\(r % distinct)"
            code = (r >> 20) % distinct
            created = 1_600_000_000 + Double((i &* 7919) % count) * 60
            score = (r >> 8) % 1000
            group = i % 100
            kind = "k\((r >> 12) % 50)"
            rank = (r >> 16) % 10
        }
    }

    static let minute = 60.0
    static let origin = 1_600_000_000.0

    func run() throws {
        let root = try scratchDirectory(in: options.directory, suite: "queries")
        defer { try? FileManager.default.removeItem(at: root) }
        var random = SplitMix(seed: 20_261_122)
        let rows = (0 ..< count).map { Row($0, count, &random) }
        let distinct = max(count / 10, 1)
        let names = (0 ..< lookups).map { _ in "name-\(Int(random.next() % UInt64(distinct)))" }
        let codes = (0 ..< lookups).map { _ in Int(random.next() % UInt64(distinct)) }
        let starts = (0 ..< ranges).map { _ in
            Self.origin + Double(random.next() % UInt64(max(count - 1000, 1))) * Self.minute
        }
        // 1,000 choices for `score IN …`, a fifth of them scores some items have (0 ..< 1000).
        let choices = (0 ..< 1000).map { i in i % 5 == 0 ? Int(random.next() % 1000) : 1000 + i }
        var results: [Measurement] = []
        var answers: [String: [String]] = [:]
        func record(_ system: String, _ query: String, _ answer: String) {
            answers[query, default: []].append("\(system): \(answer)")
        }

        // Geode, through the object model.
        let url = root.appendingPathComponent("items.geode")
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Item.self]))
        let started = Date()
        try realm.write {
            for row in rows {
                realm.create(
                    Item.self,
                    value: [
                        "id": row.id, "name": row.name, "code": row.code,
                        "created": Date(timeIntervalSince1970: row.created),
                        "score": row.score, "group": row.group,
                        "extra": AnyRealmValue.fromDictionary(["kind": .string(row.kind), "rank": .int(row.rank)]),
                    ])
            }
        }
        let geodeLoad = Date().timeIntervalSince(started)
        let items = realm.objects(Item.self)
        var answer = 0
        results.append(
            try measure("Geode scan: score > 900", count: count, repetitions: options.repetitions) {
                answer = items.filter("score > 900").count
            })
        record("Geode", "scan", "\(answer)")
        results.append(
            try measure("Geode indexed String ==", count: lookups, repetitions: options.repetitions) {
                answer = names.reduce(0) { $0 + items.filter("name == %@", $1).count }
            })
        record("Geode", "string", "\(answer)")
        results.append(
            try measure("Geode indexed Int ==", count: lookups, repetitions: options.repetitions) {
                answer = codes.reduce(0) { $0 + items.filter("code == %@", $1).count }
            })
        record("Geode", "int", "\(answer)")
        results.append(
            try measure("Geode indexed Date range", count: ranges, repetitions: options.repetitions) {
                answer = starts.reduce(0) { total, start in
                    total
                        + items.filter(
                            "created BETWEEN {%@, %@}", Date(timeIntervalSince1970: start),
                            Date(timeIntervalSince1970: start + 999 * Self.minute)
                        ).count
                }
            })
        record("Geode", "date", "\(answer)")
        var firstIds: [Int] = []
        results.append(
            try measure("Geode two-key sort, first 100", count: count, repetitions: options.repetitions) {
                let sorted = items.sorted(by: [
                    SortDescriptor(keyPath: "group"), SortDescriptor(keyPath: "score", ascending: false),
                ])
                firstIds = sorted.prefix(100).map(\.id)
            })
        record("Geode", "sort", firstIds.map(String.init).joined(separator: ","))
        results.append(
            try measure("Geode mixed path: extra.kind == 'k7'", count: count, repetitions: options.repetitions) {
                answer = items.filter("extra.kind == 'k7'").count
            })
        record("Geode", "mixed", "\(answer)")
        results.append(
            try measure("Geode scan: score IN 1,000 choices", count: count, repetitions: options.repetitions) {
                answer = items.filter("score IN %@", choices).count
            })
        record("Geode", "in", "\(answer)")
        results.append(
            try measure("Geode first 100 matches: score > 900", count: count, repetitions: options.repetitions) {
                firstIds = try items.query("score > 900 LIMIT(100)").map(\.id)
            })
        record("Geode", "limit", firstIds.map(String.init).joined(separator: ","))
        results.append(
            try measure("Geode last of a sort: score ascending", count: count, repetitions: options.repetitions) {
                answer = items.sorted(byKeyPath: "score").last?.id ?? -1
            })
        record("Geode", "last", "\(answer)")
        results.append(
            try measure("Geode DISTINCT(group)", count: count, repetitions: options.repetitions) {
                firstIds = items.distinct(by: ["group"]).map(\.id)
            })
        record("Geode", "distinct", firstIds.map(String.init).joined(separator: ","))
        results.append(
            try measure("Geode SORT(score DESC) DISTINCT(group)", count: count, repetitions: options.repetitions) {
                firstIds = try items.query("TRUEPREDICATE SORT(score DESC) DISTINCT(group)").map(\.id)
            })
        record("Geode", "sorted distinct", firstIds.map(String.init).joined(separator: ","))

        // SQLite: the same columns and indexes; `extra` as JSON text.
        let db = try SQLiteDatabase(path: root.appendingPathComponent("items.sqlite").path)
        let loadStart = Date()
        try db.execute(
            """
            CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, code INTEGER NOT NULL, created REAL NOT NULL,
                              score INTEGER NOT NULL, grp INTEGER NOT NULL, extra TEXT NOT NULL);
            CREATE INDEX item_name ON item(name); CREATE INDEX item_code ON item(code); CREATE INDEX item_created ON item(created);
            BEGIN;
            """)
        let insert = try db.prepare("INSERT INTO item VALUES (?, ?, ?, ?, ?, ?, ?)")
        for row in rows {
            try insert.run(
                .int(row.id), .text(row.name), .int(row.code), .double(row.created), .int(row.score), .int(row.group),
                .text(#"{"kind":"\#(row.kind)","rank":\#(row.rank)}"#))
        }
        try db.execute("COMMIT")
        let sqliteLoad = Date().timeIntervalSince(loadStart)
        func countOf(_ statement: SQLiteStatement, _ arguments: [SQLiteStatement.Argument]) throws -> Int {
            try statement.bind(arguments)
            defer { statement.reset() }
            return try statement.step() ? statement.int(0) : 0
        }
        let scan = try db.prepare("SELECT count(*) FROM item WHERE score > 900")
        results.append(
            try measure("SQLite scan: score > 900", count: count, repetitions: options.repetitions) {
                answer = try countOf(scan, [])
            })
        record("SQLite", "scan", "\(answer)")
        let byName = try db.prepare("SELECT count(*) FROM item WHERE name = ?")
        results.append(
            try measure("SQLite indexed String =", count: lookups, repetitions: options.repetitions) {
                answer = try names.reduce(0) { $0 + (try countOf(byName, [.text($1)])) }
            })
        record("SQLite", "string", "\(answer)")
        let byCode = try db.prepare("SELECT count(*) FROM item WHERE code = ?")
        results.append(
            try measure("SQLite indexed Int =", count: lookups, repetitions: options.repetitions) {
                answer = try codes.reduce(0) { $0 + (try countOf(byCode, [.int($1)])) }
            })
        record("SQLite", "int", "\(answer)")
        let byDate = try db.prepare("SELECT count(*) FROM item WHERE created BETWEEN ? AND ?")
        results.append(
            try measure("SQLite indexed date range", count: ranges, repetitions: options.repetitions) {
                answer = try starts.reduce(0) {
                    $0 + (try countOf(byDate, [.double($1), .double($1 + 999 * Self.minute)]))
                }
            })
        record("SQLite", "date", "\(answer)")
        func ids(_ statement: SQLiteStatement) throws -> [Int] {
            var found: [Int] = []
            while try statement.step() { found.append(statement.int(0)) }
            statement.reset()
            return found
        }
        /// Times `sql`, which selects ids, and records them as SQLite's answer to `query`.
        func measureIds(_ name: String, _ query: String, _ sql: String) throws {
            let statement = try db.prepare(sql)
            results.append(
                try measure(name, count: count, repetitions: options.repetitions) { firstIds = try ids(statement) })
            record("SQLite", query, firstIds.map(String.init).joined(separator: ","))
        }
        // Geode's sort is stable (object order breaks ties); id order is SQLite's equivalent.
        try measureIds(
            "SQLite two-key sort, first 100", "sort",
            "SELECT id FROM item ORDER BY grp ASC, score DESC, id ASC LIMIT 100")
        let byKind = try db.prepare("SELECT count(*) FROM item WHERE json_extract(extra, '$.kind') = 'k7'")
        results.append(
            try measure("SQLite json_extract: extra.kind = 'k7'", count: count, repetitions: options.repetitions) {
                answer = try countOf(byKind, [])
            })
        record("SQLite", "mixed", "\(answer)")
        let inList = try db.prepare(
            "SELECT count(*) FROM item WHERE score IN (\(choices.map(String.init).joined(separator: ",")))")
        results.append(
            try measure("SQLite scan: score IN 1,000 choices", count: count, repetitions: options.repetitions) {
                answer = try countOf(inList, [])
            })
        record("SQLite", "in", "\(answer)")
        try measureIds(
            "SQLite first 100 matches: score > 900", "limit", "SELECT id FROM item WHERE score > 900 LIMIT 100")
        // The last row of a stable sort on score: the highest score, the last object among its ties.
        try measureIds(
            "SQLite last of a sort: score ascending", "last", "SELECT id FROM item ORDER BY score DESC, id DESC LIMIT 1"
        )
        // Realm's DISTINCT keeps each value's first object (of the sort, ties by object order).
        try measureIds(
            "SQLite first id of each group", "distinct", "SELECT min(id) AS first FROM item GROUP BY grp ORDER BY first"
        )
        try measureIds(
            "SQLite top score of each group", "sorted distinct",
            """
            SELECT id FROM (SELECT id, score, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY score DESC, id) AS n FROM item)
            WHERE n = 1 ORDER BY score DESC, id
            """)

        print(
            "geode-bench queries: N = \(count), \(lookups) lookups, \(ranges) ranges, \(options.repetitions) repetitions, median seconds"
        )
        print(
            "loading: Geode \(String(format: "%.2f", geodeLoad)) s (object model, one write), "
                + "SQLite \(String(format: "%.2f", sqliteLoad)) s (prepared inserts, three indexes, one transaction)")
        printTable(
            "Queries: Geode vs SQLite with the same indexes", results,
            ratios: [
                ("scan: Geode / SQLite", "Geode scan: score > 900", "SQLite scan: score > 900"),
                ("indexed String: Geode / SQLite", "Geode indexed String ==", "SQLite indexed String ="),
                ("indexed Int: Geode / SQLite", "Geode indexed Int ==", "SQLite indexed Int ="),
                ("indexed Date range: Geode / SQLite", "Geode indexed Date range", "SQLite indexed date range"),
                ("two-key sort: Geode / SQLite", "Geode two-key sort, first 100", "SQLite two-key sort, first 100"),
                (
                    "mixed path: Geode / SQLite json_extract", "Geode mixed path: extra.kind == 'k7'",
                    "SQLite json_extract: extra.kind = 'k7'"
                ),
                (
                    "IN list: Geode / SQLite", "Geode scan: score IN 1,000 choices",
                    "SQLite scan: score IN 1,000 choices"
                ),
                (
                    "first 100 matches: Geode / SQLite", "Geode first 100 matches: score > 900",
                    "SQLite first 100 matches: score > 900"
                ),
                (
                    "last of a sort: Geode / SQLite", "Geode last of a sort: score ascending",
                    "SQLite last of a sort: score ascending"
                ),
                ("DISTINCT: Geode / SQLite GROUP BY", "Geode DISTINCT(group)", "SQLite first id of each group"),
                (
                    "SORT + DISTINCT: Geode / SQLite window", "Geode SORT(score DESC) DISTINCT(group)",
                    "SQLite top score of each group"
                ),
            ])
        if let scanned = results.first(where: { $0.name == "Geode scan: score > 900" }) {
            print("  Geode scan rate: \(String(format: "%.1f", scanned.perSecond / 1e6)) M documents/s")
        }
        var mismatches: [String] = []
        for (query, systems) in answers.sorted(by: { $0.key < $1.key }) {
            let values = Set(systems.map { $0.split(separator: ":", maxSplits: 1)[1] })
            if values.count != 1 { mismatches.append("\(query): \(systems.joined(separator: " / "))") }
        }
        print(
            mismatches.isEmpty
                ? "\nanswers: Geode and SQLite agree on every query"
                : "\nanswers DIFFER:\n" + mismatches.joined(separator: "\n"))
        try writeJSON(results, to: options.json)
        if !mismatches.isEmpty { throw ExitCode.failure }
    }
}
