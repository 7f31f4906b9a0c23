import Foundation
import GeodeCore
import GeodeTestSupport
import OrderedCollections
import Testing

/// The document format: what goes in comes out, bit for bit, and one field or
/// path is read without decoding the rest.
@Suite struct DocumentCodecTests {
    private func roundTrip(_ slots: [Value]) throws -> [Value] {
        var writer = DocumentWriter()
        let bytes = writer.encodeDocument(slots)
        return try bytes.withUnsafeBytes { try ContainerView(document: $0).decodeAll() }
    }

    @Test func everyEdgeScalarRoundTrips() throws {
        for value in ValueGenerator.edgeScalars {
            #expect(try roundTrip([value]) == [value], "\(value)")
        }
        #expect(try roundTrip(ValueGenerator.edgeScalars) == ValueGenerator.edgeScalars)
    }

    @Test func doublesWithUpToSevenDecimalsTakeFourBytesAndComeBackBitForBit() throws {
        var writer = DocumentWriter()
        let short = writer.encodeDocument([.double(2.3522219)])
        let long = writer.encodeDocument([.double(.pi)])
        #expect(long.count - short.count == 4)
        let values: [Double] = [
            2.3522219, -179.9999999, 180, -90, 0.1, 19.99, 1, 0, -0.0, 214.7483647, -214.7483647,
            214.7483648, 1e-7, 1e-8, 0.00000015, .pi, .nan, .infinity, -.infinity,
            .leastNonzeroMagnitude, .greatestFiniteMagnitude, 48.856614 + 1e-12,
        ]
        for d in values {
            let back = try roundTrip([.double(d)])
            guard case let .double(b)? = back.first else { Issue.record("\(d) came back as \(back)"); continue }
            #expect(b.bitPattern == d.bitPattern, "\(d) came back as \(b)")
        }
        #expect(ScaledDouble.multiple(of: -0.0) == nil && ScaledDouble.multiple(of: 214.7483648) == nil)
        #expect(ScaledDouble.multiple(of: -214.7483647) == -2_147_483_647)
    }

    /// The short form is chosen by rounding without a library call; it must
    /// pick exactly the doubles that `rounded()` picks, or equal documents
    /// written by different versions would differ in their bytes.
    @Test func theShortDoubleFormIsChosenExactlyAsByRounding() {
        func reference(_ value: Double) -> Int32? {
            let q = (value * 1e7).rounded()
            guard q.magnitude <= Double(Int32.max) else { return nil }
            let n = Int32(q)
            return (Double(n) / 1e7).bitPattern == value.bitPattern ? n : nil
        }
        var random = SeededGenerator(seed: 1e7.bitPattern)
        var candidates: [Double] = [
            0, -0.0, .nan, .infinity, -.infinity, 214.7483647, -214.7483647, 214.7483648,
            0.00000005, -0.00000005, 0.00000015, .ulpOfOne, .leastNonzeroMagnitude,
        ]
        for _ in 0 ..< 100_000 {
            let n = Int32.random(in: .min ... .max, using: &random)
            let exact = Double(n) / 1e7
            let half = (Double(n) + 0.5) / 1e7
            candidates += [
                exact, exact.nextUp, exact.nextDown, half, half.nextUp, half.nextDown,
                Double(bitPattern: random.next()), Double(Int.random(in: -1000 ... 1000, using: &random)) / 1e3,
            ]
        }
        var mismatches = 0
        for d in candidates where ScaledDouble.multiple(of: d) != reference(d) { mismatches += 1 }
        #expect(mismatches == 0)
    }

    @Test func integersUseTheSmallestWidthAndKeepTheirValue() throws {
        var writer = DocumentWriter()
        let small = writer.encodeDocument([.int(5)])
        let large = writer.encodeDocument([.int(.max)])
        #expect(large.count - small.count == 7)
        for i: Int64 in [
            0, 1, -1, 127, -128, 128, -129, 32767, -32768, 32768, 2_147_483_647, -2_147_483_648, 2_147_483_648, .min,
            .max,
        ] {
            #expect(try roundTrip([.int(i)]) == [.int(i)])
        }
    }

    @Test func emptyAndSixteenMegabyteStringsRoundTrip() throws {
        let big = String(repeating: "é", count: Value.maximumStringBytes / 2)
        #expect(try roundTrip([.string(""), .string(big)]) == [.string(""), .string(big)])
        let data = [UInt8](repeating: 7, count: Value.maximumDataBytes)
        #expect(try roundTrip([.binary(data)]) == [.binary(data)])
    }

    @Test func nestingOfOneHundredLevelsRoundTrips() throws {
        let deep = ValueGenerator.nested(levels: Value.maximumNesting)
        #expect(try roundTrip([deep]) == [deep])
    }

    @Test func mapsKeepTheirKeyOrder() throws {
        let map: Value = .map(["zebra": .int(1), "apple": .int(2), "mango": .int(3)])
        let decoded = try roundTrip([map])
        guard case let .map(entries) = decoded[0] else { Issue.record("not a map"); return }
        #expect(Array(entries.keys) == ["zebra", "apple", "mango"])
    }

