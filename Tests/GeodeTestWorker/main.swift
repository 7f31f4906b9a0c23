// A child process for the tests that need one: multi-process writes, crashes,
// and programming errors that must stop the program with a clear message.
//
//   GeodeTestWorker write PATH FIRST_BATCH BATCHES BATCH_SIZE
//
// Writes BATCHES write transactions of BATCH_SIZE records each into the store at
// PATH, numbering batches from FIRST_BATCH, and prints "committed N" after each
// commit. The crash test kills it with SIGKILL at random moments.
//
//   GeodeTestWorker read PATH BATCH_SIZE EXPECTED
//
// Reads the store at PATH over and over while writers in other processes add
// to it, until it holds EXPECTED records: in every version it reads, each batch
// is whole (BATCH_SIZE records, found alike by a scan and by the index) and the
// count never goes back. Prints "read N versions" and exits 0, or names the
// first violation and exits 1.
//
//   GeodeTestWorker misuse CASE PATH
//
// Runs one of the programming errors of `Misuse.swift` on a store at PATH.
//
//   GeodeTestWorker realm-corpus FILE START
//
// Runs the cases of one file of the Realm conformance corpus from case START on
// and prints `ok N` or `fail N reason` for each (`RealmCorpus.swift`).
//
//   GeodeTestWorker realm-corpus-typed FILE START
//
// The same with each group's classes as Swift types (`TypedCreateClasses.swift`):
// create cases go through the typed `create`.
//
//   GeodeTestWorker hold-write PATH RELEASE
//
// Holds a write open on the record store at PATH until the file RELEASE
// exists (`HoldWrite.swift`).
//
//   GeodeTestWorker realm-migrations FILE START
//
// Runs the cases of one file of the migration corpus from case START on
// (`MigrationCorpus.swift`), printing `ok N` or `fail N reason` for each.
import Foundation
import GeodeCore
import GeodeTestSupport

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "misuse" {
    Misuse.run(arguments[2], path: arguments[3])
}
if arguments.count == 4, arguments[1] == "realm-corpus", let start = Int(arguments[3]) {
    RealmCorpus.run(file: arguments[2], start: start)
}
if arguments.count == 4, arguments[1] == "realm-corpus-typed", let start = Int(arguments[3]) {
    RealmCorpus.run(file: arguments[2], start: start, typed: true)
}
if arguments.count == 4, arguments[1] == "realm-migrations", let start = Int(arguments[3]) {
    MigrationCorpus.run(file: arguments[2], start: start)
}
if arguments.count == 4, arguments[1] == "hold-write" {
    HoldWrite.run(path: arguments[2], release: arguments[3])
}
if arguments.count == 5, arguments[1] == "read", let size = Int(arguments[3]), let expected = Int(arguments[4]) {
    Reader.run(path: arguments[2], batchSize: size, expected: expected)
}
guard arguments.count == 6, arguments[1] == "write",
    let first = Int(arguments[3]), let batches = Int(arguments[4]), let size = Int(arguments[5])
else {
    FileHandle.standardError.write(Data("usage: GeodeTestWorker write PATH FIRST_BATCH BATCHES BATCH_SIZE\n".utf8))
    exit(64)
}
do {
    let store = try Store.open(StoreConfiguration(path: arguments[2], schema: RecordSchema.schema))
    let table = try store.table("Record")
    for batch in first ..< first + batches {
        try store.write { txn in
            for index in 0 ..< size {
                try txn.insert(RecordSchema.row(batch: batch, index: index), into: table)
            }
        }
        FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("worker: \(error)\n".utf8))
    exit(1)
}
