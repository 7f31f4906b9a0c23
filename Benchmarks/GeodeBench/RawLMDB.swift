import CLMDB
import Foundation

/// The baseline: liblmdb called directly, with the flags Geode uses
/// (`MDB_NOSUBDIR | MDB_NOTLS | MDB_NORDAHEAD`, durable commits).
final class RawLMDB {
    let env: OpaquePointer
    var dbi = MDB_dbi()

    init(path: String) throws {
        var env: OpaquePointer?
        try Self.check(mdb_env_create(&env))
        self.env = env!
        try Self.check(mdb_env_set_mapsize(self.env, 16 << 30))
        try Self.check(mdb_env_set_maxdbs(self.env, 4))
        try Self.check(mdb_env_open(self.env, path, UInt32(MDB_NOSUBDIR | MDB_NOTLS | MDB_NORDAHEAD), 0o644))
        var txn: OpaquePointer?
        try Self.check(mdb_txn_begin(self.env, nil, 0, &txn))
        try Self.check(mdb_dbi_open(txn, "obj", UInt32(MDB_CREATE), &dbi))
        try Self.check(mdb_txn_commit(txn))
    }

    deinit { mdb_env_close(env) }

    static func remove(_ path: String) {
        unlink(path)
        unlink(path + "-lock")
    }

    /// Puts `values[i]` under big-endian key `i + 1`, in one transaction; with
    /// `append`, as `MDB_APPEND` (keys arrive in order: no B-tree search).
    func putAll(_ values: [[UInt8]], append: Bool = false) throws {
        let flags = append ? UInt32(MDB_APPEND) : 0
        var txn: OpaquePointer?
        try Self.check(mdb_txn_begin(env, nil, 0, &txn))
        for (i, value) in values.enumerated() {
            var key = UInt64(i + 1).bigEndian
            try withUnsafeMutableBytes(of: &key) { k in
                try value.withUnsafeBytes { v in
                    var mk = MDB_val(mv_size: 8, mv_data: k.baseAddress)
                    var mv = MDB_val(mv_size: v.count, mv_data: UnsafeMutableRawPointer(mutating: v.baseAddress))
                    try Self.check(mdb_put(txn, dbi, &mk, &mv, flags))
                }
            }
        }
        try Self.check(mdb_txn_commit(txn))
    }

    /// Gets every key in `order` in one read transaction; returns a checksum.
    func getAll(_ order: [UInt64]) throws -> Int {
        var txn: OpaquePointer?
        try Self.check(mdb_txn_begin(env, nil, UInt32(MDB_RDONLY), &txn))
        defer { mdb_txn_abort(txn) }
        var sum = 0
        for key in order {
            var k = key.bigEndian
            try withUnsafeMutableBytes(of: &k) { kb in
                var mk = MDB_val(mv_size: 8, mv_data: kb.baseAddress)
                var mv = MDB_val()
                try Self.check(mdb_get(txn, dbi, &mk, &mv))
                sum &+= mv.mv_size
            }
        }
        return sum
    }

    static func check(_ rc: Int32) throws {
        if rc != 0 {
            throw NSError(
                domain: "LMDB", code: Int(rc), userInfo: [NSLocalizedDescriptionKey: String(cString: mdb_strerror(rc))])
        }
    }
}
