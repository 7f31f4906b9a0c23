import GeodeCore

/// A bad value for one slot of a row and what the error refusing it must say;
/// a test argument shown by its slot and message, not its value (some are 16 MB
/// and would fill the test log).
package struct BadValue: Sendable, CustomStringConvertible {
    package var slot: Int
    package var value: Value
    package var message: String

    package init(slot: Int, value: Value, message: String) {
        self.slot = slot
        self.value = value
        self.message = message
    }

    package var description: String { "slot \(slot): \(message)" }
}
