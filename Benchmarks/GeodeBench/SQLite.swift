import CSQLite

/// A SQLite connection through the C API.
final class SQLiteDatabase {
    let handle: OpaquePointer

    init(path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw SQLiteError("cannot open \(path)") }
        handle = db
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw SQLiteError(String(cString: sqlite3_errmsg(handle)))
        }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteError(String(cString: sqlite3_errmsg(handle)))
        }
        return SQLiteStatement(statement, database: handle)
    }
}

/// A prepared statement.
final class SQLiteStatement {
    enum Argument {
        case int(Int)
        case double(Double)
        case text(String)
    }

    let handle: OpaquePointer
    let database: OpaquePointer

    init(_ handle: OpaquePointer, database: OpaquePointer) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ arguments: Argument...) throws { try bind(arguments) }

    func bind(_ arguments: [Argument]) throws {
        for (i, argument) in arguments.enumerated() {
            let rc: Int32
            switch argument {
            case let .int(v): rc = sqlite3_bind_int64(handle, Int32(i + 1), sqlite3_int64(v))
            case let .double(v): rc = sqlite3_bind_double(handle, Int32(i + 1), v)
            case let .text(s):
                var s = s
                rc = s.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) {
                        geode_sqlite3_bind_text(handle, Int32(i + 1), $0.baseAddress, Int32($0.count))
                    }
                }
            }
            guard rc == SQLITE_OK else { throw SQLiteError(String(cString: sqlite3_errmsg(database))) }
        }
    }

    /// Binds, steps to completion and resets.
    func run(_ arguments: Argument...) throws {
        for (i, argument) in arguments.enumerated() {
            switch argument {
            case let .int(v): sqlite3_bind_int64(handle, Int32(i + 1), sqlite3_int64(v))
            case let .double(v): sqlite3_bind_double(handle, Int32(i + 1), v)
            case let .text(s):
                var s = s
                _ = s.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) {
                        geode_sqlite3_bind_text(handle, Int32(i + 1), $0.baseAddress, Int32($0.count))
                    }
                }
            }
        }
        guard sqlite3_step(handle) == SQLITE_DONE else { throw SQLiteError(String(cString: sqlite3_errmsg(database))) }
        sqlite3_reset(handle)
    }

    /// Steps once: true while there is a row.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(String(cString: sqlite3_errmsg(database)))
        }
    }

    func textLength(_ column: Int32) -> Int { Int(sqlite3_column_bytes(handle, column)) }

    /// The text of a column as a Swift string: what a program reading a name
    /// gets (and what Geode's accessors hand out).
    func text(_ column: Int32) -> String {
        // The text first, then its length, as SQLite's documentation orders the calls.
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self
        )
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func reset() { sqlite3_reset(handle) }
}

struct SQLiteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
