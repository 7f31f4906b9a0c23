import Foundation

/// Marks the threads on which unmanaged `@Persisted` reads are being traced:
/// a type-safe query learning which property a key path names, or a
/// projection's key path being followed. Other unmanaged reads skip the
/// bookkeeping that tracing needs and read the wrapper straight away.
/// The mark lives in the thread's ``ThreadTrace``.
enum KeyPathTracing {
    /// Whether a trace runs on this thread.
    static var isActive: Bool { ThreadTrace.current?.tracesKeyPaths == true }

    /// Runs `body` with tracing on for this thread (traces may nest).
    static func run<T>(_ body: () -> T) -> T {
        ThreadTrace.run(tracingKeyPaths: true, body)
    }
}

/// Whether unmanaged reads are traced on this thread (see ``KeyPathTracing``).
@usableFromInline
func _keyPathTracingIsActive() -> Bool { KeyPathTracing.isActive }
