import Foundation
import GeodeCore
import GeodeJSON
import OrderedCollections

/// The `table` export format: rows are held back until the first
/// `sampleRows` have fixed the columns (the names those rows have, in the
/// order they appear) and their widths, then stream. Given the terminal's
/// width, the widest columns give way until a line fits.
struct TextTable {
    /// Rows that decide the columns and their widths.
    static let sampleRows = 100
    /// The widest a cell gets; longer values end in `…`.
    static let maximumWidth = 48
    /// The narrowest a column gets when lines must fit the terminal.
    static let narrowest = 6

    private var columns: [String]
    private let terminalWidth: Int?
    private var pending: [OrderedDictionary<String, String>] = []
    private var widths: [Int]?

    /// A table of `columns`, or of the columns the first rows name.
    init(columns: [String]? = nil, terminalWidth: Int? = nil) {
        self.columns = columns ?? []
        self.terminalWidth = terminalWidth
    }

    /// Adds one row, cells by column name, writing it (and any held rows) once
    /// the columns are known; a later row's column the sample did not name is not shown.
    mutating func add(_ cells: OrderedDictionary<String, String>, to out: inout String) {
        guard let widths else {
            pending.append(cells)
            if pending.count == Self.sampleRows { settle(&out) }
            return
        }
        write(columns.map { cells[$0] ?? "" }, widths, &out)
    }

    /// Writes what is still held (fewer rows than the sample).
    mutating func finish(_ out: inout String) {
        if widths == nil { settle(&out) }
    }

    private mutating func settle(_ out: inout String) {
        var known = OrderedDictionary<String, Void>(uniqueKeysWithValues: columns.map { ($0, ()) })
        for row in pending { for name in row.keys where known[name] == nil { known[name] = () } }
        columns = Array(known.keys)
        var widths = columns.map(\.count)
        for row in pending {
            for (i, name) in columns.enumerated() { widths[i] = max(widths[i], row[name]?.count ?? 0) }
        }
        if let terminalWidth {
            // Two spaces between columns; the widest gives way first.
            while widths.reduce(2 * (widths.count - 1), +) > terminalWidth,
                let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > Self.narrowest
            {
                widths[widest] -= 1
            }
        }
        self.widths = widths
        write(columns, widths, &out)
        write(widths.map { String(repeating: "-", count: $0) }, widths, &out)
        for row in pending { write(columns.map { row[$0] ?? "" }, widths, &out) }
        pending = []
    }

    /// The width of the terminal `descriptor` writes to, when it is one.
    static func terminalWidth(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init)
    }

    private func write(_ cells: [String], _ widths: [Int], _ out: inout String) {
        var line = ""
        for (i, width) in widths.enumerated() {
            var cell = i < cells.count ? cells[i] : ""
            if cell.count > width { cell = String(cell.prefix(max(width - 1, 0))) + "…" }
            if i > 0 { line += "  " }
            line += i == widths.count - 1 ? cell : cell.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        while line.hasSuffix(" ") { line.removeLast() }
        out += line + "\n"
    }

    /// A value as a cell: strings bare, null empty, a GeoJSON point as
    /// `lon lat`, anything else as compact JSON; at most `maximumWidth` characters.
    static func cell(_ value: Value) throws -> String {
        let text: String
        switch value {
        case .null: text = ""
        case let .string(s): text = s
        case let .map(m):
            if case let .string(type)? = m["type"], type.lowercased() == "point",
                case let .list(coordinates)? = m["coordinates"], coordinates.count >= 2
            {
                text = try coordinates.map(JSONTextEncoder.string).joined(separator: " ")
            } else {
                text = try JSONTextEncoder.string(value)
            }
        default: text = try JSONTextEncoder.string(value)
        }
        let flat = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        return flat.count > maximumWidth ? String(flat.prefix(maximumWidth - 1)) + "…" : flat
    }
}
