import Foundation
import GeodeCore
import GeodeGeo

extension Query where T == AnyRealmValue {
    /// The value under `key` when this value is a dictionary.
    public subscript(key: String) -> Query<AnyRealmValue> { appending(.key(key)) }
    /// The element at `index` when this value is a list.
    public subscript(index: Int) -> Query<AnyRealmValue> { appending(.index(index)) }
    /// Every element of a list or dictionary value (`[*]`).
    public var any: Query<AnyRealmValue> { appending(.all) }
    /// The number of elements of a list or dictionary value.
    public var count: Query<Int> { appending(.count) }
}

extension Query where T: _CustomPersistable {
    /// The stored value of a custom-persistable property, to test it with
    /// the persisted type's operators.
    ///
    /// ```swift
    /// realm.objects(Club.self).where { $0.url.persistableValue.contains("kennel") }
    /// ```
    public var persistableValue: Query<T.PersistedType> {
        Query<T.PersistedType>(components, quantifier, collectionEnd: collectionEnd)
    }
}

extension Query where T: _OptionalCustomPersistable {
    /// The stored value of an optional custom-persistable property.
    public var persistableValue: Query<T._Wrapped.PersistedType?> {
        Query<T._Wrapped.PersistedType?>(components, quantifier, collectionEnd: collectionEnd)
    }
}

/// Optional custom-persistable types, for `persistableValue` in queries.
public protocol _OptionalCustomPersistable {
    associatedtype _Wrapped: _CustomPersistable
}

extension Optional: _OptionalCustomPersistable where Wrapped: _CustomPersistable {
    public typealias _Wrapped = Wrapped
}

extension Query where T: PersistableEnum {
    /// The enum's raw value, for comparisons with raw values.
    public var rawValue: Query<T.RawValue> { Query<T.RawValue>(components, quantifier, collectionEnd: collectionEnd) }
}

extension Query where T: _OptionalPersistableEnum {
    /// The enum's raw value, for comparisons with raw values.
    public var rawValue: Query<T._Wrapped.RawValue?> {
        Query<T._Wrapped.RawValue?>(components, quantifier, collectionEnd: collectionEnd)
    }
}

/// Optional persistable enums, for `rawValue` in queries.
public protocol _OptionalPersistableEnum {
    associatedtype _Wrapped: PersistableEnum
}

extension Optional: _OptionalPersistableEnum where Wrapped: PersistableEnum {
    public typealias _Wrapped = Wrapped
}
