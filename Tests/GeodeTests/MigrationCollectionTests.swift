import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A migration block reads and changes collections of links through the
/// migration objects, as realm-swift's `testMigrationObject` does: the
/// collections are live `List`, `MutableSet` and `Map` of `MigrationObject`.
@Suite struct MigrationCollectionTests {
    final class Flag: Object {
        @Persisted var boolCol = false
    }

    final class Holder: Object {
        @Persisted var objectCol: Flag?
        @Persisted var arrayCol: List<Flag>
        @Persisted var setCol: MutableSet<Flag>
        @Persisted var mapCol: Map<String, Flag?>
    }

    /// A store at version 1 with one holder: a true flag, a list and a set of
    /// one false flag each, and a map of a false flag and a null.
    static func store(in directory: TemporaryDirectory) throws -> URL {
        let url = URL(fileURLWithPath: directory.path("holders.geode"))
        let realm = try Realm(
            configuration: Realm.Configuration(fileURL: url, schemaVersion: 1, objectTypes: [Flag.self, Holder.self]))
        try realm.write {
            realm.create(
                Holder.self,
                value: [
                    "objectCol": ["boolCol": true], "arrayCol": [["boolCol": false]], "setCol": [["boolCol": false]],
                    "mapCol": ["key": ["boolCol": false], "nulledObj": NSNull()],
                ])
        }
        return url
    }

    static func flags(_ collection: some Sequence<MigrationObject>) -> [Bool?] {
        collection.map { $0["boolCol"] as? Bool }
    }

    @Test func theBlockChangesListsSetsAndMapsOfLinksThroughTheMigrationObjects() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.store(in: directory)
        let seen = Recorder()
        var configuration = Realm.Configuration(fileURL: url, schemaVersion: 2, objectTypes: [Flag.self, Holder.self])
        configuration.migrationBlock = { migration, _ in
            migration.enumerateObjects(ofType: Holder.className()) { old, new in
                guard let old, let new, let flag = new["objectCol"] as? MigrationObject,
                    let oldList = old["arrayCol"] as? List<MigrationObject>,
                    let list = new["arrayCol"] as? List<MigrationObject>,
                    let set = new["setCol"] as? MutableSet<MigrationObject>,
                    let map = new["mapCol"] as? Map<String, MigrationObject?>
                else {
                    seen.add("the collections are not live collections of migration objects")
                    return
                }
                seen.add("old list \(Self.flags(oldList)), new list \(Self.flags(list)), map \(map.count)")
                list[0]["boolCol"] = true
                list.append(flag)
                let created = migration.create(Flag.className(), value: [true])
                list.append(created)
                set.insert(flag)
                set.insert(created)
                map["key"]??["boolCol"] = true
                seen.add("list \(Self.flags(new.dynamicList("arrayCol"))), set \(set.count)")
                seen.add("map \(map.count), key \(String(describing: map["key"]??["boolCol"]))")
                seen.add("null entry \(map["nulledObj"].map { $0 == nil } ?? false)")
                // Assigning an array replaces the list; the live list sees it.
                new["arrayCol"] = [flag, Flag(value: [false])]
                seen.add("reassigned \(Self.flags(list))")
                seen.add("old list still \(Self.flags(oldList))")
            }
        }
        let realm = try Realm(configuration: configuration)
        #expect(
            seen.values == [
                "old list [Optional(false)], new list [Optional(false)], map 2",
                "list [Optional(true), Optional(true), Optional(true)], set 3",
                "map 2, key Optional(true)",
                "null entry true",
                "reassigned [Optional(true), Optional(false)]",
                "old list still [Optional(false)]",
            ])
        let holder = try #require(realm.objects(Holder.self).first)
        #expect(holder.arrayCol.map(\.boolCol) == [true, false])
        #expect(holder.setCol.count == 3)
        #expect(holder.mapCol["key"]??.boolCol == true)
        // Four flags at first, the one the block created, and the one its last assignment made.
        #expect(realm.objects(Flag.self).count == 6)
    }
}
