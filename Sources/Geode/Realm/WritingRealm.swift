import Foundation

/// The realm of the current thread that has a write transaction open on a
/// store, if any. LMDB lets one transaction write a store at a time, so there
/// is at most one per thread and store. `@ThreadSafe` resolves in it, so that
/// a value read inside `realm.write { }` can be changed there, as Realm's
/// one realm per thread allows.
enum WritingRealm {
    private final class Weak {
        weak var realm: Realm?
        init(_ realm: Realm) { self.realm = realm }
    }

    private static func key(_ path: String) -> String { "Geode.WritingRealm." + path }

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
}
