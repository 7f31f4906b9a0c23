import Foundation
import Geode

extension TemporaryDirectory {
    /// A realm of `types` kept in this directory as `name`: asked again with
    /// the same name, the same file (to test what survives reopening).
    ///
    /// ```swift
    /// let directory = try TemporaryDirectory()
    /// let realm = try directory.realm(of: [Dog.self])
    /// ```
    package func realm(of types: [ObjectBase.Type], named name: String = "test.geode") throws -> Realm {
        try Realm(configuration: Realm.Configuration(fileURL: url.appendingPathComponent(name), objectTypes: types))
    }
}

/// Runs `body` with a realm of `types` in a directory of its own, removed
/// once `body` returns.
///
/// ```swift
/// try withTemporaryRealm(of: [Dog.self]) { realm in
///     try realm.write { realm.add(Dog()) }
/// }
/// ```
package func withTemporaryRealm<T>(of types: [ObjectBase.Type], _ body: (Realm) throws -> T) throws -> T {
    let directory = try TemporaryDirectory()
    return try withExtendedLifetime(directory) { try body(try directory.realm(of: types)) }
}
