import GeodeCore

/// The positions that changed between two versions of a collection:
/// deletions and modifications in the old one, insertions in the new one,
/// as Realm reports them (realm-core's `modifications`, the positions a table
/// view reloads in a batch of updates).
struct IndexChanges: Equatable {
    var deletions: [Int] = []
    var insertions: [Int] = []
    var modifications: [Int] = []
    /// Pairs of positions (old, new) of the elements in both versions that
    /// kept their relative order: the candidates for modifications.
    var kept: [(old: Int, new: Int)] = []

    var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && modifications.isEmpty }

    static func == (a: IndexChanges, b: IndexChanges) -> Bool {
        a.deletions == b.deletions && a.insertions == b.insertions && a.modifications == b.modifications
    }

    /// The changes between two versions of a collection whose elements are
    /// unique (the objects of a query, a set): an element in both keeps its
    /// place unless it moved past others, which is a deletion and an insertion.
    /// `replaced` says that an element of both is another one under the same
    /// identity (an object deleted and created again with its primary key).
    ///
    /// Linear but for the moves: the elements that keep their order are the
    /// longest increasing run of old positions (patience sorting).
    static func unique<Key: Hashable>(old: [Key], new: [Key], replaced: (Key) -> Bool = { _ in false }) -> IndexChanges {
        var changes = IndexChanges()
        if old == new, !old.contains(where: replaced) {
            changes.kept = old.indices.map { ($0, $0) }
            return changes
        }
        var oldPositions = [Key: Int](minimumCapacity: old.count)
        for (i, key) in old.enumerated() { oldPositions[key] = i }
        var common: [(old: Int, new: Int)] = []
        var inNew = [Bool](repeating: false, count: old.count)
        for (j, key) in new.enumerated() {
            if let i = oldPositions[key], !replaced(key) {
                common.append((i, j))
                inNew[i] = true
            } else {
                changes.insertions.append(j)
            }
        }
        for i in old.indices where !inNew[i] { changes.deletions.append(i) }
        let stay = longestIncreasingRun(common.map(\.old))
        for (n, pair) in common.enumerated() {
            if stay[n] {
                changes.kept.append(pair)
            } else {
                changes.deletions.append(pair.old)
                changes.insertions.append(pair.new)
            }
        }
        changes.deletions.sort()
        changes.insertions.sort()
        return changes
    }

    /// The changes between two versions of a list, whose elements may repeat:
    /// the shortest edit (Myers) of the standard library's `difference`, with
    /// an element removed and another inserted at the same position counted
    /// as a modification of that position, as Realm counts a replaced element.
    static func ordered<Element: Hashable>(old: [Element], new: [Element]) -> IndexChanges {
        var changes = IndexChanges()
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
            }
        }
        var o = 0
        var n = 0
        while o < old.count || n < new.count {
            if o < old.count && removed.contains(o) {
                o += 1
            } else if n < new.count && inserted.contains(n) {
                n += 1
            } else {
                if o < old.count && n < new.count { changes.kept.append((o, n)) }
                o += 1
                n += 1
            }
        }
        let replaced = removed.intersection(inserted)
        changes.modifications = replaced.sorted()
        changes.deletions = removed.subtracting(replaced).sorted()
        changes.insertions = inserted.subtracting(replaced).sorted()
        return changes
    }

    /// For each position of `values`, whether it belongs to one longest
    /// strictly increasing subsequence.
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // positions in `values` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var keep = [Bool](repeating: false, count: values.count)
        var at = tails.last ?? -1
        while at >= 0 {
            keep[at] = true
            at = previous[at]
        }
        return keep
    }
}
