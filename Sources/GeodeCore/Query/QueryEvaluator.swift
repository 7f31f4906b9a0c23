import GeodeGeo
import Foundation

/// Evaluates bound predicates on documents, reading values in place from the
/// memory map: only the slots a predicate tests are touched, and numbers and
/// strings are compared without decoding the document.
final class QueryEvaluator {
    /// Something a key path step reaches.
    enum Item {
        /// A top-level object: its table's id, key and document.
        case object(UInt32, ObjectKey, ContainerView)
        /// A value inside a document.
        case view(ValueView)
        /// A computed or default value.
        case value(Value)
    }

    let transaction: StoreTransaction
    /// Per origin (table/slot): target object key → origin object keys; built on first use.
    private var backlinkMaps: [String: [UInt64: [ObjectKey]]] = [:]

    /// The objects `obj('Class', key)` named, found once per evaluator.
    private var objects: [ObjectReference: Value] = [:]

    init(transaction: StoreTransaction) {
        self.transaction = transaction
    }

    private struct ObjectReference: Hashable {
        var table: UInt32
        var primaryKey: Value
    }

    /// The link to the object of `table` with `primaryKey`; null when there is
    /// none (as realm-core's link to no object is null).
    private func object(_ table: Table, _ primaryKey: Value) throws -> Value {
        let reference = ObjectReference(table: table.schema.table, primaryKey: primaryKey)
        if let found = objects[reference] { return found }
        var key = primaryKey
        if case let .double(d) = key, let i = Int64(exactly: d) { key = .int(i) }
        let found: Value =
            try transaction.object(withPrimaryKey: key, in: table).map { .link(Link(table: reference.table, key: $0)) }
            ?? .null
        objects[reference] = found
        return found
    }

    // MARK: Predicates

    /// `predicate` as a tree of closures over an object's key and document,
    /// built once for a scan: the parts of each plain comparison with a constant
    /// are taken out of the predicate here, where ``matches(_:_:)`` would copy
    /// them out again for every object (each copy updates reference counts).
    func matcher(for predicate: BoundPredicate, table: UInt32) -> (ObjectKey, ContainerView) throws -> Bool {
        switch predicate {
        case let .constant(b):
            return { _, _ in b }
        case let .and(parts):
            let matchers = parts.map { matcher(for: $0, table: table) }
            return { key, document in
                for part in matchers where try !part(key, document) { return false }
                return true
            }
        case let .or(parts):
            let matchers = parts.map { matcher(for: $0, table: table) }
            return { key, document in
                for part in matchers where try part(key, document) { return true }
                return false
            }
        case let .not(a):
            let inner = matcher(for: a, table: table)
            return { try !inner($0, $1) }
        case let .compare(c):
            if case let .constant(constant) = c.rhs, let simple = c.simple?.numbered(by: transaction.store.mapKeys) {
                // A case-sensitive string constant is compared as its UTF-8 bytes, taken out once here.
                let text: [UInt8]?
                if case let .string(s) = constant, !c.caseInsensitive, !c.diacriticInsensitive {
                    text = Array(s.utf8)
                } else {
                    text = nil
                }
                return { key, document in
                    try self.compareSimple(c, simple, constant, text, document, .object(table, key, document))
                }
            }
            if case let .sortedChoices(choices)? = c.prepared,
                let simple = c.simple?.numbered(by: transaction.store.mapKeys),
                !simple.endsWithEach
            {
                return { key, document in
                    try self.compareSimple(c, simple, choices, document, .object(table, key, document))
                }
            }
            return { key, document in try self.compare(c, .object(table, key, document)) }
        case .geo:
            return { key, document in try self.matches(predicate, .object(table, key, document)) }
        }
    }

    func matches(_ predicate: BoundPredicate, _ root: Item) throws -> Bool {
        switch predicate {
        case let .constant(b): return b
        case let .and(parts):
            for part in parts where try !matches(part, root) { return false }
            return true
        case let .or(parts):
            for part in parts where try matches(part, root) { return true }
            return false
        case let .not(a): return try !matches(a, root)
        case let .compare(c):
            if let simple = c.simple, case let .constant(constant) = c.rhs, case let .object(_, _, document) = root {
                return try compareSimple(c, simple, constant, nil, document, root)
            }
            return try compare(c, root)
        case let .geo(relation, path, slots, shape, quantifier):
            // As in Realm, ALL over no points is false: an empty list lies within no region.
            var seen = false
            let holds = try quantified(quantifier) { test in
                try visit(path.steps[...], root) { item in
                    seen = true
                    return try test(self.geometry(item, slots).map { shape.relates($0, relation) } ?? false)
                }
            }
            return quantifier == .all ? holds && seen : holds
        }
    }

