import Foundation
import Geode
import GeodeCore
import GeodeTestSupport
import Testing

// Facts restated from realm-swift's RealmSwift/Tests/RealmTests.swift (opening
// files that cannot be used, a dynamic object found by primary key, and the
// asynchronous transactions, refreshes and writes that
// RealmLifecycleConformanceTests leaves out) and RealmSwift/Tests/MigrationTests.swift
// (the migration run by each way of opening, the schemas a migration sees,
// deleting in a migration, a schema mismatch, `schemaVersionAtURL`, renaming a
// mapped property), with the models of SwiftTestObjects.swift,
// ModernTestObjects.swift and CustomColumnNameTests.swift restated as
// `@Persisted` classes prefixed `RFC`. Each test names the realm-swift test it
// comes from; the values asserted are the ones Realm's tests assert. Where Realm
// expects an error of a kind, the test asserts Geode's typed case, Realm's code,
// that the message names the file, and that the file is left as it was.
//
// Realm's files of other formats are bundled `.realm` files; Geode reads none of
// them, so its own store is given the format mark of an older or newer release
// (as FeatureFormatUpgradeTests and BacklinkIndexTests do).
//
// Tests run as root on the project's machines, and root is refused nothing by a
// file's permission bits. The permission tests therefore run their opening on a
// thread of their own whose file-system user id (Linux's per-thread `fsuid`) is
// that of an ordinary user owning the files, so the kernel checks the bits as
// for that user; other threads keep their own id. Run as another user, they
// open as that user, as Realm's tests do.
//
// Left out:
// - testOpenBehaviorForLocalRealm: Geode has no `downloadBeforeOpen` (it has no
//   synchronized realms), so there is no open behaviour to restate.
// - testAsyncRefreshOnQueueConfinedRealm: Realm stops the program when
//   `asyncRefresh()` or `asyncWrite` is called on a queue-confined realm; Geode
//   runs them there (they run where they are called), so there is no stop to
//   observe.
// - testAsyncWriteTaskCancellation: restated in AsyncWriteWaitTests (a task
//   cancelled while its `asyncWrite` waits for another thread's write).
// - MigrationTests' helper `testMigration` also opens through
//   `Realm.Configuration.defaultConfiguration`; that global is shared by the tests
//   running in parallel, so only the other three ways of opening are restated.
// - Of testAsyncRefreshWaitsForLatest, testAsyncRefreshWaitsForLatestAutorefreshOff
//   and testAsyncRefreshWithMultipleWaiters, the steps that run realm-core's
//   notifiers by hand (`RLMRunAsyncNotifiers`, `disableAutomaticChangeNotifications`)
//   and the observer kept only to make realm-core wait: Geode has no notifier
//   threads. What is restated is what the refresh must reach: the latest version.

// MARK: - Models

/// A string (Realm's `SwiftStringObject`).
final class RFCText: Object {
    @Persisted var stringCol = ""
}

/// A string primary key and a number (Realm's `SwiftPrimaryStringObject`).
final class RFCKeyedText: Object {
    @Persisted(primaryKey: true) var stringCol = ""
    @Persisted var intCol = 0
}

/// An employee (Realm's `SwiftEmployeeObject`).
final class RFCEmployee: Object {
    @Persisted var name = ""
    @Persisted var age = 0
    @Persisted var hired = false
}

/// The employee as a file of an earlier release holds it: a name only (the
/// class of one string property that Realm's test writes through its
/// Objective-C schema API).
final class RFCEmployeeNameOnly: Object {
    override class func _realmObjectName() -> String? { "RFCEmployee" }
    @Persisted var name = ""
}

/// A property of each kind with a default value (Realm's `SwiftObject`, whose
/// properties testMigrationObjectSchema compares).
final class RFCEveryKind: Object {
    @Persisted var boolCol = false
    @Persisted var intCol = 123
    @Persisted var floatCol: Float = 1.23
    @Persisted var doubleCol = 12.3
    @Persisted var stringCol = "a"
    @Persisted var binaryCol = Data("a".utf8)
    @Persisted var dateCol = Date(timeIntervalSince1970: 1)
    @Persisted var decimalCol: Decimal128 = "123e4"
    @Persisted var objectIdCol = ObjectId("1234567890ab1234567890ab")
    @Persisted var objectCol: RFCText?
    @Persisted var arrayCol: List<RFCText>
    @Persisted var setCol: MutableSet<RFCText>
    @Persisted var mapCol: Map<String, RFCText?>
}

