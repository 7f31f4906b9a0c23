import GeodeGeo
/// Resolves a parsed query against a class of a store's schema: key paths
/// become document steps, comparisons are type-checked, shapes become regions.
///
/// A key path or type that does not fit throws
/// ``StoreError/invalidQuery(message:column:)``, for instance
/// `cannot compare Int property 'age' with a string at column 7`.
struct QueryBinder {
    let store: Store

    /// What a key path reaches so far while it is being resolved.
    private enum Context {
        /// Whether the context is a string or data value, a list or set of
        /// them (or of mixed values, whose strings and data count).
        var holdsText: Bool {
            switch self {
            case .scalar(.string, _), .scalar(.data, _): return true
            case let .collection(p): return p.type == .string || p.type == .data || p.type == .mixed
            default: return false
            }
        }

        case object(ClassSchema)
        case embedded(ClassSchema)
        /// A single link, not yet followed.
        case link(ClassSchema, optional: Bool)
        /// A list or set (of values, links or embedded objects).
        case collection(PropertySchema)
        case map(PropertySchema)
        case mixed
        case scalar(PropertyType, optional: Bool)
        /// Objects reached through backlinks, not yet fanned out.
        case backlinks(ClassSchema)
    }

    func bind(_ predicate: QueryPredicate, in cls: ClassSchema, variable: String? = nil) throws -> BoundPredicate {
        switch predicate {
        case let .constant(b): return .constant(b)
        case let .and(parts): return .and(try parts.map { try bind($0, in: cls, variable: variable) })
        case let .or(parts): return .or(try parts.map { try bind($0, in: cls, variable: variable) })
        case let .not(a): return .not(try bind(a, in: cls, variable: variable))
        case let .comparison(c): return .compare(try bind(c, in: cls, variable: variable))
        case let .geo(relation, path, shape, quantifier):
            let bound = try bindPath(path, in: cls, variable: variable)
            guard let slots = bound.geometrySlots else {
                throw StoreError.invalidQuery(
                    message:
                        "\(bound.label) is not a geo point or geometry (an embedded object with a 'type' string and 'coordinates': a list of doubles, or an AnyRealmValue)",
                    column: path.column)
            }
            switch (relation, shape.kind) {
            case (.within, .point), (.within, .lineString):
                // As Realm: geoWithin takes a region (a point or a line holds nothing).
                throw StoreError.invalidQuery(
                    message:
                        "geoWithin needs a shape with an area (geoBox, geoCircle, geoPolygon or geoMultiPolygon), not \(shape); "
                        + "a point or a line goes with geoIntersects or geoContains",
                    column: path.column)
            default: break
            }
            do {
                // Whole geometries are related through S2 or GEOS; points need only the region.
                let target =
                    slots.holdsAnyGeometry || relation == .contains ? try GeoTarget(shape, for: relation) : nil
                return .geo(relation, bound, slots, BoundShape(region: try shape.region(), target: target), quantifier)
            } catch let error as GeometryError {
                throw StoreError.invalidQuery(message: error.description, column: 0)
            }
        }
    }

    /// Where the point's parts are, when `path` reaches geo points (kept with
    /// the bound path as ``BoundPath/geometrySlots``).
    private static func geometrySlots(_ path: BoundPath) -> GeometrySlots? {
        guard path.reduction == nil, !path.isLink else { return nil }
        return path.objectClass?.geometrySlots
    }

