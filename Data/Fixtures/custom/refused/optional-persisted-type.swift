// expect: (aka 'Optional<String>') does not conform to '_PersistedTypeCandidate'
import Geode

struct Nickname: CustomPersistable {
    typealias PersistedType = String?
    init(persistedValue: String?) {}
    var persistableValue: String? { nil }
}
