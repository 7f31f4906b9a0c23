// expect: nothing (this file compiles)
import Foundation
import Geode

final class Corner: EmbeddedObject {
    @Persisted var x = 0.0
}

struct A: CustomPersistable { init(persistedValue: Int) {}; var persistableValue: Int { 0 } }
struct B: CustomPersistable { init(persistedValue: Date) {}; var persistableValue: Date { Date() } }
struct C: FailableCustomPersistable { init?(persistedValue: ObjectId) { nil }; var persistableValue: ObjectId { ObjectId() } }
struct D: CustomPersistable { init(persistedValue: Corner) {}; var persistableValue: Corner { Corner() } }
struct E: CustomPersistable { init(persistedValue: Decimal128) {}; var persistableValue: Decimal128 { 0 } }
