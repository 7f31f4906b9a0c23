/// Reads an object's sort keys from its document: through the plain-path
/// reader when a key path ends on a scalar, else as the query language reads
/// the path (the first value it yields).
///
/// A class, built once per sort: the scan's closures hold one reference to it
/// rather than copying the executor and the paths' buffers for every object.
///
/// ```swift
/// let reader = SortKeyReader(executor)
/// let group = try reader.value(0, key, document)
/// ```
final class SortKeyReader {
    /// The plain paths of the sort keys that have one; `plain[i]` is the
    /// position of key `i`'s among them, or -1. (Kept unwrapped: a method
    /// called on an array element reads it in place, with no copy of its buffers.)
    private let simple: [SimplePath]
    private let plain: [Int]
    /// For a key that is one property of the object: its slot (else -1), and
    /// its value when the document predates the property. The common case
    /// reads the document with no path at all.
    private let slots: [Int]
    private let defaults: [Value]
    private let paths: [BoundPath]
    /// Whether key `i`'s path follows links (and may meet a null one).
    private let linked: [Bool]
    private let table: UInt32
    private let evaluator: QueryEvaluator

    /// A reader of `paths`, by default the executor's leading sort keys.
    init(_ executor: QueryExecutor, paths: [BoundPath]? = nil) {
        self.paths = paths ?? executor.ordering.map(\.0)
        var simple: [SimplePath] = [], plain: [Int] = [], slots: [Int] = [], defaults: [Value] = []
        for path in self.paths {
            if let s = SimplePath(path)?.numbered(by: executor.transaction.store.mapKeys) {
                plain.append(simple.count)
                simple.append(s)
            } else {
                plain.append(-1)
            }
            if path.steps.count == 1, case let .slot(slot, defaultValue) = path.steps[0] {
                slots.append(slot)
                defaults.append(defaultValue)
            } else {
                slots.append(-1)
                defaults.append(.null)
            }
        }
        (self.simple, self.plain, self.slots, self.defaults) = (simple, plain, slots, defaults)
        linked = self.paths.map(\.followsLinks)
        table = executor.table.schema.table
        evaluator = QueryEvaluator(transaction: executor.transaction)
    }

    /// Sort key `i` of the object `key` stored as `document`: nil when a null
    /// link keeps its path from reaching a value.
    func value(_ i: Int, _ key: ObjectKey, _ document: ContainerView) throws -> QueryExecutor.SortKey {
        let slot = slots[i]
        if slot >= 0 {
            guard let view = try document.value(at: slot) else { return defaults[i] }
            if view.tag != .list && view.tag != .map && view.tag != .embedded { return try view.decode() }
        }
        let j = plain[i]
        if j >= 0 {
            switch try simple[j].resolve(in: document) {
            case let .value(view) where view.tag != .list && view.tag != .map && view.tag != .embedded:
                return try view.decode()
            case .defaultValue: return simple[j].missing
            case .null: return .null
            default: break
            }
        }
        let item = QueryEvaluator.Item.object(table, key, document)
        if linked[i], try !evaluator.linksReachEnd(of: paths[i], from: item) { return nil }
        return try QueryExecutor.firstValue(paths[i], item, evaluator)
    }
}
