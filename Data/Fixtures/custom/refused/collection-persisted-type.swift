// expect: (aka 'List<String>') does not conform to '_PersistedTypeCandidate'
import Geode

struct Tags: CustomPersistable {
    typealias PersistedType = List<String>
    init(persistedValue: List<String>) {}
    var persistableValue: List<String> { List() }
}
