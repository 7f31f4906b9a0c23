import Foundation

/// Where each element of a ``SectionedResults`` is at one version: the
/// sections' keys in order and, for each sorted position, its section, its
/// row in that section and its position in the collection sectioned.
struct SectionLayout<Key: Hashable> {
    var keys: [Key] = []
    var sectionOfKey: [Key: Int] = [:]
    /// By sorted position.
    var paths: [(section: Int, row: Int)] = []
    /// By sorted position: the element's position in the collection.
    var order: [Int] = []

    init<Element>(_ source: SectionSource<Key, Element>) {
        let sections = source.sections
        order = source.order
        paths = Array(repeating: (0, 0), count: order.count)
        for (index, section) in sections.enumerated() {
            keys.append(section.key)
            sectionOfKey[section.key] = index
            for (row, position) in section.positions.enumerated() { paths[position] = (index, row) }
        }
    }
}

/// The changes a write made to a ``SectionedResults``, by section: what
/// ``SectionedResultsChange/update(_:deletions:insertions:modifications:sectionsToInsert:sectionsToDelete:)``
/// reports, worked out from the change of the collection sectioned as
/// realm-core works it out from the change of its sorted results.
///
/// Rows are compared by identity across the two versions; an element that
/// moved among the others is deleted and inserted. A modified element that
/// keeps its row (in its section, under the same key) stays a modification;
/// one that moved, in its section or to another, is deleted where it was
/// and inserted where it is. Rows of a section that went are not listed:
/// the section's deletion says it. With a section `filter` (a
/// ``ResultsSection``'s observer), only that section's rows are reported.
///
/// ```swift
/// let changes = SectionChanges(old: before, new: after, deletions: [0], insertions: [], modifications: [1],
///                              filter: nil)
/// ```
struct SectionChanges: Equatable {
    var deletions: [IndexPath] = []
    var insertions: [IndexPath] = []
    var modifications: [IndexPath] = []
    var sectionsToInsert = IndexSet()
    var sectionsToDelete = IndexSet()

    var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && modifications.isEmpty && sectionsToInsert.isEmpty
            && sectionsToDelete.isEmpty
    }

    /// The changes between `old` and `new`, given the collection's own
    /// change: `deletions` and `modifications` at its old positions,
    /// `insertions` at its new ones.
    init<Key: Hashable>(
        old: SectionLayout<Key>, new: SectionLayout<Key>, deletions: [Int], insertions: [Int], modifications: [Int],
        filter: Key?
    ) {
        let flat = Self.sortedChanges(
            old: old, new: new, deletions: deletions, insertions: insertions, modifications: modifications)
        // Which sections' rows are reported: all, or the filter's; deleted rows only of sections still there.
        var inOld: (Int) -> Bool = { _ in true }
        var inNew = inOld
        var deletedIn: (Int) -> Bool
        if let filter {
            let oldSection = old.sectionOfKey[filter]
            let newSection = new.sectionOfKey[filter]
            switch (oldSection, newSection) {
            case (nil, nil): return
            case let (nil, section?): sectionsToInsert.insert(section)
            case let (section?, nil): sectionsToDelete.insert(section)
            default: break
            }
            inOld = { $0 == oldSection }
            inNew = { $0 == newSection }
            deletedIn = { $0 == oldSection && newSection != nil }
        } else {
            for (index, key) in new.keys.enumerated() where old.sectionOfKey[key] == nil {
                sectionsToInsert.insert(index)
            }
            for (index, key) in old.keys.enumerated() where new.sectionOfKey[key] == nil {
                sectionsToDelete.insert(index)
            }
            let gone = sectionsToDelete
            deletedIn = { !gone.contains($0) }
        }
        var deleted = Self.rows(flat.deletions, old.paths, deletedIn)
        var inserted = Self.rows(flat.insertions, new.paths, inNew)
        var modified = Self.rows(flat.modifications, old.paths, inOld)
        var modifiedNew = Self.rows(flat.modificationsNew, new.paths, inNew)
        // A modified row is still a modification only where the same row of the same key's
        // section is modified in the new version; else it moved: a deletion and an insertion.
        for (oldSection, rows) in modified {
            guard let newSection = new.sectionOfKey[old.keys[oldSection]] else {
                modified[oldSection] = nil  // the section went: its deletion says it
                continue
            }
            let stay = rows.intersection(modifiedNew[newSection] ?? [])
            modifiedNew[newSection]?.subtract(stay)
            deleted[oldSection, default: []].formUnion(rows.subtracting(stay))
            modified[oldSection] = stay
        }
        for (section, rows) in modifiedNew { inserted[section, default: []].formUnion(rows) }
        self.deletions = Self.paths(deleted)
        self.insertions = Self.paths(inserted)
        self.modifications = Self.paths(modified)
    }

    /// The rows of the sorted `positions`, by section, in the sections `wanted` takes.
    private static func rows(_ positions: [Int], _ paths: [(section: Int, row: Int)], _ wanted: (Int) -> Bool)
        -> [Int: Set<Int>]
    {
        var rows: [Int: Set<Int>] = [:]
        for position in positions where wanted(paths[position].section) {
            rows[paths[position].section, default: []].insert(paths[position].row)
        }
        return rows
    }

    /// Index paths of `rows` by section, in ascending order.
    private static func paths(_ rows: [Int: Set<Int>]) -> [IndexPath] {
        rows.keys.sorted().flatMap { section in
            rows[section, default: []].sorted().map { IndexPath(indexes: [section, $0]) }
        }
    }

    /// The changes of the sorted elements (positions in `old` and `new`)
    /// from the collection's: elements that stay are matched in order (a
    /// collection's change lists a move as a deletion and an insertion).
    private static func sortedChanges<Key>(
        old: SectionLayout<Key>, new: SectionLayout<Key>, deletions: [Int], insertions: [Int], modifications: [Int]
    ) -> (deletions: [Int], insertions: [Int], modifications: [Int], modificationsNew: [Int]) {
        // Each element's identity: the staying elements numbered in turn, the others apart.
        let deleted = Set(deletions), inserted = Set(insertions)
        var oldIdentity = [Int](repeating: 0, count: old.order.count)
        var newIdentity = [Int](repeating: 0, count: new.order.count)
        var staying = 0
        for position in oldIdentity.indices where !deleted.contains(position) {
            oldIdentity[position] = staying
            staying += 1
        }
        var next = 0
        for position in newIdentity.indices where !inserted.contains(position) {
            newIdentity[position] = next
            next += 1
        }
        if next != staying {
            // Not one collection's change: every element is reported as replaced.
            return (Array(old.order.indices), Array(new.order.indices), [], [])
        }
        for position in oldIdentity.indices where deleted.contains(position) {
            oldIdentity[position] = staying
            staying += 1
        }
        for position in newIdentity.indices where inserted.contains(position) {
            newIdentity[position] = staying
            staying += 1
        }
        let modified = Set(modifications.filter { !deleted.contains($0) }.map { oldIdentity[$0] })
        let changes = IndexChanges.unique(
            old: old.order.map { oldIdentity[$0] }, new: new.order.map { newIdentity[$0] })
        var modifiedOld: [Int] = []
        var modifiedNew: [Int] = []
        for (oldPosition, newPosition) in changes.kept where modified.contains(oldIdentity[old.order[oldPosition]]) {
            modifiedOld.append(oldPosition)
            modifiedNew.append(newPosition)
        }
        return (changes.deletions, changes.insertions, modifiedOld, modifiedNew.sorted())
    }
}
