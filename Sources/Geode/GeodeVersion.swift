import GeodeCore
import GeodeGeo
import GeodeJSON

/// The versions of Geode, of its store format, and of the C libraries it runs on.
///
/// ```swift
/// print(GeodeVersion.string)        // 0.1.0
/// print(GeodeVersion.libraries)     // ["LMDB": "0.9.24", "GEOS": "3.11.1-CAPI-1.17.1", "jansson": "2.14"]
/// ```
public enum GeodeVersion {
    /// Geode's own version.
    public static let string = "0.1.0"

    /// The store format this build writes and reads. Opening a store of another
    /// format fails with an error and leaves the file as it was.
    public static var storeFormat: UInt32 { Store.formatVersion }

    /// The C libraries Geode is linked against, by name.
    public static var libraries: [String: String] {
        ["LMDB": Environment.libraryVersion, "GEOS": GEOSContext.version, "jansson": JSONReader.libraryVersion]
    }
}