    /// Runs `produce`, which calls its argument with each candidate's outcome and
    /// returns false when told to stop; combines the outcomes per `quantifier`.
    private func quantified(_ quantifier: QueryQuantifier, _ produce: ((Bool) throws -> Bool) throws -> Bool) throws
        -> Bool
    {
        switch quantifier {
        case .any:
            var found = false
            _ = try produce { outcome in
                if outcome { found = true }
                return !found
            }
            return found
        case .none:
            var found = false
            _ = try produce { outcome in
                if outcome { found = true }
                return !found
            }
            return !found
        case .all:
            var failed = false
            _ = try produce { outcome in
                if !outcome { failed = true }
                return !failed
            }
            return !failed
        }
    }

    /// A comparison whose left side walks slots, map keys and list indexes
    /// only, against a constant: the path is followed in a loop, without
    /// closures or copies of the bound steps.
    /// `text` is the constant's UTF-8 when it is a string compared case-sensitively.
    func compareSimple(
        _ c: BoundComparison, _ simple: SimplePath, _ constant: Value, _ text: [UInt8]?, _ document: ContainerView,
        _ root: @autoclosure () -> Item
    ) throws -> Bool {
        let view: ValueView
        switch try simple.resolve(in: document) {
        case let .value(found): view = found
        case .defaultValue:
            if simple.endsWithEach { return false }  // a collection the document predates is empty
            return try test(.value(simple.missing), c.op, constant, c)
        case .null: return simple.endsWithEach ? false : try test(.value(.null), c.op, constant, c)
        case .nothing: return false
        case .link: return try compare(c, root())
        }
        if simple.endsWithEach {
            // `[*]` at the end: one element of the list, set or map matching is enough (ANY).
            guard let container = try view.container(), container.kind == .list || container.kind == .map else {
                return false
            }
            for i in 0 ..< container.count {
                guard let element = try container.value(at: i) else { continue }
                if try test(element, c, constant, text) { return true }
            }
            return false
        }
        return try test(view, c, constant, text)
    }

    /// `path IN {…}` with the choices sorted when bound (``PreparedConstant``),
    /// the path walked as in the other `compareSimple`; a value the sorted
    /// choices cannot answer exactly goes the general way.
    private func compareSimple(
        _ c: BoundComparison, _ simple: SimplePath, _ choices: [Value], _ document: ContainerView,
        _ root: @autoclosure () -> Item
    ) throws -> Bool {
        let value: Value
        switch try simple.resolve(in: document) {
        case let .value(view): value = try Self.decode(.view(view))
        case .defaultValue: value = simple.missing
        case .null: value = .null
        case .nothing: return false
        case .link: return try compare(c, root())
        }
        guard PreparedConstant.isOrderedExactly(value) else { return try compare(c, root()) }
        return MixedOrder.contains(value, inSet: choices)
    }

    @inline(__always)
    private func test(_ view: ValueView, _ c: BoundComparison, _ constant: Value, _ text: [UInt8]?) throws -> Bool {
        if case let .like(pattern)? = c.prepared { return try Self.like(.view(view), pattern) }
        if let text, let bytes = try view.stringBytes() {
            return text.withUnsafeBytes { Self.stringTest(bytes, $0, c.op) }
        }
        return try test(.view(view), c.op, constant, c)
    }