    private func bind(_ c: QueryComparison, in cls: ClassSchema, variable: String?) throws -> BoundComparison {
        let lhs: BoundComparison.Operand
        var lhsPath: BoundPath?
        switch c.lhs {
        case let .keyPath(path):
            let bound = try bindPath(path, in: cls, variable: variable)
            lhs = .path(bound)
            lhsPath = bound
        case let .subqueryCount(collection, name, predicate):
            lhs = try bindSubqueryCount(collection, name, predicate, in: cls, variable: variable)
        case let .value(v):
            lhs = .constant(v)
        case let .values(vs):
            lhs = .constants(vs)
        case .arithmetic:
            lhs = try bindArithmetic(c.lhs, c, in: cls, variable: variable).operand
        case .object:
            throw StoreError.invalidQuery(message: "obj(…) needs a key path on the other side", column: c.column)
        }
        if !Self.isPath(c.lhs), !Self.isPath(c.rhs) {
            // realm-core's rule: a comparison reads the object on at least one side.
            throw StoreError.invalidQuery(
                message: "cannot compare two constants (\(c.lhs) and \(c.rhs)): one side must be a key path",
                column: c.column)
        }
        if c.op.isStringOperator, Self.isArithmetic(c.lhs) || Self.isArithmetic(c.rhs) {
            throw StoreError.invalidQuery(
                message: "\(c.op.rawValue) needs strings; an arithmetic expression makes a number", column: c.column)
        }
        if c.op.isStringOperator, let lhsPath, let t = lhsPath.resultType, t != .string, t != .data, t != .mixed {
            throw StoreError.invalidQuery(
                message: "\(c.op.rawValue) needs a string or data property; \(lhsPath.label) is neither",
                column: c.column)
        }
        if let lhsPath, lhsPath.reduction == .type { try checkTypeTest(c) }
        try checkOperator(c, lhsPath)
        let rhs: BoundComparison.Right
        // Whether the right side is a list: a literal or argument list, or a
        // collection path against a literal on the left (realm-core compares no
        // two collection paths in order).
        var rhsIsList = false
        switch c.rhs {
        case let .value(v):
            rhs = try constantRight(v, c, lhsPath)
        case let .values(vs):
            rhs = try constantsRight(vs, c, lhsPath)
            if case .oneOf = rhs { rhsIsList = true }
        case let .keyPath(path):
            let bound = try bindPath(path, in: cls, variable: variable)
            if case .values = c.lhs { rhsIsList = bound.isMultiple }
            // Two paths that each reach collections (`value[*][*] == dict[*][*]`) compare them whole.
            if let lhsPath, lhsPath.isMultiple, bound.isMultiple { rhsIsList = true }
            // realm-core compares two lists of primitives of the object with nothing; lists
            // reached through links (`items.price`) it compares whole, element by element.
            if let lhsPath, Self.isTypedList(lhsPath), Self.isTypedList(bound), !c.quantifierGiven,
                c.rhsQuantifier == nil, !lhsPath.followsLinks, !bound.followsLinks
            {
                throw StoreError.invalidQuery(
                    message: "\(lhsPath.label) and \(bound.label) are both lists: comparing two lists "
                        + "of values element by element is not supported; use ANY, ALL or NONE on one side",
                    column: c.column)
            }
            if c.op == .in {
                rhs = .path(bound)
            } else {
                if let lhsPath, !Self.comparable(lhsPath.resultType, bound.resultType) {
                    throw StoreError.invalidQuery(
                        message: "cannot compare \(lhsPath.label) with \(bound.label)", column: c.column)
                }
                rhs = .path(bound)
            }
        case .subqueryCount:
            throw StoreError.invalidQuery(
                message: "SUBQUERY(…).@count must be on the left of the comparison", column: c.column)
        case let .object(className, primaryKey):
            rhs = try bindObjectReference(className, primaryKey, c, lhsPath)
        case .arithmetic:
            if c.op == .in {
                throw StoreError.invalidQuery(
                    message: "IN needs a list on its right, not the number \(c.rhs)", column: c.column)
            }
            rhs = .arithmetic(try bindArithmetic(c.rhs, c, in: cls, variable: variable).operand)
        }
        let op: ComparisonOperator = c.op == .in ? .equal : c.op
        // A collection compared with a list, with no quantifier on either side, is
        // compared whole, element by element in order (realm-core's rule): == and IN
        // hold for lists of one length whose elements are equal in turn, != where
        // that does not hold, any other operator where it holds for every pair.
        var lhsIsList = false
        if case .values = c.lhs { lhsIsList = true }
        if let lhsPath { lhsIsList = lhsPath.isMultiple || (lhsPath.type == .mixed && lhsPath.reduction == nil) }
        // `tags IN {…}` asks whether an element is one of the values, as for one value.
        var asksMembership = false
        if c.op == .in, case .oneOf = rhs { asksMembership = true }
        let comparesWhole =
            !c.quantifierGiven && c.rhsQuantifier == nil && lhsIsList && rhsIsList && !asksMembership
        return BoundComparison(
            lhs: lhs, op: op, rhs: rhs, caseInsensitive: c.caseInsensitive,
            diacriticInsensitive: c.diacriticInsensitive, quantifier: c.quantifier,
            rhsQuantifier: c.rhsQuantifier, comparesWhole: comparesWhole, operandsReversed: c.operandsReversed)
    }

    /// The right side of `c`, the constant `v`, checked against `lhsPath`
    /// and promoted to what the path holds.
    private func constantRight(_ v: Value, _ c: QueryComparison, _ lhsPath: BoundPath?) throws
        -> BoundComparison.Right
    {
        if let quantifier = c.rhsQuantifier {
            throw StoreError.invalidQuery(
                message: "\(quantifier.keyword) needs a list or a collection; \(QueryLiteral.describe(v)) is one value",
                column: c.column)
        }
        let v = Self.converted(v, for: lhsPath, c.rhsSource)
        if let lhsPath, lhsPath.resultType == .data, c.rhsSource == .argument, case .string = v {
            // realm-core's rule: text in the query may stand for bytes, a String argument may not.
            throw StoreError.invalidQuery(
                message: "cannot compare a String argument with \(lhsPath.label): pass Data", column: c.column)
        }
        if let lhsPath { try check(lhsPath, v, c) }
        return .constant(Self.promoted(v, for: lhsPath))
    }

