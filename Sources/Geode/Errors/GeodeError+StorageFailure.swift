extension GeodeError {
    /// A failure of the storage engine that is neither bad data nor damage:
    /// LMDB's error code and the operation that met it.
    ///
    /// ```swift
    /// catch GeodeError.storage(let failure) where failure.code == -30790 {   // MDB_READERS_FULL
    ///     print("too many readers on", failure.path ?? "the store")
    /// }
    /// ```
    public struct StorageFailure: Sendable, Equatable, CustomStringConvertible {
        /// What went wrong, in words.
        public var message: String
        /// The store file, when known.
        public var path: String?
        /// The engine operation (`mdb_txn_begin`, …), when known.
        public var operation: String?
        /// LMDB's error code (negative) or the system's `errno`; 0 when neither.
        public var code: Int32

        /// A storage failure with its message and, when known, path, operation and LMDB code.
        public init(_ message: String, path: String? = nil, operation: String? = nil, code: Int32 = 0) {
            self.message = message
            self.path = path
            self.operation = operation
            self.code = code
        }

        /// The message: what went wrong in the storage engine, in words.
        public var description: String { message }
    }
}
