import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Facts from realm-swift's `RealmSwift/Tests/RealmCollectionTypeTests.swift`,
/// restated through Geode's public API.
///
/// Realm runs one body of tests over every kind of collection: results of a
/// whole class, filtered results, results over a list, lists (newly added,
/// newly created, retrieved, unmanaged), linking objects and
/// `AnyRealmCollection`. Each starts from two notes, "1" and "2", both pinned
/// to pin 1, and aggregates three readings (1, 2, 3). Here the results and list
/// tests take the kind as their argument; linking objects, the type-erased
/// collection and the unmanaged list have tests of their own. Only what Realm's
/// tests assert is asserted.
@Suite struct RealmCollectionBehaviourTests {
    final class Pin: Object {
        @Persisted var id = 0
        @Persisted(originProperty: "pin") var notes: LinkingObjects<Note>
        @Persisted(originProperty: "pin") var readings: LinkingObjects<Reading>
    }

    final class Note: Object {
        @Persisted var text: String? = ""
        @Persisted var pin: Pin?
    }

    final class Part: Object {
        @Persisted var number = 0
    }

    /// One value of each type the aggregates read.
    final class Reading: Object {
        @Persisted var integer = 0
        @Persisted var int8Value: Int8 = 0
        @Persisted var int16Value: Int16 = 0
        @Persisted var int32Value: Int32 = 0
        @Persisted var int64Value: Int64 = 0
        @Persisted var floatValue: Float = 0
        @Persisted var doubleValue = 0.0
        @Persisted var dateValue = Date()
        @Persisted var flag = true
        @Persisted var pin: Pin?
        @Persisted var part: Part?
    }

    final class NoteList: Object {
        @Persisted var notes: List<Note>
    }

    final class ReadingList: Object {
        @Persisted var readings: List<Reading>
    }

    final class Leaf: Object {
        @Persisted var number = 0
    }

    final class Branch: Object {
        @Persisted var leaves: List<Leaf>
    }

    final class Trunk: Object {
        @Persisted var branches: List<Branch>
    }

    /// A class whose objects are made through an initializer of its own.
    final class Greeting: Object {
        @Persisted var text = ""

        convenience init(text: String) {
            self.init()
            self.text = text
        }
    }

    /// A value stored as a string (a query argument may be either).
    struct Caption: CustomPersistable {
        typealias PersistedType = String
        var raw: String
        init(persistedValue: String) { raw = persistedValue }
        var persistableValue: String { raw }
    }

    static let types: [ObjectBase.Type] = [
        Pin.self, Note.self, Part.self, Reading.self, NoteList.self, ReadingList.self, Leaf.self, Branch.self,
        Trunk.self, Greeting.self,
    ]

    /// The kinds of `Results` Realm's tests run over.
    enum ResultsSource: String, CaseIterable, Sendable {
        /// Every object of the class (`ResultsFromTableTests`).
        case wholeClass
        /// The class narrowed by a query every object matches (`ResultsFromTableViewTests`).
        case filteredClass
        /// A list narrowed by a query every object matches (`ResultsFromLinkViewTests`).
        case filteredList
    }

    /// The kinds of managed `List` Realm's tests run over.
    enum ListSource: String, CaseIterable, Sendable {
        /// The list of an object added with it (`ListNewlyAddedRealmCollectionTests`).
        case newlyAdded
        /// The list of an object created with it (`ListNewlyCreatedRealmCollectionTests`).
        case newlyCreated
        /// The list of an object read back from the realm (`ListRetrievedRealmCollectionTests`).
        case retrieved
    }

    /// A realm holding two notes, "1" and "2", both pinned to pin 1, and the
    /// collections of them (and of three readings) the tests read.
    final class Fixture {
        let directory: TemporaryDirectory
        let realm: Realm
        let one: Note
        let two: Note

        init() throws {
            let directory = try TemporaryDirectory()
            let realm = try directory.realm(of: RealmCollectionBehaviourTests.types)
            let pin = Pin()
            pin.id = 1
            let one = Note()
            one.text = "1"
            one.pin = pin
            let two = Note()
            two.text = "2"
            two.pin = pin
            try realm.write {
                realm.add(one)
                realm.add(two)
                realm.add(pin)
            }
            self.directory = directory
            self.realm = realm
            self.one = one
            self.two = two
        }

        /// The two notes as results of `source`.
        func results(_ source: ResultsSource) throws -> Results<Note> {
            switch source {
            case .wholeClass:
                return realm.objects(Note.self)
            case .filteredClass:
                return realm.objects(Note.self).filter("text != ''")
            case .filteredList:
                return try list(.newlyCreated).filter("TRUEPREDICATE")
            }
        }

        /// The two notes as a managed list of `source`.
        func list(_ source: ListSource) throws -> List<Note> {
            switch source {
            case .newlyAdded:
                let holder = NoteList()
                holder.notes.append(objectsIn: [one, two])
                try realm.write { realm.add(holder) }
                return holder.notes
            case .newlyCreated:
                return try realm.write { realm.create(NoteList.self, value: ["notes": [one, two]]) }.notes
            case .retrieved:
                try realm.write { realm.create(NoteList.self, value: ["notes": [one, two]]) }
                return try #require(realm.objects(NoteList.self).last).notes
            }
        }

        /// The two notes as an unmanaged list.
        func unmanagedList() -> List<Note> {
            let holder = NoteList()
            holder.notes.append(objectsIn: [one, two])
            return holder.notes
        }

        /// The two notes as the objects linking to a new pin, 0.
        func backlinks() throws -> LinkingObjects<Note> {
            let pin = try realm.write { () -> Pin in
                let pin = realm.create(Pin.self, value: ["id": 0])
                for note in realm.objects(Note.self) { note.pin = pin }
                return pin
            }
            return pin.notes
        }

        /// The two notes as a type-erased collection of a list.
        func erased() throws -> AnyRealmCollection<Note> {
            AnyRealmCollection(try list(.newlyCreated))
        }

        /// Adds three readings, inside a write: 1, 2 and 3 in every integer
        /// width, floats 1.1, 2.2, 2.2, doubles 1.11, 2.22, 2.22 and dates 1 s,
        /// 2 s, 2 s after 1970.
        @discardableResult
        func addReadings() -> [Reading] {
            let values: [(Int, Float, Double, TimeInterval)] = [
                (1, 1.1, 1.11, 1), (2, 2.2, 2.22, 2), (3, 2.2, 2.22, 2),
            ]
            let readings = values.map { (whole, float, double, seconds) -> Reading in
                let reading = Reading()
                reading.integer = whole
                reading.int8Value = Int8(whole)
                reading.int16Value = Int16(whole)
                reading.int32Value = Int32(whole)
                reading.int64Value = Int64(whole)
                reading.floatValue = float
                reading.doubleValue = double
                reading.dateValue = Date(timeIntervalSince1970: seconds)
                return reading
            }
            realm.add(readings)
            return readings
        }

