import Foundation
import Geode
import GeodeTestSupport
import Testing

/// Random objects of every property type survive write, reopen and read.
@Suite struct RoundTripPropertyTests {
    struct Expected {
        var name: String
        var age: Int?
        var weight: Double
        var tags: [String]
        var scores: [Int?]
        var toy: String?
        var kind: Model.Kind
        var born: Date
        var photo: Data
        var tag: UUID?
        var small: Int8
        var ratio: Float
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomObjectsRoundTripThroughReopening(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var values = ValueGenerator(seed: seed)
        func string() -> String { values.string() }
        var expected: [Int: Expected] = [:]
        let directory = try TemporaryDirectory()
        let url = directory.url.appendingPathComponent("roundtrip.geode")
        do {
            let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Model.Pet.self]))
            try realm.write {
                for id in 0 ..< 200 {
                    let e = Expected(
                        name: string(),
                        age: Bool.random(using: &random) ? nil : Int.random(in: .min ... .max, using: &random),
                        weight: Double(
                            bitPattern: UInt64.random(in: 0 ... .max, using: &random) & 0x7FEF_FFFF_FFFF_FFFF),
                        tags: (0 ..< Int.random(in: 0 ..< 5, using: &random)).map { _ in string() },
                        scores: (0 ..< Int.random(in: 0 ..< 5, using: &random)).map { _ in
                            Bool.random(using: &random) ? nil : Int.random(in: -1000 ... 1000, using: &random)
                        },
                        toy: Bool.random(using: &random) ? nil : string(),
                        kind: Bool.random(using: &random) ? .dog : .cat,
                        born: Date(
                            timeIntervalSince1970: Double(Int64.random(in: -(1 << 40) ... (1 << 40), using: &random))
                                / 1000),
                        photo: Data(
                            (0 ..< Int.random(in: 0 ..< 64, using: &random)).map { _ in
                                UInt8.random(in: 0 ... 255, using: &random)
                            }),
                        tag: Bool.random(using: &random) ? nil : UUID(),
                        small: Int8.random(in: .min ... .max, using: &random),
                        ratio: Float.random(in: -1e6 ... 1e6, using: &random))
                    expected[id] = e
                    let pet = Model.Pet()
                    pet.id = id
                    pet.name = e.name
                    pet.age = e.age
                    pet.weight = e.weight
                    pet.tags.append(objectsIn: e.tags)
                    pet.scores.append(objectsIn: e.scores)
                    pet.toy = e.toy.map { Model.Toy(value: ["name": $0]) }
                    pet.kind = e.kind
                    pet.born = e.born
                    pet.photo = e.photo
                    pet.tag = e.tag
                    pet.small = e.small
                    pet.ratio = e.ratio
                    realm.add(pet)
                }
            }
        }
        let realm = try Realm(configuration: Realm.Configuration(fileURL: url, objectTypes: [Model.Pet.self]))
        #expect(realm.objects(Model.Pet.self).count == expected.count)
        for pet in realm.objects(Model.Pet.self) {
            guard let e = expected[pet.id] else { Issue.record("unexpected id \(pet.id)"); continue }
            #expect(pet.name == e.name)
            #expect(pet.age == e.age)
            #expect(pet.weight.bitPattern == e.weight.bitPattern)
            #expect(Array(pet.tags) == e.tags)
            #expect(Array(pet.scores) == e.scores)
            #expect(pet.toy?.name == e.toy)
            #expect(pet.kind == e.kind)
            #expect(abs(pet.born.timeIntervalSince(e.born)) < 1e-6, "dates keep microseconds")
            #expect(pet.photo == e.photo)
            #expect(pet.tag == e.tag)
            #expect(pet.small == e.small)
            #expect(pet.ratio.bitPattern == e.ratio.bitPattern)
        }
    }
}