    /// A constant as Realm reads it against what `path` holds: 0 and 1
    /// against a Bool property as false and true, a Double against a Float
    /// property as a Float, decimal text against a Decimal128 property as the
    /// decimal; and, written in the query's text only, a
    /// number against a Decimal128 property from its text, at full precision
    /// (`3.141592653589793238`), and a quoted number against a numeric
    /// property as that number (`a == '77'`).
    private static func converted(_ value: Value, for path: BoundPath?, _ source: ConstantSource) -> Value {
        guard let type = path?.resultType else { return value }
        if type == .bool, case let .int(i) = value, i == 0 || i == 1 {
            // Realm Swift reads 0 and 1 against a Bool property as false and true.
            return .bool(i == 1)
        }
        if type == .float, case let .double(d) = value {
            // A Double against a Float property is read as a Float, written or passed
            // (realm-core's rule): `float == 1.13` finds 1.13 stored as a Float.
            if case let .literal(text) = source, let f = Float(text) { return .float(f) }
            return .float(Float(d))
        }
        if type == .decimal128, case let .string(text) = value, let decimal = try? Decimal128Bits(parsing: text) {
            // Decimal text stands for the decimal, written or passed (as in Realm Swift).
            return .decimal128(decimal)
        }
        guard case let .literal(literal) = source else { return value }
        switch (type, value) {
        case (.decimal128, .double):
            return (try? Decimal128Bits(parsing: literal)).map(Value.decimal128) ?? value
        case (.int, .string): return Int64(literal).map(Value.int) ?? value
        case (.float, .string): return Float(literal).map(Value.float) ?? value
        case (.double, .string): return Double(literal).map(Value.double) ?? value
        default: return value
        }
    }

    /// The right side of `c`, the list `vs` (of IN or BETWEEN), promoted to
    /// what `lhsPath` holds; BETWEEN's bounds checked against it.
    private func constantsRight(_ vs: [Value], _ c: QueryComparison, _ lhsPath: BoundPath?) throws
        -> BoundComparison.Right
    {
        let promoted = vs.map { Self.promoted(Self.converted($0, for: lhsPath, .other), for: lhsPath) }
        guard c.op == .between else {
            // Values of another type in the list simply never match, as in Realm.
            return .oneOf(promoted)
        }
        if let lhsPath { for v in vs { try check(lhsPath, v, c) } }
        return .range(promoted[0], promoted[1])
    }

    // MARK: Binding again with other constants

    /// `bound`, bound earlier from a predicate of the same ``QueryShape`` as
    /// `predicate`, with `predicate`'s constants: the checks that depend on a
    /// constant run again, key paths are not resolved again. Nil when the two
    /// do not line up part for part (then bind `predicate` afresh).
    func rebind(_ bound: BoundPredicate, to predicate: QueryPredicate) throws -> BoundPredicate? {
        switch (bound, predicate) {
        case (.constant, .constant): return bound
        case let (.and(boundParts), .and(parts)):
            guard let rebound = try rebind(boundParts, to: parts) else { return nil }
            return .and(rebound)
        case let (.or(boundParts), .or(parts)):
            guard let rebound = try rebind(boundParts, to: parts) else { return nil }
            return .or(rebound)
        case let (.not(boundPart), .not(part)):
            return try rebind(boundPart, to: part).map { .not($0) }
        case let (.compare(comparison), .comparison(c)):
            return try rebind(comparison, to: c).map { .compare($0) }
        default:
            return nil
        }
    }

    private func rebind(_ bound: [BoundPredicate], to parts: [QueryPredicate]) throws -> [BoundPredicate]? {
        guard bound.count == parts.count else { return nil }
        var rebound: [BoundPredicate] = []
        rebound.reserveCapacity(parts.count)
        for (b, p) in zip(bound, parts) {
            guard let r = try rebind(b, to: p) else { return nil }
            rebound.append(r)
        }
        return rebound
    }

    private func rebind(_ bound: BoundComparison, to c: QueryComparison) throws -> BoundComparison? {
        var lhsPath: BoundPath?
        var result = bound
        switch (bound.lhs, c.lhs) {
        case let (.path(path), .keyPath): lhsPath = path
        case (.constant, .value(let v)): result.lhs = .constant(v)
        case (.constants, .values(let vs)): result.lhs = .constants(vs)
        default: return nil
        }
        if let lhsPath, lhsPath.reduction == .type { try checkTypeTest(c) }
        try checkOperator(c, lhsPath)
        switch c.rhs {
        case let .value(v): result.rhs = try constantRight(v, c, lhsPath)
        case let .values(vs): result.rhs = try constantsRight(vs, c, lhsPath)
        case .keyPath, .subqueryCount: break
        case .arithmetic, .object: return nil
        }
        return result
    }

    /// Whether a side of a comparison reads the object (a key path or a subquery).
    private static func isPath(_ side: QueryExpression) -> Bool {
        switch side {
        case .keyPath, .subqueryCount, .arithmetic: return true
        case .value, .values, .object: return false
        }
    }

    /// `obj('Dog', 5)` on the right of `c`: the class (named with or without
    /// realm-core's `class_` prefix) and its primary key, checked against `lhsPath`.
    private func bindObjectReference(
        _ className: String, _ primaryKey: Value, _ c: QueryComparison, _ lhsPath: BoundPath?
    ) throws -> BoundComparison.Right {
        let name =
            className.hasPrefix("class_") && store.current.tables[className] == nil
            ? String(className.dropFirst("class_".count)) : className
        guard let table = store.current.tables[name] else {
            throw StoreError.invalidQuery(message: "obj(…) names the unknown class '\(className)'", column: c.column)
        }
        guard table.schema.primaryKey != nil else {
            throw StoreError.invalidQuery(
                message: "obj(…) needs a class with a primary key; '\(name)' has none", column: c.column)
        }
        guard c.op == .equal || c.op == .notEqual else {
            throw StoreError.invalidQuery(message: "an object compares only with == or !=", column: c.column)
        }
        if let lhsPath { try check(lhsPath, .link(Link(table: table.schema.table, key: ObjectKey(0))), c) }
        return .object(table, primaryKey: primaryKey)
    }

