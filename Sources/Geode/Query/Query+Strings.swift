import Foundation
import GeodeCore
import GeodeGeo

/// The string-like types the string operators apply to.
public protocol _QueryString {}
extension String: _QueryString {}
extension Optional: _QueryString where Wrapped: _QueryString {}
extension Data: _QueryString {}

extension Query where T: _QueryString {
    private func stringTest(_ op: ComparisonOperator, _ value: String, _ options: StringOptions) -> Query<Bool> {
        stringTest(op, .value(.string(value)), options)
    }

    private func binaryTest(_ op: ComparisonOperator, _ value: Data) -> Query<Bool> {
        stringTest(op, .value(.binary(Array(value))), [])
    }

    /// `op` against another property of the same object.
    private func stringTest<U>(_ op: ComparisonOperator, _ column: Query<U>, _ options: StringOptions) -> Query<Bool> {
        stringTest(op, .keyPath(QueryKeyPath(column.components)), options)
    }

    private func stringTest(_ op: ComparisonOperator, _ rhs: QueryExpression, _ options: StringOptions) -> Query<Bool> {
        comparison(
            op, rhs, caseInsensitive: options.contains(.caseInsensitive),
            diacriticInsensitive: options.contains(.diacriticInsensitive))
    }

    /// Contains `value` as a substring.
    public func contains(_ value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.contains, value, options)
    }
    /// Starts with `value`.
    public func starts(with value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.beginsWith, value, options)
    }
    /// Ends with `value`.
    public func ends(with value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.endsWith, value, options)
    }
    /// Equal to `value` under `options`.
    public func equals(_ value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.equal, value, options)
    }
    /// Not equal to `value` under `options`.
    ///
    /// ```swift
    /// realm.objects(Dog.self).where { $0.name.notEquals("rex", options: .caseInsensitive) }
    /// ```
    public func notEquals(_ value: String, options: StringOptions = []) -> Query<Bool> {
        stringTest(.notEqual, value, options)
    }
    /// Matches a wildcard pattern: `*` any run of characters, `?` one character.
    public func like(_ pattern: String, caseInsensitive: Bool = false) -> Query<Bool> {
        stringTest(.like, pattern, caseInsensitive ? .caseInsensitive : [])
    }

    /// Contains the value of another property of the object as a substring.
    ///
    /// ```swift
    /// realm.objects(Dog.self).where { $0.name.contains($0.nickname, options: .caseInsensitive) }
    /// ```
    public func contains<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        stringTest(.contains, column, options)
    }
    /// Starts with the value of another property of the object.
    public func starts<U>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        stringTest(.beginsWith, column, options)
    }
    /// Ends with the value of another property of the object.
    public func ends<U>(with column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        stringTest(.endsWith, column, options)
    }
    /// Equal to the value of another property of the object under `options`.
    public func equals<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        stringTest(.equal, column, options)
    }
    /// Not equal to the value of another property of the object under `options`.
    public func notEquals<U>(_ column: Query<U>, options: StringOptions = []) -> Query<Bool> {
        stringTest(.notEqual, column, options)
    }
    /// Matches the wildcard pattern another property of the object holds.
    public func like<U>(_ column: Query<U>, caseInsensitive: Bool = false) -> Query<Bool> {
        stringTest(.like, column, caseInsensitive ? .caseInsensitive : [])
    }

    /// Binary data containing `value` as a run of bytes.
    ///
    /// ```swift
    /// realm.objects(Blob.self).where { $0.bytes.contains(Data([0xCA, 0xFE])) }
    /// ```
    public func contains(_ value: Data) -> Query<Bool> { binaryTest(.contains, value) }
    /// Binary data starting with `value`.
    ///
    /// ```swift
    /// realm.objects(Blob.self).where { $0.bytes.starts(with: Data([0x89, 0x50])) }
    /// ```
    public func starts(with value: Data) -> Query<Bool> { binaryTest(.beginsWith, value) }
    /// Binary data ending with `value`.
    ///
    /// ```swift
    /// realm.objects(Blob.self).where { $0.bytes.ends(with: Data([0xFF, 0xD9])) }
    /// ```
    public func ends(with value: Data) -> Query<Bool> { binaryTest(.endsWith, value) }
    /// Binary data equal to `value`.
    ///
    /// ```swift
    /// realm.objects(Blob.self).where { $0.bytes.equals(Data([1, 2, 3])) }
    /// ```
    public func equals(_ value: Data) -> Query<Bool> { binaryTest(.equal, value) }
    /// Binary data not equal to `value`.
    ///
    /// ```swift
    /// realm.objects(Blob.self).where { $0.bytes.notEquals(Data()) }
    /// ```
    public func notEquals(_ value: Data) -> Query<Bool> { binaryTest(.notEqual, value) }
}