/// Realm's `ModernCustomObject` restated: properties stored under mapped names.
final class RFCCustom: Object {
    @Persisted var intCol = 0
    @Persisted var anyCol: AnyRealmValue
    @Persisted var objectCol: RFCCustom?
    @Persisted var arrayCol: List<RFCCustom>
    @Persisted var arrayIntCol: List<Int>
    override class func propertiesMapping() -> [String: String] {
        [
            "intCol": "custom_intCol", "anyCol": "custom_anyCol", "objectCol": "custom_objectCol",
            "arrayCol": "custom_arrayCol", "arrayIntCol": "custom_arrayIntCol",
        ]
    }
}

/// `RFCCustom` as an earlier release declared it: one int stored as `custom_before_intCol`.
final class RFCCustomBefore: Object {
    override class func _realmObjectName() -> String? { "RFCCustom" }
    @Persisted var beforeIntCol = 0
    override class func propertiesMapping() -> [String: String] { ["beforeIntCol": "custom_before_intCol"] }
}

/// A global actor of the tests' own (Realm's `CustomGlobalActor`).
@globalActor actor RFCGlobalActor {
    static let shared = RFCGlobalActor()
}

/// An actor owning a realm opened for it (Realm's `openRealm(actor:)` on `MainActor`).
actor RFCRefresher {
    let realm: Realm?

    init(_ configuration: Realm.Configuration) async {
        realm = try? await Realm(configuration: configuration, actor: RFCGlobalActor.shared)
    }
}

// MARK: - Helpers

/// Runs `body` on a new thread and waits until it has finished.
private func onNewThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    done.wait()
}

/// An ordinary user's id (`nobody`), for the files of the permission tests.
private let ordinaryUser: UInt32 = 65534

/// Calls Linux's `setfsuid` or `setfsgid` (`name`): the user or group a
/// thread's file accesses are checked as, for the calling thread only. Glibc
/// declares them in `<sys/fsuid.h>`, which Swift's Glibc module does not
/// include, so they are looked up by name. Returns the id before, or nil
/// when there is no such function.
private func setFileSystemID(_ name: String, _ id: UInt32) -> Int32? {
    guard let symbol = dlsym(nil, name) else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> Int32).self)(id)
}

/// Runs `body` on a new thread as the process's user would, or, when the
/// process is root, as the ordinary user: there the kernel checks files'
/// permission bits as it does for anyone but root. Returns whether it could.
private func openingAsAnOrdinaryUser(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard geteuid() == 0 else {
        onNewThread(body)
        return true
    }
    let switched = SharedValue(false)
    onNewThread {
        _ = setFileSystemID("setfsgid", ordinaryUser)
        _ = setFileSystemID("setfsuid", ordinaryUser)
        // An invalid id changes nothing and returns the current one.
        guard setFileSystemID("setfsuid", UInt32.max) == Int32(bitPattern: ordinaryUser) else { return }
        switched.value = true
        body()
        _ = setFileSystemID("setfsuid", 0)
        _ = setFileSystemID("setfsgid", 0)
    }
    return switched.value
}

/// Gives the ordinary user the directory and what it holds when the process
/// is root, so that the files are that user's own, as Realm's test files are
/// the test's user's.
private func handToTheOrdinaryUser(_ directory: TemporaryDirectory) {
    guard geteuid() == 0 else { return }
    for path in [directory.url.path] + directory.fileNames.map(directory.path) {
        _ = chown(path, ordinaryUser, ordinaryUser)
    }
}

