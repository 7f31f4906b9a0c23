/// The first `capacity` rows of a sort among the rows streamed past it, for
/// `SORT … LIMIT(n)` and sorted reads by position: a bounded max-heap whose
/// top is the last row kept. A row is read one sort key at a time and turned
/// away as soon as a key puts it after that row — for most rows of a large
/// class, after the first key.
///
/// Ties keep the row offered first, as a stable sort does.
///
/// ```swift
/// var top = TopRows(capacity: 100, ascending: [true, false])
/// try top.offer(key) { i in sortKey(i) }
/// let (keys, values) = top.rowsInOfferOrder()
/// ```
struct TopRows {
    private let capacity: Int
    private let ascending: [Bool]
    /// Kept rows: keys, when each was offered, and their sort keys `ascending.count` per row.
    private var keys: [ObjectKey] = []
    private var offered: [Int] = []
    private var offers = 0
    private var values: [QueryExecutor.SortKey] = []
    /// Row numbers, arranged as a max-heap (the last row kept at the top).
    private var heap: [Int] = []
    private var candidate: [QueryExecutor.SortKey] = []

    /// Keeps at most `capacity` rows sorted by keys in the directions of
    /// `ascending`, compared as sorts compare them.
    init(capacity: Int, ascending: [Bool]) {
        self.capacity = Swift.max(0, capacity)
        self.ascending = ascending
    }

    /// Offers the row of `key`, whose sort key `i` is `value(i)` (read only as far as needed).
    mutating func offer(_ key: ObjectKey, _ value: (Int) throws -> QueryExecutor.SortKey) rethrows {
        let width = ascending.count
        offers += 1
        if heap.count < capacity {
            heap.append(keys.count)
            keys.append(key)
            offered.append(offers)
            for i in 0 ..< width { values.append(try value(i)) }
            var child = heap.count - 1
            while child > 0, precedes(heap[(child - 1) / 2], heap[child]) {
                heap.swapAt(child, (child - 1) / 2)
                child = (child - 1) / 2
            }
            return
        }
        guard let last = heap.first else { return }
        candidate.removeAll(keepingCapacity: true)
        for i in 0 ..< width {
            let v = try value(i)
            let order = QueryExecutor.compareForSort(v, values[last * width + i])
            if order == .orderedSame {
                candidate.append(v)
                continue
            }
            guard (order == .orderedAscending) == ascending[i] else { return }
            candidate.append(v)
            for j in i + 1 ..< width { candidate.append(try value(j)) }
            keys[last] = key
            offered[last] = offers
            for j in 0 ..< width { values[last * width + j] = candidate[j] }
            siftDown()
            return
        }
        // Equal sort keys: the kept row was offered first, and stays.
    }

    /// The kept rows in the order they were offered (so that a stable sort of
    /// them, or of several such sets laid end to end, gives the order of the whole).
    func rowsInOfferOrder() -> (keys: [ObjectKey], values: [QueryExecutor.SortKey]) {
        QueryExecutor.rows(
            keys, values, width: ascending.count, in: keys.indices.sorted { offered[$0] < offered[$1] })
    }

    /// Whether row `a` comes before row `b`.
    private func precedes(_ a: Int, _ b: Int) -> Bool {
        QueryExecutor.rowPrecedes(values, a, b, ascending: ascending) ?? (offered[a] < offered[b])
    }

    private mutating func siftDown() {
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var last = parent
            if left < heap.count, precedes(heap[last], heap[left]) { last = left }
            if right < heap.count, precedes(heap[last], heap[right]) { last = right }
            if last == parent { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }
}
