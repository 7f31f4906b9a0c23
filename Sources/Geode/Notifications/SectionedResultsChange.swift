import Foundation

/// What a ``SectionedResults`` or ``ResultsSection`` observer is told: the
/// sections when observing starts, then after each write that changes them,
/// the rows and sections that went, came and changed. Index paths are
/// `[section, item]`; each array is in ascending order.
///
/// ```swift
/// let token = sections.observe { change in
///     switch change {
///     case .initial(let sections):
///         print(sections.allKeys)
///     case .update(_, let deletions, let insertions, let modifications, let sectionsToInsert, let sectionsToDelete):
///         print(deletions, insertions, modifications, sectionsToInsert, sectionsToDelete)
///     }
/// }
/// ```
@frozen public enum SectionedResultsChange<Collection> {
    /// The sections as observing began.
    case initial(Collection)
    /// A write changed the sections: `deletions` and `modifications` are
    /// index paths in the sections before it, `insertions` in the sections
    /// after it; `sectionsToDelete` are positions before it, and
    /// `sectionsToInsert` positions after it. The rows of a deleted section
    /// are not listed among the deletions.
    case update(
        Collection, deletions: [IndexPath], insertions: [IndexPath], modifications: [IndexPath],
        sectionsToInsert: IndexSet, sectionsToDelete: IndexSet)
}

/// The name Realm gave ``SectionedResultsChange`` first.
@available(*, deprecated, renamed: "SectionedResultsChange")
public typealias RealmSectionedResultsChange = SectionedResultsChange
