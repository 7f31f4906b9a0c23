extension UnsafeBufferPointer {
    /// Calls `body` with element `i` without copying it.
    ///
    /// Read out of the buffer with its subscript, an element whose payload is
    /// reference-counted (a string, an array) is copied: retained, then
    /// released, around every use, because the compiler cannot prove that
    /// nothing writes to the buffer meanwhile. The engine's encoder and
    /// validator walk millions of values per second, and those two atomic
    /// operations were a third of their time. So `body` gets a bitwise image of
    /// the element instead, neither retained nor released. That is sound as
    /// long as the buffer's owner keeps the element alive and unchanged for the
    /// call, which every caller guarantees by holding the array it came from.
    ///
    /// ```swift
    /// values.withUnsafeBufferPointer { elements in
    ///     for i in elements.indices { elements.withBorrowedElement(at: i) { total += size(of: $0) } }
    /// }
    /// ```
    @inline(__always)
    func withBorrowedElement<R>(at i: Int, _ body: (borrowing Element) throws -> R) rethrows -> R {
        precondition(i >= 0 && i < count, "element index out of range")
        return try withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { slot in
            let image = slot.baseAddress.unsafelyUnwrapped
            UnsafeMutableRawPointer(image).copyMemory(
                from: baseAddress.unsafelyUnwrapped + i,
                byteCount: MemoryLayout<Element>.size)
            let element = image.move()
            defer { image.initialize(to: element) }
            return try body(element)
        }
    }
}
