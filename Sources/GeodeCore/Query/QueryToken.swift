import Foundation

/// One token of the query language, with the column (1-based, in characters)
/// where it starts.
struct QueryToken: CustomStringConvertible {
    enum Kind: Equatable {
        case identifier(String)
        /// `@count`, `@links`, …: the name without the `@`.
        case atKeyword(String)
        case number(String)
        case string(String)
        /// A literal the lexer already turned into a value: dates, `oid(…)`, `uuid(…)`, `B64"…"`.
        case literal(Value)
        /// `%@` or `$n`: the index of the argument.
        case argument(Int)
        /// `%K`: a key path given as an argument.
        case keyPathArgument(Int)
        /// A subquery variable such as `$x`.
        case variable(String)
        case symbol(String)
        case end
    }

    var kind: Kind
    var column: Int

    var description: String {
        switch kind {
        case let .identifier(s): return "'\(s)'"
        case let .atKeyword(s): return "'@\(s)'"
        case let .number(s): return s
        case let .string(s): return "'\(s)'"
        case let .literal(v): return QueryLiteral.describe(v)
        case let .argument(i): return "argument \(i)"
        case let .keyPathArgument(i): return "%K (argument \(i))"
        case let .variable(s): return "$\(s)"
        case let .symbol(s): return "'\(s)'"
        case .end: return "end of the query"
        }
    }

    /// Whether this is the identifier `word` (an ASCII keyword), in any letter
    /// case. Compared byte by byte: the parser asks this for every keyword it
    /// might meet, so it must cost next to nothing.
    func isKeyword(_ word: String) -> Bool {
        guard case let .identifier(s) = kind else { return false }
        let a = s.utf8, b = word.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }

    func isSymbol(_ s: String) -> Bool { kind == .symbol(s) }
}