        /// The three readings as results of `source`.
        func readingResults(_ source: ResultsSource) throws -> Results<Reading> {
            switch source {
            case .wholeClass:
                try realm.write { addReadings() }
                return realm.objects(Reading.self)
            case .filteredClass:
                try realm.write { addReadings() }
                return realm.objects(Reading.self).filter("flag == true")
            case .filteredList:
                let holder = try realm.write { realm.create(ReadingList.self, value: ["readings": addReadings()]) }
                return holder.readings.filter("TRUEPREDICATE")
            }
        }

        /// The three readings as a managed list of `source`.
        func readingList(_ source: ListSource) throws -> List<Reading> {
            switch source {
            case .newlyAdded:
                let holder = ReadingList()
                try realm.write {
                    holder.readings.append(objectsIn: addReadings())
                    realm.add(holder)
                }
                return holder.readings
            case .newlyCreated:
                return try realm.write { realm.create(ReadingList.self, value: ["readings": addReadings()]) }
                    .readings
            case .retrieved:
                try realm.write { realm.create(ReadingList.self, value: ["readings": addReadings()]) }
                return try #require(realm.objects(ReadingList.self).last).readings
            }
        }

        /// The three readings as the objects linking to a new pin, 0.
        func readingBacklinks() throws -> LinkingObjects<Reading> {
            let pin = try realm.write { () -> Pin in
                let readings = addReadings()
                let pin = realm.create(Pin.self, value: ["id": 0])
                for reading in readings { reading.pin = pin }
                return pin
            }
            return pin.readings
        }
    }

    /// `text` with each address (`<0x…>`) written as `<0x>` and the classes
    /// named without this suite (as Realm names them).
    static func withoutAddresses(_ text: String) -> String {
        text.replacingOccurrences(of: "<0x[0-9a-f]+>", with: "<0x>", options: .regularExpression)
            .replacingOccurrences(of: "RealmCollectionBehaviourTests.", with: "")
    }

    /// What Realm prints for a collection `kind` of the two notes pinned to `pin`.
    static func describedNotes(_ kind: String, pin: Int) -> String {
        "\(kind)<Note> <0x> (\n"
            + "\t[0] Note {\n\t\ttext = 1;\n\t\tpin = Pin {\n\t\t\tid = \(pin);\n\t\t};\n\t},\n"
            + "\t[1] Note {\n\t\ttext = 2;\n\t\tpin = Pin {\n\t\t\tid = \(pin);\n\t\t};\n\t}\n)"
    }

    /// Whether `value` is within 0.001 of `expected` (Realm's `accuracy: 0.001`).
    static func isClose<F: BinaryFloatingPoint>(_ value: F, _ expected: F) -> Bool {
        abs(value - expected) < 0.001
    }
}

// MARK: - Results

