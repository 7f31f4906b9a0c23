extension IndexChanges {
    /// The changes between two versions of a sorted collection of unique
    /// elements, with realm-core's choice of which elements moved where more
    /// than one choice is as short: the elements that stay are the common runs
    /// found longest first (an equally long run with fewer of the `modified`
    /// new positions wins, so that an element modified into another place is
    /// the one reported as moved), then the same search on each side of it.
    /// `replaced` elements count as deleted and inserted (an object created
    /// again under a deleted one's key).
    ///
    /// Realm's search costs the collection's length for each run it finds;
    /// when that would pass ``runSearchBudget`` (a large result whose order a
    /// write scattered), the longest increasing run of ``unique(old:new:replaced:)``
    /// is taken instead: as short a change, which may name another element of
    /// an ambiguous pair as the one that moved.
    ///
    /// ```swift
    /// // [a, b, c] → [a, c, b], b modified: b moved (deleted at 1, inserted at 2).
    /// let changes = IndexChanges.sorted(old: ["a", "b", "c"], new: ["a", "c", "b"], modified: [2])
    /// ```
    static func sorted<Key: Hashable>(
        old: [Key], new: [Key], replaced: (Key) -> Bool = { _ in false }, modified: Set<Int>
    ) -> IndexChanges {
        var oldPositions = [Key: Int](minimumCapacity: old.count)
        for (i, key) in old.enumerated() where !replaced(key) { oldPositions[key] = i }
        var changes = IndexChanges()
        // The elements in both versions in their new order: (old position, new position).
        var staying: [(old: Int, new: Int)] = []
        var inNew = [Bool](repeating: false, count: old.count)
        for (j, key) in new.enumerated() {
            if let i = oldPositions[key] {
                staying.append((i, j))
                inNew[i] = true
            } else {
                changes.insertions.append(j)
            }
        }
        for i in old.indices where !inNew[i] { changes.deletions.append(i) }
        // `byOld[p]`: the element `p`th among the staying ones in the old order, as its place in `staying`.
        var byOld = Array(staying.indices)
        byOld.sort { staying[$0].old < staying[$1].old }
        guard let first = byOld.indices.first(where: { byOld[$0] != $0 }) else {
            changes.kept = staying
            return changes
        }
        var runs = 1
        for p in byOld.indices.dropFirst() where byOld[p] != byOld[p - 1] + 1 { runs += 1 }
        if staying.count > runSearchBudget / runs { return unique(old: old, new: new, replaced: replaced) }
        var stays = [Bool](repeating: true, count: staying.count)
        var matched = first
        var placed = first
        let matches = commonRuns(byOld, from: first, modified: modified)
        for run in matches {
            for p in matched ..< run.old { changes.deletions.append(staying[byOld[p]].old) }
            for q in placed ..< run.new { stays[q] = false }
            matched = run.old + run.length
            placed = run.new + run.length
        }
        for p in matched ..< byOld.count { changes.deletions.append(staying[byOld[p]].old) }
        for q in placed ..< staying.count { stays[q] = false }
        for (q, pair) in staying.enumerated() {
            if stays[q] { changes.kept.append(pair) } else { changes.insertions.append(pair.new) }
        }
        changes.deletions.sort()
        changes.insertions.sort()
        return changes
    }

    /// How much work (staying elements × their runs) realm-core's run search
    /// may take before the longest increasing run is used instead.
    static let runSearchBudget = 20_000_000

    /// The runs two orders of the same elements share, in order: `order[p]`
    /// is the new position of the element `p`th in the old order. The longest
    /// run in a range is taken, then the ranges before and after it are
    /// searched, as realm-core's longest-common-subsequence calculator does
    /// (with its bounds, kept here so that the answers are Realm's: the search
    /// after a run is bounded by the new range's end on both sides, and a tie
    /// counts the modified positions of the run it would replace from
    /// `length - 1` before its start). Positions in `modified` are new
    /// positions in the whole collection, compared with positions among the
    /// staying elements, as realm-core compares them.
    private static func commonRuns(_ order: [Int], from start: Int, modified: Set<Int>)
        -> [(old: Int, new: Int, length: Int)]
    {
        func modifiedCount(_ low: Int, _ high: Int) -> Int {
            // A range starting before 0 counts nothing, as realm-core's unsigned bounds do.
            guard low >= 0, low < high else { return 0 }
            return modified.count <= high - low
                ? modified.filter { $0 >= low && $0 < high }.count : (low ..< high).filter(modified.contains).count
        }
        /// The longest run in old positions `oldRange` and new positions `newRange`.
        func longest(_ oldRange: Range<Int>, _ newRange: Range<Int>) -> (old: Int, new: Int, length: Int) {
            var best = (old: oldRange.lowerBound, new: newRange.lowerBound, length: 0)
            var bestModified: Int?
            var previous: (new: Int, length: Int)?
            for i in oldRange {
                let j = order[i]
                guard newRange.contains(j) else {
                    previous = nil
                    continue
                }
                let length = previous.map { $0.new + 1 == j ? $0.length + 1 : 1 } ?? 1
                previous = (j, length)
                if length > best.length {
                    best = (i - length + 1, j - length + 1, length)
                    bestModified = nil
                } else if length == best.length {
                    let held = bestModified ?? modifiedCount(best.new - length + 1, best.new + 1)
                    bestModified = held
                    let count = modifiedCount(j - length + 1, j + 1)
                    if count < held {
                        best = (i - length + 1, j - length + 1, length)
                        bestModified = count
                    }
                }
            }
            return best
        }
        // The search as a stack of ranges (a scattered order would recurse once per run).
        enum Step {
            case search(Range<Int>, Range<Int>)
            case emit((old: Int, new: Int, length: Int))
        }
        var found: [(old: Int, new: Int, length: Int)] = []
        var steps: [Step] = [.search(start ..< order.count, start ..< order.count)]
        while let step = steps.popLast() {
            switch step {
            case let .emit(run):
                found.append(run)
            case let .search(oldRange, newRange):
                let run = longest(oldRange, newRange)
                guard run.length > 0 else { continue }
                // Pushed in reverse: the range after the run, the run, the range before it.
                if run.old + run.length < newRange.upperBound && run.new + run.length < newRange.upperBound {
                    steps.append(
                        .search(
                            run.old + run.length ..< oldRange.upperBound, run.new + run.length ..< newRange.upperBound))
                }
                steps.append(.emit(run))
                if run.old > oldRange.lowerBound && run.new > newRange.lowerBound {
                    steps.append(.search(oldRange.lowerBound ..< run.old, newRange.lowerBound ..< run.new))
                }
            }
        }
        return found
    }
}
