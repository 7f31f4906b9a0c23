/// A candidate of a nearest search: equal distances keep key order, as the sort of a scan does.
struct NearCandidate: Comparable {
    let distance: Double
    let key: ObjectKey

    static func < (a: NearCandidate, b: NearCandidate) -> Bool {
        a.distance != b.distance ? a.distance < b.distance : a.key < b.key
    }
}
