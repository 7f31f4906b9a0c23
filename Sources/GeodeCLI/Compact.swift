import ArgumentParser
import Foundation
import GeodeCore

extension GeodeCommand {
    /// `geode compact STORE`: the store rewritten without its free pages.
    struct Compact: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rewrite a store without its free pages, in place.",
            discussion: """
                Deleting objects leaves free pages that later writes reuse; the file does not \
                shrink. compact writes a copy without them and puts it in the store's place \
                atomically, then prints the sizes before and after. It refuses a store that \
                another process has open (exit status 1): such a process would go on with the \
                old file.

                Example:
                  geode compact places.geode
                """
        )

        @Argument(help: "The store to compact.")
        var store: String

        func run() throws {
            try ExitStatus.run {
                guard access(store, F_OK) == 0 else {
                    throw StoreError.fileAccess(path: store, operation: "open", errno: ENOENT)
                }
                var before = 0
                let compacted = try StoreFiles.compact(store) { total, _ in
                    before = total
                    return true
                }
                guard compacted else {
                    throw StoreError.fileAccess(
                        path: store, operation: "compact (another process has it open)", errno: EBUSY)
                }
                let after = try StoreFiles.usage(store).totalBytes
                print("compacted \(store): \(Self.size(before)) → \(Self.size(after))")
            }
        }

        static func size(_ bytes: Int) -> String {
            ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
        }
    }
}
