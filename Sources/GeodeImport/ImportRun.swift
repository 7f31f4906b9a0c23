import Foundation
import GeodeCore
import GeodeJSON

/// Streams an input's records to a writer in batches: parsing and preparing
/// on parser threads (see ``RecordPipeline``), writing on the caller's
/// thread, one write transaction per batch (or one for all, atomic), progress
/// after each commit, and a failure located by file, line, column and JSON
/// pointer. Every importer — rows of a class by name, a Swift class's objects
/// — runs through it.
///
/// ```swift
/// let tally = try ImportRun(url: url, settings: settings).run(into: writer, store: store,
///     prepare: { { record in try map(record) } }) { mapped, pointer, txn, tally in try store(mapped, txn) }
/// ```
package struct ImportRun {
    package let url: URL
    package let settings: ImportSettings

    package init(url: URL, settings: ImportSettings) {
        self.url = url
        self.settings = settings
    }

    /// Runs the import. `prepare` makes, once per parser thread, the function
    /// that turns a record into what `write` stores; `beforeCommit` runs in
    /// each batch's transaction before it commits. Throws
    /// ``ImportError/stopped(_:)`` naming where; the batches before it are kept.
    package func run<Output: Sendable>(
        into writer: some ImportWriter, store: Store,
        prepare: () -> @Sendable (JSONRecordStream.Record) throws -> Output,
        beforeCommit: (StoreWriteTransaction) throws -> Void = { _ in },
        _ write: (Output, _ pointer: String, StoreWriteTransaction, inout ImportTally) throws -> Void
    ) throws -> ImportTally {
        let started = Date()
        // CSV is read row by row through a stream of its own; JSON through the mapped file.
        let input = settings.csv == nil ? try MappedInput(url) : nil
        var tally = ImportTally()
        let file = url.lastPathComponent
        // The size of a CSV file; 0 for a pipe (`/dev/stdin` too, once its link is followed), whose length is not known.
        var info = stat()
        let csvSize =
            settings.csv != nil && stat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            ? Int(info.st_size) : 0
        // The input read up to the last record, for a CSV pipe.
        var streamed = 0
        try withExtendedLifetime(input) {
            let buffer = input?.bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
            let totalBytes = input?.bytes.count ?? csvSize
            // A stream is read through one window, so by one parser (which still runs ahead of the writer).
            let records: RecordPipeline<Output>
            if let input {
                let parsers = input.window == nil ? RecordPipeline<Output>.parserCount : 1
                records = RecordPipeline(
                    try input.records(
                        source: file, framing: settings.framing(for: file),
                        at: settings.records, keyMember: settings.recordKeyMember),
                    transforms: (0 ..< parsers).map { _ in prepare() })
            } else {
                records = RecordPipeline(
                    try settings.openedCSV?.take() ?? CSVRecordSource(url: url, format: settings.csv ?? CSVLayout()),
                    transforms: [prepare()])
            }
            defer { records.finish() }
            var committed = 0
            var inBatch = 0
            var current: RecordPipeline<Output>.Entry?
            var txn = try writer.beginBatch()
            do {
                while let record = try records.next() {
                    current = record
                    streamed = record.offset
                    tally.records += 1
                    try write(try record.output.get(), record.pointer, txn, &tally)
                    try writer.checkBatch()
                    inBatch += 1
                    if !settings.atomic && inBatch >= max(1, settings.batchSize) {
                        try beforeCommit(txn)
                        try writer.commitBatch()
                        committed = tally.written
                        // Keep resident memory flat: input behind this record and the
                        // store's pages are in the page cache; drop our mappings of them.
                        input?.release(before: record.offset)
                        store.releaseMappedPages()
                        // A stream's length is not known (0): its bytes read are reported as they are.
                        settings.progress?(
                            committed, totalBytes > 0 ? min(record.offset, totalBytes) : record.offset, totalBytes)
                        txn = try writer.beginBatch()
                        inBatch = 0
                    }
                }
                try beforeCommit(txn)
                try writer.commitBatch()
            } catch {
                writer.cancelBatch()
                var stop = ImportStop(
                    file: file, line: 0, column: 0, pointer: current?.pointer ?? "", message: "", committed: committed)
                if case let JSONError.syntax(message, _, line, column, _) = error {
                    (stop.line, stop.column, stop.message) = (line, column, message)
                    stop.pointer = ""
                } else {
                    if let current {
                        (stop.line, stop.column) =
                            current.location ?? JSONRecordStream.lineAndColumn(buffer, current.offset)
                    }
                    if let problem = error as? ImportProblem {
                        let prefix = current?.pointer ?? ""
                        stop.pointer = problem.pointer.hasPrefix(prefix) ? problem.pointer : prefix + problem.pointer
                        stop.message = problem.message
                    } else {
                        stop.message = String(describing: error)
                    }
                }
                throw ImportError.stopped(stop)
            }
        }
        tally.bytes = input?.bytesRead ?? (csvSize > 0 ? csvSize : streamed)
        tally.seconds = Date().timeIntervalSince(started)
        return tally
    }
}
