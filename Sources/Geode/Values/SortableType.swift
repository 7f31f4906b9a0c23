import Foundation

/// The value types a collection of values can be sorted by and made
/// distinct by (`scores.sorted(ascending: false)`, `tags.distinct()`):
/// numbers, strings, data, dates, decimals, `AnyRealmValue`, enums stored
/// as their raw values, and optionals of them — Realm's list.
///
/// ```swift
/// func highest<C: RealmCollection>(_ scores: C) -> C.Element? where C.Element: SortableType {
///     scores.max()
/// }
/// ```
public protocol SortableType: _PlainValue {}

/// A stored value that is not an object: what a managed collection of
/// values holds, which its `filter` and `where` test as `self` — every
/// ``SortableType``, and `Bool`, `ObjectId` and `UUID`.
public protocol _PlainValue: _PersistableValue {}

extension Bool: _PlainValue {}
extension ObjectId: _PlainValue {}
extension UUID: _PlainValue {}
extension Optional: _PlainValue where Wrapped: _PlainValue {}

extension Int: SortableType {}
extension Int8: SortableType {}
extension Int16: SortableType {}
extension Int32: SortableType {}
extension Int64: SortableType {}
extension Float: SortableType {}
extension Double: SortableType {}
extension String: SortableType {}
extension Data: SortableType {}
extension Date: SortableType {}
extension Decimal128: SortableType {}
extension AnyRealmValue: SortableType {}
extension Optional: SortableType where Wrapped: SortableType {}
