/// What a `List`, `MutableSet` or `Map` can hold, by the name Realm gives it
/// in generic code: stored values and objects, which are all hashable.
///
/// ```swift
/// func firstTwo<T: RealmCollectionValue>(_ list: List<T>) -> [T] { Array(list.prefix(2)) }
/// ```
public typealias RealmCollectionValue = _PersistableValue & Hashable
