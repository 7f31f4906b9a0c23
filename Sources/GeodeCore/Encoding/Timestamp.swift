import Foundation
import OrderedCollections

/// A point in time as Realm stores it: whole seconds since 1970 and nanoseconds
/// (same sign as the seconds).
package struct Timestamp: Hashable, Sendable {
    package var seconds: Int64
    package var nanoseconds: Int32

    package init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The timestamp nearest to a `Date`.
    package init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.towardZero)
        seconds = Int64(whole)
        nanoseconds = Int32(((interval - whole) * 1e9).rounded())
    }

    /// The timestamp as a `Date`.
    package var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}
