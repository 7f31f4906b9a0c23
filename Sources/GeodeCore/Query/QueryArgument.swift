import GeodeGeo
/// A value passed to a query for `%@`, `$0`, `%K`: the layer above converts
/// Swift values into these.
///
/// ```swift
/// try QueryParser.parse("age > %@ AND name IN %@", [.value(.int(5)), .values([.string("Rex")])])
/// ```
package enum QueryArgument: Sendable {
    case value(Value)
    /// An array or set: for IN, BETWEEN and `{…}` comparisons.
    case values([Value])
    /// A key path, for `%K`.
    case keyPath(String)
    /// A geo shape, for `geoWithin %@` and `location IN %@`.
    case shape(GeoShape)
    /// An embedded object's members, for `point == %@` compared member by member.
    case members([QueryMember])
}
