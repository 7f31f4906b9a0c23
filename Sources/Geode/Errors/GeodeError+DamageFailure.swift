extension GeodeError {
    /// Where a store file is damaged: what the page audit or a read found.
    ///
    /// ```swift
    /// catch GeodeError.damagedStore(let damage) {
    ///     print(damage.database ?? "", damage.page ?? -1)   // obj/Dog 1234
    ///     // geode copy --salvage saves every readable object
    /// }
    /// ```
    public struct DamageFailure: Sendable, Equatable, CustomStringConvertible {
        /// What is damaged, in words.
        public var message: String
        /// The store file, when known.
        public var path: String?
        /// The database the damage is in (`obj/Dog`, `ix/Dog/age`, the free
        /// list…), when known.
        public var database: String?
        /// The damaged page's number, when the page audit found it.
        public var page: Int?
        /// The class of the object whose document does not decode, when known.
        public var className: String?
        /// The store's key of that object (its primary key, flipped into
        /// unsigned order, for a class keyed by an integer primary key), when known.
        public var objectKey: UInt64?
        /// LMDB's error code (`MDB_CORRUPTED` -30796, `MDB_PAGE_NOTFOUND`
        /// -30797…), or 0 for a document that does not decode.
        public var code: Int32

        /// A damage report with its message and what is known of where the damage lies.
        public init(
            _ message: String, path: String? = nil, database: String? = nil, page: Int? = nil, code: Int32 = 0,
            className: String? = nil, objectKey: UInt64? = nil
        ) {
            self.message = message
            self.path = path
            self.database = database
            self.page = page
            self.code = code
            self.className = className
            self.objectKey = objectKey
        }

        /// The message: what is damaged, in words.
        public var description: String { message }
    }
}
