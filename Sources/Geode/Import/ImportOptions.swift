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
    /// What happens when a record's primary key exists already.
    public var update: UpdatePolicy = .error
    /// Reads ISO-8601 strings into Date properties (never otherwise, as Realm).
    public var decodesISODates = false
    /// Reads base64 strings into Data properties.
    public var decodesBase64Data = false
    /// GeoJSON into a named class: the property that receives the feature `id`
    /// (default: the class's primary key, if it has one).
    public var idProperty: String?
    /// Called after each committed batch with the records written so far.
    public var progress: (@Sendable (Int) -> Void)?

    public init() {}
}
