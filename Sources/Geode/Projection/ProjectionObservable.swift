/// A view whose values come from a root object (``Projection`` subclasses):
/// what can observe its changes as a projection does, and be queried by its
/// own property names.
///
/// ```swift
/// func watch<P: ProjectionObservable>(_ projection: P) -> NotificationToken {
///     projection.observe { change in print(change) }
/// }
/// ```
public protocol ProjectionObservable: AnyObject {
    /// The class of the object the projection reads.
    associatedtype Root: ObjectBase
    /// The object the projection reads.
    var rootObject: Root { get }
    /// A projection of `object`.
    init(projecting object: Root)
}

extension Projection: ProjectionObservable {}
