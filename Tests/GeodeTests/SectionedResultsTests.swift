import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Results, lists and sets sorted and split into sections, restating realm-swift's
/// `SectionedResultsTests` (creation from each collection, allKeys, subscripts,
/// freezing) with four words: banana, box, apple, chalk.
@Suite struct SectionedResultsTests {
    final class Word: Object {
        @Persisted var text = ""
        @Persisted var letters: List<String>
        @Persisted var letterSet: MutableSet<String>
        @Persisted var scores: List<Int?>

        /// The first letter (a computed property: it reads `text`).
        var firstLetter: String? { text.first.map { String($0) } }
    }

    private func fixture(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try directory.realm(of: [Word.self])
        try realm.write {
            for text in ["banana", "box", "apple", "chalk"] { realm.add(Word(value: ["text": text])) }
            let first = try #require(realm.objects(Word.self).first)
            first.letters.append(objectsIn: ["banana", "box", "apple", "chalk"])
            first.letterSet.insert(objectsIn: ["banana", "box", "apple", "chalk"])
            first.scores.append(objectsIn: [3, nil, 12, 5, nil, 14])
        }
        return realm
    }

    @Test func resultsSectionByAKeyPathOrABlockInSortOrder() throws {
        let directory = try TemporaryDirectory()
        let words = try fixture(directory).objects(Word.self)
        for (ascending, keys) in [(true, ["a", "b", "c"]), (false, ["c", "b", "a"])] {
            let byKeyPath = words.sectioned(by: \.firstLetter, ascending: ascending)
            #expect(byKeyPath.map(\.key) == keys)
            let sorted = [SortDescriptor(keyPath: "text", ascending: ascending)]
            #expect(words.sectioned(by: \.firstLetter, sortDescriptors: sorted).map(\.key) == keys)
            let byBlock = words.sectioned(by: { String($0.text.prefix(1)) }, sortDescriptors: sorted)
            #expect(byBlock.map(\.key) == keys)
        }
        let sections = words.sectioned(by: \.firstLetter, ascending: true)
        #expect(sections.allKeys == ["a", "b", "c"])
        #expect(sections[1].map(\.text) == ["banana", "box"])
        #expect(sections[0].count == 1)
        #expect(sections[0][0].text == "apple")
        #expect(sections[IndexPath(indexes: [0, 0])].text == "apple")
    }

    @Test func listsAndSetsOfValuesSectionByABlock() throws {
        let directory = try TemporaryDirectory()
        let first = try #require(try fixture(directory).objects(Word.self).first)
        for (ascending, keys) in [(true, ["a", "b", "c"]), (false, ["c", "b", "a"])] {
            #expect(first.letters.sectioned(by: { String($0.prefix(1)) }, ascending: ascending).map(\.key) == keys)
            #expect(first.letterSet.sectioned(by: { String($0.prefix(1)) }, ascending: ascending).map(\.key) == keys)
        }
        // Optional values: nil sorts first, and is a key of its own.
        let byTens = first.scores.sectioned(by: { $0.map { $0 / 10 } })
        #expect(byTens.map(\.key) == [nil, 0, 1])
        #expect(byTens.map { Array($0) } == [[nil, nil], [3, 5], [12, 14]])
    }

    @Test func sectionsFollowWritesAndFreeze() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let sections = realm.objects(Word.self).sectioned(by: \.firstLetter)
        #expect(!sections.isFrozen)
        let frozen = sections.freeze()
        #expect(frozen.isFrozen)
        try realm.write { realm.add(Word(value: ["text": "dune"])) }
        #expect(sections.allKeys == ["a", "b", "c", "d"])
        #expect(frozen.allKeys == ["a", "b", "c"])
        let thawed = try #require(frozen.thaw())
        #expect(!thawed.isFrozen)
        #expect(thawed.count == 4)
        let fromFrozenResults = realm.objects(Word.self).freeze().sectioned(by: \.firstLetter)
        #expect(fromFrozenResults.isFrozen)
    }
}
