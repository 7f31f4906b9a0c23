import Foundation
import GeodeCore

/// Queries over the objects of an unmanaged list or set, which Realm answers
/// in memory (`index(matching:)`): the objects are copied into a realm held
/// in memory for the one call, where the query runs as it runs over stored
/// objects. Geode's query language is evaluated by its engine over stored
/// documents, so copying the objects there keeps one evaluator, and every
/// rule of it, instead of a second one over Swift objects.
///
/// ```swift
/// let unmanaged = List<Dog>()
/// unmanaged.append(objectsIn: [Dog(value: ["name": "Rex"]), Dog(value: ["name": "Fido"])])
/// unmanaged.index(matching: "name == 'Fido'")   // 1
/// ```
enum UnmanagedQuery {
    /// The position in `objects` of the first one `select` keeps, the objects
    /// (and the objects they link to) copied into a realm in memory first.
    static func firstIndex<Element: Object>(
        of objects: [Element], where select: (Results<Element>) -> Results<Element>
    ) -> Int? {
        guard !objects.isEmpty else { return nil }
        let configuration = Realm.Configuration(
            inMemoryIdentifier: "geode-unmanaged-query-\(UUID().uuidString)",
            objectTypes: ClassInfo.closure(of: [Element.self]).map(\.type))
        do {
            let realm = try Realm(configuration: configuration)
            // The same object twice in a list is one object there, as it is one in memory.
            let update: UpdatePolicy = realm.realmClass(Element.self).primaryKey == nil ? .error : .modified
            let keys = try realm.write {
                objects.map { realm.create(Element.self, value: $0, update: update)._ref?.key }
            }
            let wanted = Set(select(realm.objects(Element.self)).keys)
            return keys.firstIndex { $0.map(wanted.contains) == true }
        } catch {
            preconditionFailure("Geode: the unmanaged objects could not be queried: \(GeodeError.from(error))")
        }
    }
}
