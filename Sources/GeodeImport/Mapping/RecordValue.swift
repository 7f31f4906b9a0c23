import Foundation
import GeodeCore

/// A record member's value for the property it fills: ISO-8601 strings
/// become dates and base64 strings data when the settings ask for it (JSON
/// has neither); every other value is checked later, by the class's rules.
///
/// ```swift
/// try RecordValue.value(.string("2024-05-01T12:00:00Z"), for: born, settings, at: "/3/born")   // .timestamp(…)
/// ```
package enum RecordValue {
    package static func value(
        _ value: Value, for property: PropertySchema, _ settings: ImportSettings, at pointer: String
    ) throws -> Value {
        guard case let .string(text) = value else { return value }
        if property.type == .date, settings.decodesISODates {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return .timestamp(Timestamp(date)) }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return .timestamp(Timestamp(date)) }
            throw ImportProblem(pointer: pointer, message: "'\(text)' is not an ISO-8601 date")
        }
        if property.type == .data, settings.decodesBase64Data {
            guard let data = Data(base64Encoded: text) else {
                throw ImportProblem(pointer: pointer, message: "'\(text)' is not base64")
            }
            return .binary(Array(data))
        }
        return value
    }
}
