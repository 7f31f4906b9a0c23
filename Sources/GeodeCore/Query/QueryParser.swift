import GeodeGeo
import Foundation

/// Parses the Realm Query Language (and the NSPredicate forms Realm Swift
/// accepts) into a ``Query``.
///
/// ```swift
/// let query = try QueryParser.parse("ANY dogs.age >= %@ SORT(name ASC) LIMIT(5)", [.value(.int(3))])
/// ```
///
/// Every error is a ``StoreError/invalidQuery(message:column:)`` naming the
/// token and its column.
package struct QueryParser {
    private var tokens: [QueryToken]
    private var index = 0
    private var depth = 0
    private let arguments: [QueryArgument]

    private init(tokens: [QueryToken], arguments: [QueryArgument]) {
        self.tokens = tokens
        self.arguments = arguments
    }

    /// Parses `text` with `arguments` for `%@`, `$n` and `%K`.
    package static func parse(_ text: String, _ arguments: [QueryArgument] = []) throws -> Query {
        var parser = QueryParser(tokens: try QueryLexer.tokens(text), arguments: arguments)
        let predicate = try parser.parseOr()
        var query = Query(predicate: predicate)
        try parser.parseClauses(&query)
        guard parser.current.kind == .end else { throw parser.unexpected("at the end of a predicate") }
        return query
    }

    /// Parses a key path alone, as `sorted(byKeyPath:)` and `distinct(by:)` take it.
    package static func parseKeyPath(_ text: String) throws -> QueryKeyPath {
        var parser = QueryParser(tokens: try QueryLexer.tokens(text), arguments: [])
        let path = try parser.parseKeyPath()
        guard parser.current.kind == .end else { throw parser.unexpected("after the key path") }
        return path
    }

    // MARK: Tokens

    private var current: QueryToken { tokens[index] }

    private mutating func advance() -> QueryToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func unexpected(_ context: String) -> StoreError {
        .invalidQuery(message: "unexpected \(current) \(context)", column: current.column)
    }

    private mutating func expect(_ symbol: String, _ context: String) throws {
        guard current.isSymbol(symbol) else { throw unexpected("\(context): expected '\(symbol)'") }
        _ = advance()
    }

    private mutating func acceptKeyword(_ word: String) -> Bool {
        if current.isKeyword(word) { _ = advance(); return true }
        return false
    }

    private func argument(_ i: Int, _ column: Int) throws -> QueryArgument {
        guard i >= 0, i < arguments.count else {
            throw StoreError.invalidQuery(message: "argument \(i) is missing: \(arguments.count) given", column: column)
        }
        return arguments[i]
    }

    // MARK: Predicates

    /// How deeply parentheses, NOT, `{…}` lists and SUBQUERY may nest: 100
    /// levels, as AnyRealmValue collections. Each level costs stack in the
    /// parser, the binder and the evaluator (about 3 KiB in a debug build), and
    /// a query may run on a secondary thread, whose stack is 512 KiB: 100 levels
    /// fit there with room to spare. Chains of AND and OR do not nest: they are
    /// flat lists of any length.
    package static let maximumNesting = 100

    private mutating func parseOr() throws -> QueryPredicate {
        let first = try parseAnd()
        guard current.isKeyword("OR") || current.isSymbol("||") else { return first }
        var parts = [first]
        while acceptKeyword("OR") || acceptSymbol("||") {
            parts.append(try parseAnd())
        }
        return .or(parts)
    }

    private mutating func parseAnd() throws -> QueryPredicate {
        let first = try parseNot()
        guard current.isKeyword("AND") || current.isSymbol("&&") else { return first }
        var parts = [first]
        while acceptKeyword("AND") || acceptSymbol("&&") {
            parts.append(try parseNot())
        }
        return .and(parts)
    }

    /// Enters one level of nesting at `column`, refusing the level past ``maximumNesting``.
    private mutating func nest<T>(_ body: (inout QueryParser) throws -> T) throws -> T {
        guard depth < Self.maximumNesting else {
            throw StoreError.invalidQuery(
                message: "the query nests deeper than \(Self.maximumNesting) levels", column: current.column)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func acceptSymbol(_ s: String) -> Bool {
        if current.isSymbol(s) { _ = advance(); return true }
        return false
    }

    private mutating func parseNot() throws -> QueryPredicate {
        if current.isKeyword("NOT") || current.isSymbol("!") {
            return try nest { parser in
                _ = parser.advance()
                return .not(try parser.parseNot())
            }
        }
        return try parseAtom()
    }

    private mutating func parseAtom() throws -> QueryPredicate {
        if current.isSymbol("("), !parenthesisOpensOperand() {
            return try nest { parser in
                _ = parser.advance()
                let inner = try parser.parseOr()
                try parser.expect(")", "closing a parenthesis")
                return inner
            }
        }
        if acceptKeyword("TRUEPREDICATE") { return .constant(true) }
        if acceptKeyword("FALSEPREDICATE") { return .constant(false) }
        return try parseComparison()
    }

    /// Whether the parenthesis at the current token opens the first operand of
    /// a comparison (`(age + 1) * 2 > 10`, `(age) > 3`) rather than a predicate
    /// (`(age > 3) AND …`): an operator follows its closing parenthesis. Looking
    /// ahead, rather than trying one reading and then the other, spares nested
    /// parentheses a parse that doubles with each level.
    private func parenthesisOpensOperand() -> Bool {
        var open = 0
        for i in index ..< tokens.count {
            if tokens[i].isSymbol("(") {
                open += 1
            } else if tokens[i].isSymbol(")") {
                open -= 1
                guard open == 0 else { continue }
                guard i + 1 < tokens.count else { return false }
                switch tokens[i + 1].kind {
                case let .symbol(s): return ["+", "-", "*", "/"].contains(s) || ComparisonOperator(rawValue: s) != nil
                case let .identifier(word): return ComparisonOperator(rawValue: word.uppercased()) != nil
                case let .number(text): return text.hasPrefix("-") || text.hasPrefix("+")
                default: return false
                }
            }
        }
        return false
    }

    private mutating func parseQuantifier() -> QueryQuantifier? {
        guard case .identifier = current.kind else { return nil }
        if acceptKeyword("ANY") || acceptKeyword("SOME") { return .any }
        if acceptKeyword("ALL") { return .all }
        if acceptKeyword("NONE") { return QueryQuantifier.none }
        return nil
    }

    private mutating func parseComparison() throws -> QueryPredicate {
        let column = current.column
        let quantifier = parseQuantifier()
        let lhsStart = index
        let lhs = try parseExpression()
        let lhsSource = source(from: lhsStart)
        let opToken = current
        var op: ComparisonOperator
        switch opToken.kind {
        case let .symbol(s):
            guard let parsed = ComparisonOperator(rawValue: s) else {
                throw unexpected("where an operator was expected")
            }
            op = parsed
        case let .identifier(word):
            if let relation = GeoRelation(keyword: word) {
                _ = advance()
                return try geo(relation, lhs, try parseShape(), quantifier ?? .any, column)
            }
            guard let parsed = ComparisonOperator(rawValue: word.uppercased()) else {
                throw unexpected("where an operator was expected")
            }
            op = parsed
        default:
            throw unexpected("where an operator was expected")
        }
        _ = advance()
        var caseInsensitive = false, diacriticInsensitive = false
        if current.isSymbol("[") {
            _ = advance()
            guard case let .identifier(flags) = current.kind, !flags.isEmpty,
                flags.allSatisfy({ $0 == "c" || $0 == "d" })
            else { throw unexpected("as an option: expected [c], [d] or [cd]") }
            caseInsensitive = flags.contains("c")
            diacriticInsensitive = flags.contains("d")
            _ = advance()
            try expect("]", "closing the options")
        }
        let rhsQuantifier = parseQuantifier()
        if op == .in, case let .argument(i) = current.kind, case let .shape(shape) = try argument(i, current.column) {
            _ = advance()
            return try geo(.within, lhs, shape, quantifier ?? .any, column)
        }
        if case let .argument(i) = current.kind, case let .members(members) = try argument(i, current.column) {
            guard case let .keyPath(path) = lhs else {
                throw StoreError.invalidQuery(
                    message: "an embedded object argument needs a key path on the left", column: column)
            }
            _ = advance()
            return try .memberwise(path, op, members, quantifier: quantifier ?? .any, column: opToken.column)
        }
        let rhsIsArgument: Bool
        if case .argument = current.kind { rhsIsArgument = true } else { rhsIsArgument = false }
        let rhsStart = index
        var rhs = try parseExpression()
        let rhsSource = source(from: rhsStart)
        if op == .in, case let .value(v) = rhs, !rhsIsArgument {
            // realm-core refuses a literal here; an argument holding one value is taken as a list of it.
            throw StoreError.invalidQuery(
                message:
                    "IN needs a list on its right ({…}, a list argument or a collection), not \(QueryLiteral.describe(v))",
                column: opToken.column)
        }
        if op == .between {
            guard case let .values(bounds) = rhs, bounds.count == 2 else {
                throw StoreError.invalidQuery(message: "BETWEEN needs two values: {low, high}", column: opToken.column)
            }
            rhs = .values(bounds)
        }
        var comparison = QueryComparison(
            lhs, op, rhs, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive,
            quantifier: quantifier ?? .any, quantifierGiven: quantifier != nil,
            rhsQuantifier: rhsQuantifier, column: column)
        comparison.rhsSource = rhsSource
        return try normalize(comparison, lhsSource: lhsSource, opToken: opToken)
    }

    /// How the operand read from token `start` up to the current one was
    /// written, when it is one token.
    private func source(from start: Int) -> ConstantSource {
        guard index == start + 1 else { return .other }
        switch tokens[start].kind {
        case let .number(text), let .string(text): return .literal(text)
        case .argument: return .argument
        default: return .other
        }
    }

    /// Puts the key path on the left: `5 < age` → `age > 5`; `'x' IN tags` → `ANY tags == 'x'`.
    private func normalize(_ comparison: QueryComparison, lhsSource: ConstantSource, opToken: QueryToken) throws
        -> QueryPredicate
    {
        var c = comparison
        if case .value = c.lhs, c.quantifierGiven {
            // `ANY 5 IN prices`: as in realm-core, a quantifier goes before a key path or a list of values.
            throw StoreError.invalidQuery(
                message: "\(c.quantifier.keyword) goes before a key path or a list of values, not one value",
                column: opToken.column)
        }
        switch (c.lhs, c.rhs) {
        case (.value, .keyPath), (.value, .subqueryCount), (.value, .arithmetic), (.object, .keyPath):
            if c.op == .in {
                c.op = .equal
                c.asksMembership = true
                // `'x' IN tags`: the value is one of the list's.
                c.quantifier = c.rhsQuantifier ?? .any
                c.quantifierGiven = c.rhsQuantifier != nil
                c.rhsQuantifier = nil
            } else if let flipped = c.op.flipped {
                c.op = flipped
                // The quantifiers change sides with their operands.
                let (quantifier, given, rhsQuantifier) = (c.quantifier, c.quantifierGiven, c.rhsQuantifier)
                c.quantifier = rhsQuantifier ?? .any
                c.quantifierGiven = rhsQuantifier != nil
                c.rhsQuantifier = given ? quantifier : nil
            } else if c.op.isStringOperator, c.rhsQuantifier == nil, !c.quantifierGiven {
                // `'abc' CONTAINS name`: realm-core tests the value against each object's string.
                c.operandsReversed = true
            } else {
                throw StoreError.invalidQuery(
                    message: "\(c.op.rawValue) needs a key path on its left", column: opToken.column)
            }
            swap(&c.lhs, &c.rhs)
            c.rhsSource = lhsSource
        default:
            break
        }
        if c.op == .in, case .value = c.rhs {
            c.op = .equal  // `x IN %@` with a single value
        }
        return .comparison(c)
    }

    private func geo(
        _ relation: GeoRelation, _ lhs: QueryExpression, _ shape: GeoShape, _ quantifier: QueryQuantifier,
        _ column: Int
    ) throws -> QueryPredicate {
        guard case let .keyPath(path) = lhs else {
            throw StoreError.invalidQuery(message: "\(relation.rawValue) needs a key path on its left", column: column)
        }
        return .geo(relation, path, shape, quantifier)
    }

    // MARK: Operands

    /// An operand, or an arithmetic expression of operands: `*` and `/` bind
    /// tighter than `+` and `-`, each from the left, and parentheses group.
    /// Constants alone are computed here (`(10 + 11) * 2` is 42).
    private mutating func parseExpression() throws -> QueryExpression {
        var expression = try parseTerm()
        while true {
            let column = current.column
            let op: ArithmeticOperator
            if acceptSymbol("+") {
                op = .add
            } else if acceptSymbol("-") {
                op = .subtract
            } else if case let .number(text) = current.kind, text.hasPrefix("-") || text.hasPrefix("+") {
                // `age -5`: the lexer reads a signed number, which after an operand is a
                // subtraction or an addition: `age + (-5)`.
                op = .add
            } else {
                return expression
            }
            expression = try Self.combine(op, expression, try parseTerm(), column)
        }
    }

    private mutating func parseTerm() throws -> QueryExpression {
        var expression = try parseFactor()
        while true {
            let column = current.column
            let op: ArithmeticOperator
            if acceptSymbol("*") {
                op = .multiply
            } else if acceptSymbol("/") {
                op = .divide
            } else {
                return expression
            }
            expression = try Self.combine(op, expression, try parseFactor(), column)
        }
    }

    private mutating func parseFactor() throws -> QueryExpression {
        guard current.isSymbol("(") else { return try parseOperand() }
        return try nest { parser in
            _ = parser.advance()
            let inner = try parser.parseExpression()
            try parser.expect(")", "closing a parenthesis")
            return inner
        }
    }

    /// `lhs op rhs`: computed now when both are constants, or a `{…}` list and
    /// a constant (element by element; as realm-core does, a value that is not
    /// a number makes null), else an expression for each object.
    private static func combine(_ op: ArithmeticOperator, _ lhs: QueryExpression, _ rhs: QueryExpression, _ column: Int)
        throws -> QueryExpression
    {
        switch (lhs, rhs) {
        case let (.value(a), .value(b)): return .value(op.apply(a, b))
        // A list with a number: each element computed with it, as realm-core does (`{8, 10} / 2` is `{4, 5}`).
        case let (.values(list), .value(b)): return .values(list.map { op.apply($0, b) })
        case let (.value(a), .values(list)): return .values(list.map { op.apply(a, $0) })
        case (.values, _), (_, .values):
            throw StoreError.invalidQuery(
                message: "a {…} list takes part in arithmetic ('\(op.rawValue)') only with a number", column: column)
        default: break
        }
        let expression = QueryExpression.arithmetic(op, lhs, rhs)
        guard depth(of: expression) <= maximumNesting else {
            throw StoreError.invalidQuery(
                message: "the arithmetic expression nests deeper than \(maximumNesting) operations", column: column)
        }
        return expression
    }

    /// How many operations deep `expression` is (never more than one past the limit).
    private static func depth(of expression: QueryExpression) -> Int {
        guard case let .arithmetic(_, lhs, rhs) = expression else { return 0 }
        return 1 + max(depth(of: lhs), depth(of: rhs))
    }

    private mutating func parseOperand() throws -> QueryExpression {
        let token = current
        switch token.kind {
        case let .string(s):
            _ = advance()
            return .value(.string(s))
        case let .number(text):
            _ = advance()
            return .value(try Self.number(text, token.column))
        case let .literal(v):
            _ = advance()
            return .value(v)
        case let .argument(i):
            _ = advance()
            switch try argument(i, token.column) {
            case let .value(v): return .value(v)
            case let .values(vs): return .values(vs)
            case let .keyPath(path): return .keyPath(try Self.keyPath(fromArgument: path, token.column))
            case .shape:
                throw StoreError.invalidQuery(
                    message: "a shape argument belongs after geoWithin, geoIntersects, geoContains or IN",
                    column: token.column)
            case .members:
                throw StoreError.invalidQuery(
                    message: "an embedded object argument compares only with == or != after a key path",
                    column: token.column)
            }
        case let .keyPathArgument(i):
            _ = advance()
            let path: String
            switch try argument(i, token.column) {
            case let .keyPath(p), let .value(.string(p)): path = p
            default: throw StoreError.invalidQuery(message: "%K needs a key path string argument", column: token.column)
            }
            return .keyPath(try continueKeyPath(try Self.keyPath(fromArgument: path, token.column)))
        case .symbol("{"):
            return try nest { parser in
                _ = parser.advance()
                var values: [Value] = []
                if !parser.current.isSymbol("}") {
                    repeat {
                        let element = try parser.parseOperand()
                        guard case let .value(v) = element else {
                            throw StoreError.invalidQuery(
                                message: "a {…} list holds only literal values", column: token.column)
                        }
                        values.append(v)
                    } while parser.acceptSymbol(",")
                }
                try parser.expect("}", "closing a list")
                return .values(values)
            }
        case .symbol("-"), .symbol("+"):
            // `-infinity`, `+inf`, `-nan`: a signed special number.
            let negative = token.isSymbol("-")
            guard index + 1 < tokens.count, case let .identifier(word) = tokens[index + 1].kind,
                let special = Self.specialNumber(word)
            else { throw unexpected("where a value or key path was expected") }
            _ = advance()
            _ = advance()
            return .value(.double(negative ? -special : special))
        case let .identifier(word)
        where word.lowercased() == "obj" && index + 1 < tokens.count && tokens[index + 1].isSymbol("("):
            return try parseObjectReference()
        case let .identifier(word):
            if let special = Self.specialNumber(word) {
                _ = advance()
                return .value(.double(special))
            }
            switch word.lowercased() {
            // YES and NO are NSPredicate's, which Realm Swift's queries take too.
            case "true", "yes": _ = advance(); return .value(.bool(true))
            case "false", "no": _ = advance(); return .value(.bool(false))
            case "null", "nil": _ = advance(); return .value(.null)
            case "subquery": return try parseSubquery()
            default: return .keyPath(try parseKeyPath())
            }
        case .atKeyword, .variable:
            return .keyPath(try parseKeyPath())
        default:
            throw unexpected("where a value or key path was expected")
        }
    }

    /// `obj('Class', primaryKey)`: an object named by its class and primary key
    /// (a number, a string, an `oid(…)`, a `uuid(…)` or an argument).
    private mutating func parseObjectReference() throws -> QueryExpression {
        let column = current.column
        _ = advance()
        try expect("(", "after obj")
        guard case let .string(className) = current.kind else {
            throw unexpected("in obj(…): expected the class name, quoted")
        }
        _ = advance()
        try expect(",", "in obj(…) after the class name")
        guard case let .value(key) = try parseOperand(), !key.isNull else {
            throw StoreError.invalidQuery(
                message: "obj(…) needs a primary key value after the class name", column: column)
        }
        try expect(")", "closing obj(…)")
        return .object(className: className, primaryKey: key)
    }

    /// `inf`, `infinity` and `nan`, in any letter case.
    private static func specialNumber(_ word: String) -> Double? {
        switch word.lowercased() {
        case "inf", "infinity": return .infinity
        case "nan": return .nan
        default: return nil
        }
    }

    private static func number(_ text: String, _ column: Int) throws -> Value {
        if text.hasSuffix("f") {
            guard let f = Float(text.dropLast()) else {
                throw StoreError.invalidQuery(message: "'\(text)' is not a number", column: column)
            }
            return .float(f)
        }
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let i = Int64(text) { return .int(i) }
        guard let d = Double(text) else {
            throw StoreError.invalidQuery(message: "'\(text)' is not a number", column: column)
        }
        return .double(d)
    }

    private static func keyPath(fromArgument text: String, _ column: Int) throws -> QueryKeyPath {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
            throw StoreError.invalidQuery(message: "'\(text)' is not a key path", column: column)
        }
        return QueryKeyPath(
            parts.map { part in
                part.hasPrefix("@")
                    ? Self.atComponent(String(part.dropFirst())) ?? .property(String(part)) : .property(String(part))
            }, column: column)
    }

    private static func atComponent(_ name: String) -> QueryKeyPath.Component? {
        switch name.lowercased() {
        case "count": return .count
        case "size": return .size
        case "sum": return .sum
        case "avg": return .avg
        case "min": return .min
        case "max": return .max
        case "type": return .type
        case "keys", "allkeys": return .keys
        case "values", "allvalues": return .values
        default: return nil
        }
    }

    private mutating func parseKeyPath() throws -> QueryKeyPath {
        let column = current.column
        var path = QueryKeyPath([], column: column)
        switch current.kind {
        case let .identifier(name):
            _ = advance()
            path.components.append(.property(name))
        case let .variable(name):
            _ = advance()
            path.components.append(.property("$" + name))
        case .atKeyword:
            try parseAtComponent(&path)
        default:
            throw unexpected("where a key path was expected")
        }
        return try continueKeyPath(path)
    }

    private mutating func continueKeyPath(_ start: QueryKeyPath) throws -> QueryKeyPath {
        var path = start
        while true {
            if current.isSymbol(".") {
                _ = advance()
                switch current.kind {
                case let .identifier(name):
                    _ = advance()
                    path.components.append(.property(name))
                case .atKeyword:
                    try parseAtComponent(&path)
                default:
                    throw unexpected("after '.' in a key path")
                }
            } else if current.isSymbol("[") {
                _ = advance()
                let token = current
                switch token.kind {
                case let .number(text):
                    guard let i = Int(text) else {
                        throw StoreError.invalidQuery(message: "'\(text)' is not a list index", column: token.column)
                    }
                    path.components.append(.index(i))
                case let .string(key):
                    path.components.append(.key(key))
                case .symbol("*"):
                    path.components.append(.all)
                case let .identifier(word) where ["FIRST", "LAST", "SIZE"].contains(word.uppercased()):
                    path.components.append(
                        word.uppercased() == "FIRST" ? .first : word.uppercased() == "LAST" ? .last : .count)
                case let .argument(i):
                    switch try argument(i, token.column) {
                    case let .value(.int(n)): path.components.append(.index(Int(n)))
                    case let .value(.string(k)): path.components.append(.key(k))
                    default:
                        throw StoreError.invalidQuery(
                            message: "a subscript argument must be an integer or a string", column: token.column)
                    }
                default:
                    throw unexpected("in a subscript: expected an index, a 'key', *, FIRST, LAST or SIZE")
                }
                _ = advance()
                try expect("]", "closing a subscript")
            } else {
                return path
            }
        }
    }

    private mutating func parseAtComponent(_ path: inout QueryKeyPath) throws {
        guard case let .atKeyword(name) = current.kind else { throw unexpected("in a key path") }
        let column = current.column
        _ = advance()
        if name.lowercased() == "links" {
            // `@links.@count`, `@links.Class.property`, or `@links` alone (every backlink).
            guard current.isSymbol(".") else { path.components.append(.allBacklinks); return }
            if case .atKeyword = tokens[index + 1].kind {
                path.components.append(.allBacklinks)
                return
            }
            // `@links.Class.property`, then the rest of the path. Which names are the
            // class's is for the binder to say: nested Swift types' names hold dots.
            var names: [String] = []
            while names.count < 2, current.isSymbol("."), case let .identifier(name) = tokens[index + 1].kind {
                _ = advance()
                _ = advance()
                names.append(name)
            }
            guard names.count == 2 else {
                throw unexpected("after @links: expected .ClassName.property or .@count")
            }
            path.components.append(.backlinks(className: names[0], property: names[1]))
            return
        }
        guard let component = Self.atComponent(name) else {
            throw StoreError.invalidQuery(message: "unknown operator '@\(name)'", column: column)
        }
        path.components.append(component)
    }

    private mutating func parseSubquery() throws -> QueryExpression {
        let column = current.column
        _ = advance()
        try expect("(", "after SUBQUERY")
        let collection = try parseKeyPath()
        try expect(",", "after the SUBQUERY collection")
        guard case let .variable(name) = current.kind else {
            throw unexpected("in SUBQUERY: expected a variable such as $x")
        }
        _ = advance()
        try expect(",", "after the SUBQUERY variable")
        let predicate = try nest { try $0.parseOr() }
        try expect(")", "closing SUBQUERY")
        try expect(".", "after SUBQUERY(…): expected .@count")
        guard case let .atKeyword(op) = current.kind, op.lowercased() == "count" || op.lowercased() == "size" else {
            throw StoreError.invalidQuery(message: "SUBQUERY(…) must be followed by .@count", column: column)
        }
        _ = advance()
        return .subqueryCount(collection: collection, variable: "$" + name, predicate: predicate)
    }

    // MARK: Shapes

    private mutating func parseShape() throws -> GeoShape {
        let token = current
        switch token.kind {
        case let .argument(i):
            _ = advance()
            switch try argument(i, token.column) {
            case let .shape(shape):
                return shape
            case let .value(.string(text)):
                // A shape printed as text (`GeoCircle([0.3, 0.3], 1)`), as realm-core accepts
                // for bindings that cannot pass shapes: read with the shape literal's grammar.
                do {
                    var shapeParser = QueryParser(tokens: try QueryLexer.tokens(text), arguments: [])
                    let shape = try shapeParser.parseShape()
                    guard shapeParser.current.kind == .end else { throw shapeParser.unexpected("after the shape") }
                    return shape
                } catch let StoreError.invalidQuery(message, column) {
                    throw StoreError.invalidQuery(
                        message: "argument \(i) is not a shape: \(message) at column \(column) of '\(text)'",
                        column: token.column)
                }
            default:
                throw StoreError.invalidQuery(
                    message:
                        "a geo predicate needs a shape argument (GeoBox, GeoCircle, GeoPolygon or another shape, or one as text)",
                    column: token.column)
            }
        case let .identifier(word):
            _ = advance()
            try expect("(", "after \(word)")
            switch word.lowercased() {
            case "geobox":
                let a = try parsePoint(), _ = try expect(",", "between the corners of geoBox")
                let b = try parsePoint()
                let edges = try parseEdgesOption()
                try expect(")", "closing geoBox")
                return GeoShape(
                    .box(west: a.longitude, south: a.latitude, east: b.longitude, north: b.latitude), edges: edges)
            case "geocircle":
                let center = try parsePoint()
                try expect(",", "after the centre of geoCircle")
                var radius = try parseCoordinate()
                // Geode reads a unit after the radius too (`10km`, `500 m`); Realm's radius is in radians.
                if case let .identifier(word) = current.kind, let unit = DistanceUnit(word: word) {
                    _ = advance()
                    radius = unit.radians(radius)
                }
                try expect(")", "closing geoCircle")
                return GeoShape(.circle(longitude: center.longitude, latitude: center.latitude, radians: radius))
            case "geopolygon":
                let rings = try parseRings()
                let edges = try parseEdgesOption(afterComma: false)
                try expect(")", "closing geoPolygon")
                return GeoShape(.polygon(rings: rings), edges: edges)
            // Beyond Realm: polygons in parentheses, each as geoPolygon's rings.
            case "geomultipolygon":
                var polygons: [[[GeoCoordinate]]] = []
                repeat {
                    if current.isKeyword("planar") || current.isKeyword("geodesic") { break }
                    try expect("(", "opening a polygon of geoMultiPolygon")
                    polygons.append(try parseRings())
                    try expect(")", "closing a polygon of geoMultiPolygon")
                } while acceptSymbol(",")
                let edges = try parseEdgesOption(afterComma: false)
                try expect(")", "closing geoMultiPolygon")
                // Each part follows geoPolygon's rules (a multipolygon given as an argument,
                // such as a border read from GeoJSON, is checked where it is made).
                for (i, rings) in polygons.enumerated() {
                    do {
                        try PolygonRules.check(rings, edges: edges)
                    } catch {
                        throw StoreError.invalidQuery(
                            message: "geoMultiPolygon polygon \(i): \(error)", column: token.column)
                    }
                }
                return GeoShape(.multiPolygon(polygons: polygons), edges: edges)
            // Beyond Realm: a point (for geoContains) and a line.
            case "geopoint":
                // Edges, for a point, say how the stored geometries it is related to are read.
                let point = try parsePoint()
                let edges = try parseEdgesOption()
                try expect(")", "closing geoPoint")
                return GeoShape(.point(point), edges: edges)
            case "geolinestring":
                var points: [GeoCoordinate] = []
                repeat {
                    if current.isKeyword("planar") || current.isKeyword("geodesic") { break }
                    points.append(try parsePoint())
                } while acceptSymbol(",")
                let edges = try parseEdgesOption(afterComma: false)
                try expect(")", "closing geoLineString")
                return GeoShape(.lineString(points), edges: edges)
            default:
                throw StoreError.invalidQuery(
                    message:
                        "unknown shape '\(word)': expected geoBox, geoCircle, geoPolygon, geoMultiPolygon, geoPoint or geoLineString",
                    column: token.column)
            }
        default:
            throw unexpected(
                "after a geo predicate: expected geoBox(…), geoCircle(…), geoPolygon(…), geoMultiPolygon(…), geoPoint(…), geoLineString(…) or an argument"
            )
        }
    }

    /// The rest of `SORT(DISTANCE(path, [lon, lat]) ASC|DESC)`, after `DISTANCE`:
    /// a great-circle distance sort, alone in its SORT.
    /// A key path of a SORT or DISTINCT clause: as in realm-core, one
    /// property per object, so no collection operator (`@count`, `@max`, …).
    private mutating func parseClauseKeyPath(_ clause: String) throws -> QueryKeyPath {
        let path = try parseKeyPath()
        for component in path.components {
            switch component {
            case .count, .size, .sum, .avg, .min, .max, .type, .keys, .values:
                throw StoreError.invalidQuery(
                    message: "\(clause) cannot use a collection operator (\(path))", column: path.column)
            default: continue
            }
        }
        return path
    }

    private mutating func parseDistanceSort() throws -> DistanceOrdering {
        try expect("(", "after DISTANCE")
        let path = try parseKeyPath()
        try expect(",", "after the key path of DISTANCE")
        let token = current
        let center = try parsePoint()
        guard (-180 ... 180).contains(center.longitude), (-90 ... 90).contains(center.latitude) else {
            throw StoreError.invalidQuery(
                message: "DISTANCE from [\(center.longitude), \(center.latitude)]: a longitude lies in [-180, 180] "
                    + "and a latitude in [-90, 90]", column: token.column)
        }
        try expect(")", "closing DISTANCE")
        var descending = false
        if acceptKeyword("DESC") || acceptKeyword("DESCENDING") {
            descending = true
        } else {
            _ = acceptKeyword("ASC") || acceptKeyword("ASCENDING")
        }
        if current.isSymbol(",") {
            throw unexpected("after DISTANCE(…): a distance sorts alone in its SORT")
        }
        try expect(")", "closing SORT")
        return DistanceOrdering(
            path: path, longitude: center.longitude, latitude: center.latitude, descending: descending)
    }

    /// A polygon's rings, `{[lon, lat], …}, {…}`: the outer ring, then the holes;
    /// stops before a trailing `planar` or `geodesic`.
    private mutating func parseRings() throws -> [[GeoCoordinate]] {
        var rings: [[GeoCoordinate]] = []
        repeat {
            if current.isKeyword("planar") || current.isKeyword("geodesic") { break }
            try expect("{", "opening a polygon ring")
            var ring: [GeoCoordinate] = []
            repeat { ring.append(try parsePoint()) } while acceptSymbol(",")
            try expect("}", "closing a polygon ring")
            rings.append(ring)
        } while acceptSymbol(",")
        return rings
    }

    /// An optional trailing `planar` or `geodesic` inside a shape's parentheses.
    private mutating func parseEdgesOption(afterComma: Bool = true) throws -> GeoShape.Edges {
        if afterComma {
            guard current.isSymbol(","), case .identifier = tokens[index + 1].kind else { return .geodesic }
            _ = advance()
        }
        if acceptKeyword("planar") { return .planar }
        if acceptKeyword("geodesic") { return .geodesic }
        if afterComma { throw unexpected("as shape edges: expected planar or geodesic") }
        return .geodesic
    }

    /// `[longitude, latitude]`, or `[longitude, latitude, altitude]` (the altitude is read and set aside, as Realm does).
    private mutating func parsePoint() throws -> GeoCoordinate {
        try expect("[", "opening a [longitude, latitude] pair")
        let lon = try parseCoordinate()
        try expect(",", "between longitude and latitude")
        let lat = try parseCoordinate()
        if acceptSymbol(",") { _ = try parseCoordinate() }
        try expect("]", "closing a [longitude, latitude] pair")
        return GeoCoordinate(longitude: lon, latitude: lat)
    }

    /// A number, written or given as an argument (`geoCircle([$0, $1], $2)`).
    private mutating func parseCoordinate() throws -> Double {
        let token = current
        switch token.kind {
        case let .number(text):
            guard let value = Double(text) else { break }
            _ = advance()
            return value
        case let .argument(i):
            switch try argument(i, token.column) {
            case let .value(.int(v)):
                _ = advance()
                return Double(v)
            case let .value(.double(v)):
                _ = advance()
                return v
            case let .value(.float(v)):
                _ = advance()
                return Double(v)
            default:
                throw StoreError.invalidQuery(
                    message: "argument \(i) is not a number, as a coordinate or radius must be", column: token.column)
            }
        default:
            break
        }
        throw unexpected("where a coordinate was expected")
    }

    // MARK: Clauses

    private mutating func parseClauses(_ query: inout Query) throws {
        while true {
            if acceptKeyword("SORT") {
                let column = tokens[index - 1].column
                try expect("(", "after SORT")
                if query.distanceOrdering != nil {
                    throw StoreError.invalidQuery(
                        message: "a SORT by DISTANCE cannot be followed by another SORT", column: column)
                }
                // `DISTANCE(`: a property may be named distance.
                if current.isKeyword("DISTANCE"), index + 1 < tokens.count, tokens[index + 1].isSymbol("(") {
                    _ = advance()
                    guard query.clauses.isEmpty else {
                        throw StoreError.invalidQuery(
                            message: "SORT(DISTANCE(…)) must be the first clause", column: column)
                    }
                    query.distanceOrdering = try parseDistanceSort()
                    continue
                }
                var keys: [QuerySortKey] = []
                repeat {
                    let path = try parseClauseKeyPath("SORT")
                    let ascending: Bool
                    if acceptKeyword("DESC") || acceptKeyword("DESCENDING") {
                        ascending = false
                    } else if acceptKeyword("ASC") || acceptKeyword("ASCENDING") {
                        ascending = true
                    } else {
                        // As realm-core's grammar: the direction is not optional.
                        throw StoreError.invalidQuery(
                            message: "SORT needs ASC or DESC after \(path)", column: current.column)
                    }
                    keys.append(QuerySortKey(path: path, ascending: ascending))
                } while acceptSymbol(",")
                try expect(")", "closing SORT")
                query.append(.sort(keys))
            } else if acceptKeyword("DISTINCT") {
                try expect("(", "after DISTINCT")
                var paths: [QueryKeyPath] = []
                repeat { paths.append(try parseClauseKeyPath("DISTINCT")) } while acceptSymbol(",")
                try expect(")", "closing DISTINCT")
                query.append(.distinct(paths))
            } else if acceptKeyword("LIMIT") {
                try expect("(", "after LIMIT")
                let token = current
                guard case let .number(text) = token.kind, let n = Int(text), n >= 0 else {
                    throw unexpected("in LIMIT: expected a count of 0 or more")
                }
                _ = advance()
                try expect(")", "closing LIMIT")
                query.append(.limit(n))
            } else {
                return
            }
        }
    }
}
