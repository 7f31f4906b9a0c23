import Foundation
import OrderedCollections

/// A reference to an object: its class's table number and its key.
package struct Link: Hashable, Sendable {
    package var table: UInt32
    package var key: ObjectKey

    package init(table: UInt32, key: ObjectKey) {
        self.table = table
        self.key = key
    }
}
