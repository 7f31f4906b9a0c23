@testable import Geode
import OrderedCollections
import Testing

/// The table people read: columns learned from the first rows, lines that fit the terminal.
@Suite struct TextTableTests {
    @Test func columnsComeFromTheRowsAndLinesFitTheTerminal() {
        var table = TextTable(terminalWidth: 40)
        var out = ""
        table.add(["id": "1", "properties.name": "Villers-lès-Nancy", "properties.population": "15899"], to: &out)
        table.add(["id": "2", "properties.name": "Valenciennes", "properties.timezone": "Europe/Paris"], to: &out)
        table.finish(&out)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "header, rule, two rows")
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        #expect(lines[0].hasPrefix("id  propertie"), "\(lines[0])")
        #expect(
            lines[0].split(separator: " ", omittingEmptySubsequences: true).count == 4,
            "a column for each name any row has")
        #expect(lines[3].hasPrefix("2 "))
    }

    @Test func withoutATerminalNothingIsNarrowed() {
        var table = TextTable(columns: ["name"])
        var out = ""
        table.add(["name": String(repeating: "x", count: 40)], to: &out)
        table.finish(&out)
        #expect(out.split(separator: "\n").last?.count == 40)
    }
}
