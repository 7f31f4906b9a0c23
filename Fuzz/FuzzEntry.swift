import Foundation

// Two ways to run the fuzz targets:
//
// - Built with `make fuzz` (`-sanitize=fuzzer,address -DFUZZING`), libFuzzer's
//   own `main` drives `LLVMFuzzerTestOneInput` with the target named by
//   `GEODE_FUZZ_TARGET` (query, json, document or csv).
// - Built normally, `GeodeFuzz TARGET FILE…` runs each file once through the
//   target: the seed corpus and every crash found so far are replayed by the
//   test suite this way, without libFuzzer.

#if FUZZING
    nonisolated(unsafe) private var selected: FuzzTarget?

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        if selected == nil {
            let name = ProcessInfo.processInfo.environment["GEODE_FUZZ_TARGET"] ?? ""
            guard let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(
                    Data("GEODE_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
                exit(64)
            }
            selected = target
        }
        selected?.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's `main` to `<module>_main`; here that hands
    /// control to libFuzzer's driver.
    @_cdecl("GeodeFuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        var count = argc
        var vector = argv
        return runDriver(&count, &vector, fuzzOneInput)
    }
#else
    @main
    enum Replay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(Data("usage: GeodeFuzz query|json|document|csv FILE…\n".utf8))
                exit(64)
            }
            var ran = 0
            for path in arguments.dropFirst() {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("GeodeFuzz: cannot read \(path)\n".utf8))
                    exit(66)
                }
                bytes.withUnsafeBytes { target.run($0) }
                ran += 1
            }
            print("replayed \(ran) inputs through \(name)")
        }
    }
#endif
