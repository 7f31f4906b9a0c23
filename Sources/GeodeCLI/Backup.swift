import ArgumentParser

extension GeodeCommand {
    /// `geode backup STORE DESTINATION`: a consistent copy of a store in use.
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a store while it is in use, consistently and compacted.",
            discussion: """
                Writes the store as it is at one moment (one version: what a reader \
                sees) to a new file; other processes may go on writing meanwhile. The copy \
                has no free pages. The destination must not exist; it appears whole or not \
                at all. The same as `geode copy` without --salvage.

                Example:
                  geode backup places.geode /backups/places-2026-11-25.geode
                """
        )

        @Argument(help: "The store to copy.")
        var store: String

        @Argument(help: "The new file.")
        var destination: String

        func run() throws {
            try ExitStatus.run {
                try Copy.copy(store, to: destination)
                print("backed up \(store) to \(destination)")
            }
        }
    }
}
