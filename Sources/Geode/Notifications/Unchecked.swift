/// A value handed to the queue or thread that owns it, through a closure the
/// compiler wants `Sendable`: a realm and its objects are used by one thread
/// or queue at a time, which Geode keeps by where it runs the closure, not
/// by their types.
final class Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
