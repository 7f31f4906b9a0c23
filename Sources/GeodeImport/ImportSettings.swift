import GeodeJSON

/// How an import reads, maps and writes its records (the API layer's
/// `ImportOptions`, without the policy types of the object model).
package struct ImportSettings: Sendable {
    /// Records per write transaction.
    package var batchSize = 10_000
    /// All records in one write transaction.
    package var atomic = false
    /// An object with the same identity as a record is replaced (else the import stops there).
    package var replacesExisting = false
    /// The member of each record (or feature's `properties`) that identifies it.
    package var idMember: String?
    /// The property a record's identity goes to, in a class filled by name.
    package var idProperty: String?
    /// Date properties take ISO-8601 strings.
    package var decodesISODates = false
    /// Data properties take base64 strings.
    package var decodesBase64Data = false
    /// How records are framed in the input; nil to tell by the file's name.
    package var framing: JSONRecordStream.Framing?
    /// The JSON pointer of the records in one JSON text (an array or an object's members).
    package var records: String?
    /// Read as CSV (or TSV) with this layout, not as JSON.
    package var csv: CSVLayout?
    /// The CSV input, its header read already: the import reads its rows
    /// from there instead of opening the input again.
    package var openedCSV: OpenedCSV?
    /// The member that receives an object member's name, when records are an object's members.
    package var recordKeyMember = "key"
    /// Called after each committed batch: objects written, input bytes read, input size.
    package var progress: (@Sendable (_ written: Int, _ bytesRead: Int, _ totalBytes: Int) -> Void)?

    package init() {}

    /// Whether the writer looks each record's identity up before storing it.
    var identifiesRecords: Bool { idMember != nil || replacesExisting }

    /// The framing of the input named `name`: the one set, else by its extension.
    func framing(for name: String) -> JSONRecordStream.Framing {
        if let framing { return framing }
        let lower = name.lowercased()
        if [".ndjson", ".jsonl", ".ldjson", ".geojsonl", ".geojsons", ".geojsonseq"].contains(where: lower.hasSuffix) {
            return .sequence
        }
        if [".json", ".geojson"].contains(where: lower.hasSuffix) { return .document }
        return .either
    }
}
