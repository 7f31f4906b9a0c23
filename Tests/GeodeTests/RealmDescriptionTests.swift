import Foundation
import Geode
import GeodeTestSupport
import Testing

/// `print(object)` and `print(list)` show what Realm shows (facts from
/// realm-swift's `ObjectTests.testDescription` and
/// `RealmCollectionTypeTests.testDescription`).
@Suite struct RealmDescriptionTests {
    final class Flag: Object {
        @Persisted var boolCol = false
        @Persisted(originProperty: "arrayCol") var holders: LinkingObjects<Sample>
    }

    final class Sample: Object {
        @Persisted var boolCol = true
        @Persisted var intCol = 123
        @Persisted var floatCol: Float = 1.23
        @Persisted var doubleCol = 12.3
        @Persisted var wholeCol = 10.0
        @Persisted var stringCol = "a"
        @Persisted var binaryCol = Data("a".utf8)
        @Persisted var dateCol = Date(timeIntervalSince1970: 1)
        @Persisted var objectIdCol = (try? ObjectId(string: "1234567890ab1234567890ab")) ?? ObjectId()
        @Persisted var uuidCol = UUID(uuidString: "137decc8-b300-4954-a233-f89909f4fd89") ?? UUID()
        @Persisted var optionalCol: String?
        @Persisted var anyCol: AnyRealmValue = .int(5)
        @Persisted var objectCol: Flag?
        @Persisted var arrayCol: List<Flag>
        @Persisted var setCol: MutableSet<Int>
    }

    final class Node: Object {
        @Persisted var children: List<Node>
    }

    /// The text with each address (`<0x…>`) written as `<0x>`, and the
    /// classes without their enclosing type (as Realm names these).
    static func withoutAddresses(_ text: String) -> String {
        text.replacingOccurrences(of: "<0x[0-9a-f]+>", with: "<0x>", options: .regularExpression)
            .replacingOccurrences(of: "RealmDescriptionTests.", with: "")
    }

    @Test func anObjectShowsEachPropertyAsRealmDoes() throws {
        let sample = Sample()
        sample.objectCol = Flag()
        #expect(
            Self.withoutAddresses(sample.description) == """
                Sample {
                \tboolCol = 1;
                \tintCol = 123;
                \tfloatCol = 1.23;
                \tdoubleCol = 12.3;
                \twholeCol = 10;
                \tstringCol = a;
                \tbinaryCol = <61 — 1 total bytes>;
                \tdateCol = 1970-01-01 00:00:01 +0000;
                \tobjectIdCol = 1234567890ab1234567890ab;
                \tuuidCol = 137DECC8-B300-4954-A233-F89909F4FD89;
                \toptionalCol = (null);
                \tanyCol = 5;
                \tobjectCol = Flag {
                \t\tboolCol = 0;
                \t};
                \tarrayCol = List<Flag> <0x> (
                \t
                \t);
                \tsetCol = MutableSet<int> <0x> (
                \t
                \t);
                }
                """)
    }

    @Test func aManagedCollectionListsItsElementsIndented() throws {
        try withTemporaryRealm(of: [Flag.self, Sample.self, Node.self]) { realm in
            let sample = try realm.write {
                realm.create(Sample.self, value: ["arrayCol": [["boolCol": true], ["boolCol": false]], "setCol": [7]])
            }
            #expect(
                Self.withoutAddresses(sample.arrayCol.description) == """
                    List<Flag> <0x> (
                    \t[0] Flag {
                    \t\tboolCol = 1;
                    \t},
                    \t[1] Flag {
                    \t\tboolCol = 0;
                    \t}
                    )
                    """)
            #expect(Self.withoutAddresses(sample.setCol.description) == "MutableSet<int> <0x> (\n\t[0] 7\n)")
            let flags = Self.withoutAddresses(realm.objects(Flag.self).description)
            #expect(flags.hasPrefix("Results<Flag> <0x> (\n\t[0] Flag {\n\t\tboolCol = 1;\n\t},\n\t[1] Flag {"))
            let erased = Self.withoutAddresses(AnyRealmCollection(realm.objects(Flag.self)).description)
            #expect(erased.hasPrefix("AnyRealmCollection<Flag> <0x> (\n\t[0] Flag {\n\t\tboolCol = 1;"))
            let holders = Self.withoutAddresses(sample.arrayCol[0].holders.description)
            #expect(holders.hasPrefix("LinkingObjects<Sample> <0x> (\n\t[0] Sample {\n\t\tboolCol = 1;"))
        }
    }

    @Test func nestingStopsAtFiveLevelsAndLongCollectionsAtAHundredElements() throws {
        let node = Node()
        node.children.append(node)
        let text = Self.withoutAddresses(node.description)
        // The node (5), its list (4), the node again (3), its list (2), the node (1), its list: too deep.
        #expect(text.components(separatedBy: "Node {").count - 1 == 3)
        #expect(text.contains("\t\t\t\t\tchildren = <Maximum depth exceeded>;"))

        let ranks = Map<String, Int?>()
        ranks["a"] = 1
        ranks["b"] = .some(nil)
        #expect(Self.withoutAddresses(ranks.description) == "Map<string, int> <0x> (\n\t[a]: 1,\n\t[b]: (null)\n)")

        let flags = List<Flag>()
        flags.append(objectsIn: (0 ..< 102).map { _ in Flag() })
        let listed = Self.withoutAddresses(flags.description)
        #expect(listed.contains("\t[99] Flag {") && !listed.contains("[100]"))
        #expect(listed.hasSuffix("\n\t... 2 objects skipped.\n)"))
    }
}
