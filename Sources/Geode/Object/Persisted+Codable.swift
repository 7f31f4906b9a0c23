import Foundation

/// Automatic `Codable` for models: a class that declares `Codable` decodes
/// its `@Persisted` properties from JSON (or any decoder) into an unmanaged
/// object, and encodes an unmanaged object, as in Realm.
///
/// ```swift
/// final class Dog: Object, Codable {
///     @Persisted var name = ""
///     @Persisted var age: Int?
///     @Persisted var tags: List<String>
/// }
/// let dog = try JSONDecoder().decode(Dog.self, from: Data(#"{"name": "Rex", "tags": ["good"]}"#.utf8))
/// try realm.write { realm.add(dog) }
/// ```
///
/// A missing key leaves an optional property nil; a required one must be
/// present. Encoding reads the values the object itself holds, so it is for
/// objects made by decoding or by assigning their properties: a property
/// whose value lives elsewhere (a managed object's, or one given to
/// `init(value:)`) is an `EncodingError`, as Realm refuses to encode managed
/// objects. Write `encode(to:)` for those. Collections encode what they hold,
/// managed or not.
extension Persisted: Decodable where Value: Decodable {
    /// The property holding the decoder's single value (links and embedded
    /// objects decode as unmanaged objects, collections as unmanaged collections).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(stored: try container.decode(Value.self), options: PersistedOptions())
    }
}

extension Persisted: Encodable where Value: Encodable {
    /// Writes the value the object holds; an `EncodingError` when the object
    /// keeps it elsewhere (managed, or made with `init(value:)`).
    public func encode(to encoder: any Encoder) throws {
        guard property < 0 else {
            throw EncodingError.invalidValue(
                Value.self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription:
                        "the object does not hold this property's value itself (a managed object, or one made "
                        + "with init(value:)); define encode(to:) on the class to encode such objects"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(stored ?? Value._geodeInitial())
    }
}

/// A `@Persisted` property whose value may be nil, so that a decoder may
/// leave its key out.
public protocol _PersistedOptionalCoding {
    /// The property holding nil.
    static func _geodeNil() -> Self
}

extension Persisted: _PersistedOptionalCoding where Value: ExpressibleByNilLiteral {
    public static func _geodeNil() -> Persisted { Persisted(stored: nil, options: PersistedOptions()) }
}

extension KeyedDecodingContainer {
    /// Decodes an optional `@Persisted` property, nil when its key is missing
    /// (synthesized `init(from:)` calls this for such properties).
    public func decode<T: Decodable & _PersistedOptionalCoding>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? T._geodeNil()
    }
}
