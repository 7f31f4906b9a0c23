/// A List, MutableSet, Map, Results or LinkingObjects given as an input value
/// (`create(value:)` copying another object, a collection passed whole, as in
/// `owner["dogs"] = realm.objects(Dog.self)`): its elements as the plain arrays
/// and dictionaries the engine path of `create` reads.
protocol InputCollection {
    /// `[Any]` for a list or set, `[String: Any]` for a map.
    var inputValue: Any { get }
    /// Whether the collection is a set: key-value coding then gives each
    /// value its elements have once, as Realm's sets do.
    var holdsDistinctValues: Bool { get }
}

extension InputCollection {
    var holdsDistinctValues: Bool { false }
}

extension List: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
}

extension MutableSet: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
    var holdsDistinctValues: Bool { true }
}

extension Map: InputCollection {
    var inputValue: Any {
        var dictionary: [String: Any] = [:]
        for (key, value) in snapshot { dictionary[key] = value as Any }
        return dictionary
    }
}

extension Results: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
}

extension LinkingObjects: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
}

extension AnyRealmCollection: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
}

/// The elements of an input value for a List or MutableSet: an array, or a
/// collection of Geode's (only class instances are tested for one: casting a
/// Swift array to a protocol would look for a bridged form first).
func inputElements(_ any: Any) -> [Any]? {
    if holdsClassInstance(any), let collection = any as? InputCollection { return collection.inputValue as? [Any] }
    return any as? [Any]
}