extension RealmCollectionBehaviourTests {
    @Test(arguments: ResultsSource.allCases)
    func resultsBelongToTheRealmTheyWereReadFrom(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testRealm
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.realm?.configuration.fileURL == fixture.realm.configuration.fileURL)
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsDescribeEachObjectIndented(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testDescription
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(Self.withoutAddresses(notes.description) == Self.describedNotes("Results", pin: 1))
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsCountEveryObjectAndEachFilteredSubset(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testCount
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.count == 2)
        #expect(notes.filter("text = '1'").count == 1)
        #expect(notes.filter("text = '2'").count == 1)
        #expect(notes.filter("text = '0'").count == 0)
        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "2" }.count == 1)
        #expect(notes.where { $0.text == "0" }.count == 0)
    }

    @Test(arguments: ResultsSource.allCases)
    func indexOfAnObjectIsItsPositionOrNilWhenFilteredOut(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testIndexOfObject
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.index(of: fixture.one) == 0)
        #expect(notes.index(of: fixture.two) == 1)

        let onlyOne = notes.filter("text = '1'")
        #expect(onlyOne.index(of: fixture.one) == 0)
        #expect(onlyOne.index(of: fixture.two) == nil)

        let onlyOneTyped = notes.where { $0.text == "1" }
        #expect(onlyOneTyped.index(of: fixture.one) == 0)
        #expect(onlyOneTyped.index(of: fixture.two) == nil)
    }

    @Test(arguments: ResultsSource.allCases)
    func indexMatchingAQueryIsTheFirstMatchOrNil(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testIndexOfFormat
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.index(matching: "text = '1'") == 0)
        #expect(notes.index(matching: "text = %@", "1") == 0)
        #expect(notes.index(matching: "text = %@", "2") == 1)
        #expect(notes.index(matching: "text = %@", "3") == nil)
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsReadObjectsByPosition(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testSubscript
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes[0] == fixture.one)
        #expect(notes[1] == fixture.two)
    }

    @Test(arguments: ResultsSource.allCases)
    func firstOfResultsIsTheirFirstMatchOrNil(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testFirst
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.first == fixture.one)
        #expect(notes.filter("text = '2'").first == fixture.two)
        #expect(notes.filter("text = '3'").first == nil)
        #expect(notes.where { $0.text == "2" }.first == fixture.two)
        #expect(notes.where { $0.text == "3" }.first == nil)
    }

    @Test(arguments: ResultsSource.allCases)
    func lastOfResultsIsTheirLastMatchOrNil(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testLast
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.last == fixture.two)
        #expect(notes.filter("text = '2'").last == fixture.two)
        #expect(notes.filter("text = '3'").last == nil)
        #expect(notes.where { $0.text == "2" }.last == fixture.two)
        #expect(notes.where { $0.text == "3" }.last == nil)
    }

    @Test(arguments: ResultsSource.allCases)
    func valueForKeyListsThePropertyOfEachObjectInOrder(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testValueForKey
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let texts = try #require(notes.value(forKey: "text") as? [String])
        #expect(texts == notes.map { $0.text ?? "" })
        #expect(texts == ["1", "2"])
    }

    @Test(arguments: ResultsSource.allCases)
    func setValueForKeySetsThePropertyOfEveryObject(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testSetValueForKey
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        try fixture.realm.write { notes.setValue("hi there!", forKey: "text") }
        #expect(notes.map(\.text) == [String?](repeating: "hi there!", count: notes.count))
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsFilterByQueryTextWithEveryKindOfArgumentAndByWhere(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testFilterFormat
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(notes.filter("text = '1'").count == 1)
        #expect(notes.filter("text = %@", "1").count == 1)
        #expect(notes.filter("text = %@", "2").count == 1)
        #expect(notes.filter("text = %@", "3").count == 0)

        #expect(notes.filter("text = %@", AnyRealmValue.string("1")).count == 1)
        #expect(notes.filter("text = %@", AnyRealmValue.string("2")).count == 1)
        #expect(notes.filter("text = %@", AnyRealmValue.string("3")).count == 0)

        #expect(notes.filter("text = %@", Caption(persistedValue: "1")).count == 1)
        #expect(notes.filter("text = %@", Caption(persistedValue: "2")).count == 1)
        #expect(notes.filter("text = %@", Caption(persistedValue: "3")).count == 0)

        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "3" }.count == 0)
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsFilterByOptionalArgumentsIncludingNil(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testFilterWithAnyVarags
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let first: String? = "1"
        let second: String = "2"
        let third: String? = nil
        let matched = notes.filter(
            "text = %@ OR text = %@ OR text = %@", first as Any, second as Any, third as Any)
        #expect(matched.count == 2)
        #expect(notes.where { $0.text == first || $0.text == second || $0.text == third }.count == 2)
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsSortByAPropertyEitherWayAndThroughALink(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testSortWithProperty
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let ascending = notes.sorted(byKeyPath: "text", ascending: true)
        #expect(ascending[0].text == "1")
        #expect(ascending[1].text == "2")

        let descending = notes.sorted(byKeyPath: "text", ascending: false)
        #expect(descending[0].text == "2")
        #expect(descending[1].text == "1")

        let byPin = notes.sorted(byKeyPath: "pin.id", ascending: true)
        #expect(byPin[0].text == "1")
        #expect(byPin[1].text == "2")
    }

    @Test(arguments: ResultsSource.allCases)
    func sortingByNoDescriptorsKeepsTheOrderAndByOneOrdersByIt(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testSortWithDescriptor
        let fixture = try Fixture()
        let readings = try fixture.readingResults(source)
        let noDescriptors: [Geode.SortDescriptor] = []
        let notActuallySorted = readings.sorted(by: noDescriptors)
        #expect(Array(notActuallySorted) == Array(readings))

        let sorted = readings.sorted(by: [SortDescriptor(keyPath: "integer", ascending: true)])
        #expect(sorted.map(\.integer) == [1, 2, 3])
    }

    @Test(arguments: ResultsSource.allCases)
    func minimumOfResultsIsTheSmallestValueOfEachType(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testMin
        let fixture = try Fixture()
        let readings = try fixture.readingResults(source)
        #expect(readings.min(ofProperty: "integer") as Int? == 1)
        #expect(readings.min(ofProperty: "int8Value") as Int8? == 1)
        #expect(readings.min(ofProperty: "int16Value") as Int16? == 1)
        #expect(readings.min(ofProperty: "int32Value") as Int32? == 1)
        #expect(readings.min(ofProperty: "int64Value") as Int64? == 1)
        #expect(readings.min(ofProperty: "floatValue") as Float? == 1.1)
        #expect(readings.min(ofProperty: "doubleValue") as Double? == 1.11)
        #expect(readings.min(ofProperty: "dateValue") as Date? == Date(timeIntervalSince1970: 1))
    }

    @Test(arguments: ResultsSource.allCases)
    func maximumOfResultsIsTheLargestValueOfEachType(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testMax
        let fixture = try Fixture()
        let readings = try fixture.readingResults(source)
        #expect(readings.max(ofProperty: "integer") as Int? == 3)
        #expect(readings.max(ofProperty: "int8Value") as Int8? == 3)
        #expect(readings.max(ofProperty: "int16Value") as Int16? == 3)
        #expect(readings.max(ofProperty: "int32Value") as Int32? == 3)
        #expect(readings.max(ofProperty: "int64Value") as Int64? == 3)
        #expect(readings.max(ofProperty: "floatValue") as Float? == 2.2)
        #expect(readings.max(ofProperty: "doubleValue") as Double? == 2.22)
        #expect(readings.max(ofProperty: "dateValue") as Date? == Date(timeIntervalSince1970: 2))
    }

    @Test(arguments: ResultsSource.allCases)
    func sumOfResultsAddsTheValuesOfEachType(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testSum
        let fixture = try Fixture()
        let readings = try fixture.readingResults(source)
        #expect(readings.sum(ofProperty: "integer") as Int == 6)
        #expect(readings.sum(ofProperty: "int8Value") as Int8 == 6)
        #expect(readings.sum(ofProperty: "int16Value") as Int16 == 6)
        #expect(readings.sum(ofProperty: "int32Value") as Int32 == 6)
        #expect(readings.sum(ofProperty: "int64Value") as Int64 == 6)
        let floatSum: Float = readings.sum(ofProperty: "floatValue")
        #expect(Self.isClose(floatSum, 5.5))
        let doubleSum: Double = readings.sum(ofProperty: "doubleValue")
        #expect(Self.isClose(doubleSum, 5.55))
    }

    @Test(arguments: ResultsSource.allCases)
    func averageOfResultsIsTheMeanOfEachType(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testAverage
        let fixture = try Fixture()
        let readings = try fixture.readingResults(source)
        #expect(readings.average(ofProperty: "integer") as Double? == 2)
        #expect(readings.average(ofProperty: "int8Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int16Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int32Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int64Value") as Double? == 2)
        let floatMean = try #require(readings.average(ofProperty: "floatValue") as Double?)
        #expect(Self.isClose(floatMean, 1.8333))
        let doubleMean = try #require(readings.average(ofProperty: "doubleValue") as Double?)
        #expect(Self.isClose(doubleMean, 1.85))
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsEnumerateTheirObjectsInOrder(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testFastEnumeration
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        var joined = ""
        for note in notes { joined += note.text ?? "" }
        #expect(joined == "12")
    }

    @Test(arguments: ResultsSource.allCases)
    func deletingEachObjectWhileEnumeratingResultsEmptiesThem(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testFastEnumerationWithMutation
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        try fixture.realm.write {
            for note in notes { fixture.realm.delete(note) }
        }
        #expect(notes.count == 0)
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsAreFrozenOnlyOnceFrozen(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testIsFrozen
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        #expect(!notes.isFrozen)
        #expect(notes.freeze().isFrozen)
    }

    @Test(arguments: ResultsSource.allCases)
    func thawedResultsAreLiveWhileTheFrozenOnesKeepTheirObjects(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testThaw
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let frozen = notes.freeze()
        #expect(frozen.isFrozen)

        let live = try #require(frozen.thaw())
        #expect(!live.isFrozen)
        let liveRealm = try #require(live.realm)
        try liveRealm.write { liveRealm.delete(live) }
        #expect(live.isEmpty)
        #expect(!frozen.isEmpty)
    }

    @Test(arguments: ResultsSource.allCases)
    func frozenResultsThawOnAnotherThread(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testThawFromDifferentThread
        let fixture = try Fixture()
        let frozen = try fixture.results(source).freeze()
        #expect(frozen.isFrozen)

        let handed = Handoff(frozen)
        let seen = Handoff<(liveIsFrozen: Bool, liveIsEmpty: Bool, frozenIsEmpty: Bool)?>(nil)
        let failure = Handoff<String?>(nil)
        let finished = runOnNewThread {
            guard let live = handed.value.thaw() else {
                failure.value = "thawed results are nil"
                return
            }
            let liveIsFrozen = live.isFrozen
            do {
                guard let liveRealm = live.realm else {
                    failure.value = "thawed results have no realm"
                    return
                }
                try liveRealm.write { liveRealm.delete(live) }
            } catch {
                failure.value = "\(error)"
                return
            }
            seen.value = (liveIsFrozen, live.isEmpty, handed.value.isEmpty)
        }
        #expect(finished)
        #expect(failure.value == nil)
        let outcome = try #require(seen.value)
        #expect(!outcome.liveIsFrozen)
        #expect(outcome.liveIsEmpty)
        #expect(!outcome.frozenIsEmpty)
    }

    @Test(arguments: ResultsSource.allCases)
    func thawedResultsSeeWritesMadeAfterTheyWereFrozen(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testThawPreviousVersion
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let frozen = notes.freeze()
        #expect(frozen.isFrozen)
        #expect(notes.count == frozen.count)

        let realm = try #require(notes.realm)
        try realm.write { realm.delete(notes) }
        #expect(frozen.count != notes.count, "frozen results do not change")

        let live = try #require(frozen.thaw())
        #expect(live.isEmpty, "thawed results see the writes made since they were frozen")
        #expect(!frozen.isEmpty)
        #expect(live.count == notes.count)
    }

    @Test(arguments: ResultsSource.allCases)
    func resultsFrozenOnAnotherThreadKeepThatThreadsVersion(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testThawUpdatedOnDifferentThread: thawed here, the results read this
        // thread's version (two notes) until its realm refreshes.
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let reference = ThreadSafeReference(to: notes)
        #expect(notes.count == 2)
        #expect(notes.filter("text == %@", "3").count == 0)
        #expect(notes.where { $0.text == "3" }.count == 0)

        let configuration = fixture.realm.configuration
        let frozenThere = Handoff<(all: Results<Note>, query: Results<Note>)?>(nil)
        let failure = Handoff<String?>(nil)
        let finished = runOnNewThread {
            do {
                let realm = try Realm(configuration: configuration)
                guard let resolved = realm.resolve(reference) else {
                    failure.value = "the reference did not resolve"
                    return
                }
                try realm.write {
                    guard let first = resolved.first else { return }
                    first.text = "3"
                }
                try realm.write {
                    guard let last = resolved.last else { return }
                    realm.delete(last)
                }
                let query = resolved.filter("text == %@", "1")
                frozenThere.value = (resolved.freeze(), query.freeze())
            } catch {
                failure.value = "\(error)"
            }
        }
        #expect(finished)
        #expect(failure.value == nil)
        let (frozen, frozenQuery) = try #require(frozenThere.value)

        let thawed = try #require(frozen.thaw())
        #expect(frozen.count == 1)
        #expect(frozen.first?.text == "3")
        #expect(frozen.filter("text == %@", "1").count == 0)
        #expect(frozen.filter("text == %@", "2").count == 0)
        #expect(frozen.filter("text == %@", "3").count == 1)
        #expect(frozen.where { $0.text == "1" }.count == 0)
        #expect(frozen.where { $0.text == "2" }.count == 0)
        #expect(frozen.where { $0.text == "3" }.count == 1)

        // This thread's results stay at this thread's version until it refreshes.
        #expect(notes.count == 2)
        #expect(notes.first?.text == "1")
        #expect(notes.filter("text == %@", "1").count == 1)
        #expect(notes.filter("text == %@", "2").count == 1)
        #expect(notes.filter("text == %@", "3").count == 0)
        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "2" }.count == 1)
        #expect(notes.where { $0.text == "3" }.count == 0)

        let thawedQuery = try #require(frozenQuery.thaw())
        #expect(frozenQuery.count == 0)
        #expect(frozenQuery.first?.text == nil)
        #expect(frozenQuery.filter("text == %@", "1").count == 0)
        #expect(frozenQuery.filter("text == %@", "2").count == 0)
        #expect(frozenQuery.filter("text == %@", "3").count == 0)
        #expect(frozenQuery.where { $0.text == "1" }.count == 0)
        #expect(frozenQuery.where { $0.text == "2" }.count == 0)
        #expect(frozenQuery.where { $0.text == "3" }.count == 0)

        // Thawed into this thread's realm, which has not refreshed yet.
        #expect(thawed.count == 2)
        #expect(thawed.filter("text == %@", "1").count == 1)
        #expect(thawed.where { $0.text == "3" }.count == 0)
        #expect(thawedQuery.count == 1)
        #expect(thawedQuery.first?.text == "1")

        try #require(notes.realm).refresh()

        #expect(thawed.count == 1)
        #expect(thawed.first?.text == "3")
        #expect(thawed.filter("text == %@", "1").count == 0)
        #expect(thawed.filter("text == %@", "2").count == 0)
        #expect(thawed.filter("text == %@", "3").count == 1)
        #expect(thawed.where { $0.text == "1" }.count == 0)
        #expect(thawed.where { $0.text == "2" }.count == 0)
        #expect(thawed.where { $0.text == "3" }.count == 1)

        #expect(thawedQuery.count == 0)
        #expect(thawedQuery.first?.text == nil)
        #expect(thawedQuery.filter("text == %@", "1").count == 0)
        #expect(thawedQuery.filter("text == %@", "2").count == 0)
        #expect(thawedQuery.filter("text == %@", "3").count == 0)
        #expect(thawedQuery.where { $0.text == "1" }.count == 0)
        #expect(thawedQuery.where { $0.text == "2" }.count == 0)
        #expect(thawedQuery.where { $0.text == "3" }.count == 0)

        #expect(notes.count == 1)
        #expect(notes.first?.text == "3")
        #expect(notes.filter("text == %@", "1").count == 0)
        #expect(notes.filter("text == %@", "2").count == 0)
        #expect(notes.filter("text == %@", "3").count == 1)
        #expect(notes.where { $0.text == "1" }.count == 0)
        #expect(notes.where { $0.text == "2" }.count == 0)
        #expect(notes.where { $0.text == "3" }.count == 1)
    }

    @Test(arguments: ResultsSource.allCases)
    func aFrozenObjectOfResultsThawsToNilOnceDeleted(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testThawDeletedParent
        let fixture = try Fixture()
        let notes = try fixture.results(source)
        let frozenNote = try #require(notes.first).freeze()
        #expect(frozenNote.isFrozen)

        let realm = try #require(notes.realm)
        try realm.write { realm.delete(notes) }
        #expect(notes.first == nil)
        #expect(frozenNote.thaw() == nil)
    }

    @Test(arguments: ResultsSource.allCases)
    func frozenResultsReadOnAnotherThread(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testAccessFrozenCollectionFromDifferentThread
        let fixture = try Fixture()
        let frozen = Handoff(try fixture.results(source).freeze())
        let texts = Handoff<[String?]>([])
        let finished = runOnNewThread { texts.value = [frozen.value[0].text, frozen.value[1].text] }
        #expect(finished)
        #expect(texts.value == ["1", "2"])
    }

    @Test(arguments: ResultsSource.allCases)
    func queryingFrozenResultsGivesFrozenResults(_ source: ResultsSource) throws {
        // RealmCollectionTypeTests.testQueryFrozenCollection
        let fixture = try Fixture()
        let frozen = try fixture.results(source).freeze()
        #expect(frozen.filter("text = '1'").count == 1)
        #expect(frozen.filter("text = '2'").count == 1)
        #expect(frozen.filter("text = '3'").count == 0)
        #expect(frozen.filter("text = '3'").isFrozen)

        #expect(frozen.where { $0.text == "1" }.count == 1)
        #expect(frozen.where { $0.text == "2" }.count == 1)
        #expect(frozen.where { $0.text == "3" }.count == 0)
        #expect(frozen.where { $0.text == "3" }.isFrozen)
    }

    @Test func sizedIntegerPropertiesMatchSizedIntegerArguments() throws {
        // RealmCollectionTypeTests.testFilterWithInt8Property, testFilterWithInt16Property,
        // testFilterWithInt32Property and testFilterWithInt64Property (Realm passes the
        // arguments with %d, Geode's query text takes them with %@)
        let fixture = try Fixture()
        try fixture.realm.write { fixture.addReadings() }
        let readings = fixture.realm.objects(Reading.self)

        #expect(readings.filter("int8Value = %@", Int8(0)).count == 0)
        #expect(readings.filter("int8Value = %@", Int8(1)).count == 1)
        #expect(readings.filter("int8Value = %@", Int8(2)).count == 1)
        #expect(readings.filter("int8Value = %@", Int8(3)).count == 1)
        #expect(readings.where { $0.int8Value == 0 }.count == 0)
        #expect(readings.where { $0.int8Value == 1 }.count == 1)
        #expect(readings.where { $0.int8Value == 2 }.count == 1)
        #expect(readings.where { $0.int8Value == 3 }.count == 1)

        #expect(readings.filter("int16Value = %@", Int16(0)).count == 0)
        #expect(readings.filter("int16Value = %@", Int16(1)).count == 1)
        #expect(readings.filter("int16Value = %@", Int16(2)).count == 1)
        #expect(readings.filter("int16Value = %@", Int16(3)).count == 1)
        #expect(readings.where { $0.int16Value == 0 }.count == 0)
        #expect(readings.where { $0.int16Value == 1 }.count == 1)
        #expect(readings.where { $0.int16Value == 2 }.count == 1)
        #expect(readings.where { $0.int16Value == 3 }.count == 1)

        #expect(readings.filter("int32Value = %@", Int32(0)).count == 0)
        #expect(readings.filter("int32Value = %@", Int32(1)).count == 1)
        #expect(readings.filter("int32Value = %@", Int32(2)).count == 1)
        #expect(readings.filter("int32Value = %@", Int32(3)).count == 1)
        #expect(readings.where { $0.int32Value == 0 }.count == 0)
        #expect(readings.where { $0.int32Value == 1 }.count == 1)
        #expect(readings.where { $0.int32Value == 2 }.count == 1)
        #expect(readings.where { $0.int32Value == 3 }.count == 1)

        #expect(readings.filter("int64Value = %@", Int64(0)).count == 0)
        #expect(readings.filter("int64Value = %@", Int64(1)).count == 1)
        #expect(readings.filter("int64Value = %@", Int64(2)).count == 1)
        #expect(readings.filter("int64Value = %@", Int64(3)).count == 1)
        #expect(readings.where { $0.int64Value == 0 }.count == 0)
        #expect(readings.where { $0.int64Value == 1 }.count == 1)
        #expect(readings.where { $0.int64Value == 2 }.count == 1)
        #expect(readings.where { $0.int64Value == 3 }.count == 1)
    }

    @Test func aListFiltersByWhetherItsElementsListsHoldAnyOfSomeResults() throws {
        // RealmCollectionTypeTests.testFilterList
        try withTemporaryRealm(of: Self.types) { realm in
            let trunk = Trunk()
            let branch = Branch()
            branch.leaves.append(Leaf())
            trunk.branches.append(branch)
            try realm.write { realm.add(trunk) }
            #expect(trunk.branches.filter("ANY leaves IN %@", realm.objects(Leaf.self)).count == 1)
            #expect(trunk.branches.where { $0.leaves.containsAny(in: realm.objects(Leaf.self)) }.count == 1)
        }
    }

    @Test func resultsFilterByWhetherTheirListsHoldAnyOfOtherResults() throws {
        // RealmCollectionTypeTests.testFilterResults
        try withTemporaryRealm(of: Self.types) { realm in
            let branch = Branch()
            branch.leaves.append(Leaf())
            try realm.write { realm.add(branch) }
            let branches = realm.objects(Branch.self)
            #expect(branches.filter("ANY leaves IN %@", realm.objects(Leaf.self)).count == 1)
            #expect(branches.where { $0.leaves.containsAny(in: realm.objects(Leaf.self)) }.count == 1)
        }
    }

    @Test func valueForKeyListsThePropertyOfObjectsMadeByACustomInitializer() throws {
        // ResultsWithCustomInitializerTests.testValueForKey
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.add(Greeting(text: "A")) }
            let greetings = realm.objects(Greeting.self)
            let texts = try #require(greetings.value(forKey: "text") as? [String])
            #expect(texts == greetings.map(\.text))
            #expect(texts == ["A"])
        }
    }

    @Test func distinctKeepsTheFirstObjectOfEachCombinationOfValues() throws {
        // ResultsDistinctTests.testDistinctResultsUsingKeyPaths
        try withTemporaryRealm(of: Self.types) { realm in
            let rows: [(integer: Int, flag: Bool, part: Int?)] = [
                (1, true, 1), (1, true, 1), (1, false, 2), (2, false, nil),
            ]
            try realm.write {
                for row in rows {
                    let reading = Reading()
                    reading.integer = row.integer
                    reading.flag = row.flag
                    if let number = row.part {
                        let part = Part()
                        part.number = number
                        reading.part = part
                    }
                    realm.add(reading)
                }
            }
            let readings = realm.objects(Reading.self)

            let byInteger = readings.distinct(by: ["integer"])
            #expect(byInteger.map(\.integer) == [1, 2])

            let byIntegerAndFlag = readings.distinct(by: ["integer", "flag"])
            #expect(byIntegerAndFlag.map { [$0.integer, $0.flag ? 1 : 0] } == [[1, 1], [1, 0], [2, 0]])

            // The reading without a part has no value at the key path: it is left out.
            let byPart = readings.distinct(by: ["part.number"])
            #expect(byPart.map { $0.part?.number } == [1, 2])
        }
    }
}

