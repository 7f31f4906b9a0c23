/// How far an import has got, reported after each committed batch
/// (``ImportOptions/progress``).
///
/// ```swift
/// var options = ImportOptions()
/// options.progress = { p in print("\(p.written) written, \(Int(p.fractionCompleted * 100)) %") }
/// ```
public struct ImportProgress: Sendable {
    /// Objects written and committed so far.
    public var written: Int
    /// Bytes of input read up to the last committed record.
    public var bytesRead: Int
    /// Bytes of input in all; 0 for a stream (a pipe), whose length is not known.
    public var totalBytes: Int

    /// The part of the input done, from 0 to 1.
    public var fractionCompleted: Double {
        totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 1
    }
}