    private func compare(_ c: BoundComparison, _ root: Item) throws -> Bool {
        if c.comparesWhole { return try compareWhole(c, root) }
        var rhsValues: [Value]?
        let isTypeTest: Bool
        if case let .path(p) = c.lhs, p.reduction == .type { isTypeTest = true } else { isTypeTest = false }
        func test(_ item: Item) throws -> Bool {
            switch c.rhs {
            case let .constant(v):
                if isTypeTest, case let .value(.string(name)) = item, case let .string(wanted) = v {
                    let same = Self.typeMatches(name, wanted)
                    return c.op == .notEqual ? !same : (c.op == .equal && same)
                }
                return try self.test(item, c.op, v, c)
            case let .oneOf(values):
                if isTypeTest, case let .value(.string(name)) = item {
                    let matches = values.contains {
                        if case let .string(wanted) = $0 { return Self.typeMatches(name, wanted) } else { return false }
                    }
                    return c.op == .notEqual ? !matches : matches
                }
                if case let .sortedChoices(choices)? = c.prepared {
                    let value = try Self.decode(item)
                    if PreparedConstant.isOrderedExactly(value) { return MixedOrder.contains(value, inSet: choices) }
                }
                return try Self.quantify(c.rhsQuantifier ?? .any, values) { try self.test(item, c.op, $0, c) }
            case let .range(low, high):
                return try self.test(item, .greaterOrEqual, low, c) && self.test(item, .lessOrEqual, high, c)
            case let .path(p):
                if rhsValues == nil {
                    var collected: [Value] = []
                    _ = try values(of: p, root) {
                        collected.append(try Self.decode($0)); return true
                    }
                    rhsValues = collected
                }
                return try Self.quantify(c.rhsQuantifier ?? .any, rhsValues ?? []) { try self.test(item, c.op, $0, c) }
            case let .object(table, primaryKey):
                return try self.test(item, c.op, try object(table, primaryKey), c)
            case let .arithmetic(operand):
                if rhsValues == nil { rhsValues = try values(of: operand, root) }
                return try Self.quantify(c.rhsQuantifier ?? .any, rhsValues ?? []) { try self.test(item, c.op, $0, c) }
            }
        }
        if c.quantifiesEachCollection { return try compareEachCollection(c, root, test) }
        return try quantified(c.quantifier) { outcome in
            switch c.lhs {
            case let .constant(v):
                return try outcome(test(.value(v)))
            case let .constants(vs):
                for v in vs where try !outcome(test(.value(v))) { return false }
                return true
            case let .path(p) where p.type == .mixed && p.reduction == nil && c.rhs.isCollectionConstant:
                // A mixed value compared with a list or dictionary argument: the whole value.
                return try values(of: p, root) { try outcome(test(.value(try Self.decode($0)))) }
            case let .path(p):
                return try values(of: p, root) { try outcome(test($0)) }
            case .subqueryCount, .arithmetic:
                for v in try values(of: c.lhs, root) where try !outcome(test(.value(v))) { return false }
                return true
            }
        }
    }

    /// The values a computed operand takes for `root`: a subquery's count, or
    /// the numbers of an arithmetic expression — one, or one for each value of
    /// its side that yields several (the binder lets only one side do so).
    private func values(of operand: BoundComparison.Operand, _ root: Item) throws -> [Value] {
        switch operand {
        case let .constant(v):
            return [v]
        case let .constants(vs):
            return vs
        case let .path(p):
            var found: [Value] = []
            try values(of: p, root) { item in
                found.append(try Self.decode(item))
                return true
            }
            return found
        case let .subqueryCount(p, predicate):
            var n = 0
            _ = try visit(p.steps[...], root) { item in
                if try self.matches(predicate, item) { n += 1 }
                return true
            }
            return [.int(Int64(n))]
        case let .arithmetic(op, lhs, rhs):
            let left = try values(of: lhs, root)
            let right = try values(of: rhs, root)
            if left.count == 1 { return right.map { op.apply(left[0], $0) } }
            guard right.count == 1 else { return [] }  // a side with no value: nothing to compute
            return left.map { op.apply($0, right[0]) }
        }
    }

    /// ALL or NONE over paths that reach several collections: the quantifiers
    /// apply to each pair of a left and a right collection, and one pair that
    /// satisfies them is enough (realm-core's rule; `ALL link.dict.@keys IN
    /// {…}` holds when one linked object's keys all are). `test` compares one
    /// left value with a right side that is not a path.
    private func compareEachCollection(_ c: BoundComparison, _ root: Item, _ test: (Item) throws -> Bool) throws -> Bool
    {
        let lefts: [[Value]]
        switch c.lhs {
        case let .path(p): lefts = try collections(of: p, root).map(\.values)
        case let .constant(v): lefts = [[v]]
        case let .constants(vs): lefts = [vs]
        case .subqueryCount, .arithmetic: return false
        }
        var rights: [[Value]]?
        if case let .path(p) = c.rhs { rights = try collections(of: p, root).map(\.values) }
        for left in lefts {
            for right in rights ?? [[]] {
                let holds = try Self.quantify(c.quantifier, left) { value in
                    guard rights != nil else { return try test(.value(value)) }
                    return try Self.quantify(c.rhsQuantifier ?? .any, right) {
                        try self.test(.value(value), c.op, $0, c)
                    }
                }
                if holds { return true }
            }
        }
        return false
    }

