import GeodeCore

extension GeodeError {
    /// What is wrong with a value, and where it sits: class, property and the
    /// path into nested collections (`[3]["key"]`).
    ///
    /// ```swift
    /// catch GeodeError.invalidValue(let failure) where failure.kind == .missingRequired {
    ///     print("fill in", failure.property ?? "")
    /// }
    /// ```
    ///
    /// A failure can be written as text, for errors of your own:
    /// `throw GeodeError.invalidValue("a reading needs a sensor")`.
    public struct ValueFailure: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// The rule the value breaks.
        public enum Kind: Sendable, Equatable {
            /// The value's type is not the property's.
            case wrongType
            /// A required property has no value.
            case missingRequired
            /// A string, data or map key longer than 16 MB.
            case tooLong
            /// A map key that is empty, starts with `$` or contains `.`.
            case illegalMapKey
            /// Nested lists and maps deeper than 100 levels.
            case nestingTooDeep
            /// A value of a kind the property cannot hold here (an embedded
            /// object with an owner, a set inside a mixed value…).
            case notAllowedHere
            /// Another object already has this primary key.
            case duplicatePrimaryKey
            /// A link or key names an object that does not exist.
            case objectNotFound
            /// A persisted value a `FailableCustomPersistable` type does not convert, or a raw
            /// value that names no case of a `PersistableEnum`.
            case notConvertible
            /// A GeoJSON geometry that breaks a rule of RFC 7946 (the message names the rule).
            case invalidGeometry
            /// Any other rule; the message says which.
            case other

            init(_ kind: ValueIssue.Kind) {
                switch kind {
                case .wrongType: self = .wrongType
                case .missingRequired: self = .missingRequired
                case .stringTooLong, .dataTooLong, .mapKeyTooLong: self = .tooLong
                case .illegalMapKey: self = .illegalMapKey
                case .nestingTooDeep: self = .nestingTooDeep
                case .notAllowedHere: self = .notAllowedHere
                case .duplicatePrimaryKey: self = .duplicatePrimaryKey
                case .invalidGeometry: self = .invalidGeometry
                }
            }
        }

        /// What is wrong, in words, with the location in it.
        public var message: String
        /// Which rule the value breaks, by case.
        public var kind: Kind
        /// The class of the object the value was meant for, when known.
        public var className: String?
        /// The property, when known.
        public var property: String?
        /// The path below the property (`[3]["key"]`), when the value is nested.
        public var keyPath: String?

        /// A value failure with its message and, when known, kind and place.
        public init(
            _ message: String, kind: Kind = .other, className: String? = nil, property: String? = nil,
            keyPath: String? = nil
        ) {
            self.message = message
            self.kind = kind
            self.className = className
            self.property = property
            self.keyPath = keyPath
        }

        /// A value failure of kind `.other` with this message.
        public init(stringLiteral value: String) { self.init(value) }

        /// A value failure of kind `.other` with this interpolated message.
        public init(stringInterpolation: DefaultStringInterpolation) {
            self.init(String(stringInterpolation: stringInterpolation))
        }

        /// The message: what is wrong with the value, with its location.
        public var description: String { message }
    }
}
