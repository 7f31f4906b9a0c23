// expect: (aka 'Meters') does not conform to '_PersistedTypeCandidate'
import Geode

struct Meters: CustomPersistable {
    var value: Double
    init(persistedValue: Double) { value = persistedValue }
    var persistableValue: Double { value }
}

struct Height: CustomPersistable {
    typealias PersistedType = Meters
    init(persistedValue: Meters) {}
    var persistableValue: Meters { Meters(persistedValue: 0) }
}