    /// The length in bytes of a string or data value; nil for other values.
    static func length(_ value: Value) -> Int? {
        switch value {
        case let .string(s): return s.utf8.count
        case let .binary(b): return b.count
        default: return nil
        }
    }

    /// Whether `test` holds for ANY, ALL or NONE of `values`.
    static func quantify(_ quantifier: QueryQuantifier, _ values: [Value], _ test: (Value) throws -> Bool) throws
        -> Bool
    {
        switch quantifier {
        case .any: return try values.contains(where: test)
        case .all: return try values.allSatisfy(test)
        case .none: return try !values.contains(where: test)
        }
    }

    /// `list == {…}`, `{…} != list`, `value[*][*] == dict[*][*]`: collections
    /// compared whole, equal when they have the same elements in the same
    /// order. Where a path reaches several collections (``BoundPath/instanceSplit``),
    /// each is compared, and one equal pair is enough. A mixed value that holds
    /// no list is one value, equal to the list when it equals one of its elements.
    private func compareWhole(_ c: BoundComparison, _ root: Item) throws -> Bool {
        /// Whether `group op list` holds, the group's elements on the left.
        func holds(_ group: (values: [Value], single: Bool), _ op: ComparisonOperator, _ list: [Value]) throws
            -> Bool
        {
            // != is "not equal as lists"; every other operator holds pair by pair.
            let pairwise: ComparisonOperator = op == .notEqual ? .equal : op
            let all: Bool
            if group.single {
                all = try list.contains { try test(.value(group.values[0]), pairwise, $0, c) }
            } else {
                all =
                    try group.values.count == list.count
                    && zip(group.values, list).allSatisfy { try test(.value($0), pairwise, $1, c) }
            }
            return op == .notEqual ? !all : all
        }
        switch (c.lhs, c.rhs) {
        case let (.path(p), .oneOf(list)):
            return try collections(of: p, root).contains { try holds($0, c.op, list) }
        case let (.constants(list), .path(p)):
            // `{5.6, 4.1} > items.price`: the path's elements go on the left, so the operator turns.
            return try collections(of: p, root).contains { try holds($0, c.op.flipped ?? c.op, list) }
        case let (.path(p), .path(q)):
            let rights = try collections(of: q, root)
            return try collections(of: p, root).contains { left in
                try rights.contains { try holds(left, c.op, $0.values) }
            }
        default:
            return false
        }
    }

    /// The collections `path` reaches from `root`: one per item where the path
    /// divides (``BoundPath/instanceSplit``); else, after a fan-out, one of
    /// every value; else one per value, a list's elements or, for a mixed
    /// value that is not a list, a collection of one, marked `single`. Never
    /// none: reaching nothing is one empty collection.
    private func collections(of path: BoundPath, _ root: Item) throws -> [(values: [Value], single: Bool)] {
        var groups: [(values: [Value], single: Bool)] = []
        if let split = path.instanceSplit {
            try visit(path.steps[..<split], root) { item in
                var group: [Value] = []
                try visit(path.steps[split...], item) {
                    group.append(try Self.decode($0)); return true
                }
                groups.append((group, false))
                return true
            }
        } else if path.reduction == nil, path.steps.contains(where: \.fansOut) {
            var group: [Value] = []
            try visit(path.steps[...], root) {
                group.append(try Self.decode($0)); return true
            }
            groups.append((group, false))
        } else {
            try values(of: path, root) { item in
                let value = try Self.decode(item)
                if case let .list(elements) = value {
                    groups.append((elements, false))
                } else {
                    groups.append(([value], true))
                }
                return true
            }
        }
        // None compares as one empty collection (an object with no links, as in realm-core).
        return groups.isEmpty ? [([], false)] : groups
    }

    // MARK: Key paths

    /// Calls `body` with each value `path` yields from `root` (after its
    /// reduction) until `body` returns false; returns false when stopped.
    @discardableResult
    func values(of path: BoundPath, _ root: Item, _ body: (Item) throws -> Bool) throws -> Bool {
        // A reduction over a path of several collections (`list.integers.@count`)
        // reduces each collection: one value per collection, as in realm-core.
        if path.reduction != nil, let split = path.collectionSplit {
            return try visit(path.steps[..<split], root) { item in
                try values(of: path, path.steps[split...], item, body)
            }
        }
        return try values(of: path, path.steps[...], root, body)
    }