// MARK: - List

extension RealmCollectionBehaviourTests {
    @Test(arguments: ListSource.allCases)
    func aListBelongsToTheRealmOfItsObject(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testRealm
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(notes.realm?.configuration.fileURL == fixture.realm.configuration.fileURL)
    }

    @Test(arguments: ListSource.allCases)
    func aListDescribesEachObjectIndented(_ source: ListSource) throws {
        // ListRealmCollectionTests.testDescription
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(Self.withoutAddresses(notes.description) == Self.describedNotes("List", pin: 1))
    }

    @Test(arguments: ListSource.allCases)
    func aListCountsEveryObjectAndEachFilteredSubset(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testCount
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(notes.count == 2)
        #expect(notes.filter("text = '1'").count == 1)
        #expect(notes.filter("text = '2'").count == 1)
        #expect(notes.filter("text = '0'").count == 0)
        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "2" }.count == 1)
        #expect(notes.where { $0.text == "0" }.count == 0)
    }

    @Test(arguments: ListSource.allCases)
    func aFilteredListFindsTheIndexOfMatchesOnly(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testIndexOfObject (the filtered results; List itself has no index(of:))
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        let onlyOne = notes.filter("text = '1'")
        #expect(onlyOne.index(of: fixture.one) == 0)
        #expect(onlyOne.index(of: fixture.two) == nil)

        let onlyOneTyped = notes.where { $0.text == "1" }
        #expect(onlyOneTyped.index(of: fixture.one) == 0)
        #expect(onlyOneTyped.index(of: fixture.two) == nil)
    }

    @Test(arguments: ListSource.allCases)
    func aListReadsObjectsByPosition(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testSubscript
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(notes[0] == fixture.one)
        #expect(notes[1] == fixture.two)
    }

    @Test(arguments: ListSource.allCases)
    func firstOfAListIsItsFirstMatchOrNil(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testFirst
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(notes.first == fixture.one)
        #expect(notes.filter("text = '2'").first == fixture.two)
        #expect(notes.filter("text = '3'").first == nil)
        #expect(notes.where { $0.text == "2" }.first == fixture.two)
        #expect(notes.where { $0.text == "3" }.first == nil)
    }

    @Test(arguments: ListSource.allCases)
    func lastOfAListIsItsLastMatchOrNil(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testLast
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(notes.last == fixture.two)
        #expect(notes.filter("text = '2'").last == fixture.two)
        #expect(notes.filter("text = '3'").last == nil)
        #expect(notes.where { $0.text == "2" }.last == fixture.two)
        #expect(notes.where { $0.text == "3" }.last == nil)
    }

    @Test(arguments: ListSource.allCases)
    func aListFiltersByQueryTextWithEveryKindOfArgumentAndByWhere(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testFilterFormat
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(notes.filter("text = '1'").count == 1)
        #expect(notes.filter("text = %@", "1").count == 1)
        #expect(notes.filter("text = %@", "2").count == 1)
        #expect(notes.filter("text = %@", "3").count == 0)

        #expect(notes.filter("text = %@", AnyRealmValue.string("1")).count == 1)
        #expect(notes.filter("text = %@", AnyRealmValue.string("2")).count == 1)
        #expect(notes.filter("text = %@", AnyRealmValue.string("3")).count == 0)

        #expect(notes.filter("text = %@", Caption(persistedValue: "1")).count == 1)
        #expect(notes.filter("text = %@", Caption(persistedValue: "2")).count == 1)
        #expect(notes.filter("text = %@", Caption(persistedValue: "3")).count == 0)

        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "3" }.count == 0)
    }

    @Test(arguments: ListSource.allCases)
    func aListFiltersByOptionalArgumentsIncludingNil(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testFilterWithAnyVarags
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        let first: String? = "1"
        let second: String = "2"
        let third: String? = nil
        let matched = notes.filter(
            "text = %@ OR text = %@ OR text = %@", first as Any, second as Any, third as Any)
        #expect(matched.count == 2)
        #expect(notes.where { $0.text == first || $0.text == second || $0.text == third }.count == 2)
    }

    @Test(arguments: ListSource.allCases)
    func aListSortsByAPropertyEitherWayAndThroughALink(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testSortWithProperty
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        let ascending = notes.sorted(byKeyPath: "text", ascending: true)
        #expect(ascending[0].text == "1")
        #expect(ascending[1].text == "2")

        let descending = notes.sorted(byKeyPath: "text", ascending: false)
        #expect(descending[0].text == "2")
        #expect(descending[1].text == "1")

        let byPin = notes.sorted(byKeyPath: "pin.id", ascending: true)
        #expect(byPin[0].text == "1")
        #expect(byPin[1].text == "2")
    }

    @Test(arguments: ListSource.allCases)
    func minimumOfAListIsTheSmallestValueOfEachType(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testMin
        let fixture = try Fixture()
        let readings = try fixture.readingList(source)
        #expect(readings.min(ofProperty: "integer") as Int? == 1)
        #expect(readings.min(ofProperty: "int8Value") as Int8? == 1)
        #expect(readings.min(ofProperty: "int16Value") as Int16? == 1)
        #expect(readings.min(ofProperty: "int32Value") as Int32? == 1)
        #expect(readings.min(ofProperty: "int64Value") as Int64? == 1)
        #expect(readings.min(ofProperty: "floatValue") as Float? == 1.1)
        #expect(readings.min(ofProperty: "doubleValue") as Double? == 1.11)
        #expect(readings.min(ofProperty: "dateValue") as Date? == Date(timeIntervalSince1970: 1))
    }

    @Test(arguments: ListSource.allCases)
    func maximumOfAListIsTheLargestValueOfEachType(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testMax
        let fixture = try Fixture()
        let readings = try fixture.readingList(source)
        #expect(readings.max(ofProperty: "integer") as Int? == 3)
        #expect(readings.max(ofProperty: "int8Value") as Int8? == 3)
        #expect(readings.max(ofProperty: "int16Value") as Int16? == 3)
        #expect(readings.max(ofProperty: "int32Value") as Int32? == 3)
        #expect(readings.max(ofProperty: "int64Value") as Int64? == 3)
        #expect(readings.max(ofProperty: "floatValue") as Float? == 2.2)
        #expect(readings.max(ofProperty: "doubleValue") as Double? == 2.22)
        #expect(readings.max(ofProperty: "dateValue") as Date? == Date(timeIntervalSince1970: 2))
    }

    @Test(arguments: ListSource.allCases)
    func sumOfAListAddsTheValuesOfEachType(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testSum
        let fixture = try Fixture()
        let readings = try fixture.readingList(source)
        #expect(readings.sum(ofProperty: "integer") as Int == 6)
        #expect(readings.sum(ofProperty: "int8Value") as Int8 == 6)
        #expect(readings.sum(ofProperty: "int16Value") as Int16 == 6)
        #expect(readings.sum(ofProperty: "int32Value") as Int32 == 6)
        #expect(readings.sum(ofProperty: "int64Value") as Int64 == 6)
        let floatSum: Float = readings.sum(ofProperty: "floatValue")
        #expect(Self.isClose(floatSum, 5.5))
        let doubleSum: Double = readings.sum(ofProperty: "doubleValue")
        #expect(Self.isClose(doubleSum, 5.55))
    }

    @Test(arguments: ListSource.allCases)
    func averageOfAListIsTheMeanOfEachType(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testAverage
        let fixture = try Fixture()
        let readings = try fixture.readingList(source)
        #expect(readings.average(ofProperty: "integer") as Double? == 2)
        #expect(readings.average(ofProperty: "int8Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int16Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int32Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int64Value") as Double? == 2)
        let floatMean = try #require(readings.average(ofProperty: "floatValue") as Double?)
        #expect(Self.isClose(floatMean, 1.8333))
        let doubleMean = try #require(readings.average(ofProperty: "doubleValue") as Double?)
        #expect(Self.isClose(doubleMean, 1.85))
    }

    @Test(arguments: ListSource.allCases)
    func aListEnumeratesItsObjectsInOrder(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testFastEnumeration
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        var joined = ""
        for note in notes { joined += note.text ?? "" }
        #expect(joined == "12")
    }

    @Test(arguments: ListSource.allCases)
    func aFrozenObjectOfAListThawsToNilOnceDeleted(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testThawDeletedParent
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        let frozenNote = try #require(notes.first).freeze()
        #expect(frozenNote.isFrozen)

        let realm = try #require(notes.realm)
        try realm.write { realm.delete(notes) }
        #expect(notes.first == nil)
        #expect(frozenNote.thaw() == nil)
    }

    @Test(arguments: ListSource.allCases)
    func aListCanBeAssignedToAListPropertyByName(_ source: ListSource) throws {
        // RealmCollectionTypeTests.testAssignListProperty
        let fixture = try Fixture()
        let notes = try fixture.list(source)
        #expect(throws: Never.self) {
            try fixture.realm.write {
                let holder = NoteList()
                fixture.realm.add(holder)
                holder["notes"] = notes
            }
        }
    }
}

