import GeodeCore

extension Array where Element: _PersistableValue {
    /// The engine's list of these elements, as a `List` or `MutableSet`
    /// stores them.
    ///
    /// A plain loop: called from a collection's generic code, `map` stays
    /// unspecialized and instantiates generic metadata on every call (about
    /// 2,000 instructions for a one-element list).
    func engineList(_ context: _WriteContext) throws -> GeodeCore.Value {
        var values: [GeodeCore.Value] = []
        values.reserveCapacity(count)
        for element in self { values.append(try element._geodeEngineValue(context).value) }
        return .list(values)
    }
}
