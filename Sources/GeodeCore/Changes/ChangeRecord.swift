/// One write transaction's entry in the change log: the version it made and
/// what it did to each class's objects.
///
/// Encoded as unsigned LEB128 numbers: flags (1: the schema changed, 2: the
/// objects are not listed, 4: list operations follow), the number of classes, then per
/// class its table number, flags (1: cleared), its inserted runs (first key,
/// count), its deleted keys as ascending runs (the gap from the end of the run
/// before, count): a bulk delete of consecutive keys takes a few bytes — and
/// its modified objects (key, then the changed slots). With flag 4, then the
/// number of classes with list operations and per class its table number,
/// the number of lists, and per list the object's key, the slot, the number
/// of operations and each operation (its kind, then its indices: see ``ListEdit``).
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
        let edited = tables.keys.filter { tables[$0]?.hasListEdits == true }.sorted()
        put((schemaChanged ? 1 : 0) | (objectsUnlisted ? 2 : 0) | (edited.isEmpty ? 0 : 4))
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
        guard !edited.isEmpty else { return out }
        put(UInt64(edited.count))
        for id in edited {
            guard let lists = tables[id]?.editedLists else { continue }
            put(UInt64(id))
            put(UInt64(lists.count))
            for (address, edits) in lists {
                put(address.key.rawValue)
                put(UInt64(address.slot))
                put(UInt64(edits.count))
                for edit in edits {
                    switch edit {
                    case let .inserted(at, count):
                        put(0)
                        put(UInt64(at))
                        put(UInt64(count))
                    case let .removed(at):
                        put(1)
                        put(UInt64(at))
                    case let .moved(from, to):
                        put(2)
                        put(UInt64(from))
                        put(UInt64(to))
                    case let .replaced(at):
                        put(3)
                        put(UInt64(at))
                    case .cleared: put(4)
                    case .unlisted: put(5)
                    case let .keySet(key):
                        put(6)
                        let bytes = Array(key.utf8)
                        put(UInt64(bytes.count))
                        for byte in bytes { put(UInt64(byte)) }
                    }
                }
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
        guard flags & 4 != 0 else { return }
        func index() throws -> Int {
            let value = try take()
            guard value <= UInt64(Int32.max) else {
                throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
            }
            return Int(value)
        }
        for _ in 0 ..< (try count()) {
            let id = try take()
            guard id <= UInt64(UInt32.max) else {
                throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
            }
            var changes = tables[UInt32(id)] ?? TableChanges()
            for _ in 0 ..< (try count()) {
                let key = ObjectKey(try take())
                let slot = try index()
                for _ in 0 ..< (try count()) {
                    let edit: ListEdit
                    switch try take() {
                    case 0: edit = .inserted(at: try index(), count: try index())
                    case 1: edit = .removed(try index())
                    case 2: edit = .moved(from: try index(), to: try index())
                    case 3: edit = .replaced(try index())
                    case 4: edit = .cleared
                    case 5: edit = .unlisted
                    case 6:
                        var bytes: [UInt8] = []
                        for _ in 0 ..< (try count()) {
                            let byte = try take()
                            guard byte <= 0xff else {
                                throw StoreError.corruptDocument(
                                    detail: "change log entry \(version) is damaged", offset: at)
                            }
                            bytes.append(UInt8(byte))
                        }
                        edit = .keySet(String(decoding: bytes, as: UTF8.self))
                    default:
                        throw StoreError.corruptDocument(detail: "change log entry \(version) is damaged", offset: at)
                    }
                    changes.noteListEdit(edit, key: key, slot: slot)
                }
            }
            tables[UInt32(id)] = changes
        }
    }
}
