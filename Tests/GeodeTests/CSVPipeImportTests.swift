import Foundation
import Geode
import GeodeTestSupport
import Testing

/// CSV read from a pipe streams into the store as it arrives: the rows a
/// file gives, nothing saved to disk first, and input that never ends well
/// (a row without end, a NUL byte) refused at its line with the rows before
/// it kept.
@Suite struct CSVPipeImportTests {
    /// A named pipe in `directory` that a thread fills with `head`, then
    /// `count` letters `x`, then closes: the import reads it as a stream.
    private static func pipe(in directory: TemporaryDirectory, _ head: String, then count: Int = 0) throws -> URL {
        let url = directory.url.appendingPathComponent("rows.csv")
        try #require(mkfifo(url.path, 0o600) == 0, "mkfifo: \(errno)")
        Thread {
            // A write after the import stopped reading fails with EPIPE instead of
            // stopping the test process: SIGPIPE is blocked on this thread.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            // Opening blocks until the import opens the other end.
            let fd = open(url.path, O_WRONLY)
            guard fd >= 0 else { return }
            defer { close(fd) }
            let bytes = Array(head.utf8)
            guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            var written = 0
            while written < count {
                let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, min($0.count, count - written)) }
                if n <= 0 { return }  // the import stopped reading
                written += n
            }
        }.start()
        return url
    }

    private static func realm(_ directory: TemporaryDirectory) throws -> Realm {
        try directory.realm(of: [JSONDocument.self], named: "pipe.geode")
    }

    /// Imports `url` a row per batch, which must stop with an error naming `place` and saying `words`.
    private static func expectStop(importing url: URL, into realm: Realm, at place: String, saying words: String) {
        var options = ImportOptions()
        options.batchSize = 1
        do {
            try realm.importCSV(from: url, options: options)
            Issue.record("the import did not stop")
        } catch {
            #expect("\(error)".contains(place), "\(error)")
            #expect("\(error)".contains(words), "\(error)")
        }
        realm.refresh()
    }

    @Test func aPipeImportsTheRowsAFileGives() throws {
        let directory = try TemporaryDirectory()
        let text = "name,count\nkettle,2\nmug,7\n\"a, quoted\",9\n"
        let file = directory.url.appendingPathComponent("rows-file.csv")
        try Data(text.utf8).write(to: file)
        let piped = try Self.realm(directory)
        let report = try piped.importCSV(from: Self.pipe(in: directory, text))
        #expect(report.written == 3)
        let fromFile = try directory.realm(of: [JSONDocument.self], named: "file.geode")
        try fromFile.importCSV(from: file)
        let contents = { (realm: Realm) in try realm.objects(JSONDocument.self).map { try $0.content.jsonString() } }
        #expect(try contents(piped) == contents(fromFile))
        #expect(try contents(piped).first == #"{"name":"kettle","count":2}"#)
    }

    @Test func aRowThatNeverEndsIsRefusedAtItsLineAndTheRowsBeforeItAreKept() throws {
        let directory = try TemporaryDirectory()
        // Line 4 opens a quote that is never closed: 80 MB arrive inside it.
        let url = try Self.pipe(in: directory, "name,count\nkettle,2\nmug,7\n\"endless", then: 80 << 20)
        let realm = try Self.realm(directory)
        Self.expectStop(importing: url, into: realm, at: "rows.csv:4:", saying: "runs past")
        #expect(realm.objects(JSONDocument.self).count == 2)
    }

    @Test func aNulByteIsRefusedAtItsLineAndTheRowsBeforeItAreKept() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.pipe(in: directory, "name,count\nkettle,2\nmug,7\ncup,\u{0}\nbowl,1\n")
        let realm = try Self.realm(directory)
        Self.expectStop(importing: url, into: realm, at: "rows.csv:4:", saying: "NUL byte")
        #expect(try realm.objects(JSONDocument.self).map { try $0.content.jsonString() } == [
            #"{"name":"kettle","count":2}"#, #"{"name":"mug","count":7}"#,
        ])
    }
}
