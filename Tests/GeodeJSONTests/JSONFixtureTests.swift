import Foundation
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import Testing

/// JSON text through jansson, driven by the cases under `Data/Fixtures/json/`.
@Suite struct JSONFixtureTests {
    static let validCases = Fixtures.files(in: "Fixtures/json/valid", endingWith: ".json")
        .filter { !$0.lastPathComponent.hasSuffix(".expected.json") }
    static let invalidCases = Fixtures.files(in: "Fixtures/json/invalid", endingWith: ".json")

    @Test func fixturesArePresent() {
        #expect(Self.validCases.count >= 5)
        #expect(Self.invalidCases.count >= 5)
    }

    @Test(arguments: validCases)
    func validTextRoundTripsToItsExpectedForm(input: URL) throws {
        let expectedURL = input.deletingPathExtension().appendingPathExtension("expected.json")
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        let value = try JSONReader.parse(
            try String(contentsOf: input, encoding: .utf8), source: input.lastPathComponent)
        let written = try JSONWriter.string(value)
        #expect(written == expected)
        #expect(
            try JSONReader.parse(written, source: "again") == value, "writing and reading again gives the same value")
    }

    @Test(arguments: invalidCases)
    func invalidTextIsRefusedWithItsLocation(input: URL) throws {
        let expected = try String(
            contentsOf: input.deletingPathExtension().appendingPathExtension("error"), encoding: .utf8
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        do {
            _ = try JSONReader.parse(try String(contentsOf: input, encoding: .utf8), source: input.lastPathComponent)
            Issue.record("\(input.lastPathComponent) was accepted")
        } catch let JSONError.syntax(message, source, line, column, _) {
            #expect("\(line):\(column)" == expected, "\(message)")
            #expect(source == input.lastPathComponent)
        }
    }
}

@Suite struct JSONValueTests {
    @Test func typesMapOntoEngineValues() throws {
        let value = try JSONReader.parse(
            #"{"n": null, "t": true, "i": -7, "d": 2.5, "s": "x", "l": [1], "m": {}}"#, source: "inline")
        #expect(
            value
                == .map([
                    "n": .null, "t": .bool(true), "i": .int(-7), "d": .double(2.5), "s": .string("x"),
                    "l": .list([.int(1)]), "m": .map([:]),
                ]))
    }

    @Test func errorsSayWhereInTheirDescription() {
        #expect(throws: JSONError.self) { try JSONReader.parse("[1,,2]", source: "cities.json") }
        do {
            _ = try JSONReader.parse("[1,,2]", source: "cities.json")
        } catch {
            #expect(String(describing: error).hasPrefix("cities.json:1:4:"), "\(error)")
        }
    }

    @Test func nonFiniteNumbersHaveNoJSONForm() {
        #expect(throws: JSONError.unrepresentable(what: "double nan", path: "[\"a\"][1]")) {
            try JSONWriter.string(.map(["a": .list([.int(1), .double(.nan)])]))
        }
    }

    @Test func stringsWithNulCharactersSurvive() throws {
        let value = try JSONReader.parse(#"["a\u0000b"]"#, source: "inline")
        #expect(value == .list([.string("a\u{0}b")]))
        #expect(try JSONReader.parse(try JSONWriter.string(value), source: "again") == value)
    }
}
