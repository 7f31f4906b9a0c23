import Foundation

/// The realm of the current thread that has a write transaction open on a
/// store, if any. LMDB lets one transaction write a store at a time, so there
/// is at most one per thread and store.
///
/// Realm keeps one live realm per thread and file, so a write transaction is
/// the thread's: `try Realm()` inside `realm.write { }` is that realm, already
/// writing, and an object read through any `Realm()` of the thread can be
/// changed there. Geode opens a new instance for each `Realm(configuration:)`;
/// the instances of one thread and store share the write instead. Another
/// instance joins it (``Realm/join(_:)``) when it opens inside it, when
/// something is changed through it, and when it is asked whether it is
/// writing — always on the thread using it, which is the writing thread — and
/// leaves it when it commits or is cancelled. `@ThreadSafe` resolves in the
/// writing realm too.
enum WritingRealm {
    /// A realm held weakly: an entry outlives neither the realm's use nor the realm.
    final class Weak {
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
            realm.transaction != nil
        else { return nil }
        return realm
    }
}
