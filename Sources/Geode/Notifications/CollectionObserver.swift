import GeodeCore

/// Observes a collection held by an object — a ``List``, ``MutableSet`` or
/// ``Map`` — by its engine value: the elements at the last notification are
/// compared with the elements now, and linked objects in both are checked
/// against the change log for modifications.
final class CollectionObserver: ChangeObserver {
    enum Shape {
        /// Elements in order, possibly repeated.
        case list
        /// Unique elements.
        case set
        /// Values under keys.
        case map
    }

    private let location: CollectionLocation
    private let shape: Shape
    private let paths: [[Substring]]?
    /// Key paths an order kept outside this observer reads (a sectioned
    /// view's sort): a write to one of a linked element's is delivered,
    /// without positions, though it is not a modification as `paths` see it.
    /// Nil when there are none.
    private let sortPaths: [[Substring]]?
    private let sink: CollectionSink
    private var elements: [Value] = []
    private var entries: [(key: String, value: Value)] = []

    init(
        location: CollectionLocation, shape: Shape, keyPaths: [String]?, sortKeyPaths: [String] = [],
        sink: CollectionSink
    ) {
        self.location = location
        self.shape = shape
        paths = ChangeDelivery.split(keyPaths)
        sortPaths = ChangeDelivery.split(sortKeyPaths: sortKeyPaths, besides: keyPaths)
        self.sink = sink
    }

    /// The collection's value now; nil when its owner is gone.
    private func currentValue() throws -> Value? {
        try location.realm.withDocument(of: location.owner) { document -> Value? in
            guard let document else { return nil }
            return try document.value(atPath: location.path)?.decode() ?? .list([])
        }
    }

    private func take(_ value: Value) {
        switch value {
        case let .list(items): elements = items
        case let .map(map): entries = map.map { ($0.key, $0.value) }
        default:
            elements = []
            entries = []
        }
    }

    override func deliverInitial() {
        super.deliverInitial()
        do {
            take(try currentValue() ?? .list([]))
        } catch {
            sink.failure(GeodeError.from(error))
            invalidate()
            return
        }
        sink.initial()
    }

    override func deliver(_ delivery: ChangeDelivery, silently: Bool) {
        guard mayHaveChanged(delivery) else { return }
        let now: Value?
        do {
            now = try currentValue()
        } catch {
            fail(GeodeError.from(error))
            return
        }
        guard let now else {
            // The owner was deleted: every element went with it.
            let deletions = shape == .map ? [] : Array(elements.indices)
            let removedKeys = entries.map(\.key)
            elements = []
            entries = []
            invalidate()
            guard !silently else { return }
            if shape == .map {
                if !removedKeys.isEmpty { sink.mapUpdate(removedKeys, [], []) }
            } else if !deletions.isEmpty {
                sink.update(IndexChanges(deletions: deletions))
            }
            return
        }
        if shape == .map {
            deliverMap(now, delivery, silently: silently)
            return
        }
        let old = elements
        take(now)
        if shape == .list, let replayed = replayedChanges(from: old, delivery) {
            guard !silently, !replayed.isEmpty || sortKeyWritten(delivery) else { return }
            sink.update(replayed)
            return
        }
        var positions =
            shape == .set ? IndexChanges.unique(old: old, new: elements) : IndexChanges.ordered(old: old, new: elements)
        var modified = Set(positions.modifications)
        for pair in positions.kept where isModified(elements[pair.new], delivery) { modified.insert(pair.old) }
        positions.modifications = modified.sorted()
        guard !silently, !positions.isEmpty || sortKeyWritten(delivery) else { return }
        sink.update(positions)
    }

    /// Whether the write set a sort key path (see ``sortPaths``) of a linked element.
    private func sortKeyWritten(_ delivery: ChangeDelivery) -> Bool {
        guard let sortPaths, delivery.anyModification else { return false }
        return elements.contains { element in
            guard case let .link(link) = element, let table = location.realm.store.table(id: link.table) else {
                return false
            }
            return delivery.isModified(link.key, in: table, paths: sortPaths)
        }
    }

