import Foundation
import GeodeCore

/// Where a value was read: its realm and its place in a document, so that
/// embedded objects and collections read from it stay bound to that place.
///
/// It lives only for the read that makes it, while the reader holds realm and
/// ref: it holds them unowned, so that reading a scalar retains nothing.
public struct _ReadContext {
    unowned(unsafe) let realm: Realm
    /// The object (or, for collections, the top-level object) the read went through.
    private unowned(unsafe) let base: ManagedRef
    /// The path below the document to the container of the value.
    private let prefix: [PathStep]
    /// The value's step in that container.
    private let step: PathStep

    /// The context of the value at `step` below `prefix` in `base`'s document;
    /// owner and path are built only when a value asks for them (embedded
    /// objects and collections), so reading a scalar allocates nothing.
    init(realm: Realm, base: ManagedRef, prefix: [PathStep], step: PathStep) {
        self.realm = realm
        self.base = base
        self.prefix = prefix
        self.step = step
    }

    /// The top-level object whose document holds the value.
    var owner: ManagedRef { base.owner }

    /// The value's path in that document.
    var path: [PathStep] { prefix + [step] }
}
