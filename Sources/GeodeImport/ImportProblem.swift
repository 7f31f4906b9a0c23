/// A record-level problem found while mapping it: JSON pointer (within the
/// record, or from the input's root) and message.
package struct ImportProblem: Error {
    package var pointer: String
    package var message: String

    package init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }
}
