/// A set of document slots: which properties of an object a write changed.
///
/// ```swift
/// var slots = SlotSet()
/// slots.insert(3)
/// slots.contains(3)   // true
/// ```
package struct SlotSet: Hashable, Sendable {
    /// Bit `i % 64` of word `i / 64` is slot `i`.
    private var words: [UInt64] = []

    package init() {}

    package init<S: Sequence>(_ slots: S) where S.Element == Int {
        for slot in slots { insert(slot) }
    }

    package var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    package mutating func insert(_ slot: Int) {
        precondition(slot >= 0, "Geode: a negative document slot")
        let word = slot >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(slot & 63)
    }

    package func contains(_ slot: Int) -> Bool {
        let word = slot >> 6
        return slot >= 0 && word < words.count && words[word] & (1 << UInt64(slot & 63)) != 0
    }

    package mutating func remove(_ slot: Int) {
        let word = slot >> 6
        guard slot >= 0, word < words.count else { return }
        words[word] &= ~(1 << UInt64(slot & 63))
    }

    /// Whether every slot of this set is in `other`.
    package func isSubset(of other: SlotSet) -> Bool {
        words.enumerated().allSatisfy { i, word in word & (i < other.words.count ? other.words[i] : 0) == word }
    }

    package mutating func formUnion(_ other: SlotSet) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
        }
        for (i, word) in other.words.enumerated() { words[i] |= word }
    }

    /// The slots, in increasing order.
    package var slots: [Int] {
        var found: [Int] = []
        _ = contains { found.append($0); return false }
        return found
    }

    /// Whether a slot of the set satisfies `predicate`, asked in increasing
    /// order until one does: a migration asks it of every object, so it makes
    /// no array and visits only the bits that are set.
    package func contains(where predicate: (Int) throws -> Bool) rethrows -> Bool {
        for (i, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                if try predicate(i * 64 + rest.trailingZeroBitCount) { return true }
                rest &= rest - 1
            }
        }
        return false
    }
}