    private static func isArithmetic(_ side: QueryExpression) -> Bool {
        if case .arithmetic = side { return true }
        return false
    }

    /// `SUBQUERY(collection, $x, predicate).@count`, bound.
    private func bindSubqueryCount(
        _ collection: QueryKeyPath, _ name: String, _ predicate: QueryPredicate, in cls: ClassSchema,
        variable: String?
    ) throws -> BoundComparison.Operand {
        if name == variable {
            throw StoreError.invalidQuery(
                message: "SUBQUERY's variable \(name) is already the variable of the SUBQUERY around it",
                column: collection.column)
        }
        var bound = try bindPath(collection, in: cls, variable: variable)
        guard let element = bound.objectClass, bound.isMultiple else {
            throw StoreError.invalidQuery(
                message: "SUBQUERY needs a collection of objects, not \(bound.label)", column: collection.column)
        }
        if bound.isLink, let target = try? store.table(element.name) { bound.steps.append(.follow(target)) }
        return .subqueryCount(bound, try bind(predicate, in: element, variable: name))
    }

    /// An operand of arithmetic in `c`, bound: numbers only (properties of a
    /// numeric or mixed type, aggregates, counts, numeric constants), and at
    /// most one side yielding several values, as realm-core requires. Also
    /// whether it yields several values.
    private func bindArithmetic(
        _ side: QueryExpression, _ c: QueryComparison, in cls: ClassSchema, variable: String?,
        operator op: ArithmeticOperator? = nil
    ) throws -> (operand: BoundComparison.Operand, isMultiple: Bool) {
        let symbol = op.map { "'\($0.rawValue)'" } ?? "arithmetic"
        switch side {
        case let .arithmetic(inner, lhs, rhs):
            let left = try bindArithmetic(lhs, c, in: cls, variable: variable, operator: inner)
            let right = try bindArithmetic(rhs, c, in: cls, variable: variable, operator: inner)
            if left.isMultiple && right.isMultiple {
                throw StoreError.invalidQuery(
                    message: "'\(inner.rawValue)' between two collections is not supported: one side must be one value",
                    column: c.column)
            }
            return (.arithmetic(inner, left.operand, right.operand), left.isMultiple || right.isMultiple)
        case let .keyPath(path):
            let bound = try bindPath(path, in: cls, variable: variable)
            guard let type = bound.resultType, [.int, .float, .double, .decimal128, .mixed].contains(type),
                !bound.isLink, bound.reduction != .type
            else {
                throw StoreError.invalidQuery(
                    message: "\(symbol) needs numbers; \(bound.label) is not a number", column: path.column)
            }
            return (.path(bound), bound.isMultiple)
        case let .value(v):
            switch v {
            case .int, .float, .double, .decimal128: return (.constant(v), false)
            default:
                throw StoreError.invalidQuery(
                    message: "\(symbol) needs numbers; \(QueryLiteral.describe(v)) is not a number", column: c.column)
            }
        case let .subqueryCount(collection, name, predicate):
            return (try bindSubqueryCount(collection, name, predicate, in: cls, variable: variable), false)
        case .values:
            throw StoreError.invalidQuery(
                message: "a {…} list cannot take part in \(symbol)", column: c.column)
        case .object:
            throw StoreError.invalidQuery(message: "\(symbol) needs numbers; obj(…) is an object", column: c.column)
        }
    }

    /// Whether `path` reaches a list or set of values of one type (not
    /// objects, not mixed values), with nothing computed from them.
    private static func isTypedList(_ path: BoundPath) -> Bool {
        path.isMultiple && path.reduction == nil && !path.isLink && path.objectClass == nil
            && path.type.map { $0 != .mixed } ?? false
    }

    /// A number compared with a Decimal128 property, converted to a decimal once
    /// here (as `MixedOrder` would for every object); other constants as they are.
    /// A string compared with a Data property is its UTF-8 bytes.
    private static func promoted(_ value: Value, for path: BoundPath?) -> Value {
        if path?.resultType == .data, case let .string(text) = value { return .binary(Array(text.utf8)) }
        guard path?.resultType == .decimal128, !value.isDecimal, let decimal = MixedOrder.decimal(value) else {
            return value
        }
        return .decimal128(decimal)
    }

