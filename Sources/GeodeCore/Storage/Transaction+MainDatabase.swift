import CLMDB
import Foundation

extension Transaction {
    /// The names of the databases in the file (the keys of LMDB's main database).
    package func databaseNames() throws -> [String] {
        var cursor: OpaquePointer?
        try check(mdb_cursor_open(handle, 1, &cursor), "mdb_cursor_open(main)")
        defer { mdb_cursor_close(cursor) }
        var names: [String] = []
        var key = MDB_val(), data = MDB_val()
        var rc = mdb_cursor_get(cursor, &key, &data, MDB_FIRST)
        while rc == 0 {
            names.append(
                String(decoding: UnsafeRawBufferPointer(start: key.mv_data, count: key.mv_size), as: UTF8.self))
            rc = mdb_cursor_get(cursor, &key, &data, MDB_NEXT)
        }
        if rc != MDB_NOTFOUND { try check(rc, "mdb_cursor_get(main)") }
        return names
    }

    /// The number of entries in LMDB's main database (the named databases).
    func mainEntryCount() throws -> Int {
        var stat = MDB_stat()
        // Handle 1 is LMDB's main database (MAIN_DBI).
        try check(mdb_stat(handle, 1, &stat), "mdb_stat(main)")
        return stat.ms_entries
    }
}
