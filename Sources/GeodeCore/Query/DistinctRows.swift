/// The rows `SORT … DISTINCT(…)` keeps, gathered while a scan streams the
/// matches past: of each distinct value, the row that sorts first. A stable
/// sort followed by DISTINCT keeps exactly that row, so the other rows of a
/// value need neither be kept nor sorted.
///
/// Ties keep the row offered first, as a stable sort does; a scan offers rows
/// in key order, and the rows of a later part of the class are offered after.
///
/// ```swift
/// var rows = DistinctRows(ascending: [false])
/// try rows.offer(key, distinctValues) { i in sortKey(i) }
/// let (keys, values) = rows.rowsInOfferOrder()
/// ```
struct DistinctRows {
    private let ascending: [Bool]
    /// Kept rows: keys, when each was offered, and their sort keys `ascending.count` per row.
    private var keys: [ObjectKey] = []
    private var offered: [Int] = []
    private var offers = 0
    private var values: [QueryExecutor.SortKey] = []
    /// Each kept row's distinct values, and the row of each.
    private var distinctValues: [[Value]] = []
    private var rowOf: [[Value]: Int] = [:]

    /// Keeps one row per distinct value, the first in a sort in the
    /// directions of `ascending`.
    init(ascending: [Bool]) {
        self.ascending = ascending
    }

    /// Offers the row of `key`, whose distinct values are `distinct` and whose
    /// sort key `i` is `value(i)`.
    mutating func offer(_ key: ObjectKey, _ distinct: [Value], _ value: (Int) throws -> QueryExecutor.SortKey)
        rethrows
    {
        // The offered row goes after the kept ones, to be compared in place.
        for i in 0 ..< ascending.count { values.append(try value(i)) }
        place(key, distinct)
    }

    /// Offers every row `later` kept, as if the scan that found them had
    /// followed this one (the upper half of a class after the lower).
    mutating func append(_ later: DistinctRows) {
        let width = ascending.count
        for row in later.keys.indices.sorted(by: { later.offered[$0] < later.offered[$1] }) {
            values.append(contentsOf: later.values[row * width ..< (row + 1) * width])
            place(later.keys[row], later.distinctValues[row])
        }
    }

    /// The kept rows in the order they were offered (so that a stable sort of
    /// them gives the order of the whole sort's first row of each value).
    func rowsInOfferOrder() -> (keys: [ObjectKey], values: [QueryExecutor.SortKey]) {
        QueryExecutor.rows(
            keys, values, width: ascending.count, in: keys.indices.sorted { offered[$0] < offered[$1] })
    }

    /// Keeps the row whose sort keys were just appended to `values` if its
    /// value is new or it sorts before the row kept for its value.
    private mutating func place(_ key: ObjectKey, _ distinct: [Value]) {
        let width = ascending.count
        let row = keys.count
        offers += 1
        guard let kept = rowOf[distinct] else {
            rowOf[distinct] = row
            keys.append(key)
            offered.append(offers)
            distinctValues.append(distinct)
            return
        }
        if QueryExecutor.rowPrecedes(values, row, kept, ascending: ascending) == true {
            for i in 0 ..< width { values[kept * width + i] = values[row * width + i] }
            keys[kept] = key
            offered[kept] = offers
        }
        values.removeLast(width)
    }
}