    /// Throws for the operator uses Realm refuses: LIKE[d], BETWEEN on what
    /// has no order, ALL or NONE on one value, infinity against an integer.
    private func checkOperator(_ c: QueryComparison, _ lhsPath: BoundPath?) throws {
        func refuse(_ message: String) -> StoreError { .invalidQuery(message: message, column: c.column) }
        if c.asksMembership, let lhsPath, !lhsPath.isMultiple, lhsPath.type != .mixed {
            // realm-core's rule: `5.5 IN fav_item.price` is refused, not read as equality.
            throw refuse("the key path following IN must reach a list; \(c.lhs) holds one value")
        }
        if c.op == .like && c.diacriticInsensitive { throw refuse("LIKE cannot be diacritic-insensitive ([d])") }
        if c.op.isOrdering, c.caseInsensitive || c.diacriticInsensitive, let t = lhsPath?.resultType,
            t == .string || t == .data
        {
            // Realm Swift orders text exactly (and ignores [c] and [d] on numbers).
            throw refuse(
                "\(c.op.rawValue) orders text exactly: [c] and [d] go with ==, !=, IN and the string operators")
        }
        guard let lhsPath else { return }
        if c.op == .between, lhsPath.isMultiple, lhsPath.reduction == nil, !c.quantifierGiven || c.quantifier != .all {
            // realm-core takes BETWEEN on a collection with ALL alone.
            throw refuse("BETWEEN on \(lhsPath.label), a collection, needs ALL")
        }
        if lhsPath.reduction == .type, let type = lhsPath.type, type != .mixed, !Self.isPath(c.rhs) {
            throw refuse(
                "\(lhsPath.label) always holds \(type) values: its @type is a constant, and comparing two constants is not supported"
            )
        }
        if c.op == .between, let type = lhsPath.resultType, lhsPath.reduction == nil,
            ![.int, .float, .double, .decimal128, .date, .mixed].contains(type)
        {
            throw refuse("BETWEEN needs numbers or dates; \(lhsPath.label) holds neither")
        }
        if c.quantifierGiven && !lhsPath.isMultiple && lhsPath.reduction == nil {
            throw refuse("\(c.quantifier.keyword) needs a list, set, map or backlinks; \(lhsPath.label) is one value")
        }
        if lhsPath.resultType == .int, Self.isInfinite(c.rhs) {
            throw refuse("\(lhsPath.label) is an integer: it is never infinite")
        }
        if lhsPath.isLink || lhsPath.endsInBacklinks, lhsPath.isMultiple, lhsPath.reduction == nil,
            !lhsPath.endsInMapValues, case .value(.null) = c.rhs
        {
            // realm-core's rule: the objects a collection of links reaches are never null.
            throw refuse("cannot compare \(lhsPath.label), a collection of links, with null")
        }
    }

    private static func isInfinite(_ side: QueryExpression) -> Bool {
        switch side {
        case let .value(.double(d)): return d.isInfinite
        case let .value(.float(f)): return f.isInfinite
        default: return false
        }
    }

    /// Throws unless `c` compares `@type` with type names Realm knows, by
    /// equality, exactly.
    private func checkTypeTest(_ c: QueryComparison) throws {
        guard [.equal, .notEqual, .in].contains(c.op), !c.caseInsensitive, !c.diacriticInsensitive else {
            throw StoreError.invalidQuery(message: "@type compares only with ==, != or IN, exactly", column: c.column)
        }
        let names: [Value]
        switch c.rhs {
        case let .value(v): names = [v]
        case let .values(vs): names = vs
        default: return
        }
        for name in names {
            guard case let .string(text) = name, QueryEvaluator.typeGroups[text.lowercased()] != nil else {
                let known = QueryEvaluator.typeGroups.keys.sorted().joined(separator: ", ")
                throw StoreError.invalidQuery(
                    message: "\(name) is not a type name @type knows (\(known))", column: c.column)
            }
        }
    }

    /// Throws when a constant cannot be compared with what `path` yields.
    private func check(_ path: BoundPath, _ value: Value, _ c: QueryComparison) throws {
        guard let type = path.resultType, type != .mixed else { return }  // mixed: anything goes
        if case .null = value { return }
        if path.isLink || type == .object {
            if case let .link(link) = value {
                // A table no class has: an unmanaged object of a class not yet in the store, which equals none.
                guard let target = path.objectClass, target.table != link.table, link.table != .max else { return }
                let other = store.schema.classes.first { $0.table == link.table }.map { "a \($0.name) object" }
                throw StoreError.invalidQuery(
                    message:
                        "\(path.label) links to \(target.name) objects: it cannot be compared with \(other ?? "an object of another class")",
                    column: c.column)
            }
            throw StoreError.invalidQuery(
                message: "cannot compare \(path.label) with \(Self.article(value))", column: c.column)
        }
        let fits: Bool
        switch (type, value) {
        case (.int, .int), (.int, .double), (.int, .float), (.int, .decimal128),
            (.float, .int), (.float, .double), (.float, .float), (.float, .decimal128),
            (.double, .int), (.double, .double), (.double, .float), (.double, .decimal128),
            (.decimal128, .int), (.decimal128, .double), (.decimal128, .float), (.decimal128, .decimal128):
            fits = true
        case (.bool, .bool), (.string, .string), (.data, .binary), (.data, .string), (.date, .timestamp),
            (.objectId, .objectId), (.uuid, .uuid):
            fits = true
        default:
            fits = false
        }
        if !fits {
            throw StoreError.invalidQuery(
                message: "cannot compare \(path.label) with \(Self.article(value))", column: c.column)
        }
    }

