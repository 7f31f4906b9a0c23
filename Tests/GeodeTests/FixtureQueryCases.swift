import Foundation
import Geode
import GeodeCore
import GeodeJSON
import OrderedCollections
import Testing

/// The query cases a fixture lists — `{"query", "args", <expected rows>,
/// "error", "plan"}` — checked one by one: the rows a query returns, in
/// order, or the error text it throws; `plan` must appear in `explain()`.
enum FixtureQueryCases {
    /// Checks every case of `cases`. `expectedKey` names the list of expected
    /// rows (`ids`, `handles`); `run` runs a query with its arguments and
    /// returns its rows as text and its plan.
    static func check(
        _ cases: [Value], in fixture: String, expectedKey: String, argument: (Value) -> Any,
        run: (String, [Any]) throws -> (rows: [String], plan: String)
    ) {
        for entry in cases {
            guard case let .map(c) = entry, case let .string(query)? = c["query"] else { continue }
            var args: [Any] = []
            if case let .list(given)? = c["args"] { args = given.map(argument) }
            do {
                let (rows, plan) = try run(query, args)
                if case let .list(expected)? = c[expectedKey] {
                    #expect(rows == expected.map(text), "\(fixture): \(query)")
                } else if case let .string(error)? = c["error"] {
                    Issue.record("\(fixture): \(query) should fail with \"\(error)\" but returned \(rows)")
                }
                if case let .string(wanted)? = c["plan"] {
                    #expect(plan.contains(wanted), "\(fixture): \(query) plan is \(plan)")
                }
            } catch {
                guard case let .string(expected)? = c["error"] else {
                    Issue.record("\(fixture): \(query) failed: \(error)")
                    continue
                }
                #expect(String(describing: error).contains(expected), "\(fixture): \(query) → \(error)")
            }
        }
    }

    /// The `objects` (class name → objects) and `cases` of a query fixture;
    /// nil, with an issue recorded, when it lacks either.
    static func load(_ file: URL) throws -> (objects: OrderedDictionary<String, Value>, cases: [Value])? {
        let name = file.lastPathComponent
        guard
            case let .map(fixture) = try JSONReader.parse(try String(contentsOf: file, encoding: .utf8), source: name),
            case let .map(objects)? = fixture["objects"], case let .list(cases)? = fixture["cases"]
        else {
            Issue.record("\(name): needs objects and cases")
            return nil
        }
        return (objects, cases)
    }

    /// Creates a fixture's `objects` in `realm`, class by class in the
    /// fixture's order, with `create(value:update: .modified)`.
    static func create(_ objects: OrderedDictionary<String, Value>, of classes: [String: Object.Type], in realm: Realm)
        throws
    {
        try realm.write {
            for (className, list) in objects {
                guard let type = classes[className], case let .list(values) = list else { continue }
                for value in values { realm.create(type, value: CreateFixtureTests.input(value), update: .modified) }
            }
        }
    }

    /// An expected row as text: strings as they are, integers in decimal.
    private static func text(_ value: Value) -> String {
        switch value {
        case let .string(s): return s
        case let .int(i): return String(i)
        default: return "\(value)"
        }
    }
}
