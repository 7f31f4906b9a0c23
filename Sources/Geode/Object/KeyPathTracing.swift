import Foundation

/// Marks the threads on which unmanaged `@Persisted` reads are being traced:
/// a type-safe query learning which property a key path names, or a
/// projection's key path being followed. Other unmanaged reads skip the
/// bookkeeping that tracing needs and read the wrapper straight away.
enum KeyPathTracing {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether a trace runs on this thread.
    static var isActive: Bool { pthread_getspecific(key) != nil }

    /// Runs `body` with tracing on for this thread (traces may nest).
    static func run<T>(_ body: () -> T) -> T {
        let previous = pthread_getspecific(key)
        // Any non-nil value marks the thread.
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(key, previous) }
        return body()
    }
}

/// Whether unmanaged reads are traced on this thread (see ``KeyPathTracing``).
@usableFromInline
func _keyPathTracingIsActive() -> Bool { KeyPathTracing.isActive }
