import Foundation
import GeodeCore

extension Bool: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.bool) }
    public static func _geodeDefault() -> Bool { false }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Bool? {
        if case let .bool(b) = value.value { return b }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Bool? {
        switch stored.view.kind {
        case .true?: return true
        case .false?: return false
        default: return nil
        }
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.bool(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Bool {
        if let b = any as? Bool { return b }
        // 1 and 0 are true and false, as Realm takes them for a Bool; other numbers are refused.
        if let i = any as? Int, i == 0 || i == 1 { return i == 1 }
        throw wrongInput(any, Bool.self)
    }
}

/// Integers of every width store as 64-bit integers.
public protocol _PersistableInteger: _PersistableValue, FixedWidthInteger {}

extension _PersistableInteger {
    public static var _geodeKind: _PropertyKind { .init(.int) }
    public static func _geodeDefault() -> Self { 0 }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Self? {
        if case let .int(i) = value.value { return Self(exactly: i) }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Self? {
        try stored.view.int().flatMap { Self(exactly: $0) }
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.int(Int64(self))) }
    public static var _geodeChecksInput: Bool { bitWidth < 64 }
    public static func _geodeInput(_ any: Any) throws -> Any {
        // An integer beyond an Int8, Int16 or Int32 property's range.
        if let i = any as? Int, Self(exactly: i) == nil { throw wrongInput(any, Self.self) }
        return any
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Self {
        switch any {
        case let i as Int: if let v = Self(exactly: i) { return v }
        case let i as Int64: if let v = Self(exactly: i) { return v }
        case let i as Int32: if let v = Self(exactly: i) { return v }
        case let i as Int16: if let v = Self(exactly: i) { return v }
        case let i as Int8: if let v = Self(exactly: i) { return v }
        case is Bool: break
        case let d as Double: if let v = Self(exactly: d) { return v }
        case let n as NSNumber:
            if let v = Self(exactly: n.doubleValue), Double(n.int64Value) == n.doubleValue { return v }
        default: break
        }
        throw wrongInput(any, Self.self)
    }
}

extension Int: _PersistableInteger {}
extension Int8: _PersistableInteger {}
extension Int16: _PersistableInteger {}
extension Int32: _PersistableInteger {}
extension Int64: _PersistableInteger {}

extension Float: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.float) }
    public static func _geodeDefault() -> Float { 0 }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Float? {
        if case let .float(f) = value.value { return f }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Float? { try stored.view.float() }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.float(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Float {
        switch any {
        case let f as Float: return f
        case is Bool: break
        case let d as Double: return Float(d)
        case let c as CGFloat: return Float(c)
        case let i as Int: return Float(i)
        case let n as NSNumber: return n.floatValue
        default: break
        }
        throw wrongInput(any, Float.self)
    }
}

extension Double: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.double) }
    public static func _geodeDefault() -> Double { 0 }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Double? {
        if case let .double(d) = value.value { return d }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Double? { try stored.view.double() }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.double(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Double {
        switch any {
        case let d as Double: return d
        case is Bool: break
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let i as Int: return Double(i)
        case let n as NSNumber: return n.doubleValue
        default: break
        }
        throw wrongInput(any, Double.self)
    }
}

extension String: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.string) }
    public static func _geodeDefault() -> String { "" }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> String? {
        if case let .string(s) = value.value { return s }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> String? { try stored.view.string() }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.string(self)) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> String {
        if let s = any as? String { return s }
        if let s = any as? Substring { return String(s) }
        throw wrongInput(any, String.self)
    }
}

extension Data: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.data) }
    public static func _geodeDefault() -> Data { Data() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Data? {
        if case let .binary(b) = value.value { return Data(b) }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.binary(Array(self))) }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Data {
        if let d = any as? Data { return d }
        if let d = any as? [UInt8] { return Data(d) }
        throw wrongInput(any, Data.self)
    }
}

extension Date: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.date) }
    public static func _geodeDefault() -> Date { Date(timeIntervalSince1970: 0) }
    public static func _geodeInitial() -> Date { Date() }
    public static var _geodeInitialVaries: Bool { true }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Date? {
        if case let .timestamp(t) = value.value { return t.date }
        return nil
    }
    public static var _geodeDecodesStored: Bool { true }
    public static func _geodeFrom(stored: _StoredValue) throws -> Date? { try stored.view.timestamp()?.date }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        .init(.timestamp(Timestamp(self)))
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Date {
        if let d = any as? Date { return d }
        throw wrongInput(any, Date.self)
    }
}

