import GeodeCore
import GeodeJSON

/// The `table` export format: rows are held back until the first
/// `sampleRows` have fixed the column widths, then stream.
struct TextTable {
    /// Rows that decide the column widths.
    static let sampleRows = 100
    /// The widest a cell gets; longer values end in `…`.
    static let maximumWidth = 48

    let columns: [String]
    private var pending: [[String]] = []
    private var widths: [Int]?

    init(columns: [String]) { self.columns = columns }

    /// Adds one row, writing it (and any held rows) once the widths are known.
    mutating func add(_ cells: [String], to out: inout String) {
        guard let widths else {
            pending.append(cells)
            if pending.count == Self.sampleRows { settle(&out) }
            return
        }
        write(cells, widths, &out)
    }

    /// Writes what is still held (fewer rows than the sample).
    mutating func finish(_ out: inout String) {
        if widths == nil { settle(&out) }
    }

    private mutating func settle(_ out: inout String) {
        var widths = columns.map(\.count)
        for row in pending {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        self.widths = widths
        write(columns, widths, &out)
        write(widths.map { String(repeating: "-", count: $0) }, widths, &out)
        for row in pending { write(row, widths, &out) }
        pending = []
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
               case let .list(coordinates)? = m["coordinates"], coordinates.count >= 2 {
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
