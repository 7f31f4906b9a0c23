import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

/// The cases of `Data/Fixtures/decimal/decimal128.json`: parsing and the
/// digits kept (checked in the text export writes, which shows every digit),
/// Realm's text (`stringValue`), conversion from doubles, arithmetic, order,
/// and numeric promotion in queries.
@Suite struct Decimal128FixtureTests {
    struct Cases: Decodable {
        struct Parse: Decodable { let text: String; let string: String }
        struct RealmText: Decodable { let text: String; let realm: String }
        struct Invalid: Decodable { let text: String; let at: Int }
        struct FromDouble: Decodable { let double: Double; let string: String }
        struct Arithmetic: Decodable { let a: String; let op: String; let b: String; let result: String }
        struct Order: Decodable { let a: String; let b: String; let order: Int }
        struct Promotion: Decodable { let a: String; let b: JSONNumber; let equal: Bool }
        let parse: [Parse]
        let realmText: [RealmText]
        let invalid: [Invalid]
        let fromDouble: [FromDouble]
        let arithmetic: [Arithmetic]
        let order: [Order]
        let promotion: [Promotion]
    }

    /// A JSON number as the query argument it stands for: an `Int` when it is
    /// written without a fraction or exponent, a `Double` otherwise.
    struct JSONNumber: Decodable {
        let argument: Any
        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let i = try? container.decode(Int.self) {
                argument = i
            } else {
                argument = try container.decode(Double.self)
            }
        }
    }

    static func load() throws -> Cases {
        let url = Fixtures.dataDirectory.appendingPathComponent("Fixtures/decimal/decimal128.json")
        return try JSONDecoder().decode(Cases.self, from: Data(contentsOf: url))
    }

    @Test func textParsesKeepingItsDigits() throws {
        for c in try Self.load().parse {
            let d = try Decimal128(string: c.text)
            #expect(d.bits.string == c.string, "\(c.text)")
            // Printing and parsing again keeps the value and its digits.
            #expect(try Decimal128(string: d.bits.string).bits.string == c.string)
        }
    }

    @Test func stringValueIsRealmsText() throws {
        for c in try Self.load().realmText {
            let d = try Decimal128(string: c.text)
            #expect(d.stringValue == c.realm, "\(c.text)")
            #expect(d.description == c.realm, "\(c.text)")
            // Realm's text reads back as the same value.
            #expect(try Decimal128(string: d.stringValue) == d, "\(c.text)")
        }
    }

    @Test func textThatIsNotANumberIsRefusedWithItsPosition() throws {
        for c in try Self.load().invalid {
            do {
                _ = try Decimal128(string: c.text)
                Issue.record("'\(c.text)' parsed")
            } catch {
                #expect("\(error)".contains("at character \(c.at)"), "\(c.text): \(error)")
            }
        }
    }

    @Test func doublesConvertWithFifteenSignificantDigits() throws {
        for c in try Self.load().fromDouble {
            #expect(Decimal128(c.double).bits.string == c.string, "\(c.double)")
        }
    }

    @Test func arithmeticRoundsHalfToEvenAtThirtyFourDigits() throws {
        for c in try Self.load().arithmetic {
            let a = try Decimal128(string: c.a), b = try Decimal128(string: c.b)
            let result: Decimal128
            switch c.op {
            case "+": result = a + b
            case "-": result = a - b
            case "*": result = a * b
            case "/": result = a / b
            default: Issue.record("unknown operator \(c.op)"); continue
            }
            #expect(result.bits.string == c.result, "\(c.a) \(c.op) \(c.b)")
        }
    }

    @Test func orderIsNumericWithNaNFirst() throws {
        for c in try Self.load().order {
            let a = try Decimal128(string: c.a), b = try Decimal128(string: c.b)
            let order = a < b ? -1 : (a == b ? 0 : 1)
            #expect(order == c.order, "\(c.a) vs \(c.b)")
            #expect((b < a ? -1 : (a == b ? 0 : 1)) == -c.order, "\(c.b) vs \(c.a)")
            if c.order == 0 { #expect(a.hashValue == b.hashValue, "equal decimals hash alike: \(c.a), \(c.b)") }
        }
    }

    final class Priced: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var amount: Decimal128
        @Persisted(indexed: true) var anything: AnyRealmValue
    }

    @Test func queriesPromoteNumbersAsRealmDoes() throws {
        let directory = try TemporaryDirectory()
        let realm = try Realm(
            configuration: .init(fileURL: directory.url.appendingPathComponent("p.geode"), objectTypes: [Priced.self]))
        for (i, c) in try Self.load().promotion.enumerated() {
            let amount = try Decimal128(string: c.a)
            try realm.write {
                realm.deleteAll()
                realm.add(Priced(value: ["id": i, "amount": amount, "anything": AnyRealmValue.decimal128(amount)]))
            }
            let objects = realm.objects(Priced.self)
            #expect(
                objects.filter("amount == %@", c.b.argument).count == (c.equal ? 1 : 0), "\(c.a) == \(c.b.argument)")
            #expect(
                objects.filter("anything == %@", c.b.argument).count == (c.equal ? 1 : 0),
                "mixed \(c.a) == \(c.b.argument)")
            #expect(
                objects.filter("amount != %@", c.b.argument).count == (c.equal ? 0 : 1), "\(c.a) != \(c.b.argument)")
        }
    }
}
