import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

enum DecimalModel {
    final class Invoice: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var total: Decimal128
        @Persisted var discount: Decimal128?
        @Persisted var lines: List<Decimal128>
        @Persisted var optionalLines: List<Decimal128?>
        @Persisted var rates: MutableSet<Decimal128>
        @Persisted var byCurrency: Map<String, Decimal128>
        @Persisted var extra: AnyRealmValue
    }
}

/// Decimal128 as a property of every shape: stored exactly (digits and
/// trailing zeros kept), queried, sorted, aggregated, imported and exported.
@Suite struct Decimal128StorageTests {
    typealias Invoice = DecimalModel.Invoice

    private func fill(_ realm: Realm) throws {
        try realm.write {
            realm.create(
                Invoice.self,
                value: [
                    "id": 1, "total": "19.90", "discount": "0.10", "lines": ["9.95", "9.95"],
                    "rates": ["0.2", "0.20"], "byCurrency": ["EUR": "19.90", "CHF": "18.75"],
                ])
            realm.create(
                Invoice.self,
                value: [
                    "id": 2, "total": Decimal128(5), "lines": [Decimal128(5)],
                    "optionalLines": [nil, "1.5"], "extra": AnyRealmValue.decimal128("1E+3"),
                ])
            realm.create(
                Invoice.self,
                value: [
                    "id": 3, "total": 123.456, "discount": 2,
                    "extra": AnyRealmValue.fromArray([.decimal128("0.001"), .int(1)]),
                ])
        }
    }

    @Test func valuesRoundTripWithTheirDigits() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Invoice.self])
        try fill(realm)
        let first = try #require(realm.object(ofType: Invoice.self, forPrimaryKey: 1))
        #expect(first.total.bits.string == "19.90")
        #expect(first.discount?.bits.string == "0.10")
        #expect(first.lines.map(\.bits.string) == ["9.95", "9.95"])
        #expect(first.rates.count == 1, "0.2 and 0.20 are one value in a set")
        #expect(first.byCurrency["CHF"]?.bits.string == "18.75")
        let second = try #require(realm.object(ofType: Invoice.self, forPrimaryKey: 2))
        #expect(second.discount == nil)
        #expect(Array(second.optionalLines) == [nil, Decimal128("1.5")])
        #expect(second.extra == .decimal128("1000"))
        #expect(second.extra.decimal128Value?.bits.string == "1E+3")
        let third = try #require(realm.object(ofType: Invoice.self, forPrimaryKey: 3))
        #expect(third.total.bits.string == "123.456", "a Double converts with 15 significant digits")
        #expect(third.extra.listValue?.first?.decimal128Value == Decimal128("0.001"))
        #expect(Invoice().total == 0, "the default is zero")
    }

    @Test func queriesSortsAndAggregatesUseDecimalValues() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Invoice.self])
        try fill(realm)
        let invoices = realm.objects(Invoice.self)
        #expect(invoices.filter("total > 10").map(\.id) == [1, 3])
        #expect(invoices.filter("total == 19.9").map(\.id) == [1])
        #expect(invoices.filter("total == %@", Decimal128("19.900")).map(\.id) == [1])
        #expect(invoices.filter("total BETWEEN {5, 20}").map(\.id) == [1, 2])
        #expect(invoices.filter("discount == nil").map(\.id) == [2])
        #expect(invoices.filter("ANY lines == 9.95").map(\.id) == [1])
        #expect(invoices.filter("extra > 999.5").map(\.id) == [2])
        #expect(invoices.filter("extra.@type == 'decimal'").map(\.id) == [2])
        #expect(invoices.where { $0.total < Decimal128(20) && $0.total >= 5 }.map(\.id) == [1, 2])
        #expect(invoices.where { $0.lines.contains(Decimal128("9.95")) }.map(\.id) == [1])
        #expect(invoices.sorted(byKeyPath: "total").map(\.id) == [2, 1, 3])
        #expect(invoices.sorted(byKeyPath: "total", ascending: false).map(\.id) == [3, 1, 2])
        let sum: Decimal128 = invoices.sum(ofProperty: "total")
        #expect(sum.stringValue == "148.356")
        let minimum: Decimal128? = invoices.min(ofProperty: "total")
        #expect(minimum == 5)
        let average: Decimal128? = invoices.average(ofProperty: "total")
        #expect(average?.stringValue == "49.452")
        #expect(invoices.filter("lines.@sum == 19.9").map(\.id) == [1])
    }

    @Test func aValueThatIsNotADecimalFailsTheWriteAndKeepsTheStore() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Invoice.self])
        try fill(realm)
        #expect(throws: GeodeError.self) {
            try realm.write { realm.create(Invoice.self, value: ["id": 9, "total": "twelve"], update: .error) }
        }
        #expect(throws: GeodeError.self) {
            try realm.write { realm.create(Invoice.self, value: ["id": 9, "total": true], update: .error) }
        }
        #expect(realm.objects(Invoice.self).count == 3)
        #expect(realm.object(ofType: Invoice.self, forPrimaryKey: 9) == nil)
    }

    @Test func exportWritesDecimalTextAndImportReadsItBack() throws {
        let directory = try TemporaryDirectory()
        let realm = try directory.realm(of: [Invoice.self])
        try fill(realm)
        let url = directory.url.appendingPathComponent("invoices.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try realm.objects(Invoice.self).export(to: handle, format: .json)
        try handle.close()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"total\":\"19.90\""))
        #expect(text.contains("\"extra\":\"1E+3\""))

        let copy = try directory.realm(of: [Invoice.self], named: "copy.geode")
        let report = try copy.importJSON(Invoice.self, from: url)
        #expect(report.written == 3)
        for original in realm.objects(Invoice.self) {
            let imported = try #require(copy.object(ofType: Invoice.self, forPrimaryKey: original.id))
            #expect(imported.total.bits.string == original.total.bits.string)
            #expect(imported.discount?.bits.string == original.discount?.bits.string)
            #expect(imported.lines.map(\.bits.string) == original.lines.map(\.bits.string))
            #expect(imported.byCurrency["EUR"]?.bits.string == original.byCurrency["EUR"]?.bits.string)
        }
    }

    @Test func codableWritesRealmsTextAndReadsEveryForm() throws {
        let values: [Decimal128] = ["19.90", "-0.000001", "1E+6111", .nan]
        let data = try JSONEncoder().encode(values)
        #expect(String(decoding: data, as: UTF8.self) == #"["19.9","-1E-6","1E6111","NaN"]"#)
        let decoded = try JSONDecoder().decode([Decimal128].self, from: data)
        #expect(decoded == values)
        #expect(try JSONDecoder().decode([Decimal128].self, from: Data("[2, 0.5]".utf8)) == [2, 0.5])
    }
}