extension UUID: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.uuid) }
    public static func _geodeDefault() -> UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
    public static func _geodeInitial() -> UUID { UUID() }
    public static var _geodeInitialVaries: Bool { true }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> UUID? {
        if case let .uuid(u) = value.value { return u }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.uuid(self)) }
    public static func _geodeInput(_ any: Any) throws -> Any {
        if let s = any as? String, let u = UUID(uuidString: s) { return u }
        return any
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> UUID {
        if let u = any as? UUID { return u }
        if let s = any as? String, let u = UUID(uuidString: s) { return u }
        throw wrongInput(any, UUID.self)
    }
}

extension ObjectId: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.objectId) }
    public static func _geodeDefault() -> ObjectId { ObjectId() }
    public static func _geodeInitial() -> ObjectId { ObjectId.generate() }
    public static var _geodeInitialVaries: Bool { true }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> ObjectId? {
        if case let .objectId(id) = value.value { return ObjectId(bytes: id) }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.objectId(bytes)) }
    public static func _geodeInput(_ any: Any) throws -> Any {
        if let s = any as? String, let id = try? ObjectId(string: s) { return id }
        return any
    }
    public static var _geodeChecksInput: Bool { true }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> ObjectId {
        if let id = any as? ObjectId { return id }
        if let s = any as? String { return try ObjectId(string: s) }
        throw wrongInput(any, ObjectId.self)
    }
}

extension Decimal128: _PersistableValue {
    public static var _geodeKind: _PropertyKind { .init(.decimal128) }
    public static func _geodeDefault() -> Decimal128 { Decimal128() }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Decimal128? {
        if case let .decimal128(d) = value.value { return Decimal128(bits: d) }
        return nil
    }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue { .init(.decimal128(bits)) }
    /// Decimals, integers, binary floating point (15 significant digits, as
    /// Realm) and decimal text.
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Decimal128 {
        switch any {
        case let d as Decimal128: return d
        case is Bool: break
        case let i as Int: return Decimal128(i)
        case let i as Int64: return Decimal128(i)
        case let i as Int32: return Decimal128(i)
        case let d as Double: return Decimal128(d)
        case let f as Float: return Decimal128(bits: Decimal128Bits(rounding: Double(f), significantDigits: 7))
        case let c as CGFloat: return Decimal128(Double(c))
        case let d as Decimal: return try Decimal128(string: "\(d)")
        case let s as String: return try Decimal128(string: s)
        case let n as NSNumber: return Decimal128(number: n)
        default: break
        }
        throw wrongInput(any, Decimal128.self)
    }
}

// MARK: - Optionals

extension Optional: _Persistable where Wrapped: _PersistableValue {
    public var _geodeHeldObject: AnyObject? { self?._geodeHeldObject }
    public static func _geodeSharedObject(in pointer: UnsafeMutableRawPointer) -> AnyObject? {
        // Only class references are held objects, and an optional one has the layout the
        // class's own check reads (an optional reference), nil included.
        Wrapped._geodeSharedObject(in: pointer)
    }
    public static var _geodeKind: _PropertyKind {
        var kind = Wrapped._geodeKind
        kind.isOptional = true
        return kind
    }
    public static func _geodeDefault() -> Wrapped? { nil }
    public func _geodeEngineValue(_ context: _WriteContext) throws -> _EngineValue {
        guard let self else { return .init(.null) }
        return try self._geodeEngineValue(context)
    }
    public static var _geodeChecksInput: Bool { Wrapped._geodeChecksInput }
    public static func _geodeInput(_ any: Any) throws -> Any {
        guard let value = unwrappedInput(any) else { return any }
        return try Wrapped._geodeInput(value)
    }
    public static func _geodeFromAny(_ any: Any, _ realm: Realm?) throws -> Wrapped? {
        if isNullInput(any) { return nil }
        if let optional = any as? Wrapped? { return optional }
        do {
            return try Wrapped._geodeFromAny(any, realm)
        } catch let GeodeError.invalidValue(failure) where failure.kind == .notConvertible {
            // A value a failable type does not convert is nil here, as Realm reads it.
            return nil
        }
    }
}

extension Optional: _PersistableValue where Wrapped: _PersistableValue {
    public static var _geodeReadsShallow: Bool { Wrapped._geodeReadsShallow }
    public static var _geodeDecodesStored: Bool { Wrapped._geodeDecodesStored }
    public static func _geodeFrom(stored: _StoredValue) throws -> Wrapped?? {
        if stored.isNull { return .some(nil) }
        return try Wrapped._geodeFrom(stored: stored).map { .some($0) }
    }
    public static func _geodeFrom(_ value: _EngineValue, _ context: _ReadContext) -> Wrapped?? {
        if case .null = value.value { return .some(nil) }
        return Wrapped._geodeFrom(value, context).map { .some($0) }
    }
}
