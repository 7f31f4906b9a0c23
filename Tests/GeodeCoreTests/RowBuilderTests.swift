import GeodeCore
import Testing

/// The engine's `create(value:)` rules for JSON-like input: a failure inside an
/// embedded object names its owner's class and property, with the path into
/// the embedded object, as the validator of stored rows names it.
@Suite struct RowBuilderTests {
    static let address = ClassSchema(
        name: "Address",
        properties: [
            PropertySchema(name: "city", type: .string)
        ], isEmbedded: true)
    static let dog = ClassSchema(
        name: "Dog",
        properties: [
            PropertySchema(name: "name", type: .string),
            PropertySchema(name: "address", type: .object, isOptional: true, objectClassName: "Address"),
            PropertySchema(name: "homes", type: .object, collection: .list, objectClassName: "Address"),
        ])
    static let builder = RowBuilder(schema: Schema(classes: [dog, address], version: 1))

    @Test func aWrongValueInsideAnEmbeddedObjectNamesTheOwnerAndThePathIntoIt() {
        #expect(
            throws: StoreError.invalidValue(
                ValueIssue(
                    .wrongType(expected: "string", found: "int"),
                    className: "Dog", property: "address", path: ".city"))
        ) {
            try Self.builder.row(from: ["name": .string("Rex"), "address": .map(["city": .int(3)])], of: Self.dog)
        }
    }

    @Test func aMissingValueInAListedEmbeddedObjectNamesItsPosition() {
        #expect(
            throws: StoreError.invalidValue(
                ValueIssue(.missingRequired, className: "Dog", property: "homes", path: "[1].city"))
        ) {
            try Self.builder.row(
                from: [
                    "name": .string("Rex"),
                    "homes": .list([.map(["city": .string("Bern")]), .map(["city": .null])]),
                ], of: Self.dog)
        }
    }

    @Test func exactNumbersConvertAndInexactOnesAreRefused() throws {
        let number = ClassSchema(name: "N", properties: [PropertySchema(name: "n", type: .int)])
        let builder = RowBuilder(schema: Schema(classes: [number], version: 1))
        #expect(try builder.row(from: ["n": .double(3)], of: number) == [.int(3)])
        #expect(throws: StoreError.self) { try builder.row(from: ["n": .double(3.5)], of: number) }
    }
}
