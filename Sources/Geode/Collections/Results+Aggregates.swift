import Foundation
import GeodeCore

extension Results where Element: RealmFetchable {
    /// The values of one property (or key path) of every object, as the engine stores them.
    func engineValues(_ keyPath: String) -> [[Value]] {
        do {
            let path = try QueryParser.parseKeyPath(keyPath)
            let keys = self.keys
            return try realmOfResults.withTransaction { txn in try executor(txn, .all).values(of: path, for: keys) }
        } catch StoreError.invalidQuery(let message, _) {
            preconditionFailure("Geode: cannot read '\(keyPath)' of \(cls.name): \(message)")
        } catch {
            realmOfResults.deferReadError(error)
            return []
        }
    }

    private func aggregate(_ aggregate: Aggregate, _ property: String) -> Value {
        aggregate.apply(engineValues(property).flatMap { $0 })
    }

    /// The smallest value of `property` (numbers and dates); nil when there are no values.
    ///
    /// ```swift
    /// let youngest: Int? = dogs.min(ofProperty: "age")
    /// ```
    public func min<T: _PersistableValue>(ofProperty property: String) -> T? {
        Self.swiftValue(aggregate(.minimum, property))
    }

    /// The largest value of `property` (numbers and dates); nil when there are no values.
    public func max<T: _PersistableValue>(ofProperty property: String) -> T? {
        Self.swiftValue(aggregate(.maximum, property))
    }

    /// The sum of `property` over the objects (0 when there are none).
    ///
    /// ```swift
    /// let totalAge: Int = dogs.sum(ofProperty: "age")
    /// ```
    public func sum<T: _PersistableValue>(ofProperty property: String) -> T {
        Self.swiftValue(aggregate(.sum, property)) ?? T._geodeDefault()
    }

    /// The mean of `property` over the objects; nil when there are none.
    public func average<T: _PersistableValue>(ofProperty property: String) -> T? {
        Self.swiftValue(aggregate(.average, property))
    }

    /// Sets `key` to `value` on every object (inside a write transaction).
    public func setValue(_ value: Any?, forKey key: String) {
        for element in Array(self) { element._geodeObject[key] = value }
    }
}

extension Results {
    /// A Swift value of type `T` for an engine number or date.
    static func swiftValue<T: _PersistableValue>(_ value: Value) -> T? {
        let any: Any
        switch value {
        case let .int(i): any = Int(i)
        case let .float(f): any = f
        case let .double(d): any = d
        case let .timestamp(t): any = t.date
        case let .decimal128(d): any = Decimal128(bits: d)
        default: return nil
        }
        if let direct = try? T._geodeFromAny(any, nil) { return direct }
        // A sum or mean of integers asked for as a floating-point type, or the reverse.
        if let d = any as? Double,
            let converted = try? T._geodeFromAny(d.rounded() == d ? Int(exactly: d) as Any : d, nil)
        {
            return converted
        }
        if let i = any as? Int, let converted = try? T._geodeFromAny(Double(i), nil) { return converted }
        return nil
    }
}
