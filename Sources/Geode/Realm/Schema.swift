import Foundation
import GeodeCore

/// The classes of a realm (``Realm/schema``).
public struct Schema: CustomStringConvertible, Equatable, Sendable {
    let schema: GeodeCore.Schema

    init(_ schema: GeodeCore.Schema) { self.schema = schema }

    /// Every class, in the order the store keeps them.
    public var objectSchema: [ObjectSchema] { schema.classes.map(ObjectSchema.init) }

    /// The class named `className`.
    public subscript(className: String) -> ObjectSchema? { schema[className].map(ObjectSchema.init) }

    /// Every class's ``ObjectSchema/description`` in order of name, indented
    /// by a tab, in Realm's format: `Schema {\n\tDog {\n…\n\t}\n}`.
    public var description: String {
        let body = objectSchema.sorted { $0.className < $1.className }.map {
            "\t" + $0.description.replacingOccurrences(of: "\n", with: "\n\t") + "\n"
        }
        return "Schema {\n" + body.joined() + "}"
    }
}
