import Foundation
import Geode
import GeodeCore

/// What the tool says when a query matches nothing for a reason it can see:
/// a key path that no object has (with the nearest one that exists), or a
/// comparison of numbers with a string or of strings with a number. Realm
/// answers such queries with no matches, as it should; a person at a terminal
/// usually made a typo.
///
/// ```text
/// geode: warning: no GeoFeature of the 1001 read has properties.populaton; did you mean properties.population?
/// ```
struct QueryHints {
    /// Objects read to learn which key paths exist and what they hold.
    static let sampleSize = 1000

    let className: String
    /// The sampled objects, each the map of its properties' plain values.
    let sample: [Value]

    /// Reads a sample of the class's objects; none when they cannot be read
    /// (a damaged store says so through the command's own error).
    init(className: String, objects: Results<DynamicObject>) {
        self.className = className
        sample = (try? objects.plainSample(limit: Self.sampleSize)) ?? []
    }

    /// The warnings for `predicate`, one per key path at most.
    func warnings(for predicate: QueryPredicate) -> [String] {
        guard !sample.isEmpty else { return [] }
        var seen = Set<String>()
        var warnings: [String] = []
        for (path, literal) in Self.comparisons(in: predicate) {
            guard let names = Self.names(path), names.count > 1, seen.insert(names.joined(separator: ".")).inserted
            else { continue }
            if let missing = missingStep(names) {
                let known = keys(at: Array(names.prefix(missing)))
                let wanted = names[missing]
                var text =
                    "warning: no \(className) of the \(sample.count) read has \(names.prefix(missing + 1).joined(separator: "."))"
                if let nearest = Self.nearest(to: wanted, among: known) {
                    text += "; did you mean \((names.prefix(missing) + [nearest]).joined(separator: "."))?"
                }
                warnings.append(text)
            } else if let literal, let mismatch = mismatch(names, literal) {
                warnings.append(
                    "warning: \(names.joined(separator: ".")) holds \(mismatch.found) in the \(className) objects read, "
                        + "and is compared with \(mismatch.given): no object can match")
            }
        }
        return warnings
    }

    /// The key paths a predicate compares, each with the literal it is compared with (if one).
    static func comparisons(in predicate: QueryPredicate) -> [(QueryKeyPath, Value?)] {
        switch predicate {
        case let .and(parts), let .or(parts): return parts.flatMap(comparisons)
        case let .not(part): return comparisons(in: part)
        case let .geo(_, path, _, _): return [(path, nil)]
        case let .comparison(c):
            switch (c.lhs, c.rhs) {
            case let (.keyPath(path), .value(v)), let (.value(v), .keyPath(path)): return [(path, v)]
            case let (.keyPath(a), .keyPath(b)): return [(a, nil), (b, nil)]
            case let (.keyPath(path), _), let (_, .keyPath(path)): return [(path, nil)]
            default: return []
            }
        case .constant: return []
        }
    }

    /// The names of a path made of property names and map keys only.
    static func names(_ path: QueryKeyPath) -> [String]? {
        var names: [String] = []
        for component in path.components {
            switch component {
            case let .property(name), let .key(name): names.append(name)
            default: return nil
            }
        }
        return names
    }

    /// The first step of `names` that no sampled object has, if any.
    private func missingStep(_ names: [String]) -> Int? {
        for depth in 1 ..< names.count {
            let prefix = Array(names.prefix(depth))
            let found = sample.contains { object in
                guard case let .map(members) = PlainKeyPath.value(at: prefix, in: object) else { return false }
                return members[names[depth]] != nil
            }
            if !found { return depth }
        }
        return nil
    }

    /// The names the sampled objects have under the path `prefix`.
    private func keys(at prefix: [String]) -> Set<String> {
        var keys = Set<String>()
        for object in sample {
            if case let .map(members) = PlainKeyPath.value(at: prefix, in: object) { keys.formUnion(members.keys) }
        }
        return keys
    }

    /// A string compared with numbers only, or a number with strings only.
    private func mismatch(_ names: [String], _ literal: Value) -> (found: String, given: String)? {
        let values = sample.map { PlainKeyPath.value(at: names, in: $0) }.filter { $0 != .null }
        guard !values.isEmpty else { return nil }
        let numbers = values.allSatisfy { value in
            switch value {
            case .int, .double, .float: return true
            default: return false
            }
        }
        let strings = values.allSatisfy { if case .string = $0 { return true } else { return false } }
        switch literal {
        case let .string(text) where numbers: return ("numbers", "the string '\(text)'")
        case .int, .double, .float:
            return strings ? ("strings", "the number \(QueryLiteral.describe(literal))") : nil
        default: return nil
        }
    }

    /// The name in `known` nearest `wanted` by edit distance, when it is near
    /// enough to be a typo (at most a third of its length, and at least one edit).
    static func nearest(to wanted: String, among known: Set<String>) -> String? {
        let limit = max(1, wanted.count / 3)
        let scored = known.map { ($0, editDistance(Array(wanted.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }), best.1 <= limit else {
            return nil
        }
        return best.0
    }

    /// Edit distance with insertions, deletions, substitutions and swaps of
    /// two neighbours (`nmae` is one edit from `name`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var before = [Int]()
        var previous = Array(0 ... b.count)
        for i in a.indices {
            var row = [i + 1]
            for j in b.indices {
                var cost = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { cost = min(cost, before[j - 1] + 1) }
                row.append(cost)
            }
            before = previous
            previous = row
        }
        return previous[b.count]
    }
}
