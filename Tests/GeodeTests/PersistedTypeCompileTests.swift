import Foundation
import GeodeTestSupport
import Testing

/// A `PersistedType` that is optional, a collection, a link or another mapped
/// type is refused when the program compiles. Each file under
/// `Data/Fixtures/custom/refused/` is type-checked against the built `Geode`
/// module; its first line says which note the compiler must give, or that it
/// must compile.
@Suite struct PersistedTypeCompileTests {
    static let files = Fixtures.files(in: "Fixtures/custom/refused", endingWith: ".swift")

    @Test func fixturesArePresent() {
        #expect(Self.files.count >= 2)
    }

    @Test(arguments: files)
    func theCompilerAcceptsOrRefusesAsTheFixtureSays(file: URL) throws {
        let swiftc = try #require(Subprocess.onPath("swiftc"), "swiftc is not on PATH")
        let text = try String(contentsOf: file, encoding: .utf8)
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        let prefix = "// expect: "
        try #require(firstLine.hasPrefix(prefix), "\(file.lastPathComponent) must start with '\(prefix)…'")
        let expected = String(firstLine.dropFirst(prefix.count))

        let sources = Fixtures.repositoryDirectory.appendingPathComponent("Sources")
        var arguments = ["-typecheck", "-I", Subprocess.productsDirectory.appendingPathComponent("Modules").path]
        for library in ["CLMDB", "CGEOS", "CJansson", "CDecimal", "CXXHash"] {
            arguments += ["-I", sources.appendingPathComponent(library).path]
        }
        // The C and C++ targets' module maps are generated beside their objects.
        for target in ["CS2", "CJSONArena"] {
            arguments += [
                "-Xcc",
                "-fmodule-map-file="
                    + Subprocess.productsDirectory.appendingPathComponent("\(target).build/module.modulemap").path,
            ]
        }
        let outcome = try Subprocess.run(executable: swiftc, arguments + [file.path])
        if expected.hasPrefix("nothing") {
            #expect(outcome.status == 0, "\(file.lastPathComponent) should compile: \(outcome.stderr)")
        } else {
            #expect(outcome.status != 0, "\(file.lastPathComponent) should not compile")
            #expect(outcome.stderr.contains(expected), "\(file.lastPathComponent): \(outcome.stderr)")
        }
    }
}
