/// The last few entries a cache handed out, looked through before its
/// dictionary: a query asked in a loop uses the same one or two each time,
/// and comparing a few entries costs less than hashing a key. Entries are
/// references, so looking through them copies no key or value.
///
/// ```swift
/// var recent = RecentEntries<Box>(capacity: 4)
/// recent.remember(box)
/// for entry in recent.entries where entry.key == key { return entry.value }
/// ```
package struct RecentEntries<Entry: AnyObject> {
    /// The entries, to look through in a loop at the call site (a generic
    /// search over a class-bound entry stays unspecialized, and cost more than
    /// the comparisons).
    package private(set) var entries: [Entry] = []
    /// The slot the next entry replaces once all are taken (oldest first).
    @usableFromInline var next = 0
    @usableFromInline let capacity: Int

    /// An empty list keeping at most `capacity` entries.
    @inlinable package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Keeps `entry`, in place of the oldest when the list is full.
    @inlinable package mutating func remember(_ entry: Entry) {
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % capacity
        }
    }
}
