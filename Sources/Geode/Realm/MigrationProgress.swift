/// How far a migration has come, for ``Realm/Configuration/migrationProgress``.
///
/// ```swift
/// configuration.migrationProgress = { progress in
///     print("\(progress.phase) \(progress.className): \(progress.completedObjects)/\(progress.totalObjects)")
/// }
/// ```
public struct MigrationProgress: Sendable, Equatable {
    /// What the migration is doing.
    public enum Phase: String, Sendable {
        /// The block is visiting objects (``Migration/enumerateObjects(ofType:_:)``).
        case enumerating
        /// The store is rewriting a class's documents for the new schema.
        case rewriting
    }

    /// What the migration is doing.
    public var phase: Phase
    /// The class concerned.
    public var className: String
    /// The objects done so far in this phase and class.
    public var completedObjects: Int
    /// The objects this phase visits in this class.
    public var totalObjects: Int
}
