import Foundation
import Geode
import GeodeTestSupport
import Testing

/// A list's change comes from the operations the writes made on it (kept in
/// the change log), as realm-core reports it, also to a realm of another
/// thread; lists whose operations are not listed are compared instead.
@Suite struct ListChangeTests {
    /// What an observer of a list heard after its initial call.
    private final class Heard: @unchecked Sendable {
        var updates: [[[Int]]] = []
        func take(_ change: RealmCollectionChange<List<NItem>>) {
            if case let .update(_, d, i, m) = change { updates.append([d, i, m]) }
        }
    }

    private func holder(in realm: Realm, items: [Int]) throws -> NHolder {
        let holder = NHolder()
        try realm.write {
            for id in 0 ..< 10 { realm.add(NItem(value: ["id": id, "value": id])) }
            realm.add(holder)
            for id in items {
                if let item = realm.object(ofType: NItem.self, forPrimaryKey: id) { holder.items.append(item) }
            }
        }
        return holder
    }

    @Test func anotherThreadsSwapIsHeardAsRealmReportsIt() throws {
        try withTemporaryRealm(of: [NItem.self, NHolder.self]) { realm in
            let holder = try holder(in: realm, items: Array(0 ..< 6))
            let heard = Heard()
            let token = holder.items.observe { heard.take($0) }
            realm.refresh()
            let configuration = realm.configuration
            let done = DispatchSemaphore(value: 0)
            Thread {
                defer { done.signal() }
                guard let writer = try? Realm(configuration: configuration),
                    let list = writer.objects(NHolder.self).first?.items
                else { return }
                try? writer.write { list.swapAt(3, 5) }
            }.start()
            done.wait()
            realm.refresh()
            // Compared, the swap would be one element moved and one modified; replayed, both moved.
            #expect(heard.updates == [[[3, 5], [3, 5], []]])
            token.invalidate()
        }
    }

    @Test func assigningAWholeListDeletesEveryOldElementAndInsertsEveryNewOne() throws {
        try withTemporaryRealm(of: [NItem.self, NHolder.self]) { realm in
            let holder = try holder(in: realm, items: [0, 1, 2])
            let heard = Heard()
            let token = holder.items.observe { heard.take($0) }
            realm.refresh()
            let replacement = List<NItem>()
            replacement.append(objectsIn: Array(holder.items))
            try realm.write { holder.items = replacement }
            #expect(heard.updates == [[[0, 1, 2], [0, 1, 2], []]])
            token.invalidate()
        }
    }

    @Test func aListEditedPastTheLogsLimitStillReportsItsChange() throws {
        try withTemporaryRealm(of: [NItem.self, NHolder.self]) { realm in
            let holder = try holder(in: realm, items: [0, 1])
            let heard = Heard()
            let token = holder.items.observe { heard.take($0) }
            realm.refresh()
            guard let extra = realm.object(ofType: NItem.self, forPrimaryKey: 5) else {
                Issue.record("no object 5")
                return
            }
            // Appended and removed at the front in turn: more operations than the log keeps.
            try realm.write {
                for _ in 0 ..< 6_000 {
                    holder.items.insert(extra, at: 0)
                    holder.items.remove(at: 0)
                }
                holder.items.append(extra)
            }
            #expect(heard.updates == [[[], [2], []]])
            token.invalidate()
        }
    }
}
