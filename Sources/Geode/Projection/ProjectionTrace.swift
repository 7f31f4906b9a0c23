import Foundation
import GeodeCore

/// Follows a projection's key path over unmanaged objects to learn which
/// stored properties it reads, so a type-safe query can name a projection's
/// property (`$0.homeCity`) and test the root's (`address.city`).
///
/// While a trace runs on a thread, every `@Persisted` read of an unmanaged
/// object is recorded; links and embedded objects read as fresh objects so
/// the path goes on, and scalars read as unlikely values, so that a
/// transform (`lastName.localizedUppercase`) shows as a changed value.
final class ProjectionTrace {
    /// The stored properties read, in order.
    private(set) var components: [QueryKeyPath.Component] = []
    /// The value the last read returned, when it is known and hashable.
    private var lastValue: AnyHashable?
    /// Whether a read value was transformed before it reached the projection.
    private(set) var isTransformed = false
    /// Where the path entered the elements of a projected collection.
    private(set) var collectionEnd: Int?

    /// The trace running on this thread, if any (kept in its ``ThreadTrace``).
    static var current: ProjectionTrace? { ThreadTrace.current?.projection }

    /// Runs `body` with a trace on this thread and returns the trace.
    static func run(_ body: () -> Any) -> ProjectionTrace {
        let trace = ProjectionTrace()
        trace.finish(with: ThreadTrace.run(projection: trace, tracingKeyPaths: true, body))
        return trace
    }

    /// Notes that the path goes on into a collection's elements here.
    func enterElements() {
        if collectionEnd == nil { collectionEnd = components.count }
    }

    func record(_ name: String, _ value: Any?) {
        components.append(.property(name))
        lastValue = value.flatMap { $0 as? AnyHashable }
    }

    /// Compares what a key path produced with the last value read: a
    /// different value means the path transformed it.
    func finish(with value: Any) {
        guard let lastValue, let produced = value as? AnyHashable else { return }
        if produced != lastValue { isTransformed = true }
    }
}

/// Records an unmanaged `@Persisted` read while a projection trace runs and
/// returns the traced value; nil when no trace runs (or for the usual value).
@usableFromInline
func _projectionTraceRead<V: _Persistable>(_ object: ObjectBase, _ index: Int, _ type: V.Type) -> V? {
    guard index >= 0, let trace = ProjectionTrace.current else { return nil }
    let value = V._geodeTraceValue()
    trace.record(ClassInfo.of(Swift.type(of: object)).properties[index].name, value)
    return value
}

/// What an unmanaged collection gives for an element it does not have while a
/// key path is traced (`\.dogs[0].name`, `\.pets["rex"]?.name`): a traced
/// element, so that the path goes on; nil when no trace runs.
func _tracedElement<E: _Persistable>(_: E.Type) -> E? {
    guard ProjectionTrace.current != nil else { return nil }
    return E._geodeTraceValue() ?? E._geodeDefault()
}

// MARK: - Traced values

extension Object {
    public static func _geodeTraceValue() -> Self? { Self() }
}

extension EmbeddedObject {
    public static func _geodeTraceValue() -> Self? { Self() }
}

extension Optional where Wrapped: _PersistableValue {
    public static func _geodeTraceValue() -> Wrapped?? { Wrapped._geodeTraceValue().map { .some($0) } }
}

extension String {
    public static func _geodeTraceValue() -> String? { "geode\u{1F}trace\u{1F}value" }
}

extension _PersistableInteger {
    public static func _geodeTraceValue() -> Self? { Self(exactly: 101) }
}

extension Double {
    public static func _geodeTraceValue() -> Double? { 0.137_035_999 }
}

extension Float {
    public static func _geodeTraceValue() -> Float? { 0.137_035_999 }
}

extension Date {
    public static func _geodeTraceValue() -> Date? { Date(timeIntervalSince1970: 1_137_035_999.25) }
}

extension _CustomPersistable {
    public static func _geodeTraceValue() -> Self? { PersistedType._geodeTraceValue().flatMap(_geodeMapped(from:)) }
}
