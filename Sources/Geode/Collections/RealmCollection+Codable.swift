import Foundation

// Collections decode into unmanaged collections and encode what they hold,
// managed or not: lists and sets as arrays, maps as objects keyed by their keys.

extension List: Decodable where Element: Decodable {
    /// A list of the values of an unkeyed container (a JSON array).
    ///
    /// ```swift
    /// let tags = try JSONDecoder().decode(List<String>.self, from: Data(#"["a", "b"]"#.utf8))
    /// ```
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        append(objectsIn: try decodeElements(Element.self, from: decoder))
    }
}

extension List: Encodable where Element: Encodable {
    /// Writes the elements in order, as an array.
    public func encode(to encoder: any Encoder) throws { try encodeElements(of: self, to: encoder) }
}

extension MutableSet: Decodable where Element: Decodable {
    /// A set of the values of an unkeyed container (a JSON array); repeated values are kept once.
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        insert(objectsIn: try decodeElements(Element.self, from: decoder))
    }
}

extension MutableSet: Encodable where Element: Encodable {
    /// Writes the elements as an array.
    public func encode(to encoder: any Encoder) throws { try encodeElements(of: self, to: encoder) }
}

extension Map: Decodable where Value: Decodable {
    /// A map of the entries of a keyed container (a JSON object).
    ///
    /// ```swift
    /// let scores = try JSONDecoder().decode(Map<String, Int>.self, from: Data(#"{"a": 1}"#.utf8))
    /// ```
    public convenience init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.singleValueContainer()
        for (key, value) in try container.decode([String: Value].self) { self[Key(_geodeString: key)] = value }
    }
}

extension Map: Encodable where Value: Encodable {
    /// Writes the entries as an object keyed by the map's keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(map { ($0.key._geodeString, $0.value) }, uniquingKeysWith: { $1 }))
    }
}

extension Results: Encodable where Element: Encodable {
    /// Writes the results in their order, as an array.
    public func encode(to encoder: any Encoder) throws { try encodeElements(of: self, to: encoder) }
}

extension AnyRealmCollection: Encodable where Element: Encodable {
    /// Writes the elements in order, as an array.
    public func encode(to encoder: any Encoder) throws { try encodeElements(of: self, to: encoder) }
}

/// The values of the decoder's unkeyed container, in order.
private func decodeElements<Element: Decodable>(_ type: Element.Type, from decoder: any Decoder) throws -> [Element] {
    var container = try decoder.unkeyedContainer()
    var elements: [Element] = []
    while !container.isAtEnd { elements.append(try container.decode(Element.self)) }
    return elements
}

/// Writes `elements` into an unkeyed container.
private func encodeElements<S: Sequence>(of elements: S, to encoder: any Encoder) throws where S.Element: Encodable {
    var container = encoder.unkeyedContainer()
    for element in elements { try container.encode(element) }
}
