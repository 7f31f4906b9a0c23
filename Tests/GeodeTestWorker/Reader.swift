import Foundation
import GeodeCore
import GeodeTestSupport

/// The reading side of the multi-process stress test (`GeodeTestWorker read`).
enum Reader {
    static func run(path: String, batchSize: Int, expected: Int) -> Never {
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            var versions = 0, last = 0
            let deadline = Date().addingTimeInterval(120)
            while Date() < deadline {
                let (total, problem) = try store.read { txn -> (Int, String?) in
                    var batches: [Int: Int] = [:]
                    try txn.forEach(in: table) { _, document in
                        batches[Int(try document.value(at: 0)?.int() ?? -1), default: 0] += 1
                        return true
                    }
                    let total = batches.values.reduce(0, +)
                    if total != (try txn.count(table)) {
                        return (total, "a scan found \(total) records, the count says \(try txn.count(table))")
                    }
                    for (batch, count) in batches {
                        if count != batchSize { return (total, "batch \(batch) has \(count) of \(batchSize) records") }
                        let indexed =
                            try txn.objects(whereIndexed: "batch", equals: .int(Int64(batch)), in: table)?.count ?? -1
                        if indexed != count {
                            return (total, "the index finds \(indexed) records of batch \(batch), the scan \(count)")
                        }
                    }
                    return (total, nil)
                }
                versions += 1
                if let problem { fail(problem) }
                if total < last { fail("the count went back from \(last) to \(total)") }
                last = total
                if total >= expected {
                    FileHandle.standardOutput.write(Data("read \(versions) versions\n".utf8))
                    exit(0)
                }
            }
            fail("saw \(last) of \(expected) records before the deadline")
        } catch {
            fail("\(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("reader: \(message)\n".utf8))
        exit(1)
    }
}