    private static func article(_ value: Value) -> String {
        switch value {
        case .int: return "an integer"
        case .objectId: return "an ObjectId"
        case .uuid: return "a UUID"
        case .link: return "an object"
        default: return "a \(value.typeName)"
        }
    }

    private static func comparable(_ a: PropertyType?, _ b: PropertyType?) -> Bool {
        guard let a, let b, a != .mixed, b != .mixed else { return true }
        let numeric: Set<PropertyType> = [.int, .float, .double, .decimal128]
        return a == b || (numeric.contains(a) && numeric.contains(b))
    }

    private static func typeLabel(_ p: PropertyType) -> String {
        switch p {
        case .bool: return "Bool"
        case .int: return "Int"
        case .float: return "Float"
        case .double: return "Double"
        case .string: return "String"
        case .data: return "Data"
        case .date: return "Date"
        case .decimal128: return "Decimal128"
        case .objectId: return "ObjectId"
        case .uuid: return "UUID"
        case .mixed: return "AnyRealmValue"
        case .object: return "Object"
        case .linkingObjects: return "LinkingObjects"
        }
    }

    // MARK: Key paths

    func bindPath(_ path: QueryKeyPath, in cls: ClassSchema, variable: String? = nil) throws -> BoundPath {
        let catalog = store.current
        let key = BoundPathCache.Key(className: cls.name, path: path, variable: variable)
        if let bound = catalog.boundPaths.path(for: key) { return bound }
        let bound = try resolvePath(path, in: cls, variable: variable)
        // Kept only when the whole binding saw this catalog (a schema change may have installed another meanwhile).
        if store.current === catalog { catalog.boundPaths.store(bound, for: key) }
        return bound
    }

