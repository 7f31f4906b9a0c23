import ArgumentParser
import Foundation

/// The options every measuring suite takes.
struct SuiteOptions: ParsableArguments {
    @Option(name: .customLong("repeat"), help: "Repetitions per operation (the median is reported).")
    var repetitions = 3

    @Option(help: "Write the results as JSON to this file.")
    var json: String?

    @Option(help: "Directory for the benchmark's files.")
    var directory = FileManager.default.temporaryDirectory.path
}

/// One operation's timings over several repetitions.
struct Measurement: Encodable {
    let name: String
    let count: Int
    var seconds: [Double]

    var median: Double {
        let sorted = seconds.sorted()
        return sorted[sorted.count / 2]
    }

    var perSecond: Double { Double(count) / median }
}

/// Times `body` `repetitions` times; `prepare` runs untimed before each.
func measure(
    _ name: String, count: Int, repetitions: Int, prepare: () throws -> Void = {},
    _ body: () throws -> Void
) rethrows -> Measurement {
    var seconds: [Double] = []
    for _ in 0 ..< repetitions {
        try prepare()
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return Measurement(name: name, count: count, seconds: seconds)
}

/// Prints measurements as a table, with ratios against named baselines.
func printTable(_ title: String, _ rows: [Measurement], ratios: [(String, String, String)]) {
    print("\n\(title)")
    print("  " + "operation".padding(toLength: 44, withPad: " ", startingAt: 0) + "median s      per second")
    for row in rows {
        let name = row.name.padding(toLength: 44, withPad: " ", startingAt: 0)
        print("  \(name)\(String(format: "%8.3f", row.median))  \(String(format: "%14.0f", row.perSecond))")
    }
    let byName = Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for (label, numerator, denominator) in ratios {
        guard let a = byName[numerator], let b = byName[denominator] else { continue }
        print("  \(label): \(String(format: "%.2f", a.median / b.median))x")
    }
}

/// Writes a suite's measurements as pretty-printed JSON to `path`, when given.
func writeJSON<T: Encodable>(_ report: T, to path: String?) throws {
    guard let path else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(report).write(to: URL(fileURLWithPath: path))
}

/// A new directory for a suite's files under `directory`, named after the
/// suite and this process; the caller removes it when done.
func scratchDirectory(in directory: String, suite: String) throws -> URL {
    let root = URL(fileURLWithPath: directory).appendingPathComponent("geode-bench-\(suite)-\(getpid())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    return root
}