// MARK: - Unmanaged List

extension RealmCollectionBehaviourTests {
    @Test func anUnmanagedListHasNoRealm() throws {
        // ListUnmanagedRealmCollectionTests.testRealm
        let fixture = try Fixture()
        #expect(fixture.unmanagedList().realm == nil)
    }

    @Test func anUnmanagedListDescribesEachObjectIndented() throws {
        // ListUnmanagedRealmCollectionTests.testDescription (inherited from ListRealmCollectionTests)
        let fixture = try Fixture()
        let notes = fixture.unmanagedList()
        #expect(Self.withoutAddresses(notes.description) == Self.describedNotes("List", pin: 1))
    }

    @Test func anUnmanagedListCountsReadsAndEnumeratesItsObjects() throws {
        // ListUnmanagedRealmCollectionTests.testCount, testFirst, testLast, and the inherited
        // RealmCollectionTypeTests.testSubscript and testFastEnumeration
        let fixture = try Fixture()
        let notes = fixture.unmanagedList()
        #expect(notes.count == 2)
        #expect(notes.first == fixture.one)
        #expect(notes.last == fixture.two)
        #expect(notes[0] == fixture.one)
        #expect(notes[1] == fixture.two)
        var joined = ""
        for note in notes { joined += note.text ?? "" }
        #expect(joined == "12")
    }

