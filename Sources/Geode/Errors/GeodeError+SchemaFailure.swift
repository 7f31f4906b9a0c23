extension GeodeError {
    /// A schema that is not valid, a class the realm does not have, or a file
    /// whose schema differs in a way that needs a migration.
    ///
    /// ```swift
    /// catch GeodeError.schema(let failure) where !failure.differences.isEmpty {
    ///     failure.differences.forEach { print($0) }   // "Dog.age: type changed from int to string"
    /// }
    /// ```
    public struct SchemaFailure: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// What is wrong, in words.
        public var message: String
        /// The class concerned, when one is.
        public var className: String?
        /// The property concerned, when one is (a migration's rename, a
        /// primary key with duplicate values after a migration).
        public var property: String?
        /// Each difference between the program's schema and the file's that
        /// needs a migration, naming class and property; empty otherwise.
        public var differences: [String]

        /// A schema failure with its message and, when known, class and differences.
        public init(_ message: String, className: String? = nil, property: String? = nil, differences: [String] = []) {
            self.message = message
            self.className = className
            self.property = property
            self.differences = differences
        }

        /// A schema failure with this message.
        public init(stringLiteral value: String) { self.init(value) }

        /// A schema failure with this interpolated message.
        public init(stringInterpolation: DefaultStringInterpolation) {
            self.init(String(stringInterpolation: stringInterpolation))
        }

        /// The message: what is wrong with the schema, in words.
        public var description: String { message }
    }
}
