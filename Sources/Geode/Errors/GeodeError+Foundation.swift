import Foundation

/// Foundation's view of a Geode error, as Realm's errors give it: the
/// message as `localizedDescription`, Realm's code as the `NSError` code, and
/// the file in `userInfo`.
///
/// ```swift
/// do {
///     _ = try Realm(configuration: configuration)
/// } catch {
///     print(error.localizedDescription)   // the message, not Foundation's generic one
///     let nsError = error as NSError       // domain "io.geode", code 5 for a missing file
/// }
/// ```
extension GeodeError: LocalizedError, CustomNSError {
    /// The message (``description``): what `localizedDescription` gives.
    public var errorDescription: String? { description }

    /// The domain of Geode's errors as `NSError`s.
    public static var errorDomain: String { "io.geode" }

    /// Realm's number for the error's ``code``.
    public var errorCode: Int { code.rawValue }

    /// The message under `NSLocalizedDescriptionKey` and, for an error about a
    /// file, its path under `NSFilePathErrorKey`.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let fileURL { info[NSFilePathErrorKey] = fileURL.path }
        return info
    }

    /// ``errorUserInfo``, by the name Realm's error type gives it.
    ///
    /// ```swift
    /// catch let error as Realm.Error { print(error.userInfo[NSFilePathErrorKey] ?? "") }
    /// ```
    public var userInfo: [String: Any] { errorUserInfo }
}

extension GeodeError: Equatable {
    /// Whether two errors have the same code and message (Realm's errors
    /// compare as `NSError`s do: by domain, code and user info).
    ///
    /// ```swift
    /// #expect(Realm.Error(.fail) == Realm.Error(.fail))
    /// ```
    public static func == (lhs: GeodeError, rhs: GeodeError) -> Bool {
        lhs.code == rhs.code && lhs.description == rhs.description
    }
}
