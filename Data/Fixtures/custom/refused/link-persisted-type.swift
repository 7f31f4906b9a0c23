// expect: (aka 'Owner') does not conform to '_PersistedTypeCandidate'
import Geode

final class Owner: Object {
    @Persisted var name = ""
}

struct OwnerRef: CustomPersistable {
    typealias PersistedType = Owner
    init(persistedValue: Owner) {}
    var persistableValue: Owner { Owner() }
}
