extension Table {
    /// The class's documents; throws for an embedded class, whose objects live
    /// only inside their owners.
    func objectDatabase() throws -> Database {
        guard let objects else {
            throw StoreError.invalidValue(
                ValueIssue(.notAllowedHere("a stand-alone embedded object"), className: schema.name))
        }
        return objects
    }

    /// Checks `row` (declaration order) and encodes it into `writer`, where
    /// ``DocumentWriter/withEncodedDocument(_:)`` finds it; returns the row
    /// laid out by slot. When declaration order is slot order, each value is
    /// checked as it is written (``DocumentWriter/encodeValidated(_:of:validator:)``).
    /// - Throws: ``StoreError/invalidValue(_:)`` naming class, property and path.
    func encode(_ row: [Value], into writer: inout DocumentWriter) throws -> [Value] {
        if slotsAreDense {
            try writer.encodeValidated(row, of: rules, validator: validator)
            return row
        }
        try validator.validate(row: row, of: rules)
        let slots = self.slots(for: row)
        writer.encode(slots)
        return slots
    }

    /// A row in declaration order laid out by slot (the same array when no slot was retired).
    func slots(for row: [Value]) -> [Value] {
        guard !slotsAreDense else { return row }
        var slots = [Value](repeating: .null, count: schema.slotCount)
        for (p, v) in zip(storedProperties, row) { slots[p.slot] = v }
        return slots
    }
}