    /// ``values(of:_:_:)`` for the steps `steps` of `path`, reduced by its reduction.
    private func values(
        of path: BoundPath, _ steps: ArraySlice<BoundPath.Step>, _ root: Item,
        _ body: (Item) throws -> Bool
    ) throws -> Bool {
        switch path.reduction {
        case nil:
            return try visit(steps, root, body)
        case .count?:
            var n = 0
            try visit(steps, root) { _ in
                n += 1; return true
            }
            return try body(.value(.int(Int64(n))))
        case .byteSize?:
            return try visit(steps, root) { item in
                let value = try Self.decode(item)
                // realm-core's lengths of null: a null property's is null, a null
                // element's (of a list or set of strings or data) is 0.
                if value.isNull { return try body(.value(path.isMultiple ? .int(0) : .null)) }
                guard let length = Self.length(value) else { return true }
                return try body(.value(.int(Int64(length))))
            }
        case .size?:
            return try visit(steps, root) { item in
                if let container = try Self.container(item), container.kind != .embedded {
                    return try body(.value(.int(Int64(container.count))))
                }
                guard let length = Self.length(try Self.decode(item)) else { return true }
                return try body(.value(.int(Int64(length))))
            }
        case .type?:
            return try visit(steps, root) { item in try body(.value(.string(Self.typeName(try Self.decode(item))))) }
        case let reduction?:
            var values: [Value] = []
            try visit(steps, root) { item in
                values.append(try Self.decode(item))
                return true
            }
            let aggregate: Aggregate
            switch reduction {
            case .sum: aggregate = .sum
            case .average: aggregate = .average
            case .minimum: aggregate = .minimum
            default: aggregate = .maximum
            }
            return try body(.value(aggregate.apply(values)))
        }
    }

    /// Whether every link `path` follows from `item` leads to an object: what a
    /// sort or distinct key through a null link lacks (realm-core sorts such
    /// objects after every value, and leaves them out of DISTINCT).
    func linksReachEnd(of path: BoundPath, from item: Item) throws -> Bool {
        var reached = false
        _ = try walkLinks(path.steps[...], item) {
            reached = true
            return false
        }
        return reached
    }

    /// ``visit(_:_:_:)`` that stops at a null link instead of reading it as null.
    private func walkLinks(_ steps: ArraySlice<BoundPath.Step>, _ item: Item, _ body: () throws -> Bool) throws
        -> Bool
    {
        guard let next = steps.firstIndex(where: { if case .follow = $0 { return true } else { return false } }),
            case let .follow(table) = steps[next]
        else { return try body() }
        return try visit(steps[..<next], item) { reached in
            guard case let .view(v) = reached, case let .link(link)? = try? v.decode(),
                let document = try transaction.document(link.key, in: table)
            else { return true }
            return try walkLinks(steps[(next + 1)...], .object(table.schema.table, link.key, document), body)
        }
    }

    /// Walks `steps` from `item`, calling `body` with each item reached.
    @discardableResult
    func visit(_ steps: ArraySlice<BoundPath.Step>, _ item: Item, _ body: (Item) throws -> Bool) throws -> Bool {
        guard let step = steps.first else { return try body(item) }
        let rest = steps.dropFirst()
        switch step {
        case let .slot(i, defaultValue):
            guard let container = try Self.container(item) else {
                // A missing embedded object reads as null at the end of the path.
                return try Self.isNull(item) ? body(.value(.null)) : true
            }
            if let v = try container.value(at: i) { return try visit(rest, .view(v), body) }
            return try visit(rest, .value(defaultValue), body)
        case let .follow(table):
            guard case let .view(v) = item, case let .link(link)? = try? v.decode() else {
                // A null link reads as null at the end of the path, when the path goes on
                // through properties only; a collection or map beyond it is not there at all.
                return rest.allSatisfy(\.isPropertyStep) ? try body(.value(.null)) : true
            }
            guard let document = try transaction.document(link.key, in: table) else { return try body(.value(.null)) }
            return try visit(rest, .object(table.schema.table, link.key, document), body)
        case .nonNull:
            return try Self.isNull(item) ? true : visit(rest, item, body)
        case .each:
            guard let container = try Self.container(item), container.kind == .list || container.kind == .map else {
                return true
            }
            for i in 0 ..< container.count {
                guard let v = try container.value(at: i) else { continue }
                if try !visit(rest, .view(v), body) { return false }
            }
            return true
        case let .index(i):
            guard let container = try Self.container(item), container.kind == .list else { return true }
            let at = i < 0 ? container.count + i : i
            guard let v = try container.value(at: at) else { return true }
            return try visit(rest, .view(v), body)
        case let .key(k):
            if case let .view(v) = item, v.tag == .link, case let .link(link) = try v.decode(),
                let table = transaction.store.table(id: link.table)
            {
                // A link stored in a mixed value: the key names a property of the linked object.
                guard let property = table.schema.property(named: k), property.isStored,
                    let document = try transaction.document(link.key, in: table)
                else { return true }
                let step = BoundPath.Step.slot(property.slot, default: property.defaultValue)
                return try visit(([step] + rest)[...], .object(table.schema.table, link.key, document), body)
            }
            guard let container = try Self.container(item), container.kind == .map else { return true }
            guard let v = try container.value(forKey: k) else { return try body(.value(.null)) }
            return try visit(rest, .view(v), body)
        case .keys:
            guard let container = try Self.container(item), container.kind == .map else { return true }
            for i in 0 ..< container.count {
                if try !visit(rest, .value(.string(try container.key(at: i))), body) { return false }
            }
            return true
        case let .backlinks(origins):
            guard case let .object(table, key, _) = item else { return true }
            for (origin, slot) in origins {
                for originKey in try backlinks(to: Link(table: table, key: key), origin: origin, slot: slot) {
                    guard let document = try transaction.document(originKey, in: origin) else { continue }
                    if try !visit(rest, .object(origin.schema.table, originKey, document), body) { return false }
                }
            }
            return true
        }
    }

