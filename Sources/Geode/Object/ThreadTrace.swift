import Foundation

/// The one thread-local slot of the object model: what this thread is
/// tracing while Swift code runs on unmanaged objects to learn which
/// `@Persisted` properties it touches.
///
/// Three questions are answered this way, because Swift offers no other way
/// to map an initializer or a key path to a property on Linux (no
/// Objective-C runtime, and a `KeyPath` does not name its stored property):
/// - schema discovery: which wrappers a class's initializer creates, numbered
///   so that each can be matched to its `Mirror` label (``SchemaDiscovery``);
/// - type-safe queries: which property a key path reads (``KeyPathTracing``);
/// - projections: which stored properties a projection's key path follows,
///   through links and transforms (``ProjectionTrace``).
///
/// Each runs the user's own code on a fresh unmanaged object with this state
/// set; the `@Persisted` getter checks it (one `pthread_getspecific`) and
/// records what it is asked for. Traces nest: each run sees the state of the
/// run around it, with its own part added, and restores it when it ends.
final class ThreadTrace {
    /// A class being discovered on this thread.
    private(set) var discovery: SchemaDiscovery.Discovery?
    /// A projection's key path being followed on this thread.
    private(set) var projection: ProjectionTrace?
    /// Whether unmanaged reads record the property they read (`ObjectBase._lastRead`).
    private(set) var tracesKeyPaths = false

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The trace running on this thread, if any.
    static var current: ThreadTrace? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<ThreadTrace>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `discovery`, `projection` or key-path tracing added
    /// to this thread's trace; the trace before it is restored afterwards.
    static func run<T>(
        discovery: SchemaDiscovery.Discovery? = nil, projection: ProjectionTrace? = nil,
        tracingKeyPaths: Bool = false, _ body: () -> T
    ) -> T {
        let previous = pthread_getspecific(key)
        let outer = current
        let trace = ThreadTrace()
        trace.discovery = discovery ?? outer?.discovery
        trace.projection = projection ?? outer?.projection
        trace.tracesKeyPaths = tracingKeyPaths || outer?.tracesKeyPaths == true
        pthread_setspecific(key, Unmanaged.passUnretained(trace).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return withExtendedLifetime(trace) { body() }
    }
}
