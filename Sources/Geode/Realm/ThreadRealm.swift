import Foundation

/// The live realms the current thread opened, by store: where ``Realm/thaw()``
/// thaws.
///
/// Realm keeps one live realm per thread and file, at the version it last
/// read, so a frozen object or collection thaws into the version this thread
/// sees, not the newest one. Geode opens a new instance for each
/// `Realm(configuration:)`; thawing picks the thread's most recent one that is
/// still alive, used on this thread (not confined to a queue or an actor), and
/// opens the same store the same way (see `Realm.Configuration.==`). Only when
/// there is none does it open a realm at the newest version.
enum ThreadRealm {
    /// A realm held weakly: an entry outlives neither the realm's use nor the realm.
    private final class Entries {
        var realms: [WritingRealm.Weak] = []
    }

    private static func key(_ path: String) -> String { "Geode.ThreadRealm." + path }

    /// Notes that this thread opened live realm `realm`.
    static func note(_ realm: Realm) {
        let dictionary = Thread.current.threadDictionary
        let key = key(realm.store.path)
        let entries = dictionary[key] as? Entries ?? Entries()
        entries.realms.removeAll { $0.realm == nil }
        entries.realms.append(WritingRealm.Weak(realm))
        dictionary[key] = entries
    }

    /// This thread's live realm of the store at `path` opened as
    /// `configuration` says, the most recent first; nil when there is none.
    static func current(forStoreAt path: String, as configuration: Realm.Configuration) -> Realm? {
        guard let entries = Thread.current.threadDictionary[key(path)] as? Entries else { return nil }
        for entry in entries.realms.reversed() {
            guard let realm = entry.realm, realm.isThreadRealm, realm.configuration == configuration else { continue }
            return realm
        }
        return nil
    }
}

extension Realm {
    /// Whether the realm is used on the thread that opened it (the thread
    /// whose ``ThreadRealm`` entries hold it): live, not confined to a queue
    /// or an actor, and not a migration's view of the old schema.
    var isThreadRealm: Bool { !isFrozen && queue == nil && actor == nil && oldSchemaTables == nil }
}