/// What `body` threw as a ``GeodeError/file(_:)``, with the error, or nil
/// (recording an issue) when it threw nothing or another error.
private func fileFailure(
    _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) -> (GeodeError, GeodeError.FileFailure)? {
    do {
        try body()
        Issue.record("no error was thrown", sourceLocation: sourceLocation)
    } catch let error as GeodeError {
        if case let .file(failure) = error { return (error, failure) }
        Issue.record("expected a file failure, got \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a GeodeError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Sets the format mark of the store at `url`, as a release writing that
/// format left it; `sealed` is false for the formats before entries carried
/// checksums (before 4).
private func markFormat(_ version: UInt8, of url: URL, sealed: Bool = true) throws {
    do {
        let environment = try Environment.open(path: url.path, options: .init())
        defer { environment.release() }
        try environment.write { txn in
            let meta = try #require(try txn.existingDatabase("meta"))
            try txn.put(
                sealed ? meta : meta.unsealed, key: Array("format".utf8),
                value: Array("GEODE\0".utf8) + [0, 0, 0, version])
        }
    }
    unlink(Environment.lockPath(for: url.path))
}

// MARK: - Tests

@Suite struct RealmFileConformanceTests {
    static let types: [ObjectBase.Type] = [RFCText.self, RFCKeyedText.self]

    static func configuration(_ url: URL, readOnly: Bool = false) -> Realm.Configuration {
        Realm.Configuration(fileURL: url, readOnly: readOnly, objectTypes: types)
    }

    /// A store at `name` in `directory` holding one text, closed again.
    static func storeWithOneText(_ directory: TemporaryDirectory, _ name: String = "test.geode") throws -> URL {
        let url = directory.url.appendingPathComponent(name)
        let realm = try Realm(configuration: configuration(url))
        try realm.write { realm.create(RFCText.self, value: ["a"]) }
        return url
    }

    // MARK: Files that cannot be opened

    // RealmTests.testFilePermissionDenied
    @Test func aFileTheUserMayNeitherReadNorWriteIsRefusedAsPermissionDeniedNamingIt() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.storeWithOneText(directory)
        let before = try Data(contentsOf: url)
        handToTheOrdinaryUser(directory)
        #expect(chmod(url.path, 0o000) == 0)
        let outcome = SharedValue<Result<Int, Error>?>(nil)
        let configuration = Self.configuration(url)
        try #require(
            openingAsAnOrdinaryUser {
                outcome.value = Result { try Realm(configuration: configuration).objects(RFCText.self).count }
            }, "the thread's file-system user id could not be changed")
        #expect(chmod(url.path, 0o644) == 0)
        let result = try #require(outcome.value)
        if let (error, failure) = fileFailure({ _ = try result.get() }) {
            #expect(failure.reason == .access(errno: EACCES))
            #expect(error.code == .filePermissionDenied)
            #expect(failure.path == url.path)
            #expect(error.description.contains(url.path))
        }
        #expect(try Data(contentsOf: url) == before, "the file is left as it was")
    }

    // RealmTests.testReadOnlyFile (Realm makes the file immutable; here it loses its write permission)
    @Test func aFileTheUserMayOnlyReadOpensReadOnlyButNotForWriting() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.storeWithOneText(directory)
        let before = try Data(contentsOf: url)
        handToTheOrdinaryUser(directory)
        #expect(chmod(url.path, 0o444) == 0)
        let writable = SharedValue<Result<Int, Error>?>(nil)
        let readOnly = SharedValue<Result<Int, Error>?>(nil)
        let (readWrite, reading) = (Self.configuration(url), Self.configuration(url, readOnly: true))
        try #require(
            openingAsAnOrdinaryUser {
                writable.value = Result { try Realm(configuration: readWrite).objects(RFCText.self).count }
                readOnly.value = Result { try Realm(configuration: reading).objects(RFCText.self).count }
            }, "the thread's file-system user id could not be changed")
        #expect(chmod(url.path, 0o644) == 0)
        let refused = try #require(writable.value)
        if let (error, failure) = fileFailure({ _ = try refused.get() }) {
            #expect(failure.reason == .access(errno: EACCES))
            #expect(error.code == .filePermissionDenied)
            #expect(error.description.contains(url.path))
        }
        #expect(try readOnly.value?.get() == 1)
        #expect(try Data(contentsOf: url) == before, "the file is left as it was")
    }

    // RealmTests.testReadOnlyRealmMustExist
    @Test func aMissingFileOpenedReadOnlyIsFileNotFoundNamingItAndIsNotMade() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("absent.geode")
        if let (error, failure) = fileFailure({ _ = try Realm(configuration: Self.configuration(url, readOnly: true)) })
        {
            #expect(failure.reason == .missing)
            #expect(error.code == .fileNotFound)
            #expect(error.description.contains(url.path))
            #expect(error.fileURL?.path == url.path)
        }
        #expect(directory.fileNames.isEmpty, "nothing was made")
    }

    // RealmTests.testOpeningInvalidPathThrows
    @Test func aPathThroughSomethingThatIsNotADirectoryIsAFileOperationFailureNamingIt() throws {
        let url = URL(fileURLWithPath: "/dev/null/foo")
        if let (error, failure) = fileFailure({ _ = try Realm(configuration: Self.configuration(url)) }) {
            #expect(error.code == .fileOperationFailed)
            #expect(failure.reason == .access(errno: ENOTDIR))
            #expect(error.description.contains("/dev/null"))
        }
        // The same under a regular file, which is left as it was.
        let directory = try TemporaryDirectory()
        let notes = directory.url.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: notes)
        let under = notes.appendingPathComponent("store.geode")
        if let (error, failure) = fileFailure({ _ = try Realm(configuration: Self.configuration(under)) }) {
            #expect(error.code == .fileOperationFailed)
            #expect(failure.reason == .access(errno: ENOTDIR))
            #expect(error.description.contains(notes.path))
        }
        #expect(try Data(contentsOf: notes) == Data("shopping list\n".utf8))
        #expect(directory.fileNames == ["notes.txt"])
    }

    // RealmTests.testUnsupportedFileFormatVersion (Realm's file is of its format 2, from before nulls)
    @Test func aStoreOfAFormatTooOldToUpgradeIsAnUnsupportedFormatVersionNamingIt() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.storeWithOneText(directory)
        try markFormat(2, of: url, sealed: false)
        let before = try Data(contentsOf: url)
        if let (error, failure) = fileFailure({ _ = try Realm(configuration: Self.configuration(url)) }) {
            #expect(failure.reason == .unsupportedFormat(found: 2, supported: Store.formatVersion))
            #expect(error.code == .unsupportedFileFormatVersion)
            #expect(error.description.contains(url.path))
            #expect(error.description.contains("format 2"))
        }
        unlink(Environment.lockPath(for: url.path))
        #expect(try Data(contentsOf: url) == before, "the file is left as it was")
    }

    // RealmTests.testFileFormatUpgradeRequiredButDisabled. Geode has no
    // `disableFormatUpgrade`: a store of an older format it can upgrade is upgraded
    // when opened for writing, and opening it read-only is how the upgrade is not
    // allowed. Realm's code for that is `.fileFormatUpgradeRequired`; Geode
    // documents (ErrorsAndDamagedStores.md, GeodeError.Code) that it never raises
    // that code and refuses such a store as `.unsupportedFileFormatVersion`, saying
    // its format: Geode's answer is restated.
    @Test func aStoreNeedingAnUpgradeOpenedReadOnlyIsRefusedSayingItsFormatAndLeftAsItWas() throws {
        let directory = try TemporaryDirectory()
        let url = try Self.storeWithOneText(directory)
        try markFormat(4, of: url)
        let before = try Data(contentsOf: url)
        if let (error, failure) = fileFailure({ _ = try Realm(configuration: Self.configuration(url, readOnly: true)) })
        {
            #expect(failure.reason == .unsupportedFormat(found: 4, supported: Store.formatVersion))
            #expect(error.code == .unsupportedFileFormatVersion)
            #expect(error.description.contains(url.path))
        }
        unlink(Environment.lockPath(for: url.path))
        #expect(try Data(contentsOf: url) == before, "the file is left as it was")
        // Allowed to write, the same store is upgraded and keeps its object.
        #expect(try Realm(configuration: Self.configuration(url)).objects(RFCText.self).map(\.stringCol) == ["a"])
    }

    // MARK: Dynamic access

    // RealmTests.testDynamicObjectForPrimaryKeySubscripting
    @Test func aDynamicObjectFoundByPrimaryKeyReadsItsKeyBySubscript() throws {
        try withTemporaryRealm(of: Self.types) { realm in
            try realm.write { realm.create(RFCKeyedText.self, value: ["a", 1]) }
            let object = try #require(realm.dynamicObject(ofType: "RFCKeyedText", forPrimaryKey: "a"))
            #expect(object["stringCol"] as? String == "a")
        }
    }

    // MARK: Asynchronous transactions

    // RealmTests.testAsyncTransactionShouldWriteOnCommit
    @Test func anAsyncWriteCommittedByCommitAsyncWriteIsSeenByItsCompletionAndOtherRealms() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("commit.geode"))
        let confined = try RLQueueRealm(configuration)
        let seen = SharedValue<[String]>([])
        confined.run { realm in
            _ = realm.beginAsyncWrite {
                realm.create(RFCText.self, value: ["string"])
                realm.commitAsyncWrite { _ in
                    seen.value.append(realm.objects(RFCText.self).first?.stringCol ?? "nil")
                }
            }
        }
        confined.drain()
        #expect(seen.value == ["string"])
        #expect(try Realm(configuration: configuration).objects(RFCText.self).count == 1)
    }

    // RealmTests.testAsyncTransactionChangeNotification
    @Test func twoAsyncWritesEachCompleteAndEachNotifyTheResultsObserver() throws {
        let directory = try TemporaryDirectory()
        let confined = try RLQueueRealm(Self.configuration(directory.url.appendingPathComponent("notify.geode")))
        let events = SharedValue<[String]>([])
        let token = SharedValue<NotificationToken?>(nil)
        confined.run { realm in
            token.value = realm.objects(RFCText.self).observe { change in
                switch change {
                case .initial: break
                case .update: events.value.append("update")
                case .error: events.value.append("error")
                }
            }
            for text in ["string 1", "string 2"] {
                realm.writeAsync {
                    realm.create(RFCText.self, value: [text])
                } onComplete: { _ in
                    events.value.append("complete")
                }
            }
        }
        let deadline = Date().addingTimeInterval(5)
        while events.value.count < 4 && Date() < deadline {
            confined.drain()
            Thread.sleep(forTimeInterval: 0.01)
        }
        confined.drain()
        #expect(events.value.filter { $0 == "complete" }.count == 2)
        #expect(events.value.filter { $0 == "update" }.count == 2)
        #expect(!events.value.contains("error"))
        #expect(confined.run { $0.objects(RFCText.self).count } == 2)
        confined.run { _ in _ = token.value?.invalidate() }
    }

    // RealmTests.testAsyncTransactionCancel
    @Test func asyncWriteBlocksRunUnlessCancelledAndOnlyTheCommittedOnesAreKept() throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("cancel.geode"))
        let confined = try RLQueueRealm(configuration)
        let ran = SharedValue<[String]>([])
        try confined.run { realm in
            realm.beginAsyncWrite {
                realm.create(RFCText.self, value: ["string"])
                ran.value.append("not committed")
            }
            realm.beginAsyncWrite {
                realm.create(RFCText.self, value: ["string"])
                realm.commitAsyncWrite()
                ran.value.append("committed")
            }
            realm.beginAsyncWrite {
                realm.create(RFCText.self, value: ["string"])
                ran.value.append("committing")
                realm.commitAsyncWrite()
            }
            let cancelled = realm.beginAsyncWrite { ran.value.append("cancelled") }
            try realm.cancelAsyncWrite(cancelled)
        }
        confined.drain()
        #expect(ran.value == ["not committed", "committed", "committing"])
        #expect(try Realm(configuration: configuration).objects(RFCText.self).count == 2)
    }

    // MARK: asyncRefresh

    /// Writes `count` texts from another thread, one write each.
    static func writeTexts(_ count: Int, with configuration: Realm.Configuration) {
        onNewThread {
            guard let other = try? Realm(configuration: configuration) else { return }
            for _ in 0 ..< count { _ = try? other.write { other.create(RFCText.self, value: ["string"]) } }
        }
    }

    // RealmTests.testAsyncRefreshWaitsForLatest and testAsyncRefreshWaitsForLatestAutorefreshOff
    @Test(arguments: [true, false])
    func anAsyncRefreshReachesTheLatestOfTwoWritesMadeElsewhere(autorefresh: Bool) async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("latest.geode"))
        let seen = await Task { @RFCGlobalActor () -> [String] in
            guard let realm = try? await Realm(configuration: configuration, actor: RFCGlobalActor.shared) else {
                return ["no realm"]
            }
            realm.autorefresh = autorefresh
            let results = realm.objects(RFCText.self)
            var seen = ["\(results.count)"]
            Self.writeTexts(2, with: configuration)
            seen.append("\(results.count)")
            seen.append("\(await realm.asyncRefresh())")
            seen.append("\(results.count)")
            return seen
        }.value
        #expect(seen == ["0", "0", "true", "2"])
    }

    // RealmTests.testAsyncRefreshWithMultipleWaiters
    @Test func twoAsyncRefreshesAwaitedTogetherBothSeeTheWrite() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("waiters.geode"))
        let seen = await Task { @RFCGlobalActor () -> [String] in
            guard let realm = try? await Realm(configuration: configuration, actor: RFCGlobalActor.shared) else {
                return ["no realm"]
            }
            let results = realm.objects(RFCText.self)
            let other = Task { @RFCGlobalActor () -> [String] in
                let before = "\(results.count)"
                await realm.asyncRefresh()
                return [before, "\(results.count)"]
            }
            Self.writeTexts(1, with: configuration)
            var seen = ["\(results.count)"]
            await realm.asyncRefresh()
            seen.append("\(results.count)")
            return seen + (await other.value)
        }.value
        #expect(seen.count == 4)
        #expect(seen.first == "0")
        #expect(seen.dropFirst().first == "1")
        #expect(seen.last == "1", "the other waiter was resumed and sees the write")
    }

    // RealmTests.testAsyncRefreshTaskCancellation
    @Test func anAsyncRefreshInACancelledTaskReportsNoRefresh() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("cancelled.geode"))
        let refreshed = await Task { @RFCGlobalActor () -> Bool? in
            guard let realm = try? await Realm(configuration: configuration, actor: RFCGlobalActor.shared) else {
                return nil
            }
            Self.writeTexts(1, with: configuration)
            withUnsafeCurrentTask { $0?.cancel() }
            return await realm.asyncRefresh()
        }.value
        #expect(refreshed == false)
    }

    // MARK: asyncWrite

    // RealmTests.testAsyncWriteCancelsOnThrow
    @Test func anAsyncWriteWhoseBlockThrowsRethrowsAndCommitsNothing() async throws {
        struct Refused: Error, Equatable {}
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("throws.geode"))
        let seen = await Task { @RFCGlobalActor () -> [String] in
            guard let realm = try? await Realm(configuration: configuration, actor: RFCGlobalActor.shared) else {
                return ["no realm"]
            }
            var seen: [String] = []
            for cancelsFirst in [false, true] {
                do {
                    try await realm.asyncWrite {
                        realm.create(RFCText.self, value: ["foo"])
                        if cancelsFirst { realm.cancelWrite() }
                        throw Refused()
                    }
                    seen.append("committed")
                } catch is Refused {
                    seen.append("refused")
                } catch {
                    seen.append("\(error)")
                }
                seen.append("\(realm.isInWriteTransaction)")
            }
            seen.append("\(realm.objects(RFCText.self).count)")
            return seen
        }.value
        #expect(seen == ["refused", "false", "refused", "false", "0"])
    }

    // RealmTests.testAsyncWriteCustomGlobalActor
    @Test func anAsyncWriteOnACustomGlobalActorCreatesThenChangesAnObject() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("global.geode"))
        let seen = try await Task { @RFCGlobalActor () throws -> [String] in
            let realm = try await Realm(configuration: configuration, actor: RFCGlobalActor.shared)
            let object = try await realm.asyncWrite { realm.create(RFCText.self, value: ["foo"]) }
            var seen = ["\(realm.objects(RFCText.self).count) \(object.stringCol)"]
            try await realm.asyncWrite { object.stringCol = "bar" }
            seen.append(object.stringCol)
            return seen
        }.value
        #expect(seen == ["1 foo", "bar"])
    }

    // RealmTests.testAsyncWriteTaskCancelledBeforeWriteCalled
    @Test func anAsyncWriteInATaskCancelledBeforeItIsCalledThrowsCancellationWithoutRunning() async throws {
        let directory = try TemporaryDirectory()
        let configuration = Self.configuration(directory.url.appendingPathComponent("early.geode"))
        let called = SharedValue(false)
        let outcome = await Task { @RFCGlobalActor () -> String in
            guard let realm = try? await Realm(configuration: configuration, actor: RFCGlobalActor.shared) else {
                return "no realm"
            }
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await realm.asyncWrite {
                    called.value = true
                    realm.create(RFCText.self, value: ["never"])
                }
                return "written"
            } catch is CancellationError {
                return "cancelled, \(realm.isInWriteTransaction)"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(outcome == "cancelled, false")
        #expect(!called.value)
        #expect(try Realm(configuration: configuration).objects(RFCText.self).isEmpty)
    }
}

