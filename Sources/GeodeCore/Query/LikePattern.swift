import Foundation

/// A `LIKE` pattern prepared once: `*` matches any run of characters, `?`
/// one character, anything else itself (after folding case or diacritics
/// when the comparison asks for it).
///
/// The pattern is folded and split into characters here, where a comparison
/// is bound, not for every value tested: a long pattern cost its length in
/// every object a scan read. Runs of `*` are one `*`.
///
/// ```swift
/// let pattern = LikePattern("?a*", options: [])
/// pattern.matches("Paris")   // true
/// ```
struct LikePattern {
    private let characters: [Character]
    private let options: String.CompareOptions

    init(_ pattern: String, options: String.CompareOptions) {
        self.options = options
        var characters: [Character] = []
        for character in Self.fold(pattern, options) where character != "*" || characters.last != "*" {
            characters.append(character)
        }
        self.characters = characters
    }

    /// Whether `text` matches the whole pattern.
    func matches(_ text: String) -> Bool {
        let t = Self.fold(text, options), p = characters
        // Greedy with one backtrack point, the last `*` seen: O(text × pattern) at worst.
        var ti = t.startIndex, pi = 0, star = -1, mark = ti
        while ti < t.endIndex {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                t.formIndex(after: &ti)
                pi += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                t.formIndex(after: &mark)
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    private static func fold(_ s: String, _ options: String.CompareOptions) -> String {
        var s = s
        if options.contains(.diacriticInsensitive) { s = s.folding(options: .diacriticInsensitive, locale: nil) }
        if options.contains(.caseInsensitive) { s = s.lowercased() }
        return s
    }
}
