import GeodeCore
import OrderedCollections

/// Key paths into plain values, as export, CSV export and groups take them:
/// dotted names, map members by name and list elements by number
/// (`properties.name`, `tags.0`).
///
/// ```swift
/// let paths = PlainKeyPath.parse(["properties.name", "tags.0"])
/// let row = PlainKeyPath.select(paths, from: members)   // ["properties.name": …, "tags.0": …]
/// ```
package enum PlainKeyPath {
    /// The steps of a dotted key path.
    static func steps(_ text: String) -> [String] {
        text.split(separator: ".").map(String.init)
    }

    /// Dotted key paths, each with its steps; a path given twice is kept once.
    static func parse(_ texts: [String]) -> [(name: String, steps: [String])] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }.map { ($0, steps($0)) }
    }

    /// The values at `paths` of an object's members, named as given (null
    /// where the object has nothing there).
    static func select(_ paths: [(name: String, steps: [String])], from members: OrderedDictionary<String, Value>)
        -> OrderedDictionary<String, Value>
    {
        let whole = Value.map(members)
        var chosen = OrderedDictionary<String, Value>()
        for path in paths { chosen[path.name] = value(at: path.steps, in: whole) }
        return chosen
    }

    /// The value at a key path of plain values: map members by name, list
    /// elements by number; null where the path leads nowhere.
    package static func value(at path: [String], in value: Value) -> Value {
        var current = value
        for step in path {
            switch current {
            case let .map(entries): current = entries[step] ?? .null
            case let .list(items):
                guard let index = Int(step), items.indices.contains(index) else { return .null }
                current = items[index]
            default: return .null
            }
        }
        return current
    }
}