// MARK: - Migrations

extension RealmFileConformanceTests {
    /// Copies the store at `base` to a new file and opens it with `configuration`
    /// in each of three ways — `Realm(configuration:)`, `Realm.performMigration(for:)`
    /// and `Realm.asyncOpen` — checking after each that the file is at the
    /// configuration's version, then `validate` (which checks that the block
    /// ran), and that its files are deleted (MigrationTests' helper `testMigration`).
    static func migrateEachWay(
        from base: URL, to configuration: Realm.Configuration, validate: (Realm) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = try #require(configuration.fileURL)
        let ways: [(String, () throws -> Void)] = [
            ("init", { _ = try Realm(configuration: configuration) }),
            ("performMigration", { try Realm.performMigration(for: configuration) }),
            (
                "asyncOpen",
                {
                    let queue = DispatchQueue(label: "geode.tests.rfc-async-open")
                    let outcomes = Collected<String>()
                    Realm.asyncOpen(configuration: configuration, callbackQueue: queue) { result in
                        outcomes.add((try? result.get()).map { _ in "opened" } ?? "failed")
                    }
                    #expect(outcomes.wait(for: 1), sourceLocation: sourceLocation)
                    queue.sync {}  // the callback has returned and let go of its realm
                    #expect(outcomes.all == ["opened"], sourceLocation: sourceLocation)
                }
            ),
        ]
        for (name, open) in ways {
            try FileManager.default.copyItem(at: base, to: url)
            try open()
            #expect(try schemaVersionAtURL(url) == configuration.schemaVersion, "\(name)", sourceLocation: sourceLocation)
            var plain = configuration
            plain.migrationBlock = nil
            try validate(try Realm(configuration: plain))
            #expect(try Realm.deleteFiles(for: configuration), "\(name)", sourceLocation: sourceLocation)
        }
    }

