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

    /// Seconds from 1970 to 2001, the reference date a `Date` counts from.
    static let secondsFrom1970To2001: Int64 = 978_307_200

    /// The timestamp of a `Date`, as Realm stores it: whole seconds and
    /// nanoseconds (truncated) of its interval since 2001, the form `Date`
    /// keeps, moved to 1970 in integers. Going through
    /// `timeIntervalSince1970` instead rounds the interval once more, and about
    /// half of the dates read back one unit in the last place off. NaN is 0;
    /// dates beyond the range of whole seconds are clamped to it.
    package init(_ date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        let offset = Double(Self.secondsFrom1970To2001)
        guard !interval.isNaN else {
            self.init(seconds: 0, nanoseconds: 0)
            return
        }
        guard interval < Double(Int64.max) - offset else {
            self.init(seconds: .max, nanoseconds: 999_999_999)
            return
        }
        guard interval - offset >= Double(Int64.min) else {
            self.init(seconds: .min, nanoseconds: -999_999_999)
            return
        }
        let whole = Int64(interval)
        // Below the clamp, which the double rounds down, the move to 1970 stays within Int64.
        var seconds = whole + Self.secondsFrom1970To2001
        var nanoseconds = Int32((interval - Double(whole)) * 1e9)
        // The seconds and nanoseconds of a timestamp have the same sign.
        if nanoseconds < 0, seconds > 0 {
            nanoseconds += 1_000_000_000
            seconds -= 1
        }
        self.init(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// The timestamp as a `Date`.
    package var date: Date {
        Date(
            timeIntervalSinceReferenceDate: Double(seconds) - Double(Self.secondsFrom1970To2001)
                + Double(nanoseconds) / 1e9)
    }
}
