import Foundation

/// What a finished child process printed and how it ended.
package struct ProcessOutcome: Sendable {
    package var status: Int32
    package var stdout: String
    package var stderr: String
    /// Whether it was ended by a signal (then `status` is the signal number).
    package var signalled: Bool
}

/// Finds and runs the package's executables (built beside the test bundle).
package enum Subprocess {
    /// The directory holding the built products (`.build/debug`).
    package static var productsDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // On Linux the test runner is `<products>/GeodePackageTests.xctest`.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
            || directory.lastPathComponent == "Contents"
        {
            directory.deleteLastPathComponent()
        }
        return directory
    }

    /// The path of the built executable `name`.
    package static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }

    /// Runs `name` with `arguments` to completion.
    /// `input`, when given, is its standard input (else /dev/null).
    package static func run(_ name: String, _ arguments: [String], currentDirectory: URL? = nil, input: Data? = nil)
        throws -> ProcessOutcome
    {
        let process = try start(
            executable: executable(name), arguments, currentDirectory: currentDirectory, input: input)
        return process.finish()
    }

    /// Starts `name` with `arguments`; read and wait with ``RunningProcess/finish()``.
    package static func start(_ name: String, _ arguments: [String], currentDirectory: URL? = nil) throws
        -> RunningProcess
    {
        try start(executable: executable(name), arguments, currentDirectory: currentDirectory)
    }

    /// Runs the program at `executable` to completion.
    package static func run(executable: URL, _ arguments: [String], currentDirectory: URL? = nil) throws
        -> ProcessOutcome
    {
        try start(executable: executable, arguments, currentDirectory: currentDirectory).finish()
    }

    /// The program `name` found on `PATH`, if any.
    package static func onPath(_ name: String) -> URL? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts the program at `executable` with `arguments`.
    package static func start(
        executable: URL, _ arguments: [String], currentDirectory: URL? = nil,
        input: Data? = nil
    ) throws -> RunningProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(input)
            try stdin.fileHandleForWriting.close()
        }
        return RunningProcess(process: process, out: out, err: err)
    }
}

/// A child process that is running.
package final class RunningProcess: @unchecked Sendable {
    package let process: Process
    let out: Pipe
    let err: Pipe

    init(process: Process, out: Pipe, err: Pipe) {
        self.process = process
        self.out = out
        self.err = err
    }

    /// Reads one line of its standard output (nil at the end).
    package func readLine() -> String? {
        var bytes: [UInt8] = []
        while true {
            let chunk = out.fileHandleForReading.readData(ofLength: 1)
            guard let byte = chunk.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// Sends SIGKILL.
    package func kill() { Foundation.kill(process.processIdentifier, SIGKILL) }

    /// Reads the rest of its output and waits for it to end.
    package func finish() -> ProcessOutcome {
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessOutcome(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal)
    }
}
