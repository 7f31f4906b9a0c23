import Foundation
import GeodeCore
import GeodeGeo

/// Finds the property a key path names by reading it on a fresh unmanaged
/// instance (the `@Persisted` getter records its index); cached per key path
/// as the one-step query path it stands for.
enum QueryKeyPaths {
    private static let steps = KeyPathCache<[QueryKeyPath.Component]>()

    static func step<Root: ObjectBase>(of keyPath: PartialKeyPath<Root>, in type: Root.Type) -> [QueryKeyPath.Component]
    {
        steps.value(for: keyPath) {
            let info = ClassInfo.of(type)
            let instance = type.init()
            instance._lastRead = -1
            KeyPathTracing.run { _ = instance[keyPath: keyPath] }
            let index = instance._lastRead
            guard index >= 0, index < info.properties.count else {
                preconditionFailure(
                    "Geode: \(keyPath) is not a @Persisted property of \(type); queries can only test stored properties"
                )
            }
            return [.property(info.properties[index].name)]
        }
    }

    private static let names = KeyPathCache<String>()

    /// The key path `keyPath` reads, as the string APIs take it: `\Dog.age`
    /// is `"age"`, and `\Dog.owner?.name` is `"owner.name"`, followed through
    /// links and embedded objects as a projection's path is (``ProjectionTrace``).
    static func name<Root: ObjectBase>(of keyPath: PartialKeyPath<Root>) -> String {
        names.value(for: keyPath) {
            let instance = Root.init()
            let trace = ProjectionTrace.run { instance[keyPath: keyPath] }
            let names = trace.components.compactMap { component -> String? in
                if case let .property(name) = component { return name }
                return nil
            }
            guard !names.isEmpty else {
                preconditionFailure("Geode: \(keyPath) does not name a property of \(Root.self)")
            }
            return names.joined(separator: ".")
        }
    }
}
