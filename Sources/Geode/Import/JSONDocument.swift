/// The class plain JSON records go into when no class is named (as the
/// `geode` tool does): the whole record as one AnyRealmValue, queryable by path.
///
/// ```swift
/// try realm.importJSONDocuments(from: URL(fileURLWithPath: "tweets.ndjson"))
/// let popular = realm.objects(JSONDocument.self).filter("content.retweet_count > 100")
/// ```
public final class JSONDocument: Object {
    /// The value of the record's identifying member, when the import names one
    /// (``ImportOptions/idMember``); `.none` otherwise. Indexed.
    @Persisted(indexed: true) public var id: AnyRealmValue
    /// The record: usually a map, nested lists and maps included.
    @Persisted public var content: AnyRealmValue
}
