/// What an import did: records read, objects written, geometry types met,
/// bytes read and seconds taken.
package struct ImportTally: Sendable {
    package var records = 0
    package var written = 0
    package var geometryTypes: [String: Int] = [:]
    package var bytes = 0
    package var seconds = 0.0

    package init() {}
}
