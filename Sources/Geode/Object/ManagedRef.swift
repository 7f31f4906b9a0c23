import Foundation
import GeodeCore

/// Where a managed object lives: the top-level object whose document holds it,
/// and the path inside that document (empty for the top-level object itself).
@usableFromInline
final class ManagedRef {
    let realm: Realm
    /// The object's own class.
    let cls: RealmClass
    /// The top-level class and key of the document.
    let root: RealmClass
    /// Changed only by ``repoint(to:document:)``, on the thread using the
    /// accessor: read without the runtime's exclusivity check.
    @exclusivity(unchecked) private(set) var key: ObjectKey
    /// Path from the document to this object: slot, then list index or map
    /// key. An embedded object's path follows the edits its realm made since
    /// it was last read (see ``EmbeddedEdits``): ``nowhere`` ends it once the
    /// object was removed or replaced.
    var path: [PathStep] {
        if placedPath.isEmpty || placedSerial == realm.embeddedEdits.serial { return placedPath }
        return followEdits()
    }
    /// The path as of edit serial `placedSerial` of the realm's ``EmbeddedEdits``.
    @exclusivity(unchecked) private var placedPath: [PathStep]
    @exclusivity(unchecked) private var placedSerial: Int
    /// Where the document lay in the realm's version when the accessor was
    /// made outside a write: reads at that version need no lookup.
    @exclusivity(unchecked) private(set) var document: PinnedDocument?
    /// The collections read from a top-level object's properties while
    /// someone holds them, so that each read of a property gives the same
    /// List, MutableSet or Map, as in Realm. Weak: the collection's location
    /// holds this ref.
    @exclusivity(unchecked) private var collections: [Int: WeakCollection]?
    /// The realm's ``Realm/invalidations`` when the accessor was made (or
    /// pointed at its object): an accessor made before the realm's last
    /// ``Realm/invalidate()`` is invalidated.
    @exclusivity(unchecked) private(set) var epoch: Int

    init(
        realm: Realm, cls: RealmClass, root: RealmClass, key: ObjectKey, path: [PathStep],
        document: PinnedDocument? = nil, epoch: Int? = nil
    ) {
        self.realm = realm
        self.cls = cls
        self.root = root
        self.key = key
        placedPath = path
        placedSerial = path.isEmpty ? 0 : realm.embeddedEdits.serial
        self.document = document
        self.epoch = epoch ?? realm.invalidations
    }

    /// Whether the realm was invalidated since the accessor was made.
    var wasInvalidated: Bool { epoch != realm.invalidations }

    /// Stops the program when the realm was invalidated since the accessor
    /// was made: using it is a programmer's error, as in Realm, where it
    /// raises. `what` names what was used, for the message.
    @inline(__always)
    func checkNotInvalidated(_ what: @autoclosure () -> String) {
        if epoch != realm.invalidations {
            preconditionFailure(
                "Geode: \(what()) was invalidated by the realm's invalidate(); read the object again from the realm")
        }
    }

    /// The step that ends the path of an embedded object that was removed or
    /// replaced: no list or object has an element there, so reads find nothing
    /// (``Object/isInvalidated`` is true) and writes fail.
    static let nowhere = PathStep.index(Int.max)

    /// Brings the path up to the realm's edits.
    private func followEdits() -> [PathStep] {
        let edits = realm.embeddedEdits
        if placedPath.last != Self.nowhere {
            placedPath =
                edits.follow(placedPath, table: root.table.schema.table, key: key, since: placedSerial)
                ?? placedPath + [Self.nowhere]
        }
        placedSerial = edits.serial
        return placedPath
    }

    /// Points this ref, which one top-level accessor alone holds, at object
    /// `key` of the same class.
    func repoint(to key: ObjectKey, document: PinnedDocument?) {
        self.key = key
        self.document = document
        collections = nil
        epoch = realm.invalidations
    }

    /// The collection of `property` read before and still held, else the
    /// one `make` makes (kept for the next read when the object is top-level:
    /// an embedded object's place may move).
    func collection<C: AnyObject>(_ property: Int, _ make: () -> C) -> C {
        if let held = collections?[property]?.value as? C { return held }
        let made = make()
        if placedPath.isEmpty {
            if collections == nil { collections = [:] }
            collections?[property] = WeakCollection(made)
        }
        return made
    }

    /// The value in slot `slot` of this object, in `document` (the top-level
    /// object's document, which holds embedded objects too).
    @inline(__always)
    func value(_ slot: Int, in document: ContainerView) throws -> ValueView? {
        path.isEmpty ? try document.value(at: slot) : try document.value(atPath: path + [.index(slot)])
    }

    /// Reads scalar property `property` straight from the document the
    /// accessor kept, as `T` decodes it in place: `.some(nil)` when the value
    /// does not convert (a missing value reads as null would), nil when there
    /// is no good kept document and the caller must read through
    /// ``Realm/read(_:_:shallow:)``. The hottest path of the object model:
    /// a top-level object's read retains nothing.
    @inline(__always)
    func readKept<T: _PersistableValue>(_ property: Int, as type: T.Type) -> T?? {
        guard let kept = document else { return nil }
        let slot = cls.slots[property]
        var read: T?? = nil
        do {
            let wasGood: Bool
            if path.isEmpty {
                // The closure captures the slot, not the ref (which would be retained for every read).
                wasGood = try kept.read(slot: slot, pinnedAt: realm.keptDocumentSerial) {
                    read = .some(try T._geodeFrom(stored: $0))
                }
            } else {
                wasGood = try kept.read(pinnedAt: realm.keptDocumentSerial) {
                    read = .some(try T._geodeFrom(stored: try value(slot, in: $0)))
                }
            }
            guard wasGood else { return nil }
            return consume read
        } catch {
            // Read again the ordinary way, which defers the error and gives the default value.
            return nil
        }
    }

    /// The ref of the top-level object whose document holds this one.
    var owner: ManagedRef {
        path.isEmpty
            ? self : ManagedRef(realm: realm, cls: root, root: root, key: key, path: [], document: document, epoch: epoch)
    }

    /// Whether `other` names the same stored object: of the same store, both
    /// live or both frozen, at the same place of the same top-level object.
    func isSame(as other: ManagedRef) -> Bool {
        realm.store.path == other.realm.store.path && realm.isFrozen == other.realm.isFrozen
            && root.name == other.root.name && key == other.key && path == other.path
    }
}

// MARK: - Links and embedded objects as values

/// A collection a ``ManagedRef`` hands out again while someone holds it.
final class WeakCollection {
    weak var value: AnyObject?

    init(_ value: AnyObject) { self.value = value }
}