    /// Resolves `path` against the schema, step by step (see ``bindPath(_:in:variable:)``).
    private func resolvePath(_ path: QueryKeyPath, in cls: ClassSchema, variable: String?) throws -> BoundPath {
        var components = path.components[...]
        if let variable, case let .property(first)? = components.first, first == variable {
            components = components.dropFirst()
        } else if case let .property(first)? = components.first, first.hasPrefix("$") {
            throw StoreError.invalidQuery(message: "unknown variable \(first)", column: path.column)
        }
        var bound = BoundPath(label: "'\(path)'", column: path.column)
        var context = Context.object(cls)
        var name = ""
        func fail(_ message: String) -> StoreError { .invalidQuery(message: message, column: path.column) }

        while let component = components.popFirst() {
            if bound.reduction != nil, bound.reduction != .type {
                throw fail("nothing may follow an aggregate in '\(path)'")
            }
            switch component {
            case .property("length") where context.holdsText:
                // `name.length`, `strings.length`: the length of a string or data
                // value, or of each element of a list or set of them.
                if case .collection = context {
                    bound.steps.append(.each)
                    bound.isMultiple = true
                }
                bound.reduction = .byteSize
            case let .property(property):
                switch context {
                case let .object(c), let .embedded(c):
                    context = try enter(property, of: c, &bound, &name, path)
                case let .link(target, _):
                    bound.steps.append(.follow(try store.table(target.name)))
                    context = try enter(property, of: target, &bound, &name, path)
                case let .backlinks(origin):
                    context = try enter(property, of: origin, &bound, &name, path)
                case let .collection(p):
                    guard p.type == .object, let target = try? store.schemaClass(p.objectClassName) else {
                        throw fail("'\(property)' cannot follow the list of values '\(name)'")
                    }
                    bound.steps.append(.each)
                    bound.isMultiple = true
                    if !target.isEmbedded { bound.steps.append(.follow(try store.table(target.name))) }
                    context = try enter(property, of: target, &bound, &name, path)
                case let .map(p):
                    if p.type == .object, let target = try? store.schemaClass(p.objectClassName),
                        target.property(named: property) != nil
                    {
                        // `dict.price` on a map of links: the property of every linked object,
                        // which realm-core takes before a key of that name.
                        bound.steps.append(.each)
                        bound.isMultiple = true
                        if !target.isEmbedded { bound.steps.append(.follow(try store.table(target.name))) }
                        context = try enter(property, of: target, &bound, &name, path)
                    } else {
                        bound.steps.append(.key(property))
                        context = try element(of: p, &bound)
                    }
                case .mixed:
                    bound.steps.append(.key(property))
                case .scalar:
                    throw fail("'\(name)' has no property '\(property)'")
                }
            case let .index(i):
                switch context {
                case .collection(let p) where p.collection == .list:
                    bound.steps.append(.index(i))
                    context = try element(of: p, &bound)
                case .mixed:
                    bound.steps.append(.index(i))
                default: throw fail("'\(name)' is not a list: [\(i)] does not apply")
                }
            case .first, .last:
                let i = component == .first ? 0 : -1
                switch context {
                case .collection(let p) where p.collection == .list:
                    bound.steps.append(.index(i))
                    context = try element(of: p, &bound)
                case .mixed: bound.steps.append(.index(i))
                default: throw fail("'\(name)' is not a list")
                }
            case let .key(k):
                switch context {
                case let .map(p):
                    bound.steps.append(.key(k))
                    context = try element(of: p, &bound)
                case .mixed: bound.steps.append(.key(k))
                default: throw fail("'\(name)' is not a map: ['\(k)'] does not apply")
                }
            case .all, .values:
                // `[*]` takes every element of a collection; `@values` (`@allValues`) a map's only.
                if component == .values, case .collection = context {
                    throw fail("'\(name)' is not a map: @values does not apply")
                }
                switch context {
                case let .collection(p), let .map(p):
                    bound.steps.append(.each)
                    bound.isMultiple = true
                    context = try element(of: p, &bound)
                case .mixed:
                    bound.steps.append(.each)
                    bound.isMultiple = true
                default: throw fail("'\(name)' is not a collection")
                }
            case .keys:
                switch context {
                case .map, .mixed:
                    bound.steps.append(.keys)
                    bound.isMultiple = true
                    bound.type = .string
                    context = .scalar(.string, optional: false)
                default: throw fail("'\(name)' is not a map: @keys does not apply")
                }
            case .count:
                switch context {
                case .collection, .map, .mixed:
                    bound.steps.append(.each)
                case .backlinks:
                    break
                case .link:
                    // A to-one link counts as one object, or none when it is null.
                    bound.steps.append(.nonNull)
                    (bound.type, bound.isLink, bound.objectClass) = (nil, false, nil)
                case .scalar(.string, _), .scalar(.data, _):
                    // realm-core counts a string's or data's bytes, as @size.
                    bound.reduction = .byteSize
                    continue
                default: throw fail("@count needs a collection; '\(name)' is not one")
                }
                bound.reduction = .count
            case .size:
                switch context {
                case .mixed, .scalar(.mixed, _):
                    // A mixed value's size is known only when read: a collection's count, a string's or data's length.
                    bound.reduction = .size
                case .collection, .map:
                    bound.steps.append(.each)
                    bound.reduction = .count
                case .backlinks:
                    bound.reduction = .count
                case .link:
                    // A to-one link counts as one object, or none when it is null.
                    bound.steps.append(.nonNull)
                    (bound.type, bound.isLink, bound.objectClass) = (nil, false, nil)
                    bound.reduction = .count
                case .scalar(.string, _), .scalar(.data, _):
                    bound.reduction = .byteSize
                default: throw fail("@size needs a string, data or a collection; '\(name)' is none")
                }
            case .sum, .avg, .min, .max:
                let reduction: BoundPath.Reduction =
                    component == .sum ? .sum : component == .avg ? .average : component == .min ? .minimum : .maximum
                switch context {
                case let .collection(p), let .map(p):
                    bound.steps.append(.each)
                    bound.isMultiple = true
                    context = try element(of: p, &bound)
                    // `items.@avg.price`: the property comes after the operator.
                    if case let .property(next)? = components.first {
                        switch context {
                        case let .link(c, _):
                            components = components.dropFirst()
                            bound.steps.append(.follow(try store.table(c.name)))
                            context = try enter(next, of: c, &bound, &name, path)
                        case let .embedded(c):
                            components = components.dropFirst()
                            context = try enter(next, of: c, &bound, &name, path)
                        default: break
                        }
                    }
                case .mixed:
                    bound.steps.append(.each)
                case let .backlinks(origin):
                    // `@links.Person.items.@max.balance`: a property of the linking objects.
                    if case let .property(next)? = components.first {
                        components = components.dropFirst()
                        context = try enter(next, of: origin, &bound, &name, path)
                    }
                default:
                    if !bound.isMultiple { throw fail("@\(component) needs a collection; '\(name)' is not one") }
                }
                if let t = bound.type,
                    ![.int, .float, .double, .decimal128, .date, .mixed].contains(t)
                        || (reduction == .sum || reduction == .average) && t == .date
                {
                    throw fail("@\(component) cannot aggregate \(bound.label)")
                }
                bound.reduction = reduction
            case .type:
                switch context {
                case .collection, .map:
                    // The type of each element of a list or set, of each value of a map.
                    bound.steps.append(.each)
                    bound.isMultiple = true
                case .scalar(.mixed, _), .mixed, .link, .object, .embedded:
                    break
                default:
                    break
                }
                bound.reduction = .type
            case .backlinks(var className, var property):
                let target = try objects(of: context, &bound, name, path)
                // The parser takes the first name after @links for the class; a nested
                // type's name holds dots, so while no class has the name, the next one joins it.
                while !store.schema.classes.contains(where: { $0.name == className }),
                    case let .property(next)? = components.first
                {
                    className += "." + property
                    property = next
                    components = components.dropFirst()
                }
                let origin = try store.table(className)
                guard let p = origin.schema.property(named: property), p.type == .object,
                    p.objectClassName == target.name
                else {
                    throw fail("'\(className).\(property)' does not link to \(target.name)")
                }
                bound.steps.append(.backlinks([(origin, p.slot)]))
                bound.isMultiple = true
                (bound.type, bound.isLink) = (nil, false)
                bound.objectClass = origin.schema
                context = .backlinks(origin.schema)
                name = "@links.\(className).\(property)"
            case .allBacklinks:
                guard let next = components.first, next == .count || next == .size else {
                    throw fail("@links alone must be followed by .@count or .@size")
                }
                // The objects whose links are counted: this one, or those a link, a list of
                // links or backlinks reach (their counts summed, as realm-core does).
                let target = try objects(of: context, &bound, name, path)
                // Every link property of every class that points here.
                var origins: [(origin: Table, slot: Int)] = []
                for table in store.schema.classes.compactMap({ try? store.table($0.name) }) {
                    for p in table.schema.properties
                    where p.type == .object && p.objectClassName == target.name && p.isStored {
                        origins.append((table, p.slot))
                    }
                }
                bound.steps.append(.backlinks(origins))
                components = components.dropFirst()
                guard components.isEmpty else { throw fail("nothing may follow @links.@\(next) in '\(path)'") }
                bound.reduction = .count
                bound.isMultiple = true
                (bound.type, bound.objectClass, bound.isLink) = (nil, nil, false)
                bound.label = "'\(path)'"
                return bound
            }
        }
        // A collection compared as a whole compares each element (ANY).
        switch context {
        case let .collection(p) where bound.reduction == nil:
            bound.steps.append(.each)
            bound.isMultiple = true
            _ = try element(of: p, &bound)
        case let .map(p) where bound.reduction == nil:
            bound.steps.append(.each)
            bound.isMultiple = true
            bound.endsInMapValues = true
            _ = try element(of: p, &bound)
        default:
            break
        }
        bound.geometrySlots = Self.geometrySlots(bound)
        return bound
    }

