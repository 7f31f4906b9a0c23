import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Queries of any length, and nesting up to the documented limit, are answered
/// without exhausting the stack; deeper nesting is a located query error.
@Suite struct DeepQueryTests {
    final class Counter: Object {
        @Persisted var n = 0
    }

    static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        let realm = try Realm(
            configuration: .init(
                fileURL: directory.url.appendingPathComponent("deep.geode"), objectTypes: [Counter.self]))
        try realm.write {
            for n in 0 ..< 50 { realm.create(Counter.self, value: ["n": n]) }
        }
        return realm
    }

    /// Runs `body` on a thread with a 512 KiB stack, the size of a secondary
    /// thread's, so that a recursion that only fits the main thread's fails here.
    /// Under a sanitizer (`make sanitize` sets `GEODE_SANITIZER`), whose frames
    /// are several times larger, the stack is 4 MiB.
    static func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = ProcessInfo.processInfo.environment["GEODE_SANITIZER"] == nil ? 512 * 1024 : 4 << 20
        thread.start()
        done.wait()
    }

    @Test func aChainOfOneHundredThousandORsIsAnswered() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let query = (0 ..< 100_000).map { "n == \($0 % 5 == 0 ? $0 : -$0 - 1)" }.joined(separator: " OR ")
        #expect(try realm.objects(Counter.self).query(query).count == 10)
    }

    @Test func aChainOfOneHundredThousandANDsIsAnswered() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let query = (0 ..< 100_000).map { "n != \(-$0 - 1)" }.joined(separator: " && ") + " AND n < 7"
        #expect(try realm.objects(Counter.self).query(query).count == 7)
    }

    @Test func nestingAtTheLimitIsAnsweredOnASmallStack() throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        let reference = ThreadSafeBox(realm.configuration)
        Self.onSmallStack {
            do {
                let realm = try Realm(configuration: reference.value)
                let limit = 100
                let parens =
                    String(repeating: "(", count: limit - 1) + "n < 3" + String(repeating: ")", count: limit - 1)
                #expect(try realm.objects(Counter.self).query(parens).count == 3)
                // An even number of NOTs, each one level: the same as no NOT.
                let nots = String(repeating: "NOT ", count: limit) + "n < 3"
                #expect(try realm.objects(Counter.self).query(nots).count == 3)
                let lists = "n IN " + String(repeating: "{", count: limit) + String(repeating: "}", count: limit)
                #expect(throws: (any Error).self) { try realm.objects(Counter.self).query(lists) }
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    final class Word: Object {
        @Persisted var text = ""
    }

    /// A pattern as long as a query can be is read once, when the query is
    /// bound, not once for every object; runs of `*` mean one `*`.
    @Test func aLikePatternOfAMillionCharactersMatchesAsItsShortForm() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(fileURL: URL(fileURLWithPath: directory.path("words.geode")), objectTypes: [Word.self])
        )
        let texts = ["Paris", "Roma", "Oslo", "Lima", "Bern", "Sofia", "Riga", "Évora"]
        try realm.write {
            for n in 0 ..< 200 { realm.create(Word.self, value: ["text": texts[n % texts.count]]) }
        }
        let words = realm.objects(Word.self)
        let stars = String(repeating: "*", count: 1_000_000)
        #expect(try words.query("text LIKE '\(stars)a'").count == 125)
        #expect(try words.query("text LIKE '\(stars)r\(stars)'").count == 75)
        #expect(try words.query("text LIKE[c] '\(stars)É\(stars)'").count == 25)
        let questions = String(repeating: "?", count: 1_000_000)
        #expect(try words.query("text LIKE '\(questions)'").count == 0)
        #expect(try words.query("text LIKE '?\(stars)?\(stars)?\(stars)?'").count == 200)
        #expect(try words.query("text LIKE '?\(stars)?\(stars)?\(stars)?\(stars)?'").count == 75)
    }

    @Test(arguments: [
        String(repeating: "(", count: 10_000) + "n < 3" + String(repeating: ")", count: 10_000),
        String(repeating: "NOT ", count: 5_000) + "n < 3",
        String(repeating: "!", count: 101) + "n < 3",
        "n IN " + String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000),
        "SUBQUERY(x, $x, " + String(repeating: "(", count: 2_000) + "$x > 0" + String(repeating: ")", count: 2_000)
            + ").@count > 0",
    ])
    func nestingPastTheLimitIsALocatedError(query: String) throws {
        let directory = try TemporaryDirectory()
        let realm = try Self.realm(directory)
        do {
            _ = try realm.objects(Counter.self).query(query)
            Issue.record("a query nested past the limit was accepted")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("deeper than 100 levels"), "\(message)")
            #expect(message.contains("column"), "\(message)")
        }
    }
}

/// A value handed to another thread once, read there only.
private final class ThreadSafeBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