    /// The objects of `origin` whose property in `slot` links to
    /// `target`, once per link: from the backlink index, else from a map of
    /// the origin class's links made once per query.
    private func backlinks(to target: Link, origin: Table, slot: Int) throws -> [ObjectKey] {
        if let index = transaction.backlinks {
            return try index.origins(
                of: target, from: origin.schema.table, slot: slot, eachLink: true, transaction.transaction)
        }
        let key = target.key
        let id = "\(origin.schema.table)/\(slot)"
        if backlinkMaps[id] == nil {
            var map: [UInt64: [ObjectKey]] = [:]
            try transaction.forEach(in: origin) { originKey, document in
                guard let v = try document.value(at: slot) else { return true }
                if let list = try v.container() {
                    for i in 0 ..< list.count {
                        if case let .link(link)? = try list.value(at: i)?.decode() {
                            map[link.key.rawValue, default: []].append(originKey)
                        }
                    }
                } else if case let .link(link) = try v.decode() {
                    map[link.key.rawValue, default: []].append(originKey)
                }
                return true
            }
            backlinkMaps[id] = map
        }
        return backlinkMaps[id]?[key.rawValue] ?? []
    }

    // MARK: Values

    static func container(_ item: Item) throws -> ContainerView? {
        switch item {
        case let .object(_, _, c): return c
        case let .view(v): return try v.container()
        case .value: return nil
        }
    }

    static func isNull(_ item: Item) throws -> Bool {
        switch item {
        case .object: return false
        case let .view(v): return v.isNull
        case let .value(v): return v.isNull
        }
    }

    static func decode(_ item: Item) throws -> Value {
        switch item {
        case let .object(table, key, _): return .link(Link(table: table, key: key))
        case let .view(v): return try v.decode()
        case let .value(v): return v
        }
    }

    /// The longitude and latitude of a GeoJSON point embedded object; nil when malformed.
    func point(_ item: Item, _ slots: GeometrySlots) throws -> (Double, Double)? {
        guard let container = try Self.container(item) else { return nil }
        return try GeoIndex.point(in: container, slots)
    }

    /// The geometry of a geometry object (a point for Realm's point shape); nil when malformed.
    func geometry(_ item: Item, _ slots: GeometrySlots) throws -> GeometryValue? {
        guard let container = try Self.container(item) else { return nil }
        return try GeoIndex.geometry(in: container, slots)
    }

