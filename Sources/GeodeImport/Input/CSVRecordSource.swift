import CSV
import Foundation
import GeodeCore
import GeodeGeo
import GeodeJSON
import OrderedCollections

/// The rows of a CSV or TSV file as import records, read with CSV.swift one
/// row at a time (memory stays flat): a GeoJSON Feature per row when the file
/// has coordinates or a geometry column (its other columns the properties),
/// else a flat record of the columns. Values are typed as ``CSVLayout`` says.
///
/// ```swift
/// var rows = try CSVRecordSource(url: url, format: CSVLayout())
/// while let record = try rows.next() { print(record.value) }
/// ```
package struct CSVRecordSource: RecordSource {
    /// Where a row's geometry comes from.
    enum GeometrySource: Equatable {
        case none
        case coordinates(latitude: Int, longitude: Int)
        case column(Int)
    }

    private let reader: CSVReader
    private let input: CSVInputStream
    private let file: String
    let columns: [String]
    let geometry: GeometrySource
    private let types: [CSVColumnType]
    private let context = GEOSContext()
    /// Made once per file: a formatter per date-like field would cost more than the row.
    private let dayFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter
    }()
    private let timeFormatter = ISO8601DateFormatter()
    private let fractionFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
    private var index = 0
    /// The bytes of the rows read so far (their fields and separators; quotes
    /// not counted): a lower bound of the input read, for progress.
    private(set) var bytesRead = 0

    init(url: URL, format: CSVLayout) throws {
        file = url.lastPathComponent
        guard let delimiter = format.delimiter.unicodeScalars.first, format.delimiter.unicodeScalars.count == 1 else {
            throw ImportError.badOption("the CSV delimiter must be one character")
        }
        // Read as it arrives (a pipe too), one row at a time, each row bounded.
        input = try CSVInputStream(path: url.path)
        do {
            reader = try CSVReader(stream: input, hasHeaderRow: true, delimiter: delimiter)
        } catch {
            if let failure = input.failure { throw Self.failure(file, line: 1, failure.description) }
            if case CSVError.cannotReadHeaderRow = error {
                // No first character: there was no byte, or the bytes do not decode.
                throw Self.failure(
                    file, line: 1,
                    input.bytesRead > 0
                        ? "the text is not UTF-8" : "the input is empty: a header row naming the columns comes first")
            }
            throw Self.failure(file, line: 1, "the header row cannot be read (\(error))")
        }
        try Self.checkNotCut(input, reader, file, line: 1)
        input.rowEnded()
        guard let header = reader.headerRow, !(header.count == 1 && header[0].isEmpty) else {
            throw Self.failure(file, line: 1, "the file has no header row naming its columns")
        }
        let named = header.map { $0.trimmedOfSpaces }
        columns = named
        for (i, name) in named.enumerated() where named[..<i].contains(name) {
            throw Self.failure(file, line: 1, "the column '\(name)' is named twice")
        }
        let source = file
        func column(_ given: String?, _ names: Set<String>) throws -> Int? {
            if let given {
                guard let found = named.firstIndex(of: given) else {
                    throw Self.failure(
                        source, line: 1,
                        "there is no column '\(given)' (the columns are \(named.joined(separator: ", ")))")
                }
                return found
            }
            return named.firstIndex { names.contains($0.lowercased()) }
        }
        let latitude = try column(format.latitudeColumn, CSVLayout.latitudeNames)
        let longitude = try column(format.longitudeColumn, CSVLayout.longitudeNames)
        if (format.latitudeColumn != nil || format.longitudeColumn != nil) && (latitude == nil) != (longitude == nil) {
            let missing = latitude == nil ? "latitude" : "longitude"
            throw Self.failure(
                file, line: 1,
                "a \(missing) column is needed beside the one named, and none was found (the columns are \(named.joined(separator: ", ")))"
            )
        }
        if let latitude, let longitude {
            geometry = .coordinates(latitude: latitude, longitude: longitude)
        } else if let shape = try column(format.geometryColumn, CSVLayout.geometryNames) {
            geometry = .column(shape)
        } else {
            geometry = .none
        }
        types = named.map { format.columnTypes[$0] ?? .automatic }
    }

    var hasGeometry: Bool { geometry != .none }

    mutating func skip() throws -> Bool { try next() != nil }

    mutating func next() throws -> JSONRecordStream.Record? {
        var row: [String]
        var line: Int
        // A blank line reads as one empty field: no record (a loop, so that any number of them is fine).
        repeat {
            guard let read = reader.next() else {
                try Self.checkNotCut(input, reader, file, line: index + 2)
                // CSV.swift ends every input with `cannotReadFile` (no byte after the last one).
                switch reader.error {
                case nil, CSVError.cannotReadFile?: return nil
                case let error?: throw Self.failure(file, line: index + 2, "the file cannot be read on (\(error))")
                }
            }
            try Self.checkNotCut(input, reader, file, line: index + 2)
            input.rowEnded()
            row = read
            line = index + 2
            index += 1
            bytesRead += row.reduce(row.count) { $0 + $1.utf8.count }
        } while row.count == 1 && row[0].isEmpty && columns.count > 1
        guard row.count == columns.count else {
            throw Self.failure(file, line: line, "\(row.count) fields where the header names \(columns.count) columns")
        }
        var properties = OrderedDictionary<String, Value>()
        var shape = Value.null
        for (i, text) in row.enumerated() {
            switch geometry {
            case let .coordinates(latitude, longitude) where i == latitude || i == longitude:
                continue
            case let .column(c) where i == c:
                shape = try geometryValue(text, line: line, column: columns[c])
                continue
            default:
                properties[columns[i]] = try value(text, as: types[i], line: line, column: columns[i])
            }
        }
        let record: Value
        switch geometry {
        case .none:
            record = .map(properties)
        case let .coordinates(latitude, longitude):
            let lat = try coordinate(row[latitude], line: line, column: columns[latitude])
            let lon = try coordinate(row[longitude], line: line, column: columns[longitude])
            if let lat, let lon {
                shape = .map(["type": .string("Point"), "coordinates": .list([.double(lon), .double(lat)])])
            }
            record = Self.feature(shape, properties)
        case .column:
            record = Self.feature(shape, properties)
        }
        return JSONRecordStream.Record(
            tree: JSONTree(value: record), index: index - 1, offset: bytesRead, pointer: "",
            location: (line, 1))
    }

    private static func feature(_ geometry: Value, _ properties: OrderedDictionary<String, Value>) -> Value {
        .map(["type": .string("Feature"), "geometry": geometry, "properties": .map(properties)])
    }

    /// Throws what cut the row on `line` short, if anything did: CSV.swift
    /// ends a row where its stream stops (``CSVInputStream/failure``) or its
    /// text stops decoding, and hands the part before as if it were whole.
    private static func checkNotCut(_ input: CSVInputStream, _ reader: CSVReader, _ file: String, line: Int) throws {
        if let stop = input.failure { throw Self.failure(file, line: line, stop.description) }
        if case CSVError.unicodeDecoding? = reader.error { throw Self.failure(file, line: line, "the text is not UTF-8") }
    }

    /// A latitude or longitude: a number, or nil for an empty field (a row without a point).
    private func coordinate(_ text: String, line: Int, column: String) throws -> Double? {
        let trimmed = text.trimmedOfSpaces
        if trimmed.isEmpty { return nil }
        guard let number = Double(trimmed), number.isFinite else {
            throw Self.failure(file, line: line, "\(column) '\(text)' is not a number")
        }
        return number
    }

    /// A geometry column's value: GeoJSON (`{…}`) or WKT (`POINT (2.35 48.85)`), read by GEOS.
    private func geometryValue(_ text: String, line: Int, column: String) throws -> Value {
        let trimmed = text.trimmedOfSpaces
        if trimmed.isEmpty { return .null }
        do {
            let json = trimmed.hasPrefix("{") ? trimmed : try context.geometry(wkt: trimmed).geoJSON()
            return try JSONReader.parse(json, source: file)
        } catch {
            throw Self.failure(file, line: line, "\(column) is neither WKT nor GeoJSON: \(error)")
        }
    }

    /// A field as its column's type, or as the type it looks like.
    private func value(_ text: String, as type: CSVColumnType, line: Int, column: String) throws -> Value {
        if text.isEmpty && type != .string { return .null }
        func refuse(_ what: String) -> JSONError {
            Self.failure(file, line: line, "\(column) '\(text)' is not \(what)")
        }
        switch type {
        case .string: return .string(text)
        case .integer:
            guard let number = Int64(text.trimmedOfSpaces) else { throw refuse("an integer") }
            return .int(number)
        case .double:
            guard let number = Double(text.trimmedOfSpaces), number.isFinite else {
                throw refuse("a number")
            }
            return .double(number)
        case .bool:
            switch text.trimmedOfSpaces.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw refuse("true or false")
            }
        case .date:
            guard let date = date(text) else { throw refuse("a date (2024-05-01 or 2024-05-01T12:00:00Z)") }
            return .timestamp(Timestamp(date))
        case .automatic:
            return inferred(text)
        }
    }

    /// The value a field looks like (see ``CSVLayout``).
    func inferred(_ text: String) -> Value {
        let lower = text.lowercased()
        if lower == "true" { return .bool(true) }
        if lower == "false" { return .bool(false) }
        let bytes = Array(text.utf8)
        let digits = bytes.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        // A leading zero (`007`, a zip code) keeps the text as it is.
        let leadingZero =
            digits.count > 1 && digits.first == UInt8(ascii: "0") && digits.dropFirst().first != UInt8(ascii: ".")
        if !leadingZero, !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Int64(text)
        {
            return .int(number)
        }
        if !leadingZero, let first = digits.first, first.isDigitOrDot, bytes.allSatisfy(\.isNumberCharacter),
            let number = Double(text), number.isFinite
        {
            return .double(number)
        }
        if bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let date = date(text) {
            return .timestamp(Timestamp(date))
        }
        return .string(text)
    }

    /// A date as `YYYY-MM-DD` (midnight UTC) or ISO 8601 with a time.
    func date(_ text: String) -> Date? {
        let trimmed = text.trimmedOfSpaces
        if trimmed.count == 10 { return dayFormatter.date(from: trimmed) }
        return timeFormatter.date(from: trimmed) ?? fractionFormatter.date(from: trimmed)
    }

    /// A located failure, as a parse error is: the import reports it with the file and line.
    private static func failure(_ file: String, line: Int, _ message: String) -> JSONError {
        .syntax(message: message, source: file, line: line, column: 1, position: 0)
    }
}

private extension UInt8 {
    var isDigitOrDot: Bool { (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || self == UInt8(ascii: ".") }
    /// A byte a decimal number may have: digits, sign, point, exponent.
    var isNumberCharacter: Bool {
        isDigitOrDot || self == UInt8(ascii: "-") || self == UInt8(ascii: "+") || self == UInt8(ascii: "e")
            || self == UInt8(ascii: "E")
    }
}

private extension String {
    /// The string without the spaces and tabs around it, as
    /// `trimmingCharacters(in: .whitespaces)` gives it (Unicode's space
    /// separators and the tab), trimmed here because Foundation's goes
    /// through `NSString` on Linux: a sixth of a CSV import's time went to it.
    var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last, first.isSpace || last.isSpace else { return self }
        guard let start = scalars.firstIndex(where: { !$0.isSpace }),
            let end = scalars.lastIndex(where: { !$0.isSpace })
        else { return "" }
        return String(scalars[start ... end])
    }
}

private extension Unicode.Scalar {
    /// A tab or a space separator (`CharacterSet.whitespaces`).
    var isSpace: Bool {
        value < 0x80 ? value == 0x20 || value == 0x09 : properties.generalCategory == .spaceSeparator
    }
}
