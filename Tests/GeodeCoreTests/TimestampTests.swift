import Foundation
import GeodeCore
import GeodeTestSupport
import Testing

/// A `Date` becomes a timestamp (seconds since 1970 and nanoseconds) as Realm
/// makes one, and comes back as the same `Date`.
@Suite struct TimestampTests {
    @Test func everyDateOfTheLastAndNextFewYearsReadsBackExactly() {
        var random = SeededGenerator(seed: 7)
        for _ in 0 ..< 20_000 {
            // Times around now with a fraction of a second, as `Date()` gives them.
            let interval = Double.random(in: 600_000_000 ... 1_000_000_000, using: &random)
            let date = Date(timeIntervalSinceReferenceDate: interval)
            #expect(Timestamp(date).date == date, "\(interval)")
        }
    }

    @Test func theInstantThatCameBackOneStepOffReadsBackExactly() {
        let date = Date(timeIntervalSinceReferenceDate: 818_353_437.420_491_6)
        #expect(Timestamp(date).date == date)
        #expect(Timestamp(date) == Timestamp(seconds: 1_796_660_637, nanoseconds: 420_491_576))
    }

    @Test func secondsAndNanosecondsHaveTheSignOfTheDateSince1970() {
        // Between 1970 and 2001: negative since 2001, positive since 1970.
        let late1990s = Timestamp(Date(timeIntervalSinceReferenceDate: -100_000_000.25))
        #expect(late1990s == Timestamp(seconds: 878_307_199, nanoseconds: 750_000_000))
        let before1970 = Timestamp(Date(timeIntervalSince1970: -5.5))
        #expect(before1970 == Timestamp(seconds: -5, nanoseconds: -500_000_000))
        #expect(before1970.date == Date(timeIntervalSince1970: -5.5))
    }

    @Test func datesBeyondTheRangeOfSecondsAreClampedAndNaNIsZero() {
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: .infinity)).seconds == .max)
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: -.infinity)).seconds == .min)
        #expect(Timestamp(Date(timeIntervalSinceReferenceDate: .nan)) == Timestamp(seconds: 0, nanoseconds: 0))
        // The last date below the clamp moves to 1970 without passing the last second.
        let last = Date(timeIntervalSinceReferenceDate: (Double(Int64.max) - 978_307_200).nextDown)
        #expect(Timestamp(last).seconds > .max - 2048)
        #expect(Timestamp(seconds: .min, nanoseconds: 0).date < Date.distantPast)
    }
}
