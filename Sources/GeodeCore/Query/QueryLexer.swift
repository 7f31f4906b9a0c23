import Foundation

/// Splits query text into tokens.
struct QueryLexer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nextPositional = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The tokens of `text`, remembered for the texts used last: a program
    /// runs the same query texts again and again with other arguments, and
    /// splitting them is a third of a simple query's set-up.
    static func tokens(_ text: String) throws -> [QueryToken] {
        if let known = TokenCache.shared.tokens(of: text) { return known }
        let tokens = try split(text)
        TokenCache.shared.remember(tokens, of: text)
        return tokens
    }

    private static func split(_ text: String) throws -> [QueryToken] {
        var lexer = QueryLexer(text)
        var tokens: [QueryToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private func fail(_ message: String, _ column: Int) -> StoreError {
        .invalidQuery(message: message, column: column)
    }

    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    /// What an escape in a name stands for.
    private static let escapes: [Unicode.Scalar: Unicode.Scalar] = [" ": " ", "t": "\t", "r": "\r", "n": "\n"]

    private static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic || ("0" ... "9").contains(c)
    }

    private static func isDigit(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return ("0" ... "9").contains(c)
    }

    mutating func next() throws -> QueryToken {
        while let c = peek(), c.properties.isWhitespace { position += 1 }
        let start = position
        let column = start + 1
        guard let c = peek() else { return QueryToken(kind: .end, column: column) }

        if c == "'" || c == "\"" { return QueryToken(kind: .string(try quoted(c, column)), column: column) }
        // A number, signed or not (`-5`, `+3E+3`, `.5`); after an operand the parser
        // takes its sign for a subtraction or an addition.
        let signed = c == "-" || c == "+"
        if Self.isDigit(c) || (c == "." && Self.isDigit(peek(1)))
            || (signed && (Self.isDigit(peek(1)) || (peek(1) == "." && Self.isDigit(peek(2)))))
        {
            if let date = try dateLiteral(column) { return QueryToken(kind: .literal(date), column: column) }
            return QueryToken(kind: .number(number()), column: column)
        }
        if c == "T", Self.isDigit(peek(1)) || (peek(1) == "-" && Self.isDigit(peek(2))),
            let t = try timestampLiteral(column)
        {
            return QueryToken(kind: .literal(t), column: column)
        }
        if c == "%" {
            position += 1
            switch peek() {
            case "@"?:
                position += 1
                nextPositional += 1
                return QueryToken(kind: .argument(nextPositional - 1), column: column)
            case "K"?:
                position += 1
                nextPositional += 1
                return QueryToken(kind: .keyPathArgument(nextPositional - 1), column: column)
            default:
                // A number's placeholder of a predicate format (`%d`, `%ld`, `%f`, …) takes its
                // argument as `%@` does: the argument's own type decides.
                var at = 0
                while let m = peek(at), "hlqLzjt".unicodeScalars.contains(m) { at += 1 }
                guard let conversion = peek(at), "diuoxXfFeEgG".unicodeScalars.contains(conversion) else {
                    throw fail("expected %@, %K or a number's placeholder such as %d", column)
                }
                position += at + 1
                nextPositional += 1
                return QueryToken(kind: .argument(nextPositional - 1), column: column)
            }
        }
        if c == "$" {
            position += 1
            if Self.isDigit(peek()) {
                var digits = ""
                while let d = peek(), Self.isDigit(d) { digits.unicodeScalars.append(d); position += 1 }
                guard let index = Int(digits) else { throw fail("argument index \(digits) is too large", column) }
                return QueryToken(kind: .argument(index), column: column)
            }
            if peek() == "K", Self.isDigit(peek(1)) {
                // `$K0`: argument 0 is a key path (realm-core's form of `%K`).
                position += 1
                var digits = ""
                while let d = peek(), Self.isDigit(d) { digits.unicodeScalars.append(d); position += 1 }
                guard let index = Int(digits) else { throw fail("argument index \(digits) is too large", column) }
                return QueryToken(kind: .keyPathArgument(index), column: column)
            }
            guard let first = peek(), Self.isIdentifierStart(first) else {
                throw fail("expected an argument number or a variable name after '$'", column)
            }
            return QueryToken(kind: .variable(identifier()), column: column)
        }
        if c == "@" {
            position += 1
            guard let first = peek(), Self.isIdentifierStart(first) else {
                throw fail("expected a name after '@'", column)
            }
            return QueryToken(kind: .atKeyword(identifier()), column: column)
        }
        if Self.isIdentifierStart(c) {
            let name = identifier()
            if name == "B64", peek() == "\"" || peek() == "'" {
                // As in realm-core, B64"…" is text (compared with strings; a data property
                // takes it as bytes), unless its bytes are not UTF-8: then it is binary.
                let bytes = try base64(column)
                if let text = String(validating: bytes, as: UTF8.self) {
                    return QueryToken(kind: .literal(.string(text)), column: column)
                }
                return QueryToken(kind: .literal(.binary(bytes)), column: column)
            }
            if name == "bin" || name == "binary", peek() == "(" {
                // bin('text'), binary("text"), bin(B64"…"): binary data, which compares only with binary.
                position += 1
                skipSpaces()
                let bytes: [UInt8]
                if peek() == "B" {
                    guard identifier() == "B64", peek() == "\"" || peek() == "'" else {
                        throw fail("\(name)(…) holds a quoted string or B64\"…\"", column)
                    }
                    bytes = try base64(column)
                } else if peek() == "\"" || peek() == "'" {
                    bytes = Array(try quoted(peek() ?? "\"", column).utf8)
                } else {
                    throw fail("\(name)(…) holds a quoted string or B64\"…\"", column)
                }
                skipSpaces()
                guard peek() == ")" else { throw fail("\(name)( is not closed", column) }
                position += 1
                return QueryToken(kind: .literal(.binary(bytes)), column: column)
            }
            if (name == "oid" || name == "uuid"), peek() == "(" {
                position += 1
                var body = ""
                while let d = peek(), d != ")" { body.unicodeScalars.append(d); position += 1 }
                guard peek() == ")" else { throw fail("\(name)( is not closed", column) }
                position += 1
                body = body.trimmingCharacters(in: .whitespaces)
                if name == "oid" {
                    guard let bytes = Self.hexBytes(body), bytes.count == 12 else {
                        throw fail("oid(\(body)) is not 24 hexadecimal digits", column)
                    }
                    return QueryToken(kind: .literal(.objectId(ObjectIdBytes(bytes))), column: column)
                }
                guard let uuid = UUID(uuidString: body) else { throw fail("uuid(\(body)) is not a UUID", column) }
                return QueryToken(kind: .literal(.uuid(uuid)), column: column)
            }
            return QueryToken(kind: .identifier(name), column: column)
        }
        for symbol in ["==", "!=", "<>", "<=", ">=", "=<", "=>", "&&", "||"] where matches(symbol) {
            position += 2
            let normal = ["=<": "<=", "=>": ">=", "<>": "!="][symbol] ?? symbol
            return QueryToken(kind: .symbol(normal), column: column)
        }
        if "=<>!(){}[],.*+-/".unicodeScalars.contains(c) {
            position += 1
            return QueryToken(kind: .symbol(c == "=" ? "==" : String(c)), column: column)
        }
        throw fail("unexpected character '\(c)'", column)
    }

    private func matches(_ symbol: String) -> Bool {
        var i = 0
        for s in symbol.unicodeScalars {
            guard peek(i) == s else { return false }
            i += 1
        }
        return true
    }

    /// A name, as realm-core reads one: letters, digits, `_`, and after the
    /// first character `-` too (`T2017-12-04` is a property name, `age-5` one
    /// name, not a subtraction), with `\ `, `\t`, `\r` and `\n` standing for a
    /// space, a tab, a return and a newline (`fav\ item`).
    private mutating func identifier() -> String {
        var text = ""
        while let c = peek() {
            if Self.isIdentifierPart(c) || (c == "-" && !text.isEmpty) {
                text.unicodeScalars.append(c)
                position += 1
            } else if c == "\\", let escaped = peek(1), let meaning = Self.escapes[escaped] {
                text.unicodeScalars.append(meaning)
                position += 2
            } else {
                break
            }
        }
        return text
    }

    private mutating func number() -> String {
        var text = ""
        if let sign = peek(), sign == "-" || sign == "+" {
            text.unicodeScalars.append(sign)
            position += 1
        }
        while let c = peek(),
            Self.isDigit(c) || c == "." || c == "e" || c == "E"
                || ((c == "+" || c == "-") && (text.last == "e" || text.last == "E"))
        {
            text.unicodeScalars.append(c)
            position += 1
        }
        // `1.13f`: a Float, as realm-core writes one.
        if peek() == "f", !(peek(1).map(Self.isIdentifierPart) ?? false) {
            text += "f"
            position += 1
        }
        return text
    }

    /// The bytes of the quoted base64 text at `position` (after `B64`).
    private mutating func base64(_ column: Int) throws -> [UInt8] {
        let text = try quoted(peek() ?? "\"", column)
        guard let data = Data(base64Encoded: text) else { throw fail("B64\"…\" does not hold valid base64", column) }
        return Array(data)
    }

    private mutating func skipSpaces() {
        while let c = peek(), c == " " || c == "\t" || c == "\n" || c == "\r" { position += 1 }
    }

    private mutating func quoted(_ quote: Unicode.Scalar, _ column: Int) throws -> String {
        position += 1
        var text = ""
        while let c = peek() {
            position += 1
            if c == quote { return text }
            if c == "\\" {
                guard let e = peek() else { break }
                position += 1
                switch e {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                default: text.unicodeScalars.append(e)
                }
            } else {
                text.unicodeScalars.append(c)
            }
        }
        throw fail("string is not closed", column)
    }

    /// `YYYY-MM-DD@HH:MM:SS[:NANOS]` or `YYYY-MM-DDTHH:MM:SS[:NANOS]` (UTC).
    private mutating func dateLiteral(_ column: Int) throws -> Value? {
        var digitCount = 0
        while Self.isDigit(peek(digitCount)) { digitCount += 1 }
        guard digitCount >= 4, peek(digitCount) == "-", Self.isDigit(peek(digitCount + 1)) else { return nil }
        var text = ""
        while let c = peek(), Self.isDigit(c) || c == "-" || c == ":" || c == "@" || c == "T" {
            text.unicodeScalars.append(c)
            position += 1
        }
        // realm-core's form, every part an unsigned number: YYYY-MM-DD, one separator
        // (@ or T), HH:MM:SS and an optional :NANOS.
        let halves = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "@" || $0 == "T" })
        let ymd = halves[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let hms =
            halves.count == 2 ? halves[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) } : []
        let parts = (ymd + hms).compactMap { $0 }
        guard ymd.count == 3, hms.count == 3 || hms.count == 4, parts.count == ymd.count + hms.count,
            parts.allSatisfy({ $0 >= 0 })
        else { throw fail("date \(text) must be YYYY-MM-DD@HH:MM:SS or YYYY-MM-DD@HH:MM:SS:NANOS", column) }
        guard parts[0] >= 1900 else {
            throw fail(
                "date \(text) is before 1900, which the query language does not read: pass a Date argument", column)
        }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        (components.hour, components.minute, components.second) = (parts[3], parts[4], parts[5])
        guard (1 ... 12).contains(parts[1]), (1 ... 31).contains(parts[2]), parts[3] < 24, parts[4] < 60, parts[5] < 61,
            let date = components.date
        else { throw fail("date \(text) is out of range", column) }
        let nanos = parts.count == 7 ? parts[6] : 0
        guard nanos < 1_000_000_000 else { throw fail("date \(text) has more than 999999999 nanoseconds", column) }
        let seconds = Int64(date.timeIntervalSince1970.rounded())
        // Before 1970 the nanoseconds count back, as the seconds do.
        return .timestamp(Timestamp(seconds: seconds, nanoseconds: Int32(seconds < 0 ? -nanos : nanos)))
    }

    private mutating func timestampLiteral(_ column: Int) throws -> Value? {
        let save = position
        position += 1
        var text = ""
        while let c = peek(), Self.isDigit(c) || c == "-" || c == ":" { text.unicodeScalars.append(c); position += 1 }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Int64(parts[0]), let nanos = Int32(parts[1]) else {
            position = save
            return nil
        }
        guard (seconds >= 0 && nanos >= 0) || (seconds <= 0 && nanos <= 0) else {
            throw fail("timestamp T\(text): its seconds and nanoseconds must not have opposite signs", column)
        }
        return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanos))
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let byte = UInt8(String(decoding: digits[i ..< i + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            i += 2
        }
        return bytes
    }
}

/// The tokens of recently used query texts (bounded; shared by all threads).
private final class TokenCache: @unchecked Sendable {
    static let shared = TokenCache()
    private static let capacity = 512
    private var entries: [String: [QueryToken]] = [:]
    private let lock = NSLock()

    func tokens(of text: String) -> [QueryToken]? {
        lock.withLock { entries[text] }
    }

    func remember(_ tokens: [QueryToken], of text: String) {
        // Long texts (queries built with their values inline) would only churn the cache.
        guard text.utf8.count <= 1_024 else { return }
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = tokens
        }
    }
}
