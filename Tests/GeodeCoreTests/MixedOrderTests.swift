import Foundation
import GeodeCore
import Testing

/// realm-core's equality and ordering of mixed values.
@Suite struct MixedOrderTests {
    @Test(
        arguments: [
            (Value.int(1), Value.double(1.0)), (.int(1), .float(1)), (.double(0.5), .float(0.5)),
            (.double(.nan), .float(.nan)), (.string("a"), .string("a")), (.null, .null),
        ] as [(Value, Value)])
    func numbersAreEqualAcrossTypes(a: Value, b: Value) {
        #expect(MixedOrder.equal(a, b))
        #expect(MixedOrder.equal(b, a))
    }

    @Test(
        arguments: [
            (Value.bool(true), Value.int(1)), (.string("1"), .int(1)), (.string("a"), .binary(Array("a".utf8))),
            (.int(Int64(1) << 53 + 1), .double(Double(Int64(1) << 53))), (.int(.max), .double(9.223372036854775807e18)),
        ] as [(Value, Value)])
    func otherKindsNeverEqual(a: Value, b: Value) {
        #expect(!MixedOrder.equal(a, b))
    }

    @Test func kindsSortInRealmsFixedOrder() {
        let ascending: [Value] = [
            .null, .bool(false), .bool(true), .double(.nan), .int(.min), .double(-1.5), .int(0), .float(0.25), .int(1),
            .string(""), .string("a"), .string("b"), .binary([0]), .timestamp(Timestamp(seconds: 0, nanoseconds: 1)),
            .objectId(ObjectIdBytes([UInt8](repeating: 1, count: 12))),
            .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9))),
            .link(Link(table: 1, key: ObjectKey(1))), .list([.int(1)]), .list([.int(1), .int(2)]), .map(["a": .int(1)]),
        ]
        for (i, a) in ascending.enumerated() {
            for (j, b) in ascending.enumerated() {
                let expected: ComparisonResult = i < j ? .orderedAscending : (i > j ? .orderedDescending : .orderedSame)
                #expect(MixedOrder.compare(a, b) == expected, "\(a) vs \(b)")
            }
        }
        #expect(ascending.shuffled().sorted { MixedOrder.compare($0, $1) == .orderedAscending } == ascending)
    }
}