    // MigrationTests.testMigration (the helper: each way of opening runs the block once)
    @Test func eachWayOfOpeningRunsTheMigrationOnceAndLeavesTheNewVersion() throws {
        let directory = try TemporaryDirectory()
        let base = directory.url.appendingPathComponent("base.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: base, objectTypes: [RFCText.self]))
            try realm.write { realm.create(RFCText.self, value: ["kept"]) }
        }
        #expect(try schemaVersionAtURL(base) == 0)
        let runs = Counter()
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("migrated.geode"), schemaVersion: 1,
            migrationBlock: { _, _ in runs.add() }, objectTypes: [RFCText.self])
        var expectedRuns = 0
        try Self.migrateEachWay(from: base, to: configuration) { realm in
            expectedRuns += 1
            #expect(runs.value == expectedRuns)
            #expect(realm.objects(RFCText.self).map(\.stringCol) == ["kept"])
        }
        #expect(runs.value == 3)
    }

    // MigrationTests.testMigrationObjectSchema
    @Test func theOldAndNewSchemasAndObjectsOfAMigrationHaveTheClassesProperties() throws {
        let directory = try TemporaryDirectory()
        let base = directory.url.appendingPathComponent("base.geode")
        let types: [ObjectBase.Type] = [RFCEveryKind.self, RFCText.self]
        let properties: [Property] = try {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: base, objectTypes: types))
            return try realm.write {
                let object = RFCEveryKind()
                realm.add(object)
                return object.objectSchema.properties
            }
        }()
        let seen = SharedValue<[String]>([])
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("migrated.geode"), schemaVersion: 1,
            migrationBlock: { migration, _ in
                var checks = [
                    migration.oldSchema["RFCEveryKind"]?.properties == properties,
                    migration.newSchema["RFCEveryKind"]?.properties == properties,
                ]
                var enumerated = false
                migration.enumerateObjects(ofType: "RFCEveryKind") { old, new in
                    guard let old, let new else { return checks.append(false) }
                    enumerated = true
                    checks.append(old.objectSchema.properties == properties)
                    checks.append(new.objectSchema.properties == properties)
                }
                checks.append(enumerated)
                seen.value.append(checks.map { "\($0)" }.joined(separator: " "))
            }, objectTypes: types)
        try Self.migrateEachWay(from: base, to: configuration) { _ in }
        #expect(seen.value == Array(repeating: "true true true true true", count: 3))
    }

    // MigrationTests.testSchemaVersionAtURL
    @Test func schemaVersionAtURLRefusesAMissingFileAndADeviceAndReadsZeroForANewStore() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("versioned.geode")
        // Before the store is made, Realm's answer is an invalid database ("has not been initialized").
        if let (error, _) = fileFailure({ _ = try schemaVersionAtURL(url) }) {
            #expect(error.code == .invalidDatabase)
            #expect(error.description.contains(url.path))
        }
        #expect(directory.fileNames.isEmpty)
        _ = try Realm(configuration: Self.configuration(url))
        #expect(try schemaVersionAtURL(url) == 0, "a new store is at version 0")
        // A device is refused as a file the process may not use.
        do {
            _ = try schemaVersionAtURL(URL(fileURLWithPath: "/dev/null"))
            Issue.record("/dev/null had a schema version")
        } catch let error as Realm.Error {
            #expect([.filePermissionDenied, .fileAccess].contains(error.code), "\(error.code): \(error)")
        }
    }

    // MigrationTests.testDelete
    @Test func anObjectDeletedDuringAMigrationIsGoneAfterIt() throws {
        let directory = try TemporaryDirectory()
        let base = directory.url.appendingPathComponent("base.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: base, objectTypes: [RFCText.self]))
            try realm.write {
                realm.create(RFCText.self, value: ["string1"])
                realm.create(RFCText.self, value: ["string2"])
            }
        }
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("migrated.geode"), schemaVersion: 1,
            migrationBlock: { migration, _ in
                var deleted = false
                migration.enumerateObjects(ofType: "RFCText") { _, new in
                    guard !deleted, let new else { return }
                    migration.delete(new)
                    deleted = true
                }
            }, objectTypes: [RFCText.self])
        try Self.migrateEachWay(from: base, to: configuration) { realm in
            #expect(realm.objects(RFCText.self).count == 1)
        }
    }

    // MigrationTests.testFailOnSchemaMismatch
    @Test func aChangedSchemaWithoutAMigrationIsASchemaMismatchAndLeavesTheFile() throws {
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("employees.geode")
        _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [RFCEmployeeNameOnly.self]))
        unlink(Environment.lockPath(for: url.path))
        let before = try Data(contentsOf: url)
        do {
            _ = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [RFCEmployee.self]))
            Issue.record("opened without a migration")
        } catch let error as GeodeError {
            #expect(error.code == .schemaMismatch)
            guard case let .schema(failure) = error else {
                Issue.record("expected a schema failure, got \(error)")
                return
            }
            #expect(failure.differences.contains { $0.contains("age") }, "\(failure.differences)")
            #expect(failure.differences.contains { $0.contains("hired") }, "\(failure.differences)")
        }
        unlink(Environment.lockPath(for: url.path))
        #expect(try Data(contentsOf: url) == before, "the file is left as it was")
        #expect(try schemaVersionAtURL(url) == 0)
    }

    // MigrationTests.testCustomColumnRenamePropertyToCustom
    @Test func aRenameBetweenMappedNamesUsesTheStoredNamesAndKeepsTheValue() throws {
        let directory = try TemporaryDirectory()
        let base = directory.url.appendingPathComponent("base.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: base, objectTypes: [RFCCustomBefore.self]))
            try realm.write { realm.create(RFCCustomBefore.self, value: [123]) }
        }
        let seen = SharedValue<[String]>([])
        let configuration = Realm.Configuration(
            fileURL: directory.url.appendingPathComponent("migrated.geode"), schemaVersion: 1,
            migrationBlock: { migration, _ in
                seen.value.append("\(migration.oldSchema["RFCCustom"]?.properties.count ?? -1)")
                migration.renameProperty(onType: "RFCCustom", from: "custom_before_intCol", to: "custom_intCol")
            }, objectTypes: [RFCCustom.self])
        try Self.migrateEachWay(from: base, to: configuration) { realm in
            #expect(realm.schema["RFCCustom"]?.properties.count == 5)
            #expect(realm.objects(RFCCustom.self).count == 1)
            #expect(realm.objects(RFCCustom.self).first?.intCol == 123)
        }
        #expect(seen.value == ["1", "1", "1"])
    }
}
