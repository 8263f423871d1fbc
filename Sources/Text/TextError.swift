import Support

/// Why the text engine could not measure: every case names the file or font involved.
public enum TextError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A font file the catalog names does not exist.
    case fontFileMissing(path: String, family: String, installHint: String?)
    /// The file exists but is not an OpenType/TrueType font (or collection).
    case notAFont(path: String, reason: String)
    /// The file starts as a font but is cut short or its tables are inconsistent.
    case damagedFont(path: String, reason: String)
    /// The file's SHA-256 is not the one the catalog records for it.
    case checksumMismatch(path: String, expected: String, actual: String, catalog: String)
    /// The font catalog itself is missing or malformed; `line` and `column` (1-based) say
    /// where in the file, when the problem is at a place in it.
    case badCatalog(path: String, line: Int? = nil, column: Int? = nil, reason: String)
    /// A family the request names is not in the catalog.
    case unknownFamily(String, known: [String])
    /// A font size that is not a finite number of points in (0, 10000].
    case invalidFontSize(Double)

    /// The largest font size the engine measures at, in points.
    public static let maximumFontSize = 10_000.0

    public var description: String {
        switch self {
        case let .fontFileMissing(path, family, hint):
            var text = "\(path): font file for \(family) is missing"
            if let hint { text += "; \(hint)" }
            return text
        case let .notAFont(path, reason):
            return "\(path): not a font file (\(reason))"
        case let .damagedFont(path, reason):
            return "\(path): damaged font file (\(reason))"
        case let .checksumMismatch(path, expected, actual, catalog):
            return "\(path): the font file's SHA-256 is \(actual), but \(catalog) records \(expected): "
                + "it is another version of the font, or damaged; restore the file or update the catalog"
        case let .badCatalog(path, line, column, reason):
            var place = path
            if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
            return "\(place): \(reason)"
        case let .unknownFamily(family, known):
            return "unknown font family '\(family)'; the catalog has: \(known.joined(separator: ", "))"
        case let .invalidFontSize(size):
            return "invalid font size \(FontRequest.format(size)): a font size must be a finite number of points, more than 0 and at most "
                + Number.format(TextError.maximumFontSize)
        }
    }
}
