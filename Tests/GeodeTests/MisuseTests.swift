import Foundation
import GeodeTestSupport
import Testing

/// Programming errors stop the program, as in Realm, with a message that
/// names the property and the value; each runs in a child process.
@Suite struct MisuseTests {
    private func run(_ name: String) throws -> ProcessOutcome {
        let directory = try TemporaryDirectory()
        return try Subprocess.run(
            "GeodeTestWorker", ["misuse", name, directory.url.appendingPathComponent("misuse.geode").path])
    }

    @Test func readingARequiredFailableValueThatDoesNotConvertNamesPropertyAndValue() throws {
        let outcome = try run("read-unconvertible")
        #expect(outcome.status != 0)
        #expect(!outcome.stdout.contains("read "))
        #expect(
            outcome.stderr.contains(
                "Misuse.Shop.site holds \"ftp://corner.example\", which does not convert to Website"),
            "\(outcome.stderr)")
    }

    @Test func projectingAPropertyThatIsNotPersistedIsRefused() throws {
        let outcome = try run("project-unpersisted-property")
        #expect(outcome.status != 0)
        #expect(!outcome.stdout.contains("fetched "))
        #expect(
            outcome.stderr.contains(
                "@Projected property 'nickname' of MembershipView reads no persisted property of Membership"),
            "\(outcome.stderr)")
    }

    @Test func queryingATransformedProjectionPropertyIsRefused() throws {
        let outcome = try run("query-transformed-projection")
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("transforms the value of Person.lastName"), "\(outcome.stderr)")
    }

    @Test func changingAFrozenObjectIsRefusedWithAnAdviceToThawIt() throws {
        let outcome = try run("change-frozen-object")
        #expect(outcome.status != 0)
        #expect(!outcome.stdout.contains("changed "))
        #expect(
            outcome.stderr.contains("a frozen object cannot be changed; call thaw() on it first"), "\(outcome.stderr)")
    }
}