    @Test func anUnmanagedListCanBeAssignedToAListPropertyByName() throws {
        // RealmCollectionTypeTests.testAssignListProperty (run by ListUnmanagedRealmCollectionTests)
        let fixture = try Fixture()
        let notes = fixture.unmanagedList()
        #expect(throws: Never.self) {
            try fixture.realm.write {
                let holder = NoteList()
                fixture.realm.add(holder)
                holder["notes"] = notes
            }
        }
    }
}

// MARK: - LinkingObjects

extension RealmCollectionBehaviourTests {
    @Test func linkingObjectsBelongToTheRealmOfTheirTarget() throws {
        // RealmCollectionTypeTests.testRealm (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(notes.realm?.configuration.fileURL == fixture.realm.configuration.fileURL)
    }

    @Test func linkingObjectsDescribeEachObjectIndented() throws {
        // LinkingObjectsCollectionTypeTests.testDescription
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(Self.withoutAddresses(notes.description) == Self.describedNotes("LinkingObjects", pin: 0))
    }

    @Test func linkingObjectsCountEveryObjectAndEachFilteredSubset() throws {
        // RealmCollectionTypeTests.testCount (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(notes.count == 2)
        #expect(notes.filter("text = '1'").count == 1)
        #expect(notes.filter("text = '2'").count == 1)
        #expect(notes.filter("text = '0'").count == 0)
        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "2" }.count == 1)
        #expect(notes.where { $0.text == "0" }.count == 0)
    }

    @Test func filteredLinkingObjectsFindTheIndexOfMatchesOnly() throws {
        // RealmCollectionTypeTests.testIndexOfObject (LinkingObjectsCollectionTypeTests; the filtered
        // results, as LinkingObjects itself has no index(of:))
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        let onlyOne = notes.filter("text = '1'")
        #expect(onlyOne.index(of: fixture.one) == 0)
        #expect(onlyOne.index(of: fixture.two) == nil)

        let onlyOneTyped = notes.where { $0.text == "1" }
        #expect(onlyOneTyped.index(of: fixture.one) == 0)
        #expect(onlyOneTyped.index(of: fixture.two) == nil)
    }

    @Test func linkingObjectsReadObjectsByPosition() throws {
        // RealmCollectionTypeTests.testSubscript (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(notes[0] == fixture.one)
        #expect(notes[1] == fixture.two)
    }

    @Test func firstOfLinkingObjectsIsTheirFirstMatchOrNil() throws {
        // RealmCollectionTypeTests.testFirst (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(notes.first == fixture.one)
        #expect(notes.filter("text = '2'").first == fixture.two)
        #expect(notes.filter("text = '3'").first == nil)
        #expect(notes.where { $0.text == "2" }.first == fixture.two)
        #expect(notes.where { $0.text == "3" }.first == nil)
    }

    @Test func lastOfLinkingObjectsIsTheirLastMatchOrNil() throws {
        // RealmCollectionTypeTests.testLast (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(notes.last == fixture.two)
        #expect(notes.filter("text = '2'").last == fixture.two)
        #expect(notes.filter("text = '3'").last == nil)
        #expect(notes.where { $0.text == "2" }.last == fixture.two)
        #expect(notes.where { $0.text == "3" }.last == nil)
    }

    @Test func linkingObjectsFilterByQueryTextWithEveryKindOfArgumentAndByWhere() throws {
        // RealmCollectionTypeTests.testFilterFormat (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        #expect(notes.filter("text = '1'").count == 1)
        #expect(notes.filter("text = %@", "1").count == 1)
        #expect(notes.filter("text = %@", "2").count == 1)
        #expect(notes.filter("text = %@", "3").count == 0)

        #expect(notes.filter("text = %@", AnyRealmValue.string("1")).count == 1)
        #expect(notes.filter("text = %@", AnyRealmValue.string("2")).count == 1)
        #expect(notes.filter("text = %@", AnyRealmValue.string("3")).count == 0)

        #expect(notes.filter("text = %@", Caption(persistedValue: "1")).count == 1)
        #expect(notes.filter("text = %@", Caption(persistedValue: "2")).count == 1)
        #expect(notes.filter("text = %@", Caption(persistedValue: "3")).count == 0)

        #expect(notes.where { $0.text == "1" }.count == 1)
        #expect(notes.where { $0.text == "3" }.count == 0)
    }

    @Test func linkingObjectsFilterByOptionalArgumentsIncludingNil() throws {
        // RealmCollectionTypeTests.testFilterWithAnyVarags (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        let first: String? = "1"
        let second: String = "2"
        let third: String? = nil
        let matched = notes.filter(
            "text = %@ OR text = %@ OR text = %@", first as Any, second as Any, third as Any)
        #expect(matched.count == 2)
        #expect(notes.where { $0.text == first || $0.text == second || $0.text == third }.count == 2)
    }

    @Test func linkingObjectsSortByAPropertyEitherWayAndThroughALink() throws {
        // RealmCollectionTypeTests.testSortWithProperty (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        let ascending = notes.sorted(byKeyPath: "text", ascending: true)
        #expect(ascending[0].text == "1")
        #expect(ascending[1].text == "2")

        let descending = notes.sorted(byKeyPath: "text", ascending: false)
        #expect(descending[0].text == "2")
        #expect(descending[1].text == "1")

        let byPin = notes.sorted(byKeyPath: "pin.id", ascending: true)
        #expect(byPin[0].text == "1")
        #expect(byPin[1].text == "2")
    }

    @Test func minimumOfLinkingObjectsIsTheSmallestValueOfEachType() throws {
        // RealmCollectionTypeTests.testMin (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let readings = try fixture.readingBacklinks()
        #expect(readings.min(ofProperty: "integer") as Int? == 1)
        #expect(readings.min(ofProperty: "int8Value") as Int8? == 1)
        #expect(readings.min(ofProperty: "int16Value") as Int16? == 1)
        #expect(readings.min(ofProperty: "int32Value") as Int32? == 1)
        #expect(readings.min(ofProperty: "int64Value") as Int64? == 1)
        #expect(readings.min(ofProperty: "floatValue") as Float? == 1.1)
        #expect(readings.min(ofProperty: "doubleValue") as Double? == 1.11)
        #expect(readings.min(ofProperty: "dateValue") as Date? == Date(timeIntervalSince1970: 1))
    }

    @Test func maximumOfLinkingObjectsIsTheLargestValueOfEachType() throws {
        // RealmCollectionTypeTests.testMax (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let readings = try fixture.readingBacklinks()
        #expect(readings.max(ofProperty: "integer") as Int? == 3)
        #expect(readings.max(ofProperty: "int8Value") as Int8? == 3)
        #expect(readings.max(ofProperty: "int16Value") as Int16? == 3)
        #expect(readings.max(ofProperty: "int32Value") as Int32? == 3)
        #expect(readings.max(ofProperty: "int64Value") as Int64? == 3)
        #expect(readings.max(ofProperty: "floatValue") as Float? == 2.2)
        #expect(readings.max(ofProperty: "doubleValue") as Double? == 2.22)
        #expect(readings.max(ofProperty: "dateValue") as Date? == Date(timeIntervalSince1970: 2))
    }

    @Test func sumOfLinkingObjectsAddsTheValuesOfEachType() throws {
        // RealmCollectionTypeTests.testSum (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let readings = try fixture.readingBacklinks()
        #expect(readings.sum(ofProperty: "integer") as Int == 6)
        #expect(readings.sum(ofProperty: "int8Value") as Int8 == 6)
        #expect(readings.sum(ofProperty: "int16Value") as Int16 == 6)
        #expect(readings.sum(ofProperty: "int32Value") as Int32 == 6)
        #expect(readings.sum(ofProperty: "int64Value") as Int64 == 6)
        let floatSum: Float = readings.sum(ofProperty: "floatValue")
        #expect(Self.isClose(floatSum, 5.5))
        let doubleSum: Double = readings.sum(ofProperty: "doubleValue")
        #expect(Self.isClose(doubleSum, 5.55))
    }

    @Test func averageOfLinkingObjectsIsTheMeanOfEachType() throws {
        // RealmCollectionTypeTests.testAverage (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let readings = try fixture.readingBacklinks()
        #expect(readings.average(ofProperty: "integer") as Double? == 2)
        #expect(readings.average(ofProperty: "int8Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int16Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int32Value") as Double? == 2)
        #expect(readings.average(ofProperty: "int64Value") as Double? == 2)
        let floatMean = try #require(readings.average(ofProperty: "floatValue") as Double?)
        #expect(Self.isClose(floatMean, 1.8333))
        let doubleMean = try #require(readings.average(ofProperty: "doubleValue") as Double?)
        #expect(Self.isClose(doubleMean, 1.85))
    }

    @Test func linkingObjectsEnumerateTheirObjectsInOrder() throws {
        // RealmCollectionTypeTests.testFastEnumeration (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        var joined = ""
        for note in notes { joined += note.text ?? "" }
        #expect(joined == "12")
    }

    @Test func aFrozenObjectOfLinkingObjectsThawsToNilOnceDeleted() throws {
        // RealmCollectionTypeTests.testThawDeletedParent (LinkingObjectsCollectionTypeTests)
        let fixture = try Fixture()
        let notes = try fixture.backlinks()
        let frozenNote = try #require(notes.first).freeze()
        #expect(frozenNote.isFrozen)

        let realm = try #require(notes.realm)
        try realm.write { realm.delete(notes) }
        #expect(notes.first == nil)
        #expect(frozenNote.thaw() == nil)
    }
}

