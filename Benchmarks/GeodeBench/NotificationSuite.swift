import ArgumentParser
import Foundation
import Geode
import GeodeCore
import GeodeImport

/// Change notifications: how long from a commit to the observer's callback,
/// on the committing thread, on another thread's queue and in another
/// process; how long a realm takes to work out the changeset of 1,000
/// modified objects among N; and what the change log costs an import and
/// single-object write transactions.
struct NotificationSuite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract:
            "Commit-to-callback latency (same thread, other thread, other process), the changeset of 1,000 modified objects among N, the change log's cost."
    )

    @Option(help: "Objects in the observed class.")
    var count = 1_000_000

    @Option(help: "Single-object commits timed for the latencies.")
    var commits = 1_000

    @Option(help: "Single-object write transactions timed with and without the change log, and an observer.")
    var transactions = 100_000

    @Option(help: "A GeoJSON file of places to import with and without the change log (skipped when absent).")
    var places: String?

    @Option(help: "Run as the writing process of the cross-process latency: the store to write.")
    var writer: String?

    @OptionGroup var options: SuiteOptions

    final class Tick: Object {
        @Persisted(primaryKey: true) var id = 0
        @Persisted var value = 0
    }

    /// The p-th percentile of `samples`, in milliseconds.
    private func percentile(_ samples: [UInt64], _ p: Double) -> Double {
        let sorted = samples.sorted()
        return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1e6
    }

    func run() throws {
        if let writer { return try write(into: writer) }
        let root = try scratchDirectory(in: options.directory, suite: "notifications")
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = Realm.Configuration(
            fileURL: root.appendingPathComponent("ticks.geode"), objectTypes: [Tick.self])
        let realm = try Realm(configuration: configuration)
        try realm.write {
            for i in 0 ..< count { realm.create(Tick.self, value: ["id": i, "value": 0]) }
        }
        let ticks = realm.objects(Tick.self)
        var rows: [Measurement] = []

        // Same thread: from calling commitWrite (the commit included) to the callback.
        var started: UInt64 = 0
        var sameThread: [UInt64] = []
        let token = ticks.observe { change in
            if case .update = change { sameThread.append(DispatchTime.now().uptimeNanoseconds - started) }
        }
        realm.refresh()
        for i in 0 ..< commits {
            realm.beginWrite()
            realm.object(ofType: Tick.self, forPrimaryKey: i % count)?.value = i
            started = DispatchTime.now().uptimeNanoseconds
            try realm.commitWrite()
        }
        token.invalidate()

        // Another thread: from the writer beginning its write (the commit included) to the callback on
        // the observer's queue (the callback can come before `write` returns on the writer).
        let queue = DispatchQueue(label: "observer")
        let arrivals = ArrivalLog()
        let queued = ticks.observe(on: queue) { change in
            if case .initial = change { arrivals.note(Int.min, at: 0) }
            if case let .update(results, _, _, modifications) = change, let first = modifications.first {
                arrivals.note(results[first].value, at: DispatchTime.now().uptimeNanoseconds)
            }
        }
        arrivals.wait(forValue: Int.min)
        var committed: [Int: UInt64] = [:]
        for i in 0 ..< commits {
            committed[-1 - i] = DispatchTime.now().uptimeNanoseconds
            try realm.write { realm.object(ofType: Tick.self, forPrimaryKey: i % count)?.value = -1 - i }
            Thread.sleep(forTimeInterval: 0.002)
            arrivals.wait(forValue: -1 - i)
        }
        queued.invalidate()
        let otherThread = arrivals.all.compactMap { value, at in committed[value].map { at &- $0 } }

        // The changeset of 1,000 modified objects among `count`, worked out at a refresh.
        let reader = try Realm(configuration: configuration)
        let readerTicks = reader.objects(Tick.self)
        var sizes: [Int] = []
        let readerToken = readerTicks.observe { change in
            if case let .update(_, _, _, modifications) = change { sizes.append(modifications.count) }
        }
        reader.refresh()
        let changeset = try measure(
            "changeset: 1,000 modified of \(count)", count: 1, repetitions: options.repetitions,
            prepare: {
                try realm.write {
                    for i in 0 ..< 1000 { realm.object(ofType: Tick.self, forPrimaryKey: i * 7 % count)?.value += 1 }
                }
            }
        ) {
            reader.refresh()
        }
        readerToken.invalidate()
        rows.append(changeset)

        // Another process: a child commits, stamping when each write began; its clock and ours are the
        // same (monotonic, system-wide).
        let processArrivals = ArrivalLog()
        let processToken = ticks.observe(on: queue) { change in
            if case .initial = change { processArrivals.note(Int.min, at: 0) }
            if case let .update(results, _, _, modifications) = change {
                for i in modifications { processArrivals.note(results[i].value, at: DispatchTime.now().uptimeNanoseconds) }
            }
        }
        processArrivals.wait(forValue: Int.min)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [
            "notifications", "--writer", configuration.fileURL?.path ?? "", "--commits", String(commits),
            "--count", String(count),
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        processArrivals.wait(forValue: 1_000_000_000 + commits - 1)
        processToken.invalidate()
        var childCommits: [Int: UInt64] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[0]), let at = UInt64(fields[1]) { childCommits[value] = at }
        }
        let otherProcess = processArrivals.all.compactMap { value, at in childCommits[value].map { at &- $0 } }

        // What the watcher costs while nothing is written: CPU time over an idle spell with an observer.
        let idleToken = ticks.observe(on: queue) { _ in }
        Thread.sleep(forTimeInterval: 0.2)
        let idleSeconds = 3.0
        let cpuBefore = Self.cpuSeconds()
        Thread.sleep(forTimeInterval: idleSeconds)
        let idleShare = (Self.cpuSeconds() - cpuBefore) / idleSeconds
        idleToken.invalidate()

        rows += try logCosts(root)
        // The figures mean something only if every notification said what happened.
        let expected = Set(Array(0 ..< 1000).map { $0 * 7 % count }).count
        guard sizes.allSatisfy({ $0 == expected }), sameThread.count == commits, otherThread.count == commits,
            otherProcess.count == commits
        else {
            throw ValidationError(
                "notifications went missing or were wrong: modifications per refresh \(Set(sizes).sorted()) of "
                    + "\(expected); \(sameThread.count), \(otherThread.count), \(otherProcess.count) of \(commits) commits heard")
        }
        printTable("Notifications, \(count) objects", rows, ratios: [])
        print("  modifications reported per refresh: \(Set(sizes).sorted())")
        print("  changeset of 1,000 among \(count): \(String(format: "%.3f", changeset.median * 1000)) ms (median)")
        for (label, samples) in [
            ("same thread (commit included)", sameThread), ("other thread (commit included)", otherThread),
            ("other process (commit included)", otherProcess),
        ] {
            guard !samples.isEmpty else {
                print("  \(label): no notification arrived")
                continue
            }
            print(
                "  \(label): \(samples.count) commits, p50 \(String(format: "%.3f", percentile(samples, 0.5))) ms, p99 \(String(format: "%.3f", percentile(samples, 0.99))) ms"
            )
        }
        print("  watcher while idle (woken by inotify, looking every 250 ms): \(String(format: "%.2f", idleShare * 100)) % of a core")
        try writeJSON(rows, to: options.json)
    }

    /// This process's CPU time so far (user and system), in seconds.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The writing process of the cross-process latency: `commits` single-object
    /// writes, each with its value and the time its write began.
    private func write(into path: String) throws {
        let realm = try Realm(
            configuration: Realm.Configuration(fileURL: URL(fileURLWithPath: path), objectTypes: [Tick.self]))
        var lines = ""
        for i in 0 ..< commits {
            let value = 1_000_000_000 + i
            lines += "\(value) \(DispatchTime.now().uptimeNanoseconds)\n"
            try realm.write { realm.object(ofType: Tick.self, forPrimaryKey: i % count)?.value = value }
            Thread.sleep(forTimeInterval: 0.002)
        }
        FileHandle.standardOutput.write(Data(lines.utf8))
    }

    final class Counter: Object {
        override class func _realmObjectName() -> String? { "Counter" }
        @Persisted var value = 0
    }

    /// What the change log costs: single-object write transactions and an
    /// import, each with the log kept and not (an engine switch for this
    /// measure only), and the transactions with a results observer on a queue.
    /// The two sides of each pair take turns, repetition by repetition, so
    /// that the VM's drift falls on both alike.
    private func logCosts(_ root: URL) throws -> [Measurement] {
        var writes: [Bool: () throws -> Void] = [:]
        for keeps in [true, false] {
            let path = root.appendingPathComponent("counter-\(keeps).geode")
            _ = try Realm(configuration: Realm.Configuration(fileURL: path, objectTypes: [Counter.self]))
            var configuration = StoreConfiguration(path: path.path)
            configuration.keepsChangeLog = keeps
            let store = try Store.open(configuration)
            let table = try store.table("Counter")
            guard let property = table.schema.property(named: "value") else { continue }
            let key = try store.write { try $0.insert([.int(0)], into: table) }
            writes[keeps] = {
                for i in 0 ..< transactions {
                    try store.write { try $0.update(.int(Int64(i)), of: property, key: key, in: table) }
                }
            }
        }
        var rows = try alternating(
            "\(transactions) single-object writes, log on", "\(transactions) single-object writes, log off",
            count: transactions, first: { try writes[true]?() }, second: { try writes[false]?() })

        var realmWrites: [Bool: () throws -> Void] = [:]
        var tokens: [NotificationToken] = []
        for observed in [false, true] {
            let path = root.appendingPathComponent("observed-\(observed).geode")
            let realm = try Realm(configuration: Realm.Configuration(fileURL: path, objectTypes: [Counter.self]))
            let counter = Counter()
            try realm.write { realm.add(counter) }
            if observed { tokens.append(realm.objects(Counter.self).observe(on: DispatchQueue(label: "observer")) { _ in }) }
            realmWrites[observed] = { for i in 0 ..< transactions { try realm.write { counter.value = i } } }
        }
        rows += try alternating(
            "\(transactions) single-object writes, unobserved", "\(transactions) single-object writes, observed",
            count: transactions, first: { try realmWrites[false]?() }, second: { try realmWrites[true]?() })
        tokens.forEach { $0.invalidate() }

        guard let places, FileManager.default.fileExists(atPath: places) else { return rows }
        func importPlaces(keepingLog keeps: Bool) throws {
            let path = root.appendingPathComponent("places-\(keeps).geode").path
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + "-lock")
            _ = try Realm(configuration: GeodeSystem.configuration(path))
            var configuration = StoreConfiguration(path: path)
            configuration.keepsChangeLog = keeps
            let store = try Store.open(configuration)
            let rows = RowImport(
                url: URL(fileURLWithPath: places), settings: ImportSettings(), store: store,
                table: try store.table("GeoFeature"))
            _ = try rows.run(.features, into: StoreImportWriter(store))
        }
        rows += try alternating(
            "import places, log on", "import places, log off", count: 1,
            first: { try importPlaces(keepingLog: true) }, second: { try importPlaces(keepingLog: false) })
        return rows
    }

    /// Times `first` and `second` in turns, `options.repetitions` times each.
    private func alternating(
        _ firstName: String, _ secondName: String, count: Int, first: () throws -> Void, second: () throws -> Void
    ) throws -> [Measurement] {
        var a = Measurement(name: firstName, count: count, seconds: [])
        var b = Measurement(name: secondName, count: count, seconds: [])
        for _ in 0 ..< options.repetitions {
            a.seconds += try measure(firstName, count: count, repetitions: 1, first).seconds
            b.seconds += try measure(secondName, count: count, repetitions: 1, second).seconds
        }
        return [a, b]
    }
}

/// The values the observer saw, with when it saw them.
private final class ArrivalLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [(Int, UInt64)] = []

    func note(_ value: Int, at time: UInt64) {
        condition.lock()
        items.append((value, time))
        condition.broadcast()
        condition.unlock()
    }

    var all: [(Int, UInt64)] {
        condition.lock()
        defer { condition.unlock() }
        return items
    }

    /// Waits (at most ten seconds) until `value` has arrived.
    func wait(forValue value: Int) {
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: 10)
        while !items.contains(where: { $0.0 == value }) && condition.wait(until: deadline) {}
        condition.unlock()
    }
}
