import Foundation

/// A property that holds an object or collection usable from whichever
/// thread reads it: each read finds it in a realm of the reading thread
/// (opened once per thread and store, and kept).
///
/// ```swift
/// final class Walker: @unchecked Sendable {
///     @ThreadSafe var dog: Dog?
/// }
/// DispatchQueue.global().async { print(walker.dog?.name ?? "gone") }
/// ```
@propertyWrapper
public final class ThreadSafe<T: ThreadConfined>: @unchecked Sendable {
    private let lock = NSLock()
    private var resolver: _ThreadConfinedResolver?
    private var configuration: Realm.Configuration?

    /// Holds `wrappedValue` (nil holds nothing).
    public init(wrappedValue: T?) {
        set(wrappedValue)
    }

    /// The value, found in the reading thread's realm; nil when it was deleted.
    public var wrappedValue: T? {
        get {
            let (resolver, configuration) = lock.withLock { (self.resolver, self.configuration) }
            guard let resolver, let configuration, let realm = Self.realm(for: configuration) else { return nil }
            return resolver.resolve(realm) as? T
        }
        set { set(newValue) }
    }

    private func set(_ value: T?) {
        let realm = value?.realm
        precondition(value == nil || realm != nil, "Geode: @ThreadSafe holds only managed objects and collections")
        lock.withLock {
            resolver = value?._geodeResolver()
            configuration = realm?.configuration
        }
    }

    /// This thread's realm of `configuration`: the one writing the store on
    /// this thread, if any, else one opened on first use and kept.
    private static func realm(for configuration: Realm.Configuration) -> Realm? {
        let path = (try? configuration.storePath()) ?? ""
        if let writing = WritingRealm.current(forStoreAt: path) { return writing }
        let key = "Geode.ThreadSafe." + path
        let dictionary = Thread.current.threadDictionary
        if let realm = dictionary[key] as? Realm {
            realm.refresh()
            return realm
        }
        guard let realm = try? Realm(configuration: configuration) else { return nil }
        dictionary[key] = realm
        return realm
    }
}