    /// `item op constant`, with fast paths for numbers and strings read in place.
    private func test(_ item: Item, _ op: ComparisonOperator, _ constant: Value, _ c: BoundComparison) throws -> Bool {
        if op == .like, case let .like(pattern)? = c.prepared { return try Self.like(item, pattern) }
        if c.operandsReversed {
            // `NULL CONTAINS name`: realm-core finds nothing in a null string, and no null
            // inside a string, when the value is on the left (`name CONTAINS NULL` is true).
            let value = try Self.decode(item)
            if op != .like, constant.isNull || value.isNull { return false }
            return Self.generic(constant, op, value, c.caseInsensitive, c.diacriticInsensitive)
        }
        if constant.isNull, op == .contains, c.caseInsensitive, case let .path(p) = c.lhs, p.type != .data,
            !p.followsLinks
        {
            // realm-core's string rule: CONTAINS[c] NULL holds for every string of the object,
            // null ones too; through a link, its general rule finds it in the non-null ones only.
            return true
        }
        if case let .view(v) = item {
            switch constant {
            case let .int(k):
                if let x = try v.int() { return Self.order(x, k, op) }
            case let .double(k):
                if let x = try v.double(), !x.isNaN, !k.isNaN { return Self.order(x, k, op) }
            case var .string(k) where !c.caseInsensitive && !c.diacriticInsensitive:
                if let bytes = try v.stringBytes() {
                    return k.withUTF8 { Self.stringTest(bytes, UnsafeRawBufferPointer($0), op) }
                }
            default: break
            }
        }
        let value = try Self.decode(item)
        // Beside a mixed value, null orders with nothing but null (realm-core's rule
        // for mixed values); between strings alone it orders first.
        if c.comparesMixed, op.isOrdering, value.isNull != constant.isNull { return false }
        return Self.generic(value, op, constant, c.caseInsensitive, c.diacriticInsensitive)
    }

    /// `LIKE` against a pattern prepared when the comparison was bound: only
    /// a string matches a string pattern.
    private static func like(_ item: Item, _ pattern: LikePattern) throws -> Bool {
        if case let .view(v) = item, let bytes = try v.stringBytes() {
            return pattern.matches(String(decoding: bytes, as: UTF8.self))
        }
        guard case let .string(text) = try decode(item) else { return false }
        return pattern.matches(text)
    }

    private static func order<T: Comparable>(_ x: T, _ k: T, _ op: ComparisonOperator) -> Bool {
        switch op {
        case .equal: return x == k
        case .notEqual: return x != k
        case .less: return x < k
        case .lessOrEqual: return x <= k
        case .greater: return x > k
        case .greaterOrEqual: return x >= k
        default: return false
        }
    }

