import Foundation
import GeodeCore
import GeodeGeo

/// The string-like types the string operators apply to.
public protocol _QueryString {}
extension String: _QueryString {}
extension Optional: _QueryString where Wrapped == String {}
extension Data: _QueryString {}

extension Query where T: _QueryString {
    private func stringTest(_ op: ComparisonOperator, _ value: String, _ options: StringOptions) -> Query<Bool> {
        comparison(
            op, .value(.string(value)), caseInsensitive: options.contains(.caseInsensitive),
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
    /// Matches a wildcard pattern: `*` any run of characters, `?` one character.
    public func like(_ pattern: String, caseInsensitive: Bool = false) -> Query<Bool> {
        stringTest(.like, pattern, caseInsensitive ? .caseInsensitive : [])
    }
}