// MARK: - AnyRealmCollection

extension RealmCollectionBehaviourTests {
    @Test func anErasedCollectionBelongsToTheRealmOfWhatItWraps() throws {
        // RealmCollectionTypeTests.testRealm (AnyRealmCollectionTests)
        let fixture = try Fixture()
        let notes = try fixture.erased()
        #expect(notes.realm?.configuration.fileURL == fixture.realm.configuration.fileURL)
    }

    @Test func anErasedCollectionDescribesEachObjectIndented() throws {
        // AnyRealmCollectionTests.testDescription
        let fixture = try Fixture()
        let notes = try fixture.erased()
        #expect(Self.withoutAddresses(notes.description) == Self.describedNotes("AnyRealmCollection", pin: 1))
    }

    @Test func anErasedCollectionCountsReadsAndEnumeratesItsObjects() throws {
        // RealmCollectionTypeTests.testCount (the count alone), testSubscript, testFirst and testLast
        // (their unfiltered parts) and testFastEnumeration, as AnyRealmCollectionTests runs them
        let fixture = try Fixture()
        let notes = try fixture.erased()
        #expect(notes.count == 2)
        #expect(notes[0] == fixture.one)
        #expect(notes[1] == fixture.two)
        #expect(notes.first == fixture.one)
        #expect(notes.last == fixture.two)
        var joined = ""
        for note in notes { joined += note.text ?? "" }
        #expect(joined == "12")
    }

    @Test func aFrozenObjectOfAnErasedCollectionThawsToNilOnceDeleted() throws {
        // RealmCollectionTypeTests.testThawDeletedParent (AnyRealmCollectionTests)
        let fixture = try Fixture()
        let notes = try fixture.erased()
        let frozenNote = try #require(notes.first).freeze()
        #expect(frozenNote.isFrozen)

        let realm = try #require(notes.realm)
        try realm.write { realm.delete(notes) }
        #expect(notes.first == nil)
        #expect(frozenNote.thaw() == nil)
    }
}

// MARK: - Threads

/// A value handed to another thread and back; read only after that thread ended.
private final class Handoff<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs `body` on a new thread and waits until it ends (Realm's tests use
/// `dispatchSyncNewThread`); false when it did not end within a minute.
private func runOnNewThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.start()
    return finished.wait(timeout: .now() + 60) == .success
}
