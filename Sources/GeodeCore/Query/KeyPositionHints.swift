/// Where each step of a ``SimplePath`` last found its map key: one scan's
/// memory, written by the thread that runs it.
final class KeyPositionHints {
    let positions: UnsafeMutablePointer<Int>
    private let count: Int

    init(count: Int) {
        self.count = count
        positions = .allocate(capacity: count)
        positions.initialize(repeating: 0, count: count)
    }

    deinit {
        positions.deinitialize(count: count)
        positions.deallocate()
    }
}
