import Foundation
import GeodeCore

/// What a value needs while being written: the realm and its write transaction,
/// to add the objects it links to.
public struct _WriteContext {
    let realm: Realm
    /// Nil when converting a lookup key: nothing may be added then.
    let transaction: StoreWriteTransaction?
}

// MARK: - Scalars
