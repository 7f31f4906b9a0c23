import Foundation

extension SectionSource {
    /// Observes the collection sectioned and reports each change by section
    /// (only `filter`'s section's with a filter, and then only changes that
    /// touch it): `deliver` gets the sections as read where the change is
    /// delivered, and nil for the first call.
    ///
    /// With `keyPaths`, a write to the sort's key paths is heard too, so that
    /// an element it moves is reported, as in Realm; one that moves nothing
    /// is not, as it is no change to the key paths.
    func observeSections(
        keyPaths: [String]?, on queue: DispatchQueue?, filter: Key?,
        _ deliver: @escaping (SectionSource, SectionChanges?) -> Void
    ) -> NotificationToken {
        guard let observe else {
            preconditionFailure("Geode: only sections of a managed collection can be observed")
        }
        let sortOnly = keyPaths.map { paths in sortKeyPaths.filter { !paths.contains($0) } } ?? []
        let sectioning = self.sectioning
        var previous: SectionLayout<Key>?
        return observe(keyPaths, sortOnly, queue) { change in
            switch change {
            case let .initial(collection):
                guard let sections = sectioning(collection) else { return }
                previous = SectionLayout(sections)
                deliver(sections, nil)
            case let .update(collection, deletions, insertions, modifications):
                guard let sections = sectioning(collection) else { return }
                let layout = SectionLayout(sections)
                defer { previous = layout }
                guard let previous else { return deliver(sections, nil) }
                let changes = SectionChanges(
                    old: previous, new: layout, deletions: deletions, insertions: insertions,
                    modifications: modifications, filter: filter)
                // A write to a sort key that moved nothing, or one outside the filter's section.
                if changes.isEmpty { return }
                deliver(sections, changes)
            case .error:
                // A collection that can no longer be read: its sections have nothing to report.
                return
            }
        }
    }
}

extension SectionedResultsChange {
    /// `changes` for `collection`, or the initial call without them.
    init(_ collection: Collection, _ changes: SectionChanges?) {
        guard let changes else {
            self = .initial(collection)
            return
        }
        self = .update(
            collection, deletions: changes.deletions, insertions: changes.insertions,
            modifications: changes.modifications, sectionsToInsert: changes.sectionsToInsert,
            sectionsToDelete: changes.sectionsToDelete)
    }
}

extension SectionedResults {
    /// Calls `block` with the sections now, then after each write that
    /// changes the collection they are made from: the rows and sections
    /// that went, came and changed (see ``SectionedResultsChange``). With
    /// `keyPaths`, only changes to those properties (and to the sort's, which
    /// move elements) count as modifications; with `queue`, `block` runs on
    /// that serial queue with the sections as read there. Keep the token.
    ///
    /// ```swift
    /// let byAge = realm.objects(Dog.self).sectioned(by: \.age)
    /// let token = byAge.observe { change in
    ///     if case .update(_, let deletions, let insertions, _, let sectionsToInsert, _) = change {
    ///         print(deletions, insertions, sectionsToInsert)
    ///     }
    /// }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (SectionedResultsChange<SectionedResults>) -> Void
    ) -> NotificationToken {
        source.observeSections(keyPaths: keyPaths, on: queue, filter: nil) { sections, changes in
            block(SectionedResultsChange(SectionedResults(source: sections), changes))
        }
    }
}

extension SectionedResults where SectionElement: ObjectBase {
    /// ``observe(keyPaths:on:_:)`` with the key paths as Swift key paths.
    ///
    /// ```swift
    /// let token = byAge.observe(keyPaths: [\Dog.name]) { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [PartialKeyPath<SectionElement>], on queue: DispatchQueue? = nil,
        _ block: @escaping (SectionedResultsChange<SectionedResults>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { QueryKeyPaths.name(of: $0) }, on: queue, block)
    }
}

extension ResultsSection {
    /// Calls `block` with the section now, then after each write that
    /// changes it: its rows that went, came and changed, at their index paths
    /// among all the sections, and the section's own position when it came
    /// (`sectionsToInsert`) or went (`sectionsToDelete`). Writes that leave
    /// the section as it was are not reported. The section is its key's: it
    /// reads the elements with that key at each version.
    ///
    /// ```swift
    /// let puppies = realm.objects(Dog.self).sectioned(by: \.age)[0]
    /// let token = puppies.observe { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [String]? = nil, on queue: DispatchQueue? = nil,
        _ block: @escaping (SectionedResultsChange<ResultsSection>) -> Void
    ) -> NotificationToken {
        let key = self.key
        return source.observeSections(keyPaths: keyPaths, on: queue, filter: key) { sections, changes in
            block(SectionedResultsChange(ResultsSection(source: sections, key: key), changes))
        }
    }
}

extension ResultsSection where Element: ObjectBase {
    /// ``observe(keyPaths:on:_:)`` with the key paths as Swift key paths.
    ///
    /// ```swift
    /// let token = puppies.observe(keyPaths: [\Dog.name]) { change in print(change) }
    /// ```
    public func observe(
        keyPaths: [PartialKeyPath<Element>], on queue: DispatchQueue? = nil,
        _ block: @escaping (SectionedResultsChange<ResultsSection>) -> Void
    ) -> NotificationToken {
        observe(keyPaths: keyPaths.map { QueryKeyPaths.name(of: $0) }, on: queue, block)
    }
}
