import Foundation

/// The realms each thread has open on each store, and the one of them that
/// has a write transaction open.
///
/// Realm keeps one live realm per thread and file, so a write transaction is
/// the thread's: `try Realm()` inside `realm.write { }` is that realm, already
/// writing, and an object read through any `Realm()` of the thread can be
/// changed there. Geode opens a new instance for each `Realm(configuration:)`;
/// the instances of one thread and store share the write instead. When one
/// begins a write, the others join it (``Realm/join(_:)``): they read and
/// write through its transaction, and leave when it commits or is cancelled.
/// A realm opened while the write is open joins it as it opens.
enum WritingRealm {
    /// A realm held weakly: an entry outlives neither the realm's use nor the realm.
    final class Weak {
        weak var realm: Realm?
        init(_ realm: Realm) { self.realm = realm }
    }

    /// The live realms of one thread and store, held weakly.
    private final class Live {
        var realms: [Weak] = []
    }

    private static func key(_ path: String) -> String { "Geode.WritingRealm." + path }
    private static func liveKey(_ path: String) -> String { "Geode.LiveRealms." + path }

    /// Notes that `realm` began (`writing`) or ended its write transaction.
    static func note(_ realm: Realm, writing: Bool) {
        guard !realm.isFrozen else { return }
        let dictionary = Thread.current.threadDictionary
        let key = key(realm.store.path)
        if writing {
            dictionary[key] = Weak(realm)
        } else if (dictionary[key] as? Weak)?.realm === realm {
            dictionary.removeObject(forKey: key)
        }
    }

    /// The realm writing the store at `path` on this thread.
    static func current(forStoreAt path: String) -> Realm? {
        guard let realm = (Thread.current.threadDictionary[key(path)] as? Weak)?.realm,
            realm.isInWriteTransaction
        else { return nil }
        return realm
    }

    /// Notes that this thread opened `realm`, a live realm that may write.
    static func register(_ realm: Realm) {
        let dictionary = Thread.current.threadDictionary
        let key = liveKey(realm.store.path)
        let live = dictionary[key] as? Live ?? Live()
        live.realms.removeAll { $0.realm == nil }
        live.realms.append(Weak(realm))
        dictionary[key] = live
    }

    /// The other live realms this thread opened on `realm`'s store.
    static func others(of realm: Realm) -> [Realm] {
        guard let live = Thread.current.threadDictionary[liveKey(realm.store.path)] as? Live else { return [] }
        return live.realms.compactMap { $0.realm }.filter { $0 !== realm }
    }
}
