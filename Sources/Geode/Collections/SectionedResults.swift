import Foundation

/// A collection sorted and split into sections by a key, as a table view
/// with section headers shows it: made by `sectioned(by:)` on `Results`,
/// `List`, `MutableSet`, `LinkingObjects` or `AnyRealmCollection`.
///
/// Each section holds the elements whose key is the section's, in sort
/// order; sections come in the order their first elements do. The sections
/// are live: read after a write, they reflect it, and `observe` reports each
/// write's changes by section (``SectionedResultsChange``).
///
/// ```swift
/// let byInitial = realm.objects(Dog.self).sectioned(by: { String($0.name.prefix(1)) },
///                                                    sortDescriptors: [SortDescriptor(keyPath: "name")])
/// for section in byInitial {
///     print(section.key, section.map(\.name))
/// }
/// let first = byInitial[IndexPath(indexes: [0, 0])]
/// ```
public struct SectionedResults<Key: Hashable, SectionElement>: RandomAccessCollection {
    let source: SectionSource<Key, SectionElement>

    /// The position of the first section: always 0.
    public var startIndex: Int { 0 }
    /// The number of sections.
    public var endIndex: Int { source.sections.count }

    /// The section at `index`.
    public subscript(_ index: Int) -> ResultsSection<Key, SectionElement> {
        ResultsSection(source: source, key: source.sections[index].key)
    }

    /// The element at `indexPath`: section `indexPath[0]`, item `indexPath[1]`
    /// (UIKit's `section` and `item`).
    public subscript(_ indexPath: IndexPath) -> SectionElement { self[indexPath[0]][indexPath[1]] }

    /// Every section's key, in section order.
    public var allKeys: [Key] { source.sections.map(\.key) }

    /// The realm the elements come from; nil for an unmanaged collection.
    public var realm: Realm? { source.realm() }
    /// Whether the sections read a frozen version.
    public var isFrozen: Bool { realm?.isFrozen ?? false }
    /// Whether the collection the sections are made from can no longer be read.
    public var isInvalidated: Bool { source.isInvalidated() }

    /// The same sections over a frozen copy of the collection.
    public func freeze() -> SectionedResults { source.freeze().map { SectionedResults(source: $0) } ?? self }
    /// The same sections over the live collection; nil when it is gone.
    public func thaw() -> SectionedResults? { source.thaw().map { SectionedResults(source: $0) } }
}

/// One section of a ``SectionedResults``: its key and its elements, in sort order.
///
/// ```swift
/// for section in sections { print("\(section.key): \(section.count)") }
/// ```
public struct ResultsSection<Key: Hashable, Element>: RandomAccessCollection, Identifiable {
    let source: SectionSource<Key, Element>

    /// The key every element of the section has.
    public let key: Key

    /// The key, which tells sections apart (for SwiftUI's `ForEach`).
    public var id: Key { key }

    private var positions: [Int] { source.sections.first { $0.key == key }?.positions ?? [] }

    /// The position of the first element: always 0.
    public var startIndex: Int { 0 }
    /// The number of elements in the section now.
    public var endIndex: Int { positions.count }

    /// The element at `index` of the section.
    public subscript(_ index: Int) -> Element { source.elements[positions[index]] }

    /// The realm the elements come from; nil for an unmanaged collection.
    public var realm: Realm? { source.realm() }
    /// Whether the section reads a frozen version.
    public var isFrozen: Bool { realm?.isFrozen ?? false }
    /// Whether the collection the section is made from can no longer be read.
    public var isInvalidated: Bool { source.isInvalidated() }

    /// The section of the same key over a frozen copy of the collection: it
    /// keeps its elements whatever is written later.
    ///
    /// ```swift
    /// let firstSection = byInitial[0].freeze()
    /// ```
    public func freeze() -> ResultsSection { ResultsSection(source: source.freeze() ?? source, key: key) }
    /// The section of the same key over the live collection; nil when the
    /// collection is gone.
    public func thaw() -> ResultsSection? { source.thaw().map { ResultsSection(source: $0, key: key) } }
}

extension SectionedResults: Equatable {
    /// Whether both are the same sectioning of a collection (as in Realm, two
    /// `sectioned(by:)` calls give two that are not equal, even over one collection).
    ///
    /// ```swift
    /// let sections = dogs.sectioned(by: \.age)
    /// sections == sections                     // true
    /// sections == dogs.sectioned(by: \.age)   // false
    /// ```
    public static func == (lhs: SectionedResults, rhs: SectionedResults) -> Bool { lhs.source === rhs.source }
}

