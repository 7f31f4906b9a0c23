import Foundation
import GeodeCore
import GeodeTestSupport

/// `GeodeTestWorker hold-write PATH RELEASE`: begins a write on the record
/// store at PATH, adds one record, prints "writing", and holds the write open
/// until the file RELEASE exists (a minute at most); then commits and exits 0.
/// What another process does meanwhile shows whether it waits for the write.
enum HoldWrite {
    static func run(path: String, release: String) -> Never {
        do {
            let store = try Store.open(StoreConfiguration(path: path, schema: RecordSchema.schema))
            let table = try store.table("Record")
            try store.write { txn in
                try txn.insert(RecordSchema.row(batch: 1, index: 0), into: table)
                FileHandle.standardOutput.write(Data("writing\n".utf8))
                let deadline = Date().addingTimeInterval(60)
                while !FileManager.default.fileExists(atPath: release) && Date() < deadline { usleep(10_000) }
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("worker: \(error)\n".utf8))
            exit(1)
        }
    }
}
