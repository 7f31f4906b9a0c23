import ArgumentParser
import Foundation
import Geode

/// Reads through the type-projection layers next to the plain reads they
/// stand on, in the same run: a custom-persistable property next to a
/// property of its persisted type, and a projection's property next to the
/// root object's property.
struct ProjectionSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projection",
        abstract:
            "Read N objects' plain, custom-persistable and projected properties (target: at most 1.3x the plain read).")

    @Option(help: "Objects to insert and read.")
    var count = 1_000_000

    @OptionGroup var options: SuiteOptions

    /// A temperature stored as a Double.
    struct Celsius: CustomPersistable {
        var degrees: Double
        init(persistedValue: Double) { degrees = persistedValue }
        var persistableValue: Double { degrees }
    }

    /// A label stored as a String; failable, as parsed types are.
    struct Label: FailableCustomPersistable {
        var text: String
        init?(persistedValue: String) {
            guard !persistedValue.isEmpty else { return nil }
            text = persistedValue
        }
        var persistableValue: String { text }
    }

    final class PointObject: EmbeddedObject {
        @Persisted var x = 0.0
        @Persisted var y = 0.0
    }

    /// A point stored as an embedded object.
    struct Point: CustomPersistable {
        var x: Double
        var y: Double
        init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
        init(persistedValue: PointObject) { self.init(x: persistedValue.x, y: persistedValue.y) }
        var persistableValue: PointObject { PointObject(value: [x, y]) }
    }

    final class Reading: Object {
        @Persisted var name = ""
        @Persisted var value = 0.0
        @Persisted var position: PointObject?
        @Persisted var label: Label?
        @Persisted var temperature: Celsius
        @Persisted var point: Point
    }

    final class ReadingView: Projection<Reading> {
        @Projected(\Reading.name) var title
        @Projected(\Reading.value) var reading
    }

    func run() throws {
        let root = try scratchDirectory(in: options.directory, suite: "projection")
        defer { try? FileManager.default.removeItem(at: root) }
        let realm = try Realm(
            configuration: Realm.Configuration(
                fileURL: root.appendingPathComponent("readings.geode"),
                objectTypes: [Reading.self]))
        try realm.write {
            for i in 0 ..< count {
                let reading = Reading()
                reading.name = "reading \(i)"
                reading.value = Double(i) / 10
                reading.position = PointObject(value: [Double(i % 360), Double(i % 180)])
                reading.label = Label(persistedValue: "reading \(i)")
                reading.temperature = Celsius(persistedValue: Double(i) / 10)
                reading.point = Point(x: Double(i % 360), y: Double(i % 180))
                realm.add(reading)
            }
        }
        let readings = realm.objects(Reading.self)
        let views = realm.objects(ReadingView.self)
        var checksum = 0.0
        // Each operation once per round, rounds repeated: drift in the machine's
        // speed (a VM's neighbours) then falls on every operation alike.
        let operations: [(String, () -> Void)] = [
            ("plain Double", { for r in readings { checksum += r.value } }),
            ("custom-persistable Double (Celsius)", { for r in readings { checksum += r.temperature.degrees } }),
            ("projected Double (passthrough)", { for v in views { checksum += v.reading } }),
            ("plain String", { for r in readings { checksum += Double(r.name.utf8.count) } }),
            (
                "custom-persistable String (failable)",
                { for r in readings { checksum += Double(r.label?.text.utf8.count ?? 0) } }
            ),
            ("projected String (rename)", { for v in views { checksum += Double(v.title.utf8.count) } }),
            ("plain embedded object (x, y)", { for r in readings { if let p = r.position { checksum += p.x + p.y } } }),
            ("custom-persistable embedded (x, y)", { for r in readings { let p = r.point; checksum += p.x + p.y } }),
        ]
        var results = operations.map { Measurement(name: $0.0, count: count, seconds: []) }
        for _ in 0 ..< options.repetitions {
            for (index, operation) in operations.enumerated() {
                results[index].seconds +=
                    measure(operation.0, count: count, repetitions: 1, prepare: {}, operation.1).seconds
            }
        }

        print("geode-bench projection: N = \(count), \(options.repetitions) repetitions, median seconds")
        printTable(
            "Type projection vs the plain reads beneath it", results,
            ratios: [
                ("custom Double / plain Double", "custom-persistable Double (Celsius)", "plain Double"),
                ("projected Double / plain Double", "projected Double (passthrough)", "plain Double"),
                ("custom String / plain String", "custom-persistable String (failable)", "plain String"),
                ("projected String / plain String", "projected String (rename)", "plain String"),
                (
                    "custom embedded / plain embedded", "custom-persistable embedded (x, y)",
                    "plain embedded object (x, y)"
                ),
            ])
        print("\n(checksum \(checksum))")
        try writeJSON(results, to: options.json)
    }
}
