import Foundation
import OrderedCollections

/// The key of an object within its class: allocated in increasing order and
/// never reused.
package struct ObjectKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var rawValue: UInt64
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    package static func < (a: ObjectKey, b: ObjectKey) -> Bool { a.rawValue < b.rawValue }
    package var description: String { String(rawValue) }
}
