import Foundation
import Geode

/// Work run on several threads at once, each with a realm of its own on one
/// store, as a server's request threads read: the threads open their realms
/// first, then start together, and the time is from that start to the last
/// one done.
///
/// ```swift
/// let (found, seconds) = try ReaderThreads.run(2, path: store) { part, features in
///     ids[part].reduce(0) { $0 + (try GeodeSystem.lookup($1, in: features) ? 1 : 0) }
/// }
/// ```
enum ReaderThreads {
    /// Runs `work(part, features)` for parts `0 ..< threads`, one thread
    /// each; returns the sum of what they return and the seconds taken.
    static func run(
        _ threads: Int, path: String, _ work: @escaping @Sendable (Int, Results<GeoFeature>) throws -> Int
    ) throws -> (Int, Double) {
        let ready = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        for part in 0 ..< threads {
            Thread {
                do {
                    let realm = try Realm(configuration: GeodeSystem.configuration(path))
                    let features = realm.objects(GeoFeature.self)
                    ready.signal()
                    start.wait()
                    outcome.add(.success(try work(part, features)))
                } catch {
                    ready.signal()
                    outcome.add(.failure(error))
                }
                done.signal()
            }.start()
        }
        for _ in 0 ..< threads { ready.wait() }
        let began = DispatchTime.now().uptimeNanoseconds
        for _ in 0 ..< threads { start.signal() }
        for _ in 0 ..< threads { done.wait() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        return (try outcome.total(), seconds)
    }

    /// What the threads returned, gathered under a lock.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<Int, any Error>] = []

        func add(_ result: Result<Int, any Error>) { lock.withLock { results.append(result) } }

        func total() throws -> Int { try lock.withLock { try results.reduce(0) { $0 + (try $1.get()) } } }
    }
}
