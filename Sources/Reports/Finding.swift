/// How much a finding matters, as the report format has it: an error fails the check, a
/// warning does not.
public enum Severity: String, CaseIterable, Codable, Sendable, Comparable {
    case error, warning

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The kinds of findings a check reports (layout-format.md, "What a check computes").
public enum FindingKind: String, CaseIterable, Codable, Sendable {
    case truncated
    case clipped
    case overlap
    case notMirrored = "not-mirrored"
    case missingTranslation = "missing-translation"
    case formatMismatch = "format-mismatch"
    case unsatisfiable
    case ambiguous
    case shrunk

    /// One sentence on what the kind means, for SARIF rules and help texts.
    public var summary: String {
        switch self {
        case .truncated: return "A label's text does not fit its frame in its lines and is truncated or cut off."
        case .clipped: return "A view lies partly outside its superview, or its text is cut off vertically."
        case .overlap: return "Two sibling views with text overlap, where they do not in the development language."
        case .notMirrored: return "In a right-to-left language, a view does not mirror though its direction follows the language."
        case .missingTranslation: return "A text has no translation in the language and falls back to another language or the key."
        case .formatMismatch: return "A translation's format specifiers differ in number or type from the development language's."
        case .unsatisfiable: return "Required constraints cannot all hold; one was broken."
        case .ambiguous: return "The constraints do not fix a view's frame."
        case .shrunk: return "A label shrank its font to fit (minimumScaleFactor)."
        }
    }

    /// The severity a kind has unless the configuration says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .truncated, .clipped, .overlap, .notMirrored, .formatMismatch, .unsatisfiable: return .error
        case .missingTranslation, .ambiguous, .shrunk: return .warning
        }
    }
}

/// One problem found in one run.
public struct Finding: Equatable, Sendable {
    public var kind: FindingKind
    public var severity: Severity
    /// The view it is about, when it is about one.
    public var view: String?
    public var message: String
    /// Widths in points needed and available (truncation), or lines.
    public var needed: Double?
    public var available: Double?
    public var neededLines: Int?
    public var availableLines: Int?
    /// The full text and the text as shown.
    public var text: String?
    public var shown: String?
    /// The translation key involved (missing-translation, format-mismatch).
    public var key: String?
    /// The constraints involved (unsatisfiable), as written in the layout.
    public var constraints: [String]?
    /// The other view (overlap).
    public var otherView: String?
    /// 1-based line in the layout file of the view or constraint the finding is about.
    public var line: Int?
    /// True when the finding is in the baseline given to the check: it does not fail the check.
    public var baselined: Bool

    public init(kind: FindingKind, severity: Severity? = nil, view: String? = nil, message: String,
                needed: Double? = nil, available: Double? = nil, neededLines: Int? = nil, availableLines: Int? = nil,
                text: String? = nil, shown: String? = nil, key: String? = nil, constraints: [String]? = nil,
                otherView: String? = nil, line: Int? = nil, baselined: Bool = false) {
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.view = view
        self.message = message
        self.needed = needed
        self.available = available
        self.neededLines = neededLines
        self.availableLines = availableLines
        self.text = text
        self.shown = shown
        self.key = key
        self.constraints = constraints
        self.otherView = otherView
        self.line = line
        self.baselined = baselined
    }
}
