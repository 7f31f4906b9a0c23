import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Change notifications of sectioned results and of one section, restating
/// realm-swift's `SectionedResultsTests` observation facts (the words banana,
/// box, apple and chalk, sectioned by their first letter).
@Suite struct SectionedResultsObserveTests {
    final class Word: Object {
        @Persisted var text = ""
        @Persisted var count = 0
        @Persisted var letters: List<String>

        var firstLetter: String? { text.first.map { String($0) } }
    }

    /// A change in one line: the number of sections or rows, then the rows
    /// deleted, inserted and modified and the sections inserted and deleted.
    static func summary<C>(_ change: SectionedResultsChange<C>, count: (C) -> Int) -> String {
        switch change {
        case let .initial(collection):
            return "initial \(count(collection))"
        case let .update(collection, deletions, insertions, modifications, sectionsToInsert, sectionsToDelete):
            let paths = { (paths: [IndexPath]) in paths.map { "\($0[0]).\($0[1])" }.joined(separator: " ") }
            return "\(count(collection)): -[\(paths(deletions))] +[\(paths(insertions))] ~[\(paths(modifications))] "
                + "sections +\(Array(sectionsToInsert)) -\(Array(sectionsToDelete))"
        }
    }

    private func fixture(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try directory.realm(of: [Word.self])
        try realm.write {
            for text in ["banana", "box", "apple", "chalk"] { realm.add(Word(value: ["text": text])) }
        }
        return realm
    }

    @Test func sectionsReportRowsThatMovedAsDeletedAndInsertedAndSectionsThatCameOrWent() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let words = realm.objects(Word.self)
        let sections = words.sectioned(by: \.firstLetter, ascending: true)
        let heard = Collected<String>()
        let token = sections.observe(keyPaths: ["text"]) { heard.add(Self.summary($0, count: \.count)) }
        realm.refresh()
        try realm.write {
            realm.delete([words[2], words[0]])  // apple, banana
            words[0].text = "bog"  // was box
            realm.add(Word(value: ["text": "zebra"]))
        }
        try realm.write {
            words[0].text = "bogg"
            words[1].count = 1  // not an observed key path
        }
        token.invalidate()
        #expect(
            heard.all == [
                "initial 3",
                // a went; box moved from b's second row to its first: deleted and inserted; z came.
                "3: -[1.0 1.1] +[0.0 2.0] ~[] sections +[2] -[0]",
                "3: -[] +[] ~[0.0] sections +[] -[]",
            ])
    }

    @Test func sectionsAreDeliveredOnAQueueAsReadThere() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let words = realm.objects(Word.self)
        let queue = DispatchQueue(label: "sections")
        let heard = Collected<String>()
        let token = words.sectioned(by: \.firstLetter, ascending: true).observe(keyPaths: [\Word.text], on: queue) {
            dispatchPrecondition(condition: .onQueue(queue))
            heard.add(Self.summary($0, count: \.count))
        }
        #expect(heard.wait(for: 1))
        try realm.write { realm.add(Word(value: ["text": "avocado"])) }
        #expect(heard.wait(for: 2))
        token.invalidate()
        #expect(heard.all == ["initial 3", "3: -[] +[0.1] ~[] sections +[] -[]"])
    }

    @Test func aSectionReportsOnlyItsOwnRowsAndItsComingAndGoing() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let words = realm.objects(Word.self)
        let sections = words.sectioned(by: \.firstLetter, ascending: true)
        let a = Collected<String>(), b = Collected<String>()
        let tokens = [
            sections[0].observe(keyPaths: [\Word.text]) { a.add(Self.summary($0, count: \.count)) },
            sections[1].observe(keyPaths: ["text"]) { b.add(Self.summary($0, count: \.count)) },
        ]
        realm.refresh()
        try realm.write { realm.delete([words[2], words[0]]) }  // apple, banana
        try realm.write {}
        try realm.write {
            words[0].text = "bog"  // was box
            realm.add(Word(value: ["text": "bag"]))
        }
        try realm.write { realm.add(Word(value: ["text": "app"])) }
        tokens.forEach { $0.invalidate() }
        #expect(
            a.all == [
                "initial 1",
                "0: -[] +[] ~[] sections +[] -[0]",
                "1: -[] +[0.0] ~[] sections +[0] -[]",
            ])
        #expect(
            b.all == [
                "initial 2",
                "1: -[1.0] +[] ~[] sections +[] -[]",
                "2: -[0.0] +[0.0 0.1] ~[] sections +[] -[]",
                // app comes before bag's section: b is now the second section, its rows unchanged.
            ])
    }

    @Test func aKeyPathFilterStillReportsElementsThatChangeSection() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let words = realm.objects(Word.self)
        let heard = Collected<String>()
        let token = words.sectioned(by: \.firstLetter, ascending: true).observe(keyPaths: [\Word.count]) {
            heard.add(Self.summary($0, count: \.count))
        }
        realm.refresh()
        let apple = try #require(words.where { $0.text == "apple" }.first)
        try realm.write { apple.text = "box" }  // moves to section b, after the box already there
        try realm.write { apple.count = 7 }
        token.invalidate()
        #expect(
            heard.all == [
                "initial 3",
                "2: -[] +[0.2] ~[] sections +[] -[0]",
                "2: -[] +[] ~[0.2] sections +[] -[]",
            ])
    }

    @Test func sectionsOfAListOfValuesFollowItsChanges() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let word = try #require(realm.objects(Word.self).first)
        try realm.write { word.letters.append(objectsIn: ["banana", "box", "apple", "chalk"]) }
        let heard = Collected<String>()
        let token = word.letters.sectioned(by: { String($0.prefix(1)) }).observe {
            heard.add(Self.summary($0, count: \.count))
        }
        realm.refresh()
        try realm.write {
            word.letters.remove(at: 3)  // chalk
            word.letters.append("avocado")
            word.letters[0] = "bean"  // replaces banana: a modification of the list
        }
        token.invalidate()
        // c went with chalk; avocado joins a; bean holds banana's slot and row: a modification.
        #expect(
            heard.all == [
                "initial 3",
                "2: -[] +[0.1] ~[1.0] sections +[] -[2]",
            ])
    }

    @Test func theWriteAnObserverIsLeftOutOfDoesNotReachIt() throws {
        let directory = try TemporaryDirectory()
        let realm = try fixture(directory)
        let words = realm.objects(Word.self)
        let sections = words.sectioned(by: \.firstLetter, ascending: true)
        let skipped = Collected<String>(), told = Collected<String>()
        let first = sections.observe { skipped.add(Self.summary($0, count: \.count)) }
        let second = sections.observe { told.add(Self.summary($0, count: \.count)) }
        realm.refresh()
        try realm.write(withoutNotifying: [first]) { realm.delete(words) }
        first.invalidate()
        second.invalidate()
        #expect(skipped.all == ["initial 3"])
        #expect(told.all == ["initial 3", "0: -[] +[] ~[] sections +[] -[0, 1, 2]"])
    }
}
