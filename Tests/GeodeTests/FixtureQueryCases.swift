import Foundation
import GeodeCore
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

    /// An expected row as text: strings as they are, integers in decimal.
    private static func text(_ value: Value) -> String {
        switch value {
        case let .string(s): return s
        case let .int(i): return String(i)
        default: return "\(value)"
        }
    }
}
