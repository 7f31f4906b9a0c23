import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Realm Swift's remaining editing operations on lists, sets and maps —
/// `removeFirst`, `replaceSubrange`, `move(fromOffsets:toOffset:)`, set
/// algebra, `updateValue`, `merge` — on managed and unmanaged collections,
/// restating realm-swift's `ListTests` (and `ListRRCMethodsTests`),
/// `MutableSetTests`, `PrimitiveMutableSetTests` and `PrimitiveMapTests`.
@Suite struct CollectionEditingTests {
    final class Holder: Object {
        @Persisted var words: List<String>
        @Persisted var numbers: MutableSet<Int>
        @Persisted var scores: Map<String, Int>
    }

    /// Runs `body` on an unmanaged holder, then on a managed one inside a write.
    private func onBoth(_ body: (Holder) throws -> Void) throws {
        try body(Holder())
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Holder.self])
        let holder = Holder()
        try realm.write {
            realm.add(holder)
            try body(holder)
        }
    }

    // ListRRCMethodsTests.testRemoveFirst, testRemoveFirstFew, testRemoveLastFew
    @Test func removingFromEitherEndTakesThoseElements() throws {
        try onBoth { holder in
            holder.words.append(objectsIn: ["a", "b", "c", "d", "e"])
            #expect(holder.words.removeFirst() == "a")
            holder.words.removeFirst(2)
            holder.words.removeLast(1)
            #expect(Array(holder.words) == ["d"])
        }
    }

    // ListRRCMethodsTests.testInsert, testRemoveOpenSubrange, testReplaceOpenSubrange
    @Test func rangesAreInsertedRemovedAndReplaced() throws {
        try onBoth { holder in
            holder.words.append(objectsIn: ["a", "e"])
            holder.words.insert(contentsOf: ["b", "c", "d"], at: 1)
            #expect(Array(holder.words) == ["a", "b", "c", "d", "e"])
            holder.words.removeSubrange(1 ..< 3)
            #expect(Array(holder.words) == ["a", "d", "e"])
            holder.words.replaceSubrange(0 ..< 2, with: ["x", "y", "z"])
            #expect(Array(holder.words) == ["x", "y", "z", "e"])
        }
    }

    // ListTests.testReplace, testSwapAt, testMoveFromOffsets, testRemoveAtOffsets
    @Test func elementsAreReplacedSwappedAndMovedByOffsets() throws {
        try onBoth { holder in
            let words = holder.words  // a `let` list swaps, as Realm's class does
            words.append(objectsIn: ["a", "b", "c", "d"])
            words.replace(index: 0, object: "z")
            words.swapAt(1, 3)
            #expect(Array(words) == ["z", "d", "c", "b"])
            words.move(fromOffsets: IndexSet([0, 1]), toOffset: 4)
            #expect(Array(words) == ["c", "b", "z", "d"])
            words.remove(atOffsets: IndexSet([1, 3]))
            #expect(Array(words) == ["c", "z"])
            #expect(words.index(of: "z") == 1)
        }
    }

    // MutableSetTests.testSubset, testIntersects, testFormIntersection, testSubtract,
    // PrimitiveMutableSetTests.testFormUnion
    @Test func setsCompareAndCombine() throws {
        try onBoth { holder in
            holder.numbers.insert(objectsIn: [1, 2, 3])
            let other = MutableSet<Int>()
            other.insert(objectsIn: [2, 3, 4])
            #expect(!holder.numbers.isSubset(of: other))
            #expect(holder.numbers.intersects(other))
            holder.numbers.formIntersection(other)
            #expect(Set(holder.numbers) == [2, 3])
            #expect(holder.numbers.isSubset(of: other))
            holder.numbers.formUnion(other)
            #expect(Set(holder.numbers) == [2, 3, 4])
            holder.numbers.subtract(other)
            #expect(holder.numbers.isEmpty)
        }
    }

    // PrimitiveMapTests.testUpdate, testMerge, MapTests.testEnumeratingMap
    @Test func mapsUpdateAndMerge() throws {
        try onBoth { holder in
            holder.scores.updateValue(1, forKey: "ann")
            holder.scores.merge(["ann": 2, "bob": 5]) { old, new in old + new }
            #expect(holder.scores["ann"] == 3)
            #expect(holder.scores["bob"] == 5)
            let pairs = holder.scores.asKeyValueSequence().sorted { $0.key < $1.key }
            #expect(pairs.map(\.key) == ["ann", "bob"])
            #expect(pairs.map(\.value) == [3, 5])
        }
    }

    // ListTests.testFastEnumerationWithMutation, MutableSetTests.testFastEnumerationWithMutation
    @Test func iteratingWhileAddingVisitsTheElementsOfTheStart() throws {
        try onBoth { holder in
            holder.words.append(objectsIn: ["1", "2", "1", "2"])
            var seen = ""
            for word in holder.words {
                seen += word
                holder.words.append("1")
            }
            #expect(seen == "1212")
            #expect(holder.words.count == 8)
            holder.numbers.insert(objectsIn: [1, 2])
            var visits = 0
            for number in holder.numbers {
                visits += 1
                holder.numbers.insert(number + 10)
            }
            #expect(visits == 2)
            #expect(holder.numbers.count == 4)
        }
    }

    // ListTests.testPrimitive, MutableSetTests.testPrimitive (sum, average, min, max of numbers)
    @Test func listsAndSetsOfNumbersAggregate() throws {
        try onBoth { holder in
            #expect(holder.numbers.sum() == 0)
            #expect(holder.numbers.average() as Double? == nil)
            holder.numbers.insert(objectsIn: [1, 2, 6])
            #expect(holder.numbers.sum() == 9)
            #expect(holder.numbers.average() as Double? == 3)
            #expect(holder.numbers.min() == 1)
            #expect(holder.numbers.max() == 6)
        }
        let list = List<Double>()
        list.append(objectsIn: [1.5, 2.5])
        #expect(list.sum() == 4.0)
        #expect(list.average() as Double? == 2.0)
    }

    // ListTests.testInvalidated, MutableSetTests.testInvalidated, MapTests.testInvalidated
    @Test func collectionsOfADeletedObjectAreInvalidated() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Holder.self])
        let holder = Holder()
        #expect(!holder.words.isInvalidated)
        try realm.write { realm.add(holder) }
        let (words, numbers, scores) = (holder.words, holder.numbers, holder.scores)
        #expect(!words.isInvalidated && !numbers.isInvalidated && !scores.isInvalidated)
        try realm.write { realm.delete(holder) }
        #expect(words.isInvalidated)
        #expect(numbers.isInvalidated)
        #expect(scores.isInvalidated)
    }
}