    /// The list's change from the operations the writes made on it (see
    /// ``ListChangeBuilder``), when the change log lists them and replaying
    /// them on `old` gives the elements now; nil otherwise (the elements are
    /// compared instead). Elements linking to modified objects are
    /// modifications, as in Realm.
    private func replayedChanges(from old: [Value], _ delivery: ChangeDelivery) -> IndexChanges? {
        guard !delivery.changes.schemaChanged, let edits = recordedEdits(delivery),
            edits.count.multipliedReportingOverflow(by: old.count + edits.count).partialValue <= Self.replayBudget
        else { return nil }
        // Where each element now was (nil: inserted or set by the write), to check the operations.
        var origins: [Int?] = Array(old.indices)
        var builder = ListChangeBuilder()
        for edit in edits {
            let size = origins.count
            switch edit {
            case let .inserted(at, count):
                guard at >= 0, at <= size, count > 0 else { return nil }
                origins.insert(contentsOf: repeatElement(nil, count: count), at: at)
            case let .removed(at):
                guard at >= 0, at < size else { return nil }
                origins.remove(at: at)
            case let .moved(from, to):
                guard from >= 0, from < size, to >= 0, to < size else { return nil }
                origins.insert(origins.remove(at: from), at: to)
            case let .replaced(at):
                guard at >= 0, at < size else { return nil }
                origins[at] = nil
            case .cleared:
                origins = []
            case .unlisted, .keySet:
                return nil
            }
            builder.apply(edit, size: size)
        }
        guard origins.count == elements.count,
            zip(origins, elements).allSatisfy({ origin, element in origin.map { old[$0] == element } ?? true })
        else { return nil }
        for position in elements.indices where !builder.isModified(position) {
            if isModified(elements[position], delivery) { builder.modify(position) }
        }
        return builder.finished()
    }

    /// The operations the change log lists for the collection since the last
    /// delivery (see ``ListEdit``), when it is a property of a top-level object.
    private func recordedEdits(_ delivery: ChangeDelivery) -> [ListEdit]? {
        guard delivery.changes.isComplete, location.path.count == 1, case let .index(slot) = location.path[0] else {
            return nil
        }
        return delivery.changes[table: location.owner.root.table.schema.table].listEdits(
            at: ListAddress(key: location.owner.key, slot: slot))
    }

    /// How much replaying may cost (operations × elements) before the
    /// elements are compared instead.
    static let replayBudget = 20_000_000

    /// Whether the collection can have changed: the log names its owner's
    /// property (or the owner's deletion), or the collection holds links and
    /// some object was modified. Otherwise it is not read again.
    private func mayHaveChanged(_ delivery: ChangeDelivery) -> Bool {
        let changes = delivery.changes
        guard changes.isComplete, !changes.schemaChanged, case let .index(slot)? = location.path.first else {
            return true
        }
        let owner = changes[table: location.owner.root.table.schema.table]
        if owner.wasDeleted(location.owner.key) || owner.modified[location.owner.key]?.contains(slot) == true {
            return true
        }
        func isLink(_ value: Value) -> Bool {
            if case .link = value { return true }
            return false
        }
        let holdsLinks = elements.contains(where: isLink) || entries.contains { isLink($0.value) }
        return holdsLinks && changes.tables.values.contains { !$0.modified.isEmpty }
    }

    private func deliverMap(_ now: Value, _ delivery: ChangeDelivery, silently: Bool) {
        let old = Dictionary(entries, uniquingKeysWith: { a, _ in a })
        take(now)
        let new = Dictionary(entries, uniquingKeysWith: { a, _ in a })
        let deletions = entries.isEmpty && old.isEmpty ? [] : old.keys.filter { new[$0] == nil }.sorted()
        // Keys the writes set, to the value they held too (a modification in Realm).
        var setKeys = Set<String>()
        for case let .keySet(key) in recordedEdits(delivery) ?? [] { setKeys.insert(key) }
        var insertions: [String] = []
        var modifications: [String] = []
        for (key, value) in entries {
            guard let before = old[key] else {
                insertions.append(key)
                continue
            }
            if before != value || setKeys.contains(key) || isModified(value, delivery) { modifications.append(key) }
        }
        guard !silently, !(deletions.isEmpty && insertions.isEmpty && modifications.isEmpty) else { return }
        sink.mapUpdate(deletions, insertions, modifications)
    }

    /// Whether an element in both versions was modified: a linked object
    /// (as the key paths see it).
    private func isModified(_ element: Value, _ delivery: ChangeDelivery) -> Bool {
        guard case let .link(link) = element, let table = location.realm.store.table(id: link.table) else {
            return false
        }
        return delivery.isModified(link.key, in: table, paths: paths)
    }

    override func fail(_ error: Error) { sink.failure(error) }
}
