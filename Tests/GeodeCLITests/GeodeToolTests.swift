import Foundation
import GeodeTestSupport
import Testing

/// The `geode` executable, run as a subprocess: output, errors and exit status.
@Suite struct GeodeToolTests {
    @Test func versionNamesTheLibraries() throws {
        let outcome = try Subprocess.run("geode", ["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("store format 1"))
        #expect(outcome.stdout.contains("LMDB 0.9"))
        #expect(outcome.stdout.contains("GEOS 3."))
    }

    @Test func demoLoadsTheSampleAndReadsItBack() throws {
        let directory = try TemporaryDirectory()
        let store = directory.path("demo.geode")
        let outcome = try Subprocess.run("geode", ["demo", "--store", store], currentDirectory: Fixtures.repositoryDirectory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("1001 cities"))
        #expect(outcome.stdout.contains("reopened read-only: 1001 City objects"))
        #expect(outcome.stdout.contains("São Paulo"), "the largest city of the sample")
        let stats = try Subprocess.run("geode", ["stats", store])
        #expect(stats.status == 0)
        #expect(stats.stdout.contains("class    City: 1001 objects"))
    }

    @Test func aMissingStoreExitsWith66() throws {
        let outcome = try Subprocess.run("geode", ["stats", "/nonexistent/store.geode"])
        #expect(outcome.status == 66)
        #expect(outcome.stderr.hasPrefix("geode: "))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aFileThatIsNotAStoreExitsWith65AndIsUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let contents = Data("just some notes\n".utf8)
        FileManager.default.createFile(atPath: path, contents: contents)
        let outcome = try Subprocess.run("geode", ["stats", path])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("is not a Geode store"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
        #expect(directory.fileNames == ["notes.txt"])
    }

    @Test func badUsageExitsWith64() throws {
        let outcome = try Subprocess.run("geode", ["stats"])
        #expect(outcome.status == 64)
        let unknown = try Subprocess.run("geode", ["frobnicate"])
        #expect(unknown.status == 64)
    }

    @Test func malformedSampleJSONExitsWith65AndSaysWhere() throws {
        let directory = try TemporaryDirectory()
        let sample = directory.path("broken.json")
        FileManager.default.createFile(atPath: sample, contents: Data("[{\"name\": \"x\"},\n {\"name\": }]".utf8))
        let outcome = try Subprocess.run("geode", ["demo", "--sample", sample, "--store", directory.path("s.geode")])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("broken.json:2:"), "\(outcome.stderr)")
    }
}
