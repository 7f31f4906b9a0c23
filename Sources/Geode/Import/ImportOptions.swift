import GeodeImport

/// How an import maps and writes its records.
///
/// ```swift
/// var options = ImportOptions()
/// options.batchSize = 50_000
/// options.decodesISODates = true
/// let report = try realm.importJSON(Person.self, from: url, options: options)
/// ```
public struct ImportOptions: Sendable {
    /// Records per write transaction; a failure keeps every batch before it.
    public var batchSize = 10_000
    /// One transaction for everything: a failure keeps nothing.
    public var atomic = false
    /// What happens when a record's primary key (or, for ``GeoFeature`` and
    /// ``JSONDocument``, its `id`) exists already: `.error` fails the import
    /// there, `.modified` and `.all` replace the stored object.
    public var update: UpdatePolicy = .error
    /// For ``GeoFeature`` and ``JSONDocument`` imports: the member whose value
    /// identifies a record and becomes its `id` — a key of a feature's
    /// `properties`, or a top-level key of a JSON record (which must have it).
    /// With it (or with an update policy) a record whose `id` is stored
    /// already is a duplicate, handled as ``update`` says. Without it a
    /// feature's own `id` member is its id and duplicates are kept.
    ///
    /// ```swift
    /// var options = ImportOptions()
    /// options.idMember = "geonameid"
    /// options.update = .modified          // re-importing a file updates in place
    /// ```
    public var idMember: String?
    /// Reads ISO-8601 strings into Date properties (never otherwise, as Realm).
    public var decodesISODates = false
    /// Reads base64 strings into Data properties.
    public var decodesBase64Data = false
    /// GeoJSON into a named class: the property that receives the feature `id`
    /// (default: the class's primary key, if it has one).
    public var idProperty: String?
    /// Called after each committed batch with the records written so far and
    /// the part of the input read.
    public var progress: (@Sendable (ImportProgress) -> Void)?

    /// How the input's JSON texts follow one another.
    public enum Framing: Sendable {
        /// By the file's name: `.ndjson`, `.jsonl`, `.ldjson`, `.geojsonl`,
        /// `.geojsons` and `.geojsonseq` are ``sequence``, `.json` and
        /// `.geojson` are ``oneText``; any other name (a pipe, `/dev/stdin`)
        /// is one text, or a sequence when a second text follows the first.
        case automatic
        /// One JSON text (RFC 8259): a record, an array of records or a
        /// GeoJSON FeatureCollection. An empty input, or a second text after
        /// the first, is an error.
        case oneText
        /// Any number of JSON texts, each one record: newline-delimited JSON,
        /// or GeoJSON text sequences (RFC 8142). An empty input has no records.
        case sequence
    }

    /// How the input's JSON texts follow one another (by default, as the
    /// file's name says).
    ///
    /// ```swift
    /// var options = ImportOptions()
    /// options.framing = .sequence      // /dev/stdin holds one record per line
    /// ```
    public var framing = Framing.automatic

    /// Where the records are in a JSON text that is not itself a record or an
    /// array of records: a JSON Pointer (RFC 6901) to an array (its elements
    /// are the records) or to an object keyed by id (its members are the
    /// records, each given its key in ``recordKeyMember``). The input is then
    /// one JSON text; nil reads the text as it is.
    ///
    /// ```swift
    /// var options = ImportOptions()
    /// options.records = "/statuses"      // {"statuses": [...], "search_metadata": {...}}
    /// ```
    public var records: String?

    /// Read the input as CSV or TSV (see ``CSVFormat``) instead of JSON:
    /// ``Realm/importCSV(from:into:options:)`` sets it when it is nil.
    public var csv: CSVFormat?

    /// With ``records`` naming an object: the member each record gets its key in.
    public var recordKeyMember = "key"

    /// The CSV input ``Realm/importCSV(from:into:options:)`` opened to read its header.
    var openedCSV: OpenedCSV?

    /// The defaults: batches of 10,000 records, no ids, no update, dates and data not inferred, framing detected.
    public init() {}

    /// The same options for the importer below the object model.
    var settings: ImportSettings {
        var settings = ImportSettings()
        settings.batchSize = batchSize
        settings.atomic = atomic
        settings.replacesExisting = update != .error
        settings.idMember = idMember
        settings.idProperty = idProperty
        settings.decodesISODates = decodesISODates
        settings.decodesBase64Data = decodesBase64Data
        switch framing {
        case .automatic: settings.framing = nil
        case .oneText: settings.framing = .document
        case .sequence: settings.framing = .sequence
        }
        settings.records = records
        settings.csv = csv?.layout
        settings.openedCSV = openedCSV
        settings.recordKeyMember = recordKeyMember
        if let progress {
            settings.progress = { written, bytesRead, totalBytes in
                progress(ImportProgress(written: written, bytesRead: bytesRead, totalBytes: totalBytes))
            }
        }
        return settings
    }
}
