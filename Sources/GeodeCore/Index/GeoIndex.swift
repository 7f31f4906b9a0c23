import GeodeGeo
import Foundation

/// The spatial index of one geometry property: `geo/<Class>/<property>`.
///
/// A point is one entry: key = its leaf cell id (8 bytes, big-endian) + the
/// object key (1-8 bytes, big-endian), value = the point's longitude and
/// latitude (two little-endian int32 multiples of 10⁻⁷ degree when exact,
/// else two doubles), so a query refines point candidates exactly without
/// reading their documents.
///
/// Any other geometry (a line, a polygon, a collection…) is covered by a few
/// quadtree cells, as S2 and MongoDB's 2dsphere index cover shapes: one
/// entry per cell, key = the cell's first leaf id + the object key, value =
/// the cell's level (one byte, 0x40 added when it is the object's only
/// cell), then the envelope of the object's shape
/// positions (west, south, east, north as little-endian Float32, rounded
/// outward), so that a planar query decides most candidates — wholly inside
/// a box, or clear of the shape — without reading their documents. A query finds the cells that start inside
/// its ranges by scanning them, and the larger cells that start before a
/// range and reach into it by looking up, level by level, the cell holding
/// the range's first leaf. The levels in use are kept under the 8-byte key
/// ``levelsKey`` (a little-endian bit set), so an index without shapes costs
/// no lookup. Shape candidates are then tested exactly on their documents.
///
/// A geometry property holds an embedded object with a `type` string and
/// `coordinates` — a list of doubles (Realm's geo point) or an AnyRealmValue
/// of nested lists (any GeoJSON geometry) — singly or in a list. Malformed
/// geometries are not indexed (they never match).
///
/// The entries live in two trees: `geo/<Class>/<property>` holds most of
/// them, in the order merges wrote them, and `geo+/<Class>/<property>` those
/// written since the last merge. Points arrive in no spatial order, so each
/// write transaction that adds them to one large tree touches pages all over
/// it, and LMDB copies (and writes) every page a transaction touches:
/// importing 10,000,000 places in batches of 10,000 wrote 127 GB for a
/// 2.8 GB store, most of it index pages. New entries go to the
/// small tree, whose few pages a batch shares; once it holds more than a
/// sixteenth of the large one (and at least ``mergeFloor`` entries) it is
/// merged into it in key order, an eighth in each transaction that writes
/// the index (``mergeIfGrown(_:)``), each step touching one stretch of the
/// large tree once. Scans read both trees, and a step moves whole entries,
/// so readers always see every entry.
///
/// A bulk writer (an import) goes further: its points wait in a
/// ``BulkLoad`` and reach the large tree in runs of a million, sorted,
/// while queries read documents instead of the index (see
/// ``BulkLoadRecord``). The recent tree and its merges then only serve other
/// writes: at ten million places they had cost the import as much again as
/// writing the documents.
package struct GeoIndex: Sendable {
    package let property: String
    let slot: Int
    let slots: GeometrySlots
    let isList: Bool
    /// The merged entries.
    let database: Database
    /// The entries written since the last merge; nil in a store opened
    /// read-only that was written before the index had two trees.
    let recent: Database?
    /// The store's `meta` database, where a bulk load under way is recorded
    /// (see ``BulkLoadRecord``); nil where no bulk load may run.
    var loads: Database? = nil

    /// What one object puts in the index for this property.
    struct Footprint: Sendable {
        /// Its points (a Point geometry each).
        var points: [(Double, Double)] = []
        /// The cells covering its other geometries.
        var blocks: [SpatialCell.Block] = []
        /// The envelope of those geometries' positions, in longitude/latitude.
        var envelope: GeoRect?
    }

    /// The geometry properties of `cls` in `schema`, with where their parts are.
    static func properties(of cls: ClassSchema, in schema: Schema) -> [(property: PropertySchema, slots: GeometrySlots)]
    {
        cls.storedProperties.compactMap { p in
            guard p.type == .object, p.collection == .single || p.collection == .list,
                let target = schema[p.objectClassName ?? ""], target.isEmbedded, let slots = target.geometrySlots
            else { return nil }
            return (p, slots)
        }
    }

    static func databaseName(_ cls: String, _ property: String) -> String { "geo/\(cls)/\(property)" }

    /// The database of the entries written since the last merge.
    static func recentDatabaseName(_ cls: String, _ property: String) -> String { "geo+/\(cls)/\(property)" }

    /// Both databases of the index.
    static func databaseNames(_ cls: String, _ property: String) -> [String] {
        [databaseName(cls, property), recentDatabaseName(cls, property)]
    }

    /// The databases holding entries, the merged one first.
    var trees: [Database] { recent.map { [database, $0] } ?? [database] }

    /// Whether the property may hold geometries other than points (so that its
    /// index may hold shape cells).
    var holdsShapes: Bool { slots.holdsAnyGeometry }

    // MARK: Footprints

    /// The footprint of this property in a document being written.
    func footprint(in row: [Value]) -> Footprint {
        var footprint = Footprint()
        guard slot < row.count else { return footprint }
        switch row[slot] {
        case let .embedded(fields): add(geometry(fields), to: &footprint)
        case let .list(items):
            for case let .embedded(fields) in items { add(geometry(fields), to: &footprint) }
        default: break
        }
        return footprint
    }

    /// The geometry of an embedded object's fields; nil when malformed.
    private func geometry(_ fields: [Value]) -> GeometryValue? {
        guard slots.type < fields.count, slots.coordinates < fields.count, case let .string(type) = fields[slots.type]
        else { return nil }
        if !slots.holdsAnyGeometry {
            guard Self.isPointType(type), case let .list(coordinates) = fields[slots.coordinates],
                coordinates.count >= 2, case let .double(lon) = coordinates[0], case let .double(lat) = coordinates[1],
                Self.valid(lon, lat)
            else { return nil }
            return .point(GeoCoordinate(longitude: lon, latitude: lat))
        }
        // Points first, read straight from their numbers: most geometries written are points.
        if Self.isPointType(type), case let .list(coordinates) = fields[slots.coordinates], coordinates.count >= 2,
            let lon = coordinates[0].coordinate, let lat = coordinates[1].coordinate
        {
            return Self.valid(lon, lat) ? .point(GeoCoordinate(longitude: lon, latitude: lat)) : nil
        }
        let geometries = slots.geometries.flatMap { $0 < fields.count ? fields[$0] : nil }
        return Self.geometry(type: type, coordinates: fields[slots.coordinates], geometries: geometries)
    }

    /// A stored geometry read as GeoJSON reads it (the type in any letter
    /// case); nil when malformed. Polygons are not tested with GEOS again: they
    /// were when written (one whose rings S2 or GEOS cannot build matches nothing).
    static func geometry(type: String, coordinates: Value, geometries: Value?) -> GeometryValue? {
        guard
            let canonical = GeometryRules.types.contains(type)
                ? type : GeometryRules.types.first(where: { $0.lowercased() == type.lowercased() })
        else { return nil }
        return try? GeometryRules.geometry(
            type: canonical, coordinates: coordinates, geometries: geometries, checkingPolygons: false)
    }

    private func add(_ geometry: GeometryValue?, to footprint: inout Footprint) {
        guard let geometry else { return }
        if let p = geometry.onePoint {
            footprint.points.append((p.longitude, p.latitude))
        } else if let rect = Self.envelope(of: geometry) {
            footprint.blocks.append(contentsOf: Self.blocks(of: geometry, envelope: rect))
            footprint.envelope = footprint.envelope.map { $0.union(rect) } ?? rect
        }
    }

    /// The envelope of a geometry's positions; nil when it has none.
    static func envelope(of geometry: GeometryValue) -> GeoRect? {
        let positions = geometry.positions
        guard let first = positions.first else { return nil }
        var rect = GeoRect(west: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
        for p in positions.dropFirst() {
            rect.west = min(rect.west, p.longitude)
            rect.east = max(rect.east, p.longitude)
            rect.south = min(rect.south, p.latitude)
            rect.north = max(rect.north, p.latitude)
        }
        return rect
    }

    /// The cells a non-point geometry is indexed by: cells holding what bounds
    /// it on the sphere (S2's bound of its geodesic edges) and on the plane
    /// (the envelope of its positions), so that queries of either edge model
    /// find it. A small shape (under a degree each way, clear of the poles)
    /// gets the few cells that hold both bounds joined; any other, a cover of each.
    static func blocks(of geometry: GeometryValue, envelope rect: GeoRect) -> [SpatialCell.Block] {
        if rect.east - rect.west < 1, rect.north - rect.south < 1, rect.north < 85, rect.south > -85,
            let geodesic = SphereGeometry.chainBounds(geometry.positions)
        {
            // Joining every position in one chain only adds edges inside the shape's small bound.
            return SpatialCell.blocks(holding: rect.union(geodesic))
        }
        var blocks = Set(SpatialCell.blocks(covering: [rect]))
        if let sphere = try? SphereGeometry(geometry) {
            blocks.formUnion(SpatialCell.blocks(covering: sphere.bounds))
        } else {
            blocks.formUnion(SpatialCell.blocks(covering: [GeoRect.world]))
        }
        // Cells inside other cells add nothing: a query finds the larger one.
        let sorted = blocks.sorted { ($0.start, $0.level) < ($1.start, $1.level) }
        var kept: [SpatialCell.Block] = []
        for block in sorted {
            if let last = kept.last, block.start < last.start + last.leafCount { continue }
            kept.append(block)
        }
        return kept
    }

    /// Whether a `type` value says "Point", in any letter case (compared on
    /// the bytes: this runs for every point written and every candidate tested).
    static func isPointType(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == 5 else { return false }
        for (byte, wanted) in zip(bytes, "point".utf8) where byte | 0x20 != wanted { return false }
        return true
    }

    static func isPointType(_ type: String) -> Bool {
        var type = type
        return type.withUTF8 { isPointType(UnsafeRawBufferPointer($0)) }
    }

    static func valid(_ lon: Double, _ lat: Double) -> Bool {
        lon.isFinite && lat.isFinite && abs(lon) <= 180 && abs(lat) <= 90
    }

    /// The footprint of this property in a stored document.
    func footprint(in document: ContainerView) throws -> Footprint {
        var footprint = Footprint()
        guard let value = try document.value(at: slot), let container = try value.container() else { return footprint }
        if container.kind == .embedded {
            add(try Self.geometry(in: container, slots), to: &footprint)
            return footprint
        }
        for i in 0 ..< container.count {
            if let element = try container.value(at: i)?.container() {
                add(try Self.geometry(in: element, slots), to: &footprint)
            }
        }
        return footprint
    }

    /// The geometry of a stored geometry object; nil when malformed.
    static func geometry(in embedded: ContainerView, _ slots: GeometrySlots) throws -> GeometryValue? {
        guard embedded.kind == .embedded else { return nil }
        if !slots.holdsAnyGeometry {
            return try point(in: embedded, slots).map { .point(GeoCoordinate(longitude: $0.0, latitude: $0.1)) }
        }
        guard let type = try embedded.value(at: slots.type)?.string(),
            let coordinates = try embedded.value(at: slots.coordinates)
        else { return nil }
        if isPointType(type), let p = try point(in: embedded, slots) {
            return .point(GeoCoordinate(longitude: p.0, latitude: p.1))
        }
        let geometries = try slots.geometries.flatMap { try embedded.value(at: $0)?.decode() }
        return geometry(type: type, coordinates: try coordinates.decode(), geometries: geometries)
    }

    /// The longitude and latitude of a stored GeoJSON point; nil when malformed.
    static func point(in embedded: ContainerView, _ slots: GeometrySlots) throws -> (Double, Double)? {
        guard embedded.kind == .embedded,
            let type = try embedded.value(at: slots.type)?.stringBytes(), isPointType(type),
            let coordinates = try embedded.value(at: slots.coordinates)?.container(), coordinates.count >= 2,
            let lon = try coordinates.value(at: 0)?.number(), let lat = try coordinates.value(at: 1)?.number(),
            valid(lon, lat)
        else { return nil }
        return (lon, lat)
    }

    // MARK: Entries

    /// An entry's key: the point's cell (8 bytes, big-endian), then the object
    /// key in as few big-endian bytes as hold it (entries of one cell need no order).
    static func entryKey(_ lon: Double, _ lat: Double, _ key: ObjectKey) -> [UInt8] {
        entryKey(cell: SpatialCell.id(longitude: lon, latitude: lat), key)
    }

    static func entryKey(cell: UInt64, _ key: ObjectKey) -> [UInt8] {
        withEntry(cell: cell, key, 0, 0) { bytes, _ in Array(bytes) }
    }

    /// An entry's value: the point, as two 32-bit multiples of 10⁻⁷ degree
    /// when that is exact (coordinates written with up to 7 decimals, as
    /// GeoJSON usually has them), otherwise as two doubles.
    static func entryValue(_ lon: Double, _ lat: Double) -> [UInt8] {
        withEntry(cell: 0, ObjectKey(0), lon, lat) { _, bytes in Array(bytes) }
    }

    /// Calls `body` with the key and value of the entry of point (`lon`,
    /// `lat`) of object `key` in cell `cell` (see ``entryKey(cell:_:)`` and
    /// ``entryValue(_:_:)``), laid out on the stack: an import adds one per
    /// point, and making them as arrays was a sixth of the index's upkeep.
    @inline(__always)
    static func withEntry<T>(
        cell: UInt64, _ key: ObjectKey, _ lon: Double, _ lat: Double,
        _ body: (_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T {
        var keyBytes: (UInt64, UInt64) = (cell.bigEndian, 0)
        var valueBytes: (UInt64, UInt64)
        let valueCount: Int
        if let x = ScaledDouble.multiple(of: lon), let y = ScaledDouble.multiple(of: lat) {
            valueBytes = ((UInt64(UInt32(bitPattern: x)) | UInt64(UInt32(bitPattern: y)) << 32).littleEndian, 0)
            valueCount = 8
        } else {
            valueBytes = (lon.bitPattern.littleEndian, lat.bitPattern.littleEndian)
            valueCount = 16
        }
        return try withUnsafeMutableBytes(of: &keyBytes) { keyBuffer in
            let keyCount = 8 + key.writeShortBigEndian(into: UnsafeMutableRawBufferPointer(rebasing: keyBuffer[8...]))
            return try withUnsafeBytes(of: &valueBytes) { valueBuffer in
                try body(
                    UnsafeRawBufferPointer(rebasing: keyBuffer[..<keyCount]),
                    UnsafeRawBufferPointer(rebasing: valueBuffer[..<valueCount]))
            }
        }
    }

    /// Adds object `key`'s entries (and marks it for a bulk load under way,
    /// see ``noteChange(of:_:)``).
    func add(_ footprint: Footprint, _ key: ObjectKey, _ txn: WriteTransaction) throws {
        try noteChange(of: key, txn)
        for (lon, lat) in footprint.points {
            try add(cell: SpatialCell.id(longitude: lon, latitude: lat), lon, lat, key, txn)
        }
        try addShapes(of: footprint, key, txn)
        mergeBeforeCommit(txn)
    }

    /// Adds the entry of point (`lon`, `lat`) of object `key`, whose cell is
    /// `cell`; the caller, which adds many, calls ``mergeBeforeCommit(_:)`` once.
    /// With `merged`, the entry goes to the merged tree (a bulk load adds in key order).
    func add(
        cell: UInt64, _ lon: Double, _ lat: Double, _ key: ObjectKey, _ txn: WriteTransaction, merged: Bool = false
    ) throws {
        let tree = merged ? database : recent ?? database
        try Self.withEntry(cell: cell, key, lon, lat) { try txn.put(tree, key: $0, value: $1) }
    }

    /// Has the transaction, when it commits, take the next step of merging
    /// the recent tree if it has grown (``mergeIfGrown(_:)``): once however many
    /// entries it added.
    func mergeBeforeCommit(_ txn: WriteTransaction) {
        guard recent != nil, txn.claimOnce(database.name) else { return }
        txn.onCommit { try self.mergeIfGrown(txn) }
    }

    /// The fewest entries the recent tree holds before a merge: below it, the
    /// tree has a few hundred pages, and merging often would rewrite the
    /// merged tree for little.
    static let mergeFloor = 4096

    /// Where a merge under way goes on from: a key in the merged tree, past
    /// every cell id (they have 52 bits) and before ``levelsKey``, whose value
    /// is the first entry key of the recent tree not merged yet.
    static let mergePositionKey = [UInt8](repeating: 0xFF, count: 7) + [0xFE]

    /// Merges part of the recent tree into the other once it holds more than a
    /// sixteenth of it (and more than ``mergeFloor`` entries): each call moves
    /// the next eighth of the recent entries, in key order, so that a merge is
    /// spread over about eight transactions, each copying the pages of one stretch
    /// of the merged tree once (a whole merge in one transaction held every
    /// page of the large tree in memory). A transaction moves whole entries,
    /// so every reader finds each entry in one tree or the other.
    ///
    /// With `finishing` (a bulk writer done writing), a merge starts whatever
    /// the recent tree's size, each step moves ``finishingStep`` entries, and
    /// the mapped pages read are released every `release` entries
    /// (``finishingRelease``).
    /// Returns whether the merge has steps left.
    @discardableResult
    func mergeIfGrown(
        _ txn: WriteTransaction, finishing: Bool = false, releasingEvery release: Int = finishingRelease
    ) throws -> Bool {
        guard let recent else { return false }
        let pending = try txn.count(recent)
        // Nil when no merge is under way.
        let position = try txn.get(database, key: Self.mergePositionKey).map(Array.init)
        guard pending > 0 else {
            if position != nil { try txn.delete(database, key: Self.mergePositionKey) }
            return false
        }
        if position == nil, !finishing {
            let merged = try txn.count(database)
            guard pending > max(Self.mergeFloor, merged / 16) else { return false }
        }
        let limit = finishing ? Self.finishingStep : max(Self.mergeFloor / 8, pending / 8)
        // In key order: each page of the merged tree is copied once, however many entries land on it.
        // Each entry leaves the recent tree through the cursor that read it, which looking it up
        // again with `mdb_del` took half a merge's time.
        var moved = 0
        var next: [UInt8]?
        try {
            let cursor = try txn.cursor(recent)
            var entry = try position.map { try cursor.seek(atLeast: $0) } ?? cursor.first()
            while let (key, value) = entry {
                guard moved < limit else {
                    next = Array(key)
                    return
                }
                try txn.put(database, key: key, value: value)
                try cursor.deleteCurrent()
                moved += 1
                if finishing, moved % release == 0 { txn.environment.releaseMappedPages() }
                entry = try cursor.next()
            }
        }()
        if let next {
            try txn.put(database, key: Self.mergePositionKey, value: next)
            return true
        }
        if position != nil { try txn.delete(database, key: Self.mergePositionKey) }
        // Entries that arrived below the position during the merge are merged by the next one.
        guard finishing else { return false }
        return try txn.count(recent) > 0
    }

    /// The entries a finishing merge moves in one transaction: a step copies
    /// the stretch of the large tree they land in, each page once (they go in
    /// key order). Steps a quarter this size took the 10M-place import about
    /// 10 % longer in alternating runs (four times the commits).
    static let finishingStep = 1 << 17

    /// How many entries a finishing merge moves between releases of the
    /// mapped pages it read (``Environment/releaseMappedPages()``). The pages
    /// of the large tree a step reads count in the process's resident memory
    /// until released: a step of ``finishingStep`` entries reads about 200 MB
    /// of them at ten million places, which took the import's peak from about
    /// 270 to 475 MB. The map is read-only, so a released page comes back from
    /// the page cache at its next read, and pointers into it stay good.
    static let finishingRelease = 1 << 14

    /// Adds the entries of cells covering object `key`'s shapes, and their levels to the set in use.
    func addShapes(of footprint: Footprint, _ key: ObjectKey, _ txn: WriteTransaction) throws {
        guard !footprint.blocks.isEmpty else { return }
        var levels = try self.levels(txn)
        let before = levels
        for block in footprint.blocks {
            try txn.put(
                recent ?? database, key: Self.entryKey(cell: block.start, key),
                value: Self.shapeEntryValue(
                    level: block.level, only: footprint.blocks.count == 1, envelope: footprint.envelope))
            levels |= 1 << UInt32(block.level)
        }
        mergeBeforeCommit(txn)
        if levels != before {
            try txn.put(database, key: Self.levelsKey, value: withUnsafeBytes(of: levels.littleEndian, Array.init))
        }
    }

    /// A shape cell's entry value: its level (with ``onlyCellFlag`` when it is
    /// the object's only cell), then the envelope rounded outward to Float32
    /// (so that every test on it errs on the side of reading the document).
    static func shapeEntryValue(level: Int, only: Bool, envelope: GeoRect?) -> [UInt8] {
        var bytes = [UInt8(level) | (only ? onlyCellFlag : 0)]
        guard let e = envelope else { return bytes }
        func append(_ x: Double, down: Bool) {
            var f = Float(x)
            if down, Double(f) > x { f = f.nextDown }
            if !down, Double(f) < x { f = f.nextUp }
            withUnsafeBytes(of: f.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(e.west, down: true)
        append(e.south, down: true)
        append(e.east, down: false)
        append(e.north, down: false)
        return bytes
    }

    /// Marks a shape cell that is its object's only one: found once inside a
    /// range, it cannot be found again there.
    static let onlyCellFlag: UInt8 = 0x40

    /// The envelope a shape cell's entry value holds; nil when it holds the level alone.
    static func envelope(inShapeEntry v: UnsafeRawBufferPointer) -> GeoRect? {
        guard v.count == 17 else { return nil }
        func float(_ at: Int) -> Double {
            Double(Float(bitPattern: UInt32(littleEndian: v.loadUnaligned(fromByteOffset: at, as: UInt32.self))))
        }
        return GeoRect(west: float(1), south: float(5), east: float(9), north: float(13))
    }

    /// Removes object `key`'s entries from whichever tree holds them (the
    /// set of levels in use only grows).
    func remove(_ footprint: Footprint, _ key: ObjectKey, _ txn: WriteTransaction) throws {
        try noteChange(of: key, txn)
        func remove(_ entry: [UInt8]) throws {
            if let recent, try txn.delete(recent, key: entry) { return }
            _ = try txn.delete(database, key: entry)
        }
        for (lon, lat) in footprint.points { try remove(Self.entryKey(lon, lat, key)) }
        for block in footprint.blocks { try remove(Self.entryKey(cell: block.start, key)) }
    }

    /// The key of the set of shape-cell levels in use: 8 bytes, past every cell id (they have 52 bits).
    static let levelsKey = [UInt8](repeating: 0xFF, count: 8)

    /// The levels of the shape cells in the index, as a bit set (bit `l` for level `l`).
    func levels(_ txn: Transaction) throws -> UInt32 {
        guard let bytes = try txn.get(database, key: Self.levelsKey) else { return 0 }
        guard bytes.count == 4 else {
            throw StoreError.corruptDocument(detail: "geo index level set of \(bytes.count) bytes", offset: 0)
        }
        return UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self))
    }

    /// The leaf ranges a query of `region` scans.
    static func cover(_ region: any GeoRegion) -> [ClosedRange<UInt64>] {
        SpatialCell.cover(region.bounds, maxCells: region.coverCells, excludes: region.exclusion)
    }

    /// Calls `body` with the key and point of every point entry in the cells
    /// covering `region`, until it returns false; with `shapes`, calls it
    /// with the key of every object one of whose shape cells meets those
    /// cells, the envelope of its shapes when the entry holds it, and whether
    /// this is the only time the scan reports the object (its only cell, lying
    /// inside one range); the caller removes the other repeats. The cursor seeks
    /// only when the entry it stands on lies before the next range (ranges
    /// are sorted and disjoint).
    /// Each tree is scanned in turn (an object's entries are all in one).
    func scan(
        _ region: any GeoRegion, _ txn: Transaction, shapes: ((ObjectKey, GeoRect?, Bool) throws -> Void)? = nil,
        _ body: (ObjectKey, Double, Double) throws -> Bool
    ) throws {
        let levels = shapes != nil && holdsShapes ? try self.levels(txn) : 0
        guard try scan(database, region, txn, levels: levels, shapes: shapes, body) else { return }
        if let recent, try txn.count(recent) > 0 {
            try scan(recent, region, txn, levels: levels, shapes: shapes, body)
        }
    }

    /// ``scan(_:_:shapes:_:)`` over one tree; false when `body` stopped it.
    @discardableResult
    private func scan(
        _ tree: Database, _ region: any GeoRegion, _ txn: Transaction, levels: UInt32,
        shapes: ((ObjectKey, GeoRect?, Bool) throws -> Void)?, _ body: (ObjectKey, Double, Double) throws -> Bool
    ) throws -> Bool {
        let cursor = try txn.cursor(tree)
        // A second cursor looks up the larger cells, so that the first keeps its place.
        let holding = levels != 0 ? try txn.cursor(tree) : nil
        var completed = true
        try SpatialCell.withCover(region.bounds, maxCells: region.coverCells, excludes: region.exclusion) { ranges in
            var entry: (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)?
            var positioned = false
            for range in ranges {
                if let holding, let shapes {
                    // Larger cells that start before the range and reach into it hold its first leaf.
                    try cellsHolding(range.lowerBound, levels: levels, holding, shapes)
                }
                if positioned {
                    // A few steps are cheaper than a seek when the gap holds few entries.
                    var steps = 0
                    while let e = entry, Self.cell(of: e.key) < range.lowerBound, steps < Self.stepsBeforeSeek {
                        entry = try cursor.next()
                        steps += 1
                    }
                }
                if !positioned || entry.map({ Self.cell(of: $0.key) < range.lowerBound }) == true {
                    entry = try withUnsafeBytes(of: range.lowerBound.bigEndian) { try cursor.seek(atLeast: $0) }
                    positioned = true
                }
                while let (k, v) = entry {
                    if Self.cell(of: k) > range.upperBound { break }
                    guard k.count > 8, k.count <= 16, v.count == 8 || v.count == 16 || v.count == 1 || v.count == 17
                    else {
                        throw StoreError.corruptDocument(
                            detail: "geo index entry of \(k.count)/\(v.count) bytes", offset: 0)
                    }
                    let objectKey = ObjectKey(shortBigEndian: UnsafeRawBufferPointer(rebasing: k[8...]))
                    if v.count == 1 || v.count == 17 {
                        let cell = SpatialCell.Block(start: Self.cell(of: k), level: Int(v[0] & ~Self.onlyCellFlag))
                        let once = v[0] & Self.onlyCellFlag != 0 && cell.level <= SpatialCell.level
                            && cell.start + (cell.leafCount - 1) <= range.upperBound
                        try shapes?(objectKey, Self.envelope(inShapeEntry: v), once)
                        entry = try cursor.next()
                        continue
                    }
                    let lon: Double, lat: Double
                    if v.count == 8 {
                        lon = ScaledDouble.double(Int32(littleEndian: v.loadUnaligned(as: Int32.self)))
                        lat = ScaledDouble.double(
                            Int32(littleEndian: v.loadUnaligned(fromByteOffset: 4, as: Int32.self)))
                    } else {
                        lon = Double(bitPattern: UInt64(littleEndian: v.loadUnaligned(as: UInt64.self)))
                        lat = Double(
                            bitPattern: UInt64(littleEndian: v.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                    }
                    if try !body(objectKey, lon, lat) {
                        completed = false
                        return
                    }
                    entry = try cursor.next()
                }
                if entry == nil, levels == 0 { return }
            }
        }
        return completed
    }

    /// Calls `shapes` with the objects whose shape cells of a level in
    /// `levels` start before `leaf` and hold it.
    private func cellsHolding(
        _ leaf: UInt64, levels: UInt32, _ cursor: Cursor, _ shapes: (ObjectKey, GeoRect?, Bool) throws -> Void
    ) throws {
        var looked: UInt64?  // cells of several levels may start at one leaf: the deepest is looked up first
        for level in (0 ..< SpatialCell.level).reversed() where levels & (1 << UInt32(level)) != 0 {
            let block = SpatialCell.Block.containing(leaf, at: level)
            guard block.start < leaf, block.start != looked else { continue }
            looked = block.start
            var entry = try withUnsafeBytes(of: block.start.bigEndian) { try cursor.seek(atLeast: $0) }
            while let (k, v) = entry, k.count > 8, Self.cell(of: k) == block.start {
                let level = Int(v.first.map { $0 & ~Self.onlyCellFlag } ?? 0xFF)
                if v.count == 1 || v.count == 17, level <= SpatialCell.level,
                    block.start + SpatialCell.Block(start: block.start, level: level).leafCount > leaf
                {
                    try shapes(
                        ObjectKey(shortBigEndian: UnsafeRawBufferPointer(rebasing: k[8...])),
                        Self.envelope(inShapeEntry: v), false)
                }
                entry = try cursor.next()
            }
        }
    }

    /// Entries stepped over before the cursor seeks to the next range instead.
    static let stepsBeforeSeek = 8

    /// The cell of an entry key (its first 8 bytes; callers check the length).
    private static func cell(of key: UnsafeRawBufferPointer) -> UInt64 {
        key.count >= 8 ? UInt64(bigEndian: key.loadUnaligned(as: UInt64.self)) : 0
    }
}

extension Value {
    /// A coordinate: a double, or an integer written into an AnyRealmValue.
    fileprivate var coordinate: Double? {
        switch self {
        case let .double(d): return d
        case let .int(i): return Double(i)
        default: return nil
        }
    }
}
