import GeodeCore

/// The accessors of one iteration over ``Results``, one after another: the
/// part of ``Results/Iterator`` that does not depend on the element type, so
/// that it runs as plain (unspecialized, yet generic-free) code while the
/// iterator's own `next()` is specialized in the caller's module.
///
/// An accessor the loop no longer holds when it asks for the next one is
/// pointed at the next object instead of a new one being made, when its
/// class stores nothing but `@Persisted` properties.
@usableFromInline
final class AccessorStream {
    private let realm: Realm
    private let cls: RealmClass
    /// The keys to visit; when walking, those of the current batch.
    private var keys: [ObjectKey]
    private var position = 0
    /// The documents of the keys from `batchStart` on, found a batch at a time
    /// with one cursor (outside a write), so that objects read their
    /// properties without a lookup each.
    private var batch: [PinnedDocument?] = []
    private var batchStart = 0
    /// The accessor handed out last, to reuse when nobody else holds it.
    private var last: ObjectBase?
    /// The version walked when iterating over every object of the class
    /// (kept, so that the walk sees the objects as they were when it began);
    /// nil when visiting known keys, or once the walk is done.
    private var walk: PinnedTransaction?
    private let reusesAccessors: Bool

    /// Visits the objects `keys` names, in that order.
    init(realm: Realm, cls: RealmClass, keys: [ObjectKey]) {
        self.realm = realm
        self.cls = cls
        self.keys = keys
        reusesAccessors = cls.info.accessorsAreInterchangeable
    }

    /// Visits every object of `cls` in the version `pinned` holds, in key order.
    init(realm: Realm, cls: RealmClass, walking pinned: PinnedTransaction) {
        self.realm = realm
        self.cls = cls
        keys = []
        walk = pinned
        reusesAccessors = cls.info.accessorsAreInterchangeable
    }

    /// The accessor of the next object; nil at the end.
    @usableFromInline
    func next() -> ObjectBase? {
        if position - batchStart >= batch.count, !advance() {
            last = nil
            return nil
        }
        let key = keys[position]
        let document = position - batchStart < batch.count ? batch[position - batchStart] : nil
        position += 1
        if isKnownUniquelyReferenced(&last), let spare = last {
            realm.repoint(spare, of: cls, to: key, document: document)
            return spare
        }
        let object = realm.accessor(cls, key, document: document)
        last = reusesAccessors ? object : nil
        return object
    }

    /// Moves on to the next batch of keys or documents when the current one
    /// is used up; false at the end.
    private func advance() -> Bool {
        if let walk, position == keys.count {
            do {
                (keys, batch) = try realm.store.pinnedObjects(after: keys.last, limit: 256, in: cls.table, walk)
            } catch {
                // A damaged store: the iteration ends, and the error waits for the next throwing call.
                realm.deferReadError(error)
                (keys, batch, self.walk) = ([], [], nil)
                return false
            }
            (batchStart, position) = (0, 0)
            if keys.isEmpty { self.walk = nil }
        }
        guard position < keys.count else { return false }
        if position - batchStart >= batch.count {
            batchStart = position
            batch = documents(keys[position ..< Swift.min(keys.count, position + 256)])
        }
        return true
    }

    /// The documents of `keys` in the realm's pinned version; none inside a
    /// write (its pages move as it writes).
    private func documents(_ keys: ArraySlice<ObjectKey>) -> [PinnedDocument?] {
        guard realm.transaction == nil else { return [] }
        return (try? realm.store.pinnedDocuments(keys, in: cls.table, realm.pinned)) ?? []
    }
}
