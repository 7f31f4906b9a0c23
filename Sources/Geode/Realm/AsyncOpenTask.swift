import Foundation
import GeodeCore

extension Realm {
    /// Opens a realm on a background thread (creating the file, running a
    /// migration or compaction the configuration asks for), then calls
    /// `callback` on `callbackQueue` with a realm confined to that queue, as
    /// `Realm(configuration:queue:)` makes it, or with the error that stopped
    /// the opening.
    ///
    /// `callbackQueue` is the main queue unless given: on Linux it runs only
    /// while the main thread runs `dispatchMain()` or its run loop.
    ///
    /// ```swift
    /// let queue = DispatchQueue(label: "store")
    /// Realm.asyncOpen(configuration: configuration, callbackQueue: queue) { result in
    ///     switch result {
    ///     case .success(let realm): print(realm.objects(Dog.self).count)
    ///     case .failure(let error): print(error)
    ///     }
    /// }
    /// ```
    @discardableResult
    public static func asyncOpen(
        configuration: Realm.Configuration = .defaultConfiguration, callbackQueue: DispatchQueue = .main,
        callback: @escaping (Result<Realm, Swift.Error>) -> Void
    ) -> AsyncOpenTask {
        let task = AsyncOpenTask()
        let deliver = Unchecked(callback)
        DispatchQueue.global().async {
            // The first opening does the slow work here; the queue's realm then opens what it left.
            let opened = Result { _ = try Realm(configuration: configuration) }
            callbackQueue.async {
                guard !task.isCancelled else { return }
                deliver.value(
                    opened.flatMap { Result { try Realm(configuration: configuration, queue: callbackQueue) } })
            }
        }
        return task
    }
}

/// A realm being opened by ``Realm/asyncOpen(configuration:callbackQueue:callback:)``:
/// cancelling it stops the callback from being called.
///
/// ```swift
/// let task = Realm.asyncOpen(configuration: configuration, callbackQueue: queue) { _ in }
/// task.cancel()
/// ```
public final class AsyncOpenTask: Sendable {
    private let cancelled = Locked(false)

    init() {}

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { cancelled.withLock { $0 } }

    /// Stops the callback from being called, unless it already runs. The
    /// file may still be opened (and migrated) by the background work.
    public func cancel() {
        cancelled.withLock { $0 = true }
    }
}

extension Realm {
    /// Realm's name for ``Geode/AsyncOpenTask``, nested in `Realm` as Realm Swift declares it.
    public typealias AsyncOpenTask = Geode.AsyncOpenTask
}
