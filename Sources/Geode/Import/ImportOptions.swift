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

    public init() {}

    /// Whether the import looks each record's id up before writing it.
    var identifiesRecords: Bool { idMember != nil || update != .error }
}
