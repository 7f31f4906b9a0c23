import Foundation
import GeodeCore

/// An engine value, carried through the public protocol.
public struct _EngineValue {
    var value: Value
    init(_ value: Value) { self.value = value }
}
