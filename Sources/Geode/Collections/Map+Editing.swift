extension Map {
    /// Sets `value` for `key`, as the subscript does.
    public func updateValue(_ value: Value, forKey key: Key) {
        self[key] = value
    }

    /// Adds the entries of `other`, keeping for a key already present what
    /// `combine` makes of the old and the new value.
    ///
    /// ```swift
    /// try realm.write { scores.merge(["ann": 3]) { old, new in old + new } }
    /// ```
    public func merge<S: Sequence>(_ other: S, uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows
    where S.Element == (key: Key, value: Value) {
        for (key, value) in other {
            if let old = self[key] { self[key] = try combine(old, value) } else { self[key] = value }
        }
    }

    /// Adds the entries of the dictionary `other`, combining values as the sequence form does.
    public func merge(_ other: [Key: Value], uniquingKeysWith combine: (Value, Value) throws -> Value) rethrows
    where Key: Hashable {
        try merge(other.map { (key: $0.key, value: $0.value) }, uniquingKeysWith: combine)
    }

    /// The entries as a sequence of key and value pairs.
    public func asKeyValueSequence() -> [(key: Key, value: Value)] {
        Array(self)
    }
}
