import GeodeCore

/// The two shapes an import gives a class the store does not have yet:
/// ``GeoFeature``'s (GeoJSON) and ``JSONDocument``'s (plain JSON). A class of
/// either shape — the built-in ones, or one made by `importGeoJSON(into:)` /
/// `importJSON(into:)` under another name — imports and exports as they do.
enum GenericClass {
    /// `id`, `geometry` (any GeoJSON geometry), `properties`.
    case feature
    /// `id`, `content`.
    case document

    private var model: Object.Type {
        switch self {
        case .feature: return GeoFeature.self
        case .document: return JSONDocument.self
        }
    }

    /// The class's properties under the name `name` (embedded classes they
    /// reach are the built-in ones).
    func schema(named name: String) -> ClassSchema {
        let model = ClassInfo.of(self.model).schema
        return ClassSchema(name: name, properties: model.properties, isEmbedded: false)
    }

    /// The shape of `cls`, when it has one of the two.
    init?(of cls: ClassSchema) {
        for shape in [GenericClass.feature, .document] {
            let expected = ClassInfo.of(shape.model).schema.properties
            if cls.properties.count == expected.count,
                zip(cls.properties, expected).allSatisfy({ $0.name == $1.name && $0.hasSameShape(as: $1) })
            {
                self = shape
                return
            }
        }
        return nil
    }
}
