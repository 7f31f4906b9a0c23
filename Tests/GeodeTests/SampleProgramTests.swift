import Foundation
import GeodeTestSupport
import Testing

/// The programs under `Samples/` (the seed pages' code with `import Geode`),
/// run as subprocesses in an empty directory.
@Suite struct SampleProgramTests {
    private func run(_ name: String) throws -> ProcessOutcome {
        let directory = try TemporaryDirectory()
        let outcome = try Subprocess.run(name, [], currentDirectory: directory.url)
        #expect(outcome.status == 0, "\(name) failed: \(outcome.stderr)")
        return outcome
    }

    @Test func theCreateSamplesRunAsDocumented() throws {
        let lines = try run("SampleCRUDCreate").stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "added Rex, age 10",
                "dogs: Rex, Pluto, Fido",
                "person 124 has dogs: [\"Buster\", \"Buddy\"]",
                "toy from JSON: Tennis ball",
                "contact lives in Springfield",
                "favorite parks: New York: Domino Park, Chicago: Wiggly Field, Ottawa: Bush Park",
                "Maui has visited: Boston, Chicago, New York",
                "companions added 4 dogs",
                "copied Wolfie: original age 1, copy age 2",
            ])
    }

    @Test func theRelationshipSamplesRunAsDocumented() throws {
        let lines = try run("SampleRelationships").stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "'Take the ring to Mount Doom' is assigned to [\"Frodo\"]",
                "Sam lives in Hobbiton, has 1 dog(s), belongs to [\"Shire Dog Club\"]",
                "club offices: [\"Bree\", \"Michel Delving\"]",
                "after deleting the club: Sam belongs to 0 club(s); 0 clubs left",
            ])
    }

    @Test func theCustomPersistableSamplesRunAsDocumented() throws {
        let lines = try run("SampleCustomPersistable").stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "url host: www.mongodb.com, home: https://example.com/",
                "schema: url is string, point is CGPointObject?",
                "points at (1, 2): 1, by members: 1, line: (0.0, 0.0) (1.0, 2.0) (3.0, 5.0)",
                "American Kennel Club: https://akc.org at 0.0, 0.0",
                "Continental Kennel Club: https://ckcusa.com/ at 40.7509, 73.9777",
                "clubs found by URL: [\"American Kennel Club\"]",
            ])
    }

    @Test func theProjectionSamplesRunAsDocumented() throws {
        var lines = try run("SampleProjection").stdout.split(separator: "\n").map(String.init)
        // The description names the root object's address, which changes from run to run.
        #expect(lines.count > 1 && lines[1].hasPrefix("PersonProjection<Person> <0x") && lines[1].hasSuffix("> {"))
        if lines.count > 1 { lines[1] = "PersonProjection<Person> <address> {" }
        #expect(
            lines == [
                "projections: 2",
                "PersonProjection<Person> <address> {",
                "\t\tfirstName(\\.firstName) = John;",
                "\tlastNameCaps(\\.lastName) = SMITH;",
                "\thomeCity(\\.address.city) = Optional(\"Paris\");",
                "\tfriendsFirstName(\\.friends) = ProjectedCollection<String> {",
                "\t[0] Ann",
                "};",
                "}",
                "Smiths: [\"SMITH\"]",
                "by first name: [\"Ann\", \"John\"]",
                "living in Rome: [\"Ann\"]",
                "root now: Johnny; friends: [\"Ann\"]",
                "frozen: true, thawed is the live one: true",
            ])
    }
}
