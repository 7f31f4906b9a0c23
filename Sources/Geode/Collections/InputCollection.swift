/// A List, MutableSet or Map given as an input value (`create(value:)` copying
/// another object, a collection passed whole): its elements as the plain arrays
/// and dictionaries the engine path of `create` reads.
protocol InputCollection {
    /// `[Any]` for a list or set, `[String: Any]` for a map.
    var inputValue: Any { get }
}

extension List: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
}

extension MutableSet: InputCollection {
    var inputValue: Any { Array(self).map { $0 as Any } }
}

extension Map: InputCollection {
    var inputValue: Any {
        var dictionary: [String: Any] = [:]
        for (key, value) in snapshot { dictionary[key] = value as Any }
        return dictionary
    }
}