extension ResultsSection: Equatable {
    /// Whether both are the section of one key in the same sectioning.
    ///
    /// ```swift
    /// sections[0] == sections[0]   // true
    /// ```
    public static func == (lhs: ResultsSection, rhs: ResultsSection) -> Bool {
        lhs.source === rhs.source && lhs.key == rhs.key
    }
}

/// What a ``SectionedResults`` reads: the sorted elements and their sections,
/// worked out again whenever the realm has moved on (or, for an unmanaged
/// collection, on every read).
final class SectionSource<Key: Hashable, Element> {
    struct Section {
        let key: Key
        var positions: [Int]
    }

    /// The sorted elements, and for each the position it has in the collection.
    struct Sorted {
        var elements: [Element]
        var order: [Int]
    }

    /// Registers a change observer on the collection (nil for one that cannot be observed).
    typealias Observe =
        (
            _ keyPaths: [String]?, _ sortKeyPaths: [String], _ queue: DispatchQueue?,
            _ block: @escaping (RealmCollectionChange<Any>) -> Void
        ) -> NotificationToken

    private let sortedElements: () -> Sorted
    private let keyOf: (Element) -> Key
    let realm: () -> Realm?
    let isInvalidated: () -> Bool
    let freeze: () -> SectionSource?
    let thaw: () -> SectionSource?
    let observe: Observe?
    /// The key paths the sort reads: a change to them can move elements.
    let sortKeyPaths: [String]
    /// The same sections over another copy of the collection (one a change delivered).
    let sectioning: (Any) -> SectionSource?
    private var cached: (realm: ObjectIdentifier, change: Int, sorted: Sorted, sections: [Section])?

    init(
        sortedElements: @escaping () -> Sorted, keyOf: @escaping (Element) -> Key, realm: @escaping () -> Realm?,
        isInvalidated: @escaping () -> Bool, freeze: @escaping () -> SectionSource?,
        thaw: @escaping () -> SectionSource?, observe: Observe?, sortKeyPaths: [String],
        sectioning: @escaping (Any) -> SectionSource?
    ) {
        self.sortedElements = sortedElements
        self.keyOf = keyOf
        self.realm = realm
        self.isInvalidated = isInvalidated
        self.freeze = freeze
        self.thaw = thaw
        self.observe = observe
        self.sortKeyPaths = sortKeyPaths
        self.sectioning = sectioning
    }

    var elements: [Element] { current.sorted.elements }
    var sections: [Section] { current.sections }
    /// For each sorted position, the element's position in the collection.
    var order: [Int] { current.sorted.order }

    private var current: (sorted: Sorted, sections: [Section]) {
        let realm = realm()
        if let realm, let cached, cached.realm == ObjectIdentifier(realm), cached.change == realm.changeCount {
            return (cached.sorted, cached.sections)
        }
        let sorted = sortedElements()
        var sections: [Section] = []
        var sectionOf: [Key: Int] = [:]
        for (position, element) in sorted.elements.enumerated() {
            let key = keyOf(element)
            if let index = sectionOf[key] {
                sections[index].positions.append(position)
            } else {
                sectionOf[key] = sections.count
                sections.append(Section(key: key, positions: [position]))
            }
        }
        if let realm { cached = (ObjectIdentifier(realm), realm.changeCount, sorted, sections) }
        return (sorted, sections)
    }
}

extension RealmCollection {
    /// Sorts the collection by `sortDescriptors` and splits it into sections
    /// by the key `keyBlock` gives each element. The first sort descriptor
    /// should decide the key, so that a section's elements are together.
    /// Elements are sorted in memory, by the values key-value coding reads at
    /// each descriptor's key path (`self` for a collection of values).
    ///
    /// ```swift
    /// let sections = dogs.sectioned(sortDescriptors: [SortDescriptor(keyPath: "age")]) { $0.age / 10 }
    /// ```
    public func sectioned<Key: Hashable>(
        sortDescriptors: [SortDescriptor], _ keyBlock: @escaping (Element) -> Key
    ) -> SectionedResults<Key, Element> {
        SectionedResults(source: Self.sectionSource(self, sortDescriptors, keyBlock))
    }

    /// Sorts the collection's values (`ascending` or not) and sections them by `block`.
    ///
    /// ```swift
    /// let byParity = scores.sectioned(by: { $0 % 2 == 0 ? "even" : "odd" })
    /// ```
    public func sectioned<Key: Hashable>(by block: @escaping (Element) -> Key, ascending: Bool = true)
        -> SectionedResults<Key, Element>
    {
        sectioned(sortDescriptors: [SortDescriptor(keyPath: "self", ascending: ascending)], block)
    }

