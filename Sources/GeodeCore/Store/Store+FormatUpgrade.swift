import CLMDB

extension Store {
    /// Seals every entry of every database (format 3 → 4), in the
    /// write transaction that opens the store: a failure leaves it at format 3.
    /// Entries are read in batches and written back with their checks; LMDB
    /// replaces each value in its place in the tree.
    static func sealEntries(_ txn: WriteTransaction) throws {
        for name in try txn.databaseNames() {
            guard let sealed = try txn.existingDatabase(name), sealed.isSealed else { continue }
            let raw = sealed.unsealed
            var from: [UInt8]?
            while true {
                var batch: [([UInt8], [UInt8])] = []
                let cursor = try txn.cursor(raw)
                var entry = try from.map { try cursor.seek(atLeast: $0) } ?? cursor.first()
                while let (key, value) = entry, batch.count < 4096 {
                    batch.append((Array(key), Array(value)))
                    entry = try cursor.next()
                }
                guard let last = batch.last?.0 else { break }
                for (key, value) in batch { try txn.put(sealed, key: key, value: value) }
                guard entry != nil else { break }
                from = last + [0]  // the smallest key after `last`
            }
        }
    }
}