    @Test(arguments: 0 ..< 8)
    func randomTreesRoundTripAndEncodeDeterministically(seed: Int) throws {
        var generator = ValueGenerator(seed: UInt64(seed) &* 0x1234_5678_9ABC)
        for _ in 0 ..< 200 {
            let slots = (0 ..< Int.random(in: 0 ..< 12, using: &generator.random)).map { _ in generator.value(depth: 6)
            }
            var writer = DocumentWriter()
            let first = writer.encodeDocument(slots)
            let second = writer.encodeDocument(slots)
            #expect(first == second, "equal documents must give equal bytes")
            let decoded = try first.withUnsafeBytes { try ContainerView(document: $0).decodeAll() }
            #expect(decoded == slots)
        }
    }

    @Test func readsOnePropertyWithoutTheOthers() throws {
        var writer = DocumentWriter()
        let slots: [Value] = (0 ..< 20).map { .string("field \($0)") } + [.int(42)]
        let bytes = writer.encodeDocument(slots)
        try bytes.withUnsafeBytes { buffer in
            let document = try ContainerView(document: buffer)
            #expect(document.count == 21)
            #expect(try document.value(at: 13)?.string() == "field 13")
            #expect(try document.value(at: 20)?.int() == 42)
            #expect(try document.value(at: 21) == nil, "a slot past the end reads as absent")
        }
    }

    @Test func readsAPathIntoNestedValues() throws {
        let meta: Value = .map([
            "rank": .int(3), "nested": .map(["a": .list([.int(0), .map(["c": .string("deep")])])]),
        ])
        var writer = DocumentWriter()
        let bytes = writer.encodeDocument([.string("name"), meta])
        try bytes.withUnsafeBytes { buffer in
            let document = try ContainerView(document: buffer)
            #expect(try document.value(atPath: [.index(1), .key("rank")])?.int() == 3)
            let leaf = try document.value(atPath: [.index(1), .key("nested"), .key("a"), .index(1), .key("c")])
            #expect(try leaf?.string() == "deep")
            #expect(try document.value(atPath: [.index(1), .key("missing")]) == nil)
            #expect(try document.value(atPath: [.index(1), .key("nested"), .key("a"), .index(9)]) == nil)
            #expect(try document.value(atPath: [.index(0), .key("x")]) == nil, "a path through a scalar finds nothing")
        }
    }

    @Test func largeContainersUseWideOffsets() throws {
        let list: Value = .list((0 ..< 5000).map { .string("element \($0)") })
        #expect(try roundTrip([list, .int(1)]) == [list, .int(1)])
        var writer = DocumentWriter()
        let bytes = writer.encodeDocument([list])
        try bytes.withUnsafeBytes { buffer in
            let inner = try ContainerView(document: buffer).value(at: 0)?.container()
            #expect(try inner?.value(at: 4999)?.string() == "element 4999")
        }
    }

    /// The writer leaves room for a container's header by guessing its size
    /// from the last document; whatever it guessed, equal documents get equal
    /// bytes, and they read back as written.
    @Test(arguments: 0 ..< 4)
    func aWritersHistoryNeverChangesTheBytes(seed: Int) throws {
        var generator = ValueGenerator(seed: UInt64(seed) + 7)
        let wide: Value = .list((0 ..< 300).map { .string("element \($0)") })
        let long: Value = .string(String(repeating: "x", count: 70_000))
        var documents: [[Value]] = [
            [.int(1)], [wide], [.null], [long, .int(2)], [.list([long])], [.bool(true)],
            [ValueGenerator.nested(levels: 100)], [.map(["k": .string(String(repeating: "y", count: 200))])],
        ]
        for _ in 0 ..< 300 {
            documents.append(
                (0 ..< Int.random(in: 0 ..< 9, using: &generator.random)).map { _ in generator.value(depth: 4) })
        }
        documents.shuffle(using: &generator.random)
        var shared = DocumentWriter()
        for slots in documents {
            var fresh = DocumentWriter()
            let bytes = shared.encodeDocument(slots)
            #expect(bytes == fresh.encodeDocument(slots))
            #expect(try bytes.withUnsafeBytes { try ContainerView(document: $0).decodeAll() } == slots)
        }
    }

    /// Damaged bytes must throw, never crash or read out of bounds.
    @Test(arguments: 0 ..< 4)
    func damagedDocumentsThrowInsteadOfCrashing(seed: Int) throws {
        var generator = ValueGenerator(seed: UInt64(seed) + 99)
        var writer = DocumentWriter()
        var threw = 0
        for _ in 0 ..< 500 {
            let slots = (0 ..< 6).map { _ in generator.value(depth: 4) }
            var bytes = writer.encodeDocument(slots)
            switch Int.random(in: 0 ..< 3, using: &generator.random) {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0 ..< bytes.count, using: &generator.random)))
            case 1:
                for _ in 0 ..< 3 {
                    let i = Int.random(in: 0 ..< bytes.count, using: &generator.random)
                    bytes[i] = UInt8.random(in: 0 ... 255, using: &generator.random)
                }
            default: bytes = (0 ..< bytes.count).map { _ in UInt8.random(in: 0 ... 255, using: &generator.random) }
            }
            do {
                _ = try bytes.withUnsafeBytes { try ContainerView(document: $0).decodeAll() }
            } catch is StoreError {
                threw += 1
            }
        }
        #expect(threw > 0, "some damage must be detected")
    }
}
