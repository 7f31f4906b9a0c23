import Foundation
import Geode

/// Programming errors Geode answers by stopping the program, as Realm does;
/// the tests check the message names what went wrong.
enum Misuse {
    struct Website: FailableCustomPersistable {
        var address: String
        init?(persistedValue: String) {
            guard persistedValue.hasPrefix("https://") else { return nil }
            address = persistedValue
        }
        var persistableValue: String { address }
    }

    final class Shop: Object {
        @Persisted var name = ""
        @Persisted var site = Website(persistedValue: "https://shop.example")!
    }

    final class Person: Object {
        @Persisted var lastName = ""
    }

    final class PersonView: Projection<Person> {
        @Projected(\Person.lastName.localizedUppercase) var lastNameCaps
    }

    /// realm-swift's `testFailedProjection`: a projected property that is not persisted.
    final class Membership: Object {
        @Persisted var name = ""
        var nickname = "not stored"
    }

    final class MembershipView: Projection<Membership> {
        @Projected(\Membership.name) var name
        @Projected(\Membership.nickname) var nickname
    }

    static func run(_ name: String, path: String) -> Never {
        do {
            let realm = try Realm(
                configuration: .init(
                    fileURL: URL(fileURLWithPath: path), objectTypes: [Shop.self, Person.self, Membership.self]))
            switch name {
            case "read-unconvertible":
                // A required failable property holding a value that does not convert.
                try realm.write {
                    realm.dynamicCreate("Misuse.Shop", value: ["name": "Corner", "site": "ftp://corner.example"])
                }
                let shop = realm.objects(Shop.self)[0]
                print("read \(shop.site.address)")
            case "project-unpersisted-property":
                try realm.write { realm.create(Membership.self, value: ["name": "Kim"]) }
                print("fetched \(realm.objects(MembershipView.self).count)")
            case "query-transformed-projection":
                _ = realm.objects(PersonView.self).where { $0.lastNameCaps == "SMITH" }.count
            case "change-frozen-object":
                // realm-swift's testModifyFrozenObject: Realm says to thaw it first.
                let person = try realm.write { realm.create(Person.self, value: ["lastName": "Kim"]) }
                let frozen = person.freeze()
                try realm.write { frozen.lastName = "Lee" }
                print("changed \(frozen.lastName)")
            default:
                FileHandle.standardError.write(Data("unknown misuse case \(name)\n".utf8))
                exit(64)
            }
        } catch {
            FileHandle.standardError.write(Data("worker: \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
}