    private static func sectionSource<Key: Hashable>(
        _ collection: Self, _ descriptors: [SortDescriptor], _ keyBlock: @escaping (Element) -> Key
    ) -> SectionSource<Key, Element> {
        let freezable = collection as? any FreezableCollection
        let observing = collection as? any ErasedObserving
        return SectionSource(
            sortedElements: {
                let elements = Array(collection)
                let order = sortedOrder(elements, by: descriptors)
                return SectionSource.Sorted(elements: order.map { elements[$0] }, order: order)
            },
            keyOf: keyBlock,
            realm: { collection.realm },
            isInvalidated: { freezable?.isInvalidated ?? false },
            freeze: {
                guard let frozen = freezable?.frozenCopy() as? Self else { return nil }
                return sectionSource(frozen, descriptors, keyBlock)
            },
            thaw: {
                guard let freezable else { return sectionSource(collection, descriptors, keyBlock) }
                guard let thawed = freezable.thawedCopy() as? Self else { return nil }
                return sectionSource(thawed, descriptors, keyBlock)
            },
            observe: observing.map { observing in
                { keyPaths, sortKeyPaths, queue, block in
                    observing.observeErased(keyPaths: keyPaths, sortKeyPaths: sortKeyPaths, on: queue, block)
                }
            },
            sortKeyPaths: descriptors.map(\.keyPath).filter { $0 != "self" },
            sectioning: { delivered in (delivered as? Self).map { sectionSource($0, descriptors, keyBlock) } })
    }

    /// The positions of `elements` in the order the values at each
    /// descriptor's key path give them, the first deciding first.
    private static func sortedOrder(_ elements: [Element], by descriptors: [SortDescriptor]) -> [Int] {
        let keys = elements.map { element in
            descriptors.map { descriptor in
                descriptor.keyPath == "self"
                    ? KeyValueCoding.plain(element) : KeyValueCoding.value(at: descriptor.keyPath, of: element)
            }
        }
        let order = elements.indices.sorted { a, b in
            for (i, descriptor) in descriptors.enumerated() {
                let comparison = KeyValueCoding.order(keys[a][i], keys[b][i])
                if comparison != 0 { return descriptor.ascending ? comparison < 0 : comparison > 0 }
            }
            return a < b
        }
        return order
    }
}

extension RealmCollection where Element: ObjectBase {
    /// Sorts the objects by `keyPath` (`ascending` or not) and sections them
    /// by its value.
    ///
    /// ```swift
    /// let byAge = realm.objects(Dog.self).sectioned(by: \.age)
    /// ```
    public func sectioned<Key: Hashable>(by keyPath: KeyPath<Element, Key>, ascending: Bool = true)
        -> SectionedResults<Key, Element>
    {
        sectioned(
            sortDescriptors: [SortDescriptor(keyPath: QueryKeyPaths.name(of: keyPath), ascending: ascending)],
            { $0[keyPath: keyPath] })
    }

    /// Sorts the objects by `sortDescriptors`, whose first must be `keyPath`,
    /// and sections them by the value at `keyPath`.
    ///
    /// ```swift
    /// let sections = dogs.sectioned(by: \.age, sortDescriptors: [SortDescriptor(keyPath: "age"), "name"])
    /// ```
    public func sectioned<Key: Hashable>(by keyPath: KeyPath<Element, Key>, sortDescriptors: [SortDescriptor])
        -> SectionedResults<Key, Element>
    {
        let name = QueryKeyPaths.name(of: keyPath)
        precondition(
            sortDescriptors.first?.keyPath == name,
            "Geode: the section key path '\(name)' must be the first sort descriptor's key path")
        return sectioned(sortDescriptors: sortDescriptors, { $0[keyPath: keyPath] })
    }

    /// Sorts the objects by `sortDescriptors` and sections them by the key `block` gives each.
    ///
    /// ```swift
    /// let byInitial = dogs.sectioned(by: { $0.name.first.map(String.init) ?? "" },
    ///                                sortDescriptors: [SortDescriptor(keyPath: "name")])
    /// ```
    public func sectioned<Key: Hashable>(by block: @escaping (Element) -> Key, sortDescriptors: [SortDescriptor])
        -> SectionedResults<Key, Element>
    {
        sectioned(sortDescriptors: sortDescriptors, block)
    }
}
