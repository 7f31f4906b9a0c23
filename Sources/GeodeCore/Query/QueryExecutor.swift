import Foundation
import GeodeGeo
import HeapModule

/// Runs a query on one class: binds it to the schema, picks a plan (a primary
/// key lookup when the predicate pins the primary key, else a scan that reads
/// only the tested fields), filters, sorts, removes duplicates and limits.
///
/// ```swift
/// let executor = try QueryExecutor(query: query, table: table, transaction: txn)
/// print(executor.explain())        // "scan Dog: age > 5"
/// let keys = try executor.run()
/// ```
package struct QueryExecutor {
    /// How the executor finds candidate objects.
    enum Plan {
        case scan
        case primaryKey([Value])
        /// Given objects, in a given order (a list's).
        case keys([ObjectKey])
        /// A secondary index: the objects under these keys (equality, IN)…
        case indexKeys(ValueIndex, [[UInt8]], exact: Bool)
        /// … or in this key range (ordering operators, BEGINSWITH). Each
        /// candidate is then tested with the whole predicate, unless `exact`:
        /// the index answers the whole predicate by itself.
        case indexRange(ValueIndex, low: [UInt8], high: [UInt8], exact: Bool)
        /// The spatial index of a geometry property: the cells covering the
        /// region, each point tested on its entry and each other geometry on
        /// its document, then the rest of the predicate.
        case spatial(GeoIndex, SpatialTest, residual: BoundPredicate?)
    }

    let bound: BoundQuery
    let transaction: StoreTransaction

    // Borrowed from the bound query, not copied: a query holds arrays and
    // closures, and copying one retained each of them per read.
    var query: Query { _read { yield bound.query } }
    var table: Table { bound.table }
    var predicate: BoundPredicate { _read { yield bound.predicate } }
    var ordering: [(BoundPath, Bool)] { _read { yield bound.ordering } }
    var distinct: [BoundPath] { _read { yield bound.distinct } }
    var plan: Plan { _read { yield bound.plan } }

    /// Binds `query` and runs it in `transaction`.
    package init(query: Query, table: Table, transaction: StoreTransaction) throws {
        self.init(
            bound: try BoundQuery.bound(query, table: table, store: transaction.store),
            transaction: transaction)
    }

    /// Runs a query bound earlier (binding once serves every version of the store).
    package init(bound: BoundQuery, transaction: StoreTransaction) {
        self.bound = bound
        self.transaction = transaction
    }

    static func requireSingle(_ path: BoundPath, _ clause: String) throws {
        if path.isMultiple {
            throw StoreError.invalidQuery(
                message: "\(clause) needs a key path with one value per object; \(path.label) has several",
                column: path.column)
        }
    }

    /// A primary-key lookup when a top-level conjunct is `pk == value` or
    /// `pk IN {…}`; else the spatial index when one is `point geoWithin shape`
    /// on an indexed property; else a scan.
    static func plan(_ predicate: BoundPredicate, _ table: Table) -> Plan {
        guard case let .and(conjuncts) = predicate else { return plan(conjuncts: CollectionOfOne(predicate), table) }
        return plan(conjuncts: conjuncts, table)
    }

    /// The plan for the AND of `conjuncts` (one predicate needs no array).
    private static func plan(conjuncts: some RandomAccessCollection<BoundPredicate>, _ table: Table) -> Plan {
        if let pkSlot = table.primaryKeySlot, table.primaryKeys != nil || table.isKeyedByPrimaryKey {
            for conjunct in conjuncts {
                guard case let .compare(c) = conjunct, case let .path(path) = c.lhs, path.reduction == nil,
                    path.steps.count == 1, case .slot(pkSlot, _) = path.steps[0], c.op == .equal,
                    !c.caseInsensitive, !c.diacriticInsensitive, c.quantifier == .any, c.answersByEquality
                else { continue }
                switch c.rhs {
                case let .constant(v): return .primaryKey([v])
                case let .oneOf(vs): return .primaryKey(vs)
                default: continue
                }
            }
        }
        var range: Plan?
        for conjunct in conjuncts {
            guard case let .compare(c) = conjunct, case let .path(path) = c.lhs, path.reduction == nil,
                path.steps.count == 1,
                case let .slot(slot, _) = path.steps[0], !c.caseInsensitive, !c.diacriticInsensitive,
                c.quantifier == .any,
                c.answersByEquality,
                let index = table.valueIndexes.first(where: { $0.slot == slot })
            else { continue }
            // The index alone answers a predicate that is this one comparison, when its
            // keys are the values themselves (not a mixed index, where 5 and 5.0 share
            // keys, nor a long string's prefix) and the bounds are inclusive.
            let alone = conjuncts.count == 1 && !index.isMixed
            switch (c.op, c.rhs) {
            case let (.equal, .constant(v)):
                if let key = index.encode(v) { return .indexKeys(index, [key], exact: alone && Self.keyIsValue(v)) }
            case let (.equal, .oneOf(vs)):
                let keys = vs.compactMap(index.encode)
                if keys.count == vs.count {
                    return .indexKeys(index, keys, exact: alone && vs.allSatisfy(Self.keyIsValue))
                }
            case let (op, .constant(v)) where !index.isMixed && range == nil:
                guard let key = index.encode(v), let tag = key.first else { continue }
                let top = [tag] + [UInt8](repeating: 0xFF, count: 16)
                let exact = alone && Self.keyIsFixedWidth(v)
                switch op {
                case .greater: range = .indexRange(index, low: key, high: top, exact: false)
                case .greaterOrEqual: range = .indexRange(index, low: key, high: top, exact: exact)
                case .less: range = .indexRange(index, low: [tag], high: key, exact: false)
                case .lessOrEqual: range = .indexRange(index, low: [tag], high: key, exact: exact)
                case .beginsWith:
                    if case let .string(s) = v {
                        let prefix = IndexKey.stringPrefix(s)
                        range = .indexRange(index, low: prefix, high: prefix, exact: false)
                    }
                default: break
                }
            case let (.between, .range(low, high)) where !index.isMixed && range == nil:
                if let l = index.encode(low), let h = index.encode(high), l.first == h.first {
                    range = .indexRange(
                        index, low: l, high: h, exact: alone && Self.keyIsFixedWidth(low) && Self.keyIsFixedWidth(high))
                }
            default:
                break
            }
        }
        for (i, conjunct) in conjuncts.enumerated() {
            guard case let .geo(relation, path, _, shape, .any) = conjunct, path.reduction == nil,
                let slot = pointSlot(path), let index = table.geoIndexes.first(where: { $0.slot == slot })
            else { continue }
            // The other conjuncts, in their order, test each object the index finds.
            let others = conjuncts.enumerated().filter { $0.offset != i }.map(\.element)
            return .spatial(
                index, SpatialTest(relation: relation, shape: shape, conjunct: conjunct),
                residual: others.isEmpty ? nil : others.count == 1 ? others[0] : .and(others))
        }
        return range ?? .scan
    }

    /// The slot of a geometry property a path names directly (`location`,
    /// or each element of a list of points): what a spatial index covers.
    private static func pointSlot(_ path: BoundPath) -> Int? {
        guard let first = path.steps.first, case let .slot(slot, _) = first else { return nil }
        switch path.steps.count {
        case 1: return slot
        case 2: if case .each = path.steps[1] { return slot } else { return nil }
        default: return nil
        }
    }

    /// Whether a value's index key is the value itself (not a long string's prefix and hash).
    private static func keyIsValue(_ v: Value) -> Bool {
        if case let .string(s) = v { return IndexKey.holdsWhole(s) }
        return true
    }

    /// Whether a value's index key has one width for its type, so byte ranges
    /// are value ranges (strings compare loosely by prefix, so they are not).
    private static func keyIsFixedWidth(_ v: Value) -> Bool {
        switch v {
        case .int, .bool, .timestamp, .objectId, .uuid: return true
        default: return false
        }
    }

    /// The chosen plan, in words.
    package func explain() -> String {
        let name = table.schema.name
        var text: String
        switch plan {
        case .scan: text = "scan \(name)"
        case let .primaryKey(values):
            text = "primary key lookup \(name) (\(values.count) key\(values.count == 1 ? "" : "s"))"
        case let .keys(keys): text = "test \(keys.count) given \(name) objects"
        case let .indexKeys(index, _, _) where isBulkLoading(index),
            let .indexRange(index, _, _, _)
        where isBulkLoading(index):
            text = "scan \(name) (index \(name).\(index.property) being bulk-loaded)"
        case let .indexKeys(index, keys, exact):
            text =
                "index \(name).\(index.property) (\(keys.count) key\(keys.count == 1 ? "" : "s")\(exact ? ", exact" : ""))"
        case let .indexRange(index, _, _, exact):
            text = "index range \(name).\(index.property)\(exact ? " (exact)" : "")"
        case let .spatial(index, test, _):
            text =
                isBulkLoading(index)
                ? "scan \(name) (spatial index \(name).\(index.property) being bulk-loaded)"
                : "spatial index \(name).\(index.property) (\(GeoIndex.cover(test.shape.region).count) cell ranges)"
        }
        if let index = nearestIndex, !isBulkLoading(index) {
            text = "nearest \(query.limit ?? 0) through spatial index \(name).\(index.property) (widening circles)"
        }
        text += ": " + query.predicate.description
        if !query.clauses.isEmpty || query.distanceOrdering != nil {
            text += "; then" + query.description.dropFirst(query.predicate.description.count)
        }
        return text
    }

    /// The keys of the matching objects, in key order or the query's sort order;
    /// with `candidates`, only those objects are tested, and their order is kept.
    package func run(on candidates: [ObjectKey]? = nil) throws -> [ObjectKey] {
        try run(on: candidates, first: nil).keys
    }

    /// With `first`, only the first `first` keys in the query's order (found
    /// through a bounded heap when the query sorts and has no DISTINCT), and
    /// the number of results in all.
    package func run(on candidates: [ObjectKey]? = nil, first: Int?) throws -> (keys: [ObjectKey], total: Int) {
        if bound.later.isEmpty { return try runLeadingStep(on: candidates, first: first, counting: true) }
        var keys = try runLeadingStep(on: candidates, first: nil, counting: true).keys
        for clause in bound.later {
            switch clause {
            case let .sort(keys: paths, ascending: ascending):
                keys = Self.sort(
                    keys, try sortValues(keys, SortKeyReader(self, paths: paths), width: paths.count),
                    ascending: ascending)
            case let .distinct(paths):
                keys = try removeDuplicates(keys, on: paths)
            case let .limit(n):
                if keys.count > n { keys.removeSubrange(n...) }
            }
        }
        let total = keys.count
        if let first, keys.count > first { keys.removeSubrange(first...) }
        return (keys, total)
    }

    /// The first `n` keys in the query's order, without the number of results
    /// in all: a query that neither sorts nor has DISTINCT stops at its `n`th
    /// match instead of testing every object (`Results.first` on a million
    /// objects reads one).
    package func firstKeys(_ n: Int, on candidates: [ObjectKey]? = nil) throws -> [ObjectKey] {
        guard bound.later.isEmpty else { return try run(on: candidates, first: n).keys }
        return try runLeadingStep(on: candidates, first: n, counting: false).keys
    }

    /// The key of the last object in the query's order. A query that neither
    /// sorts, limits nor has DISTINCT scans from the last object down and stops
    /// at its first match (`Results.last` of a million objects reads one); one
    /// that sorts scans down too, keeping the row that sorts last.
    package func lastKey(on candidates: [ObjectKey]? = nil) throws -> ObjectKey? {
        guard distinct.isEmpty, query.limit == nil, bound.later.isEmpty, bound.distance == nil
        else { return try run(on: candidates).last }
        let evaluator = QueryEvaluator(transaction: transaction)
        switch try candidates.map(Plan.keys) ?? currentPlan() {
        case .scan where !ordering.isEmpty:
            // The first row of the reversed sort, among rows offered from the last key
            // down: ties keep the row offered first, the one a stable sort puts last.
            var top = TopRows(capacity: 1, ascending: ordering.map { !$0.1 })
            let reader = SortKeyReader(self)
            try scan(from: nil, before: nil, backward: true) { key, document in
                try top.offer(key) { i in try reader.value(i, key, document) }
                return true
            }
            return top.rowsInOfferOrder().keys.first
        case _ where !ordering.isEmpty:
            return try run(on: candidates).last
        case let .keys(candidates):
            return try candidates.last { try object($0, matches: predicate, evaluator) }
        case .scan:
            var last: ObjectKey?
            try scan(from: nil, before: nil, backward: true) { key, _ in
                last = key
                return false
            }
            return last
        default:
            return try run().last
        }
    }

    /// The predicate and the leading sort, distinct and limit, run as one step
    /// (a sort with a limit keeps only its first rows while it scans). Without
    /// `counting`, the total returned is not the number of results in all.
    private func runLeadingStep(on candidates: [ObjectKey]?, first: Int?, counting: Bool) throws -> (
        keys: [ObjectKey], total: Int
    ) {
        let evaluator = QueryEvaluator(transaction: transaction)
        if candidates == nil, let keys = try nearestThroughIndex(evaluator) {
            return try finish(keys, matched: keys.count, first: first)
        }
        // Unsorted results come in key (or candidate) order, so the matches after the
        // last one returned change nothing but the total: LIMIT's total is at most
        // the limit, and a caller that does not count needs only `first`.
        let stop =
            ordering.isEmpty && distinct.isEmpty && bound.distance == nil
            ? Self.lesser(query.limit, counting ? nil : first) : nil
        var keys: [ObjectKey] = []
        switch try candidates.map(Plan.keys) ?? currentPlan() {
        case let .keys(candidates):
            for key in candidates where try object(key, matches: predicate, evaluator) {
                keys.append(key)
                if let stop, keys.count >= stop { break }
            }
        case .scan where !ordering.isEmpty && !distinct.isEmpty && bound.distance == nil:
            // SORT then DISTINCT: only the first row of each value in the sort is kept
            // while scanning, and only those rows are sorted.
            var rows: DistinctRows
            if let halves = try scanInHalves({ executor, from, before in
                try executor.firstRowsOfEachValue(from: from, before: before)
            }) {
                rows = halves.0
                rows.append(halves.1)
            } else {
                rows = try firstRowsOfEachValue(from: nil, before: nil)
            }
            let (kept, values) = rows.rowsInOfferOrder()
            keys = sort(kept, values)
            return try finish(keys, matched: keys.count, first: first, deduplicated: true)
        case .scan where !ordering.isEmpty && bound.distance == nil:
            // Sorting a scan: take each match's sort keys from the document the scan reads anyway;
            // with LIMIT (or `first`) and no DISTINCT, keep only the first rows while scanning.
            let keeping = rowsKept(first: first)
            var values: [SortKey], matched: Int
            if let halves = try scanInHalves({ executor, from, before in
                try executor.matchingRows(from: from, before: before, keeping: keeping)
            }) {
                (keys, values) = (halves.0.keys + halves.1.keys, halves.0.values)
                values.append(contentsOf: halves.1.values)
                matched = halves.0.matched + halves.1.matched
            } else {
                (keys, values, matched) = try matchingRows(from: nil, before: nil, keeping: keeping)
            }
            keys = sort(keys, values, keeping: keeping)
            return try finish(keys, matched: matched, first: first)
        case .scan where !distinct.isEmpty && ordering.isEmpty && bound.distance == nil:
            // DISTINCT without a sort: each match's values come from the document the scan
            // reads anyway, and only the first object of each value is kept; with LIMIT (or
            // `first`, not counting) the scan stops at that many distinct objects. The upper
            // half's first objects make up what the lower half lacks, less the values it saw.
            let limit = Self.lesser(query.limit, counting ? nil : first)
            if let halves = try scanInHalves({ executor, from, before in
                try executor.distinctMatches(from: from, before: before, limit: limit)
            }) {
                let seen = Set(halves.0.values)
                keys = halves.0.keys
                for (key, values) in zip(halves.1.keys, halves.1.values) where !seen.contains(values) {
                    keys.append(key)
                }
            } else {
                keys = try distinctMatches(from: nil, before: nil, limit: limit).keys
            }
            return try finish(keys, matched: keys.count, first: first, deduplicated: true)
        case .scan:
            // A scan that may stop early reads the first objects alone (starting the other
            // thread costs more than a short scan), and splits the rest only when they hold
            // too few matches.
            var start: ObjectKey?
            if let stop, let (first, _) = try transaction.keyBounds(in: table) {
                let (end, overflow) = first.rawValue.addingReportingOverflow(UInt64(Self.parallelScanThreshold))
                start = overflow ? nil : ObjectKey(end)
                keys = try matchingKeys(from: nil, before: start, limit: stop)
                if keys.count >= stop || start == nil { break }
            }
            // Each half stops at the matches still wanted: the lower half's come first,
            // and the upper half's make up what it lacks.
            let wanted = stop.map { $0 - keys.count }
            if let halves = try scanInHalves(
                from: start,
                { executor, from, before in try executor.matchingKeys(from: from, before: before, limit: wanted) })
            {
                keys += halves.0 + halves.1
            } else {
                keys += try matchingKeys(from: start, before: nil, limit: wanted)
            }
        case let .primaryKey(values):
            var found = Set<ObjectKey>()
            for v in values {
                guard let key = try transaction.object(withPrimaryKey: Self.primaryKeyForm(v), in: table),
                    !found.contains(key)
                else { continue }
                if try object(key, matches: predicate, evaluator) {
                    found.insert(key)
                    keys.append(key)
                }
            }
            keys.sort()
        case let .indexKeys(index, encoded, exact):
            var candidates: [ObjectKey] = []
            for key in encoded { try index.collect(equalTo: key, transaction.transaction, into: &candidates) }
            keys = exact ? Self.sortedUnique(candidates) : try test(Self.sortedUnique(candidates), evaluator)
        case let .indexRange(index, low, high, exact):
            var candidates: [ObjectKey] = []
            try index.collect(from: low, through: high, transaction.transaction, into: &candidates)
            keys = exact ? Self.sortedUnique(candidates) : try test(Self.sortedUnique(candidates), evaluator)
        case let .spatial(index, test, residual):
            var repeats = false
            try spatialMatches(index, test, evaluator, repeats: &repeats) { keys.append($0) }
            keys.sort()
            if index.isList || repeats {
                keys = keys.enumerated().filter { $0.offset == 0 || keys[$0.offset - 1] != $0.element }.map(\.element)
            }
            if let residual {
                keys = try keys.filter { try object($0, matches: residual, evaluator) }
            }
        }
        let matched = keys.count
        if let (path, slots, ordering) = bound.distance {
            keys = try sortByDistance(keys, path, slots, ordering, evaluator)
        } else if !ordering.isEmpty {
            // With LIMIT (or `first`) and no DISTINCT only the first rows are needed: keep those.
            keys = sort(keys, try sortValues(keys), keeping: rowsKept(first: first))
        }
        return try finish(keys, matched: matched, first: first)
    }

    /// Whether `index` is being bulk-loaded, for ``explain()`` (which does not
    /// throw: an index it cannot tell about is taken as usable).
    private func isBulkLoading(_ index: some BulkLoadedIndex) -> Bool {
        (try? index.isBulkLoading(transaction.transaction)) == true
    }

    /// The plan to run in this transaction: a query whose index is being
    /// bulk-loaded (``BulkLoad``), and may lack entries, scans.
    private func currentPlan() throws -> Plan {
        switch plan {
        case let .spatial(index, _, _) where try index.isBulkLoading(transaction.transaction): return .scan
        case let .indexKeys(index, _, _) where try index.isBulkLoading(transaction.transaction): return .scan
        case let .indexRange(index, _, _, _) where try index.isBulkLoading(transaction.transaction): return .scan
        default: return plan
        }
    }

    /// Calls `found` with each object the spatial conjunct `test` selects
    /// through `index`, in no order. Points are decided on their entries;
    /// objects with shape cells in range on the envelope their entries hold
    /// where it decides, else on their documents. An object the scan reports
    /// once is decided in the scan; any other waits, once, for its test.
    /// `repeats` is set when an object may have been found twice (a list
    /// property's point and shape): callers then remove repeats.
    @inline(__always)
    private func spatialMatches(
        _ index: GeoIndex, _ test: SpatialTest, _ evaluator: QueryEvaluator, repeats: inout Bool,
        _ found: (ObjectKey) -> Void
    ) throws {
        var shapeCandidates: [ObjectKey: GeoRect?] = [:]
        // Taken out of `test` once: the closures below run for every entry in range.
        let (shape, target, relation) = (test.shape, test.shape.target, test.relation)
        // The scan's shape callback is optional, hence escaping in type; it does not outlive the scan.
        try withoutActuallyEscaping(found) { found in
            try index.scan(
                shape.region, transaction.transaction,
                shapes: { key, envelope, once in
                    if once, let envelope, let decided = target?.decides(envelope: envelope, relation) {
                        if decided { found(key) }
                    } else if shapeCandidates.index(forKey: key) == nil {
                        shapeCandidates[key] = envelope
                    }
                }
            ) { key, lon, lat in
                if shape.relates(longitude: lon, latitude: lat, relation) { found(key) }
                return true
            }
        }
        repeats = !shapeCandidates.isEmpty
        for (key, envelope) in shapeCandidates {
            if let envelope, let decided = target?.decides(envelope: envelope, relation) {
                if decided { found(key) }
            } else if try object(key, matches: test.conjunct, evaluator) {
                found(key)
            }
        }
    }

    /// How many first rows of a sort are needed, with LIMIT or `first` and no
    /// DISTINCT (which must see every row); nil for all of them.
    private func rowsKept(first: Int?) -> Int? {
        distinct.isEmpty ? Self.lesser(query.limit, first) : nil
    }

    /// The lesser of two optional bounds (nil: none), without the array a
    /// `min()` of them would make for every query run.
    private static func lesser(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return Swift.min(a, b)
    }

    /// DISTINCT, LIMIT and `first` on sorted keys; the number of results in all.
    private func finish(_ keys: [ObjectKey], matched: Int, first: Int?, deduplicated: Bool = false) throws -> (
        keys: [ObjectKey], total: Int
    ) {
        var keys = keys
        if !distinct.isEmpty, !deduplicated { keys = try removeDuplicates(keys, on: distinct) }
        if let limit = query.limit, keys.count > limit { keys.removeSubrange(limit...) }
        let total = distinct.isEmpty ? min(matched, query.limit ?? matched) : keys.count
        if let first, keys.count > first { keys.removeSubrange(first...) }
        return (keys, total)
    }

    private static func sortedUnique(_ keys: [ObjectKey]) -> [ObjectKey] {
        guard keys.count > 1 else { return keys }  // a point query's one candidate
        let sorted = keys.sorted()
        return sorted.enumerated().filter { $0.offset == 0 || sorted[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// The candidates that match the whole predicate.
    private func test(_ candidates: [ObjectKey], _ evaluator: QueryEvaluator) throws -> [ObjectKey] {
        try candidates.filter { try object($0, matches: predicate, evaluator) }
    }

    /// Integer keys given as doubles (`id == 3.0`) find the integer key.
    private static func primaryKeyForm(_ v: Value) -> Value {
        if case let .double(d) = v, let i = Int64(exactly: d) { return .int(i) }
        return v
    }

    /// Calls `body` with each matching object in `from ..< before`, in key
    /// order (`backward`, from the last down), until it returns false.
    private func scan(
        from: ObjectKey?, before: ObjectKey?, backward: Bool = false,
        _ body: (ObjectKey, ContainerView) throws -> Bool
    ) throws {
        let matches = QueryEvaluator(transaction: transaction).matcher(for: predicate, table: table.schema.table)
        try transaction.forEach(in: table, from: from, before: before, backward: backward) { key, document in
            do {
                return try matches(key, document) ? try body(key, document) : true
            } catch {
                throw error.inObject(table, key)
            }
        }
    }

    /// Whether object `key` matches `predicate` (false when it is gone); a
    /// document that does not decode names its object.
    private func object(_ key: ObjectKey, matches predicate: BoundPredicate, _ evaluator: QueryEvaluator) throws -> Bool
    {
        do {
            guard let document = try transaction.document(key, in: table) else { return false }
            return try evaluator.matches(predicate, .object(table.schema.table, key, document))
        } catch {
            throw error.inObject(table, key)
        }
    }

    /// The keys of the objects in `from ..< before` that match; with `limit`,
    /// the first `limit` of them.
    private func matchingKeys(from: ObjectKey?, before: ObjectKey?, limit: Int? = nil) throws -> [ObjectKey] {
        var keys: [ObjectKey] = []
        try scan(from: from, before: before) { key, _ in
            keys.append(key)
            return limit.map { keys.count < $0 } ?? true
        }
        return keys
    }

    /// The keys of the objects in `from ..< before` that match, with their
    /// sort keys (``sortValues(_:)``'s layout), read in the same pass, and
    /// how many matched. With `keeping`, only the first rows in the sort order
    /// are kept (in scan order), and most rows are turned away after reading one sort key.
    private func matchingRows(from: ObjectKey?, before: ObjectKey?, keeping: Int?) throws -> (
        keys: [ObjectKey], values: [SortKey], matched: Int
    ) {
        let reader = SortKeyReader(self)
        if let keeping {
            var top = TopRows(capacity: keeping, ascending: ordering.map(\.1))
            var matched = 0
            try scan(from: from, before: before) { key, document in
                matched += 1
                try top.offer(key) { i in try reader.value(i, key, document) }
                return true
            }
            let (keys, values) = top.rowsInOfferOrder()
            return (keys, values, matched)
        }
        var keys: [ObjectKey] = []
        var values: [SortKey] = []
        let width = ordering.count
        try scan(from: from, before: before) { key, document in
            keys.append(key)
            for i in 0 ..< width { values.append(try reader.value(i, key, document)) }
            return true
        }
        return (keys, values, keys.count)
    }

    /// Of each distinct value among the objects in `from ..< before` that
    /// match, the row that sorts first, with its sort keys.
    private func firstRowsOfEachValue(from: ObjectKey?, before: ObjectKey?) throws -> DistinctRows {
        let sortReader = SortKeyReader(self)
        let distinctReader = SortKeyReader(self, paths: distinct)
        var rows = DistinctRows(ascending: ordering.map(\.1))
        var values: [Value] = []
        values.reserveCapacity(distinct.count)
        try scan(from: from, before: before) { key, document in
            if try Self.distinctValues(distinctReader, distinct.count, key, document, into: &values) {
                try rows.offer(key, values) { i in try sortReader.value(i, key, document) }
            }
            return true
        }
        return rows
    }

    /// How many objects in `from ..< before` match.
    private func matchCount(from: ObjectKey?, before: ObjectKey?) throws -> Int {
        var n = 0
        try scan(from: from, before: before) { _, _ in
            n += 1
            return true
        }
        return n
    }

    /// The number of matching objects.
    package func count() throws -> Int {
        guard query.limit == nil, distinct.isEmpty, bound.later.isEmpty else { return try run().count }
        if case .constant(true) = predicate { return try transaction.count(table) }
        switch try currentPlan() {
        case let .spatial(index, test, nil) where !index.isList:
            // Each object has one geometry: found once, by its point or by its shape.
            var n = 0
            var repeats = false
            let evaluator = QueryEvaluator(transaction: transaction)
            try spatialMatches(index, test, evaluator, repeats: &repeats) { _ in n += 1 }
            return n
        case let .indexKeys(index, encoded, true):
            // Each object has one entry, so distinct keys find distinct objects.
            var n = 0
            for key in Set(encoded) { n += try index.count(equalTo: key, transaction.transaction) }
            return n
        case let .indexRange(index, low, high, true):
            return try index.count(from: low, through: high, transaction.transaction)
        case .scan:
            if let halves = try scanInHalves({ executor, from, before in
                try executor.matchCount(from: from, before: before)
            }) {
                return halves.0 + halves.1
            }
            return try matchCount(from: nil, before: nil)
        default:
            return try run().count
        }
    }

    /// The values `path` yields for each of `keys` (one per object, or several
    /// through collections), for aggregates and `value(forKey:)`.
    package func values(of path: QueryKeyPath, for keys: [ObjectKey]) throws -> [[Value]] {
        let bound = try QueryBinder(store: transaction.store).bindPath(path, in: table.schema)
        let evaluator = QueryEvaluator(transaction: transaction)
        return try keys.map { key in
            guard let document = try transaction.document(key, in: table) else { return [] }
            var found: [Value] = []
            try evaluator.values(of: bound, .object(table.schema.table, key, document)) {
                found.append(try QueryEvaluator.decode($0)); return true
            }
            return found
        }
    }

    /// The first value `path` yields from `item` (null when none).
    static func firstValue(_ path: BoundPath, _ item: QueryEvaluator.Item, _ evaluator: QueryEvaluator) throws -> Value
    {
        var result = Value.null
        try evaluator.values(of: path, item) { item in
            result = try QueryEvaluator.decode(item)
            return false
        }
        return result
    }

    /// The sort keys of `keys`' objects, row after row, `ordering.count` per row.
    private func sortValues(_ keys: [ObjectKey]) throws -> [SortKey] {
        try sortValues(keys, SortKeyReader(self), width: ordering.count)
    }

    /// The `width` sort keys `reader` reads of each of `keys`' objects, row after row.
    private func sortValues(_ keys: [ObjectKey], _ reader: SortKeyReader, width: Int) throws -> [SortKey] {
        var values: [SortKey] = []
        values.reserveCapacity(keys.count * width)
        for key in keys {
            if let document = try transaction.document(key, in: table) {
                for i in 0 ..< width { values.append(try reader.value(i, key, document)) }
            } else {
                values.append(contentsOf: repeatElement(SortKey.some(.null), count: width))
            }
        }
        return values
    }

    /// A stable sort of `keys` on their sort keys `values` (one flat array,
    /// ``sortValues(_:)``'s layout); null sorts first in ascending order. An
    /// array of positions is sorted, comparing common same-type pairs directly.
    /// With `keeping`, only that many first rows are kept, through a bounded
    /// heap instead of a whole sort (the same rows, in the same order).
    private func sort(_ keys: [ObjectKey], _ values: [SortKey], keeping limit: Int? = nil) -> [ObjectKey] {
        let width = ordering.count
        let ascending = ordering.map(\.1)
        if let limit, limit < keys.count / 4 {
            var top = TopRows(capacity: limit, ascending: ascending)
            for row in keys.indices { top.offer(keys[row]) { values[row * width + $0] } }
            let (kept, keptValues) = top.rowsInOfferOrder()
            return sort(kept, keptValues)
        }
        return Self.sort(keys, values, ascending: ascending)
    }

    /// A stable sort of `keys` on their sort keys `values` (rows of
    /// `ascending.count` keys, one after the other).
    static func sort(_ keys: [ObjectKey], _ values: [SortKey], ascending: [Bool]) -> [ObjectKey] {
        values.withUnsafeBufferPointer { v in
            // Ties by position: a stable sort.
            (0 ..< keys.count).sorted { rowPrecedes(v, $0, $1, ascending: ascending) ?? ($0 < $1) }.map { keys[$0] }
        }
    }

    /// `keys` and their rows of `width` sort keys in `values`, rearranged so
    /// that row `order[i]` comes `i`th.
    static func rows(_ keys: [ObjectKey], _ values: [SortKey], width: Int, in order: [Int]) -> (
        keys: [ObjectKey], values: [SortKey]
    ) {
        var arranged: [SortKey] = []
        arranged.reserveCapacity(values.count)
        for row in order { arranged.append(contentsOf: values[row * width ..< (row + 1) * width]) }
        return (order.map { keys[$0] }, arranged)
    }

    /// Whether row `a` of `values` sorts before row `b` (rows of
    /// `ascending.count` sort keys, one after the other); nil when all their keys are equal.
    @inline(__always)
    static func rowPrecedes<Rows: RandomAccessCollection>(_ values: Rows, _ a: Int, _ b: Int, ascending: [Bool])
        -> Bool?
    where Rows.Element == SortKey, Rows.Index == Int {
        let width = ascending.count
        for i in 0 ..< width {
            let order = compareForSort(values[a * width + i], values[b * width + i])
            if order != .orderedSame { return (order == .orderedAscending) == ascending[i] }
        }
        return nil
    }

    /// A sort key of one object: the value its key path reaches, or nil when a
    /// null link on the way keeps the path from reaching one. realm-core sorts
    /// such objects after every value (even null) in ascending order, and
    /// before every value in descending order: nil is above every value.
    typealias SortKey = Value?

    /// `MixedOrder.compare`, with the usual same-type pairs decided inline, and
    /// a key that reaches no value above all.
    @inline(__always)
    static func compareForSort(_ a: SortKey, _ b: SortKey) -> ComparisonResult {
        switch (a, b) {
        case let (.int(x)?, .int(y)?): return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        case let (.timestamp(x)?, .timestamp(y)?) where x.seconds != y.seconds:
            return x.seconds < y.seconds ? .orderedAscending : .orderedDescending
        case let (.double(x)?, .double(y)?) where !x.isNaN && !y.isNaN && x != y:
            return x < y ? .orderedAscending : .orderedDescending
        case let (a?, b?): return MixedOrder.compare(a, b)
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedDescending
        case (_, nil): return .orderedAscending
        }
    }

    /// The spatial index that answers a nearest-first distance sort with a
    /// `LIMIT` (and no `DISTINCT`), when the sorted point property has one.
    private var nearestIndex: GeoIndex? {
        guard let (path, _, ordering) = bound.distance, !ordering.descending, query.limit != nil, distinct.isEmpty,
            path.reduction == nil, let slot = Self.pointSlot(path)
        else { return nil }
        return table.geoIndexes.first { $0.slot == slot }
    }

    /// The `LIMIT` nearest matches, nearest first, found through the spatial
    /// index as PostGIS's and MongoDB's nearest-neighbour searches do: caps
    /// around the centre widen until one holds `LIMIT` matches — every nearer
    /// match lies inside it too. The first cap has an eighth of the radius that
    /// would hold `LIMIT` objects spread evenly over the sphere (data is denser
    /// where it is asked about); each next one twice the radius. The index
    /// gives each candidate's point, so candidates are taken nearest first from
    /// a heap before any document is read, and the predicate is tested in that
    /// order until `LIMIT` pass. Nil when no index serves the sort, or when the
    /// whole sphere holds fewer matches (objects without a point then come
    /// last, which the index cannot give).
    private func nearestThroughIndex(_ evaluator: QueryEvaluator) throws -> [ObjectKey]? {
        guard let index = nearestIndex, let (_, _, ordering) = bound.distance, let limit = query.limit,
            try !index.isBulkLoading(transaction.transaction)
        else {
            return nil
        }
        guard limit > 0 else { return [] }
        let objects = try transaction.count(table)
        var radius = objects > limit ? acos(1 - 2 * Double(limit) / Double(objects)) / 8 : .pi
        while true {
            let region = try GeoShape(
                .circle(longitude: ordering.longitude, latitude: ordering.latitude, radians: radius)
            ).region()
            var candidates: [NearCandidate] = []
            try index.scan(region, transaction.transaction) { key, lon, lat in
                let distance = ordering.key(longitude: lon, latitude: lat)
                if distance <= radius { candidates.append(NearCandidate(distance: distance, key: key)) }
                return true
            }
            var heap = Heap(candidates)
            var keys: [ObjectKey] = []
            // A list of points is as near as its nearest point: its first time out of the heap.
            var seen = Set<ObjectKey>()
            while let next = heap.popMin() {
                if index.isList, !seen.insert(next.key).inserted { continue }
                guard try object(next.key, matches: predicate, evaluator) else { continue }
                keys.append(next.key)
                if keys.count == limit { return keys }
            }
            if radius >= .pi { return nil }
            radius = min(.pi, radius * 2)
        }
    }

    private func sortByDistance(
        _ keys: [ObjectKey], _ path: BoundPath, _ slots: GeometrySlots,
        _ ordering: DistanceOrdering, _ evaluator: QueryEvaluator
    ) throws -> [ObjectKey] {
        var distances: [(offset: Int, key: ObjectKey, distance: Double)] = []
        distances.reserveCapacity(keys.count)
        for (offset, key) in keys.enumerated() {
            var best = Double.infinity
            if let document = try transaction.document(key, in: table) {
                try evaluator.visit(path.steps[...], .object(table.schema.table, key, document)) { item in
                    if let p = try evaluator.point(item, slots) {
                        best = min(best, ordering.key(longitude: p.0, latitude: p.1))
                    }
                    return true
                }
            }
            distances.append((offset, key, best))
        }
        distances.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.offset < $1.offset }
        return distances.map(\.key)
    }

    /// The first of `keys` for each combination of the values at `paths`, in
    /// the order of `keys`; an object whose path meets a null link is left out,
    /// as realm-core leaves it out.
    private func removeDuplicates(_ keys: [ObjectKey], on paths: [BoundPath]) throws -> [ObjectKey] {
        // Read as sort keys are read: the plain-path reader where it can, one document read per object.
        let reader = SortKeyReader(self, paths: paths)
        var seen = Set<[Value]>()
        var kept: [ObjectKey] = []
        var values: [Value] = []
        values.reserveCapacity(paths.count)
        for key in keys {
            if let document = try transaction.document(key, in: table) {
                guard try Self.distinctValues(reader, paths.count, key, document, into: &values) else { continue }
            } else {
                values = Array(repeating: .null, count: paths.count)
            }
            if seen.insert(values).inserted { kept.append(key) }
        }
        return kept
    }

    /// The first matching object of each distinct value in `from ..< before`,
    /// in key order, with its values; with `limit`, the first `limit` of them.
    private func distinctMatches(from: ObjectKey?, before: ObjectKey?, limit: Int?) throws -> (
        keys: [ObjectKey], values: [[Value]]
    ) {
        let reader = SortKeyReader(self, paths: distinct)
        var seen = Set<[Value]>()
        var kept: (keys: [ObjectKey], values: [[Value]]) = ([], [])
        var values: [Value] = []
        values.reserveCapacity(distinct.count)
        try scan(from: from, before: before) { key, document in
            guard try Self.distinctValues(reader, distinct.count, key, document, into: &values) else { return true }
            if seen.insert(values).inserted {
                kept.keys.append(key)
                kept.values.append(values)
            }
            return limit.map { kept.keys.count < $0 } ?? true
        }
        return kept
    }

    /// The values DISTINCT compares for object `key`, read from its
    /// `document` into `values`; false when a null link keeps a path from
    /// reaching a value (DISTINCT leaves such an object out).
    private static func distinctValues(
        _ reader: SortKeyReader, _ width: Int, _ key: ObjectKey, _ document: ContainerView, into values: inout [Value]
    ) throws -> Bool {
        values.removeAll(keepingCapacity: true)
        for i in 0 ..< width {
            guard let value = try reader.value(i, key, document) else { return false }
            values.append(distinctKey(value))
        }
        return true
    }

    /// `value` as DISTINCT compares it: numbers by value, as realm-core's
    /// mixed comparison does (`1`, `1.0` and decimal `1` are one value, and
    /// so are a float and the double it widens to, and `0.0` and `-0.0`).
    static func distinctKey(_ value: Value) -> Value {
        func number(_ d: Double) -> Value {
            if d == d.rounded(), abs(d) < 9.2e18 { return .int(Int64(d)) }
            return .double(d)
        }
        switch value {
        case let .float(f): return number(Double(f))
        case let .double(d): return number(d)
        case let .decimal128(d): return d.exactInt64.map(Value.int) ?? value
        default: return value
        }
    }
}