    /// The class of the objects `context` reaches, for `@links`: the object
    /// itself, or the objects a link, a list or set of links, or backlinks
    /// reach (the steps that reach them appended).
    private func objects(of context: Context, _ bound: inout BoundPath, _ name: String, _ path: QueryKeyPath) throws
        -> ClassSchema
    {
        func refuse() -> StoreError {
            .invalidQuery(message: "@links needs objects; '\(name)' does not reach any", column: path.column)
        }
        switch context {
        case let .object(c), let .backlinks(c):
            return c
        case let .link(c, _):
            bound.steps.append(.follow(try store.table(c.name)))
            return c
        case let .collection(p) where p.type == .object:
            guard let c = try? store.schemaClass(p.objectClassName), !c.isEmbedded else { throw refuse() }
            bound.steps.append(.each)
            bound.steps.append(.follow(try store.table(c.name)))
            bound.isMultiple = true
            return c
        default:
            throw refuse()
        }
    }

    /// Resolves `property` of class `c`, appending its slot.
    private func enter(
        _ property: String, of c: ClassSchema, _ bound: inout BoundPath, _ name: inout String, _ path: QueryKeyPath
    ) throws -> Context {
        guard let p = c.property(named: property) else {
            throw StoreError.invalidQuery(
                message: "class '\(c.name)' has no property '\(property)'", column: path.column)
        }
        name = property
        if p.type == .linkingObjects {
            guard let originName = p.objectClassName, let originProperty = p.originProperty else {
                throw StoreError.invalidQuery(message: "'\(property)' has no origin", column: path.column)
            }
            let origin = try store.table(originName)
            guard let link = origin.schema.property(named: originProperty) else {
                throw StoreError.invalidQuery(
                    message: "'\(originName).\(originProperty)' does not exist", column: path.column)
            }
            bound.steps.append(.backlinks([(origin, link.slot)]))
            bound.isMultiple = true
            bound.objectClass = origin.schema
            bound.label = "LinkingObjects property '\(property)'"
            return .backlinks(origin.schema)
        }
        bound.steps.append(.slot(p.slot, default: p.defaultValue))
        bound.label = "\(Self.typeLabel(p.type)) property '\(property)'"
        if p.collection != .single { bound.label = "\(p.collection.rawValue.capitalized) property '\(property)'" }
        bound.type = p.type
        bound.isLink = false
        bound.objectClass = nil
        switch p.collection {
        case .list, .set: return .collection(p)
        case .map: return .map(p)
        case .single: break
        }
        switch p.type {
        case .mixed:
            return .mixed
        case .object:
            let target = try store.schemaClass(p.objectClassName)
            bound.objectClass = target
            if target.isEmbedded { return .embedded(target) }
            bound.isLink = true
            return .link(target, optional: p.isOptional)
        default:
            return .scalar(p.type, optional: p.isOptional)
        }
    }

    /// The context of one element of collection property `p`.
    private func element(of p: PropertySchema, _ bound: inout BoundPath) throws -> Context {
        bound.type = p.type
        switch p.type {
        case .mixed: return .mixed
        case .object:
            let target = try store.schemaClass(p.objectClassName)
            bound.objectClass = target
            if target.isEmbedded { return .embedded(target) }
            bound.isLink = true
            return .link(target, optional: true)
        default:
            return .scalar(p.type, optional: p.isOptional)
        }
    }
}

extension Store {
    /// The schema of class `name` (embedded classes included).
    func schemaClass(_ name: String?) throws -> ClassSchema {
        guard let name, let cls = schema.classes.first(where: { $0.name == name }) else {
            throw StoreError.unknownClass(name ?? "?")
        }
        return cls
    }
}