    private static func stringTest(_ x: UnsafeRawBufferPointer, _ k: UnsafeRawBufferPointer, _ op: ComparisonOperator)
        -> Bool
    {
        func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
            a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
        }
        switch op {
        case .equal: return same(x, k)
        case .notEqual: return !same(x, k)
        case .beginsWith: return x.count >= k.count && same(UnsafeRawBufferPointer(rebasing: x[0 ..< k.count]), k)
        case .endsWith:
            return x.count >= k.count && same(UnsafeRawBufferPointer(rebasing: x[(x.count - k.count)...]), k)
        case .contains:
            if k.count == 0 { return true }
            guard x.count >= k.count else { return false }
            let first = k[0]
            var i = 0
            while i <= x.count - k.count {
                if x[i] == first, memcmp(x.baseAddress! + i, k.baseAddress!, k.count) == 0 { return true }
                i += 1
            }
            return false
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let n = min(x.count, k.count)
            var r = n == 0 ? 0 : memcmp(x.baseAddress!, k.baseAddress!, n)
            if r == 0 { r = x.count < k.count ? -1 : (x.count > k.count ? 1 : 0) }
            return order(Int(r), 0, op)
        default:
            return generic(
                .string(String(decoding: x, as: UTF8.self)), op, .string(String(decoding: k, as: UTF8.self)), false,
                false)
        }
    }

    /// The comparison on decoded values, with Realm's rules: numbers across
    /// types, no order between different kinds, null only equal to null.
    static func generic(
        _ x: Value, _ op: ComparisonOperator, _ k: Value, _ caseInsensitive: Bool, _ diacriticInsensitive: Bool
    ) -> Bool {
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        switch op {
        case .equal, .notEqual:
            let same: Bool
            if case let .string(a) = x, case let .string(b) = k, !options.isEmpty {
                same = a.compare(b, options: options) == .orderedSame
            } else if case let .binary(a) = x, case let .binary(b) = k, caseInsensitive {
                same = a.count == b.count && zip(a, b).allSatisfy { Self.asciiLowercase($0) == Self.asciiLowercase($1) }
            } else {
                same = MixedOrder.rank(x) == MixedOrder.rank(k) && MixedOrder.equal(x, k)
            }
            return op == .equal ? same : !same
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            // A null string orders before every string, as realm-core orders them.
            if (x.isNull || x.isString) && (k.isNull || k.isString) && (x.isNull != k.isNull) {
                let r: ComparisonResult = x.isNull ? .orderedAscending : .orderedDescending
                switch op {
                case .less, .lessOrEqual: return r == .orderedAscending
                default: return r == .orderedDescending
                }
            }
            // Null equals null, so `>=` and `<=` hold between two nulls (realm-core's rule).
            if x.isNull && k.isNull { return op == .lessOrEqual || op == .greaterOrEqual }
            guard MixedOrder.rank(x) == MixedOrder.rank(k), !x.isNull else { return false }
            if case .bool = x { return false }
            let r: ComparisonResult
            if case let .string(a) = x, case let .string(b) = k, !options.isEmpty {
                r = a.compare(b, options: options)
            } else {
                r = MixedOrder.compare(x, k)
            }
            switch op {
            case .less: return r == .orderedAscending
            case .lessOrEqual: return r != .orderedDescending
            case .greater: return r == .orderedDescending
            default: return r != .orderedAscending
            }
        case .beginsWith, .endsWith, .contains, .like:
            // Strings match strings and binary matches binary, never across. A null
            // pattern is realm-core's empty one: LIKE matches only null, the others
            // every value, but for CONTAINS[c], which skips null values (of data:
            // the caller answers strings).
            let a: String, b: String
            switch (x, k) {
            case let (.string(s), .string(t)): (a, b) = (s, t)
            case let (.binary(s), .binary(t)):
                // Bytes compare as bytes: decoded as text, bytes that are no UTF-8
                // would all read as U+FFFD, and Foundation does not find a run of NULs
                // anchored at the end (`ENDSWITH` missed trailing zero bytes).
                if options.isEmpty, op != .like {
                    switch op {
                    case .beginsWith: return s.starts(with: t)
                    case .endsWith: return s.count >= t.count && s[(s.count - t.count)...].elementsEqual(t)
                    default:
                        guard !t.isEmpty else { return true }
                        guard s.count >= t.count else { return false }
                        return (0 ... s.count - t.count).contains { s[$0 ..< $0 + t.count].elementsEqual(t) }
                    }
                }
                (a, b) = (String(decoding: s, as: UTF8.self), String(decoding: t, as: UTF8.self))
            case (_, .null):
                if op == .like { return x.isNull }
                return !x.isNull || op != .contains || !caseInsensitive
            default: return false
            }
            switch op {
            case .beginsWith: return b.isEmpty || a.range(of: b, options: options.union(.anchored)) != nil
            case .endsWith: return b.isEmpty || a.range(of: b, options: options.union([.anchored, .backwards])) != nil
            case .contains: return b.isEmpty || a.range(of: b, options: options) != nil
            default: return like(a, b, options)
            }
        case .in, .between:
            return false
        }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (0x41 ... 0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// `LIKE`: `*` matches any run of characters, `?` one character.
    static func like(_ text: String, _ pattern: String, _ options: String.CompareOptions) -> Bool {
        LikePattern(pattern, options: options).matches(text)
    }

    /// The name `@type` gives a value, as realm-core names it.
    static func typeName(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "bool"
        case .int: return "int"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return "binary"
        case .timestamp: return "date"
        case .decimal128: return "decimal128"
        case .objectId: return "objectid"
        case .uuid: return "uuid"
        case .link, .embedded: return "objectlink"
        case .list: return "array"
        case .map: return "dictionary"
        }
    }

    /// The type names and groups `@type` compares with, as realm-core spells
    /// them, each with the names of `typeName` it covers.
    static let typeGroups: [String: Set<String>] = {
        var groups: [String: Set<String>] = [
            "numeric": ["int", "float", "double", "decimal128"],
            "collection": ["array", "dictionary"],
        ]
        let aliases: [String: [String]] = [
            "null": ["null"], "bool": ["bool", "boolean"],
            "int": ["int", "integer", "long", "int16", "int32", "int64", "short", "byte", "char"], "float": ["float"],
            "double": ["double"], "string": ["string"], "binary": ["binary", "bytearray", "data", "byte[]", "bindata"],
            "date": ["date", "timestamp", "datetimeoffset"], "decimal128": ["decimal128", "decimal"],
            "objectid": ["objectid"], "uuid": ["uuid", "guid"], "objectlink": ["objectlink", "link"],
            "array": ["array", "list"],
            "dictionary": ["dictionary", "object", "map"],
        ]
        for (name, spellings) in aliases { for spelling in spellings { groups[spelling] = [name] } }
        return groups
    }()

    /// Whether a value of type `name` (from ``typeName(_:)``) is of the type or group `wanted`.
    static func typeMatches(_ name: String, _ wanted: String) -> Bool {
        typeGroups[wanted.lowercased()]?.contains(name) ?? false
    }
}

extension Value {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
