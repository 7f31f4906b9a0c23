/// One write transaction's entry in the change log: the version it made and
/// what it did to each class's objects.
///
/// Encoded as unsigned LEB128 numbers: flags (1: the schema changed, 2: the
/// objects are not listed), the number of classes, then per
/// class its table number, flags (1: cleared), its inserted runs (first key,
/// count), its deleted keys as ascending runs (the gap from the end of the run
/// before, count): a bulk delete of consecutive keys takes a few bytes — and
/// its modified objects (key, then the changed slots).
///
/// ```swift
/// var record = ChangeRecord(version: 12)
/// record.tables[3, default: TableChanges()].noteInsertion(ObjectKey(1))
/// let back = try ChangeRecord(version: 12, encoded: record.encoded())
/// ```
package struct ChangeRecord: Sendable, Equatable {
    package var version: Int
    /// Whether the transaction changed the schema.
    package var schemaChanged = false
    /// Whether the transaction changed objects without listing them: a
    /// migration rewrites whole classes, and a reader compares documents
    /// instead of reading a million entries.
    package var objectsUnlisted = false
    package var tables: [UInt32: TableChanges] = [:]

    package init(version: Int) { self.version = version }

    package var isEmpty: Bool { !schemaChanged && !objectsUnlisted && tables.values.allSatisfy(\.isEmpty) }

    package func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16)
        func put(_ value: UInt64) {
            var v = value
            while v >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        put((schemaChanged ? 1 : 0) | (objectsUnlisted ? 2 : 0))
        let ids = tables.keys.filter { !(tables[$0]?.isEmpty ?? true) }.sorted()
        put(UInt64(ids.count))
        for id in ids {
            guard let changes = tables[id] else { continue }
            put(UInt64(id))
            put(changes.wasCleared ? 1 : 0)
            put(UInt64(changes.insertedRuns.count))
            for run in changes.insertedRuns {
                put(run.first)
                put(run.count)
            }
            var runs: [(first: UInt64, count: UInt64)] = []
            for key in changes.deleted.sorted() {
                if let last = runs.last, last.first &+ last.count == key.rawValue {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((key.rawValue, 1))
                }
            }
            put(UInt64(runs.count))
            var end: UInt64 = 0
            for run in runs {
                put(run.first &- end)
                put(run.count)
                end = run.first &+ run.count
            }
            put(UInt64(changes.modified.count))
            for (key, slots) in changes.modified.sorted(by: { $0.key < $1.key }) {
                put(key.rawValue)
                let list = slots.slots
                put(UInt64(list.count))
                for slot in list { put(UInt64(slot)) }
            }
        }
        return out
    }

    /// Decodes a record written by ``encoded()``; damaged bytes throw.
    package init(version: Int, encoded bytes: UnsafeRawBufferPointer) throws {
        self.version = version
        var at = 0
        func take() throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard at < bytes.count, shift < 64 else {
                    throw StoreError.corruptDocument(detail: "change log entry \(version) is cut short", offset: at)
                }
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }
        /// A count, bounded by the bytes left (each element takes one at least).
        func count() throws -> Int {
            let n = try take()
            guard n <= UInt64(bytes.count - at) else {
                throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
            }
            return Int(n)
        }
        let flags = try take()
        schemaChanged = flags & 1 != 0
        objectsUnlisted = flags & 2 != 0
        for _ in 0 ..< (try count()) {
            let id = try take()
            guard id <= UInt64(UInt32.max) else {
                throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
            }
            let cleared = try take() & 1 != 0
            var runs: [(first: UInt64, count: UInt64)] = []
            for _ in 0 ..< (try count()) { runs.append((try take(), try take())) }
            var deleted = Set<ObjectKey>()
            var end: UInt64 = 0
            for _ in 0 ..< (try count()) {
                let first = end &+ (try take())
                let length = try take()
                guard length <= UInt64(Int32.max), first <= first &+ length else {
                    throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
                }
                for key in first ..< first + length { deleted.insert(ObjectKey(key)) }
                end = first + length
            }
            var modified: [ObjectKey: SlotSet] = [:]
            for _ in 0 ..< (try count()) {
                let key = ObjectKey(try take())
                var slots = SlotSet()
                for _ in 0 ..< (try count()) {
                    let slot = try take()
                    guard slot < 1 << 16 else {
                        throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
                    }
                    slots.insert(Int(slot))
                }
                modified[key] = slots
            }
            tables[UInt32(id)] = TableChanges(
                insertedRuns: runs, deleted: deleted, modified: modified, wasCleared: cleared)
        }
    }
}
