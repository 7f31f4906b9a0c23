import Foundation
import GeodeCore
import GeodeJSON
import GeodeTestSupport
import Testing

/// The JSON parsing test suite in `../shared/data/json-test-suite` (Nicolas
/// Seriot's JSONTestSuite) read as `geode import --format json` reads a file: as
/// one JSON text. Every `n_` file is refused with a line and a column, every
/// `y_` file is read, and none stops the program.
@Suite struct JSONTestSuiteTests {
    static let directory = Fixtures.repositoryDirectory.deletingLastPathComponent()
        .appendingPathComponent("shared/data/json-test-suite/test_parsing")

    static func files(_ prefix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map {
            directory.appendingPathComponent($0)
        }
    }

    /// The records of `file` read as one JSON text.
    static func read(_ file: URL) throws -> [Value] {
        let bytes = [UInt8](try Data(contentsOf: file))
        return try bytes.withUnsafeBytes { buffer in
            var stream = JSONRecordStream(bytes: buffer, source: file.lastPathComponent, framing: .document)
            var records: [Value] = []
            while let record = try stream.next() { records.append(record.value) }
            return records
        }
    }

    @Test func theSuiteIsPresent() {
        #expect(Self.files("n_").count == 188)
        #expect(Self.files("y_").count >= 90)
    }

    @Test(arguments: files("n_"))
    func everyInvalidTextIsRefusedWithItsLocation(file: URL) throws {
        do {
            let records = try Self.read(file)
            Issue.record("\(file.lastPathComponent) was read as \(records.count) records")
        } catch let JSONError.syntax(_, source, line, column, _) {
            #expect(source == file.lastPathComponent)
            #expect(line >= 1 && column >= 1, "\(file.lastPathComponent): \(line):\(column)")
        }
    }

    @Test(arguments: files("y_"))
    func everyValidTextIsRead(file: URL) throws {
        #expect(throws: Never.self, "\(file.lastPathComponent)") { _ = try Self.read(file) }
    }
}
