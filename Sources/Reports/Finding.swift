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
    case fixedDirectionSymbol = "fixed-direction-symbol"
    case bidiDirection = "bidi-direction"

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
        case .fixedDirectionSymbol:
            return "In a right-to-left language, an SF Symbol named for a side (chevron.right) points the wrong way; its forward/backward form would turn."
        case .bidiDirection:
            return "A translation starts with a character of the other direction (an RTL text starting with \"iPhone\"), so iOS lays it out in that direction; start it with U+200F (or U+200E)."
        }
    }

    /// The severity a kind has unless the configuration says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .truncated, .clipped, .overlap, .notMirrored, .formatMismatch, .unsatisfiable: return .error
        case .missingTranslation, .ambiguous, .shrunk, .fixedDirectionSymbol, .bidiDirection: return .warning
        }
    }
}

/// One problem found in one run: what it is about (its subject), what shows it (its evidence,
/// a value per kind), and a sentence for people.
public struct Finding: Equatable, Sendable {
    public var kind: FindingKind
    public var severity: Severity
    public var subject: Subject
    public var evidence: Evidence {
        get { details?.fields.evidence ?? .none }
        set { changeDetails { $0.evidence = newValue } }
    }
    public var message: String
    /// True when the finding is in the baseline given to the check: it does not fail the check.
    public var baselined: Bool
    /// Up to three changes that make it go away, each verified by laying the run out again (Fix.swift).
    public var fixes: [Fix] {
        get { details?.fields.fixes ?? [] }
        set { changeDetails { $0.fixes = newValue } }
    }
    /// For an `ambiguous` finding caused by equal content priorities: the tie.
    public var tie: PriorityTie? {
        get { details?.fields.tie }
        set { changeDetails { $0.tie = newValue } }
    }
    /// The evidence, fixes and tie, nil when the finding has none of them. What a check keeps of
    /// each finding once its run is written (kind, severity, subject) has none, and each of
    /// the three took room in every finding kept: 240 bytes a finding, 35 MB of a 48,000-run
    /// check's findings, where a finding is now 144.
    private var details: FindingDetails?

    private mutating func changeDetails(_ change: (inout FindingDetails.Fields) -> Void) {
        var fields = details?.fields ?? FindingDetails.Fields()
        change(&fields)
        details = fields == FindingDetails.Fields() ? nil : FindingDetails(fields)
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.kind == b.kind && a.severity == b.severity && a.subject == b.subject && a.message == b.message
            && a.baselined == b.baselined && (a.details === b.details || a.details?.fields == b.details?.fields)
    }

    public init(kind: FindingKind, severity: Severity? = nil, subject: Subject, evidence: Evidence = .none,
                message: String, baselined: Bool = false) {
        self.kind = kind
        self.severity = severity ?? kind.defaultSeverity
        self.subject = subject
        self.message = message
        self.baselined = baselined
        if evidence != .none { details = FindingDetails(FindingDetails.Fields(evidence: evidence)) }
    }

    /// A finding from the fields a report file gives it: widths (or, for `clipped`, heights)
    /// needed and available, or lines, with the text; the text alone for a translation finding.
    public init(kind: FindingKind, severity: Severity? = nil, view: String? = nil, message: String,
                needed: Double? = nil, available: Double? = nil, neededLines: Int? = nil, availableLines: Int? = nil,
                text: String? = nil, shown: String? = nil, key: String? = nil, constraints: [String]? = nil,
                otherView: String? = nil, line: Int? = nil, baselined: Bool = false) {
        let textEvidence = text.map { TextEvidence(text: $0, shown: shown) }
        var evidence = Evidence.none
        if let needed = neededLines, let available = availableLines {
            evidence = .lines(needed: needed, available: available, textEvidence)
        } else if let needed, let available {
            evidence = kind == .clipped ? .height(needed: needed, available: available, textEvidence)
                : .width(needed: needed, available: available, textEvidence)
        } else if let textEvidence {
            evidence = .translation(textEvidence)
        }
        self.init(kind: kind, severity: severity,
                  subject: Subject(view: view, otherView: otherView, key: key,
                                   constraints: (constraints ?? []).map { ConstraintIdentity(text: $0) }, line: line),
                  evidence: evidence, message: message, baselined: baselined)
    }

    /// The view it is about, when it is about one.
    public var view: String? { subject.view }
    /// The other view (overlap), or the superview (clipped, not-mirrored).
    public var otherView: String? { subject.otherView }
    /// The translation key involved (missing-translation, format-mismatch).
    public var key: String? { subject.key }
    /// The note for translators of the finding's key, from a documentation language (`qqq`).
    public var translatorNote: String? { subject.translatorNote }
    /// 1-based line in the layout file of the view or constraint the finding is about.
    public var line: Int? { subject.line }
    /// The constraints involved (unsatisfiable), as written in the layout; nil when none.
    public var constraints: [String]? { subject.constraints.isEmpty ? nil : subject.constraints.map(\.text) }

    /// Width (or, for a text cut off vertically, height) in points, needed and available.
    public var needed: Double? {
        switch evidence {
        case .width(let needed, _, _), .height(let needed, _, _): return needed
        default: return nil
        }
    }

    public var available: Double? {
        switch evidence {
        case .width(_, let available, _), .height(_, let available, _): return available
        default: return nil
        }
    }

    /// Lines needed and available, for a text truncated after its last line.
    public var neededLines: Int? {
        if case .lines(let needed, _, _) = evidence { return needed }
        return nil
    }

    public var availableLines: Int? {
        if case .lines(_, let available, _) = evidence { return available }
        return nil
    }

    /// The full text, and the text as shown.
    public var text: String? { evidence.text?.text }
    public var shown: String? { evidence.text?.shown }
}

/// A finding's evidence, fixes and tie, shared by the copies of a finding and never changed
/// (a change makes another), so threads may share it.
private final class FindingDetails: Sendable {
    struct Fields: Equatable, Sendable {
        var evidence: Evidence = .none
        var fixes: [Fix] = []
        var tie: PriorityTie?
    }

    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }
}

/// What a finding is about.
public struct Subject: Equatable, Sendable {
    public var view: String?
    public var otherView: String?
    public var key: String?
    /// The constraints involved, by their place in the layout.
    public var constraints: [ConstraintIdentity]
    /// 1-based line in the layout file of the view or constraint the finding is about.
    public var line: Int?
    /// The view's name for people where the layout gives one besides its id (Interface
    /// Builder's `userLabel`); the text report shows it beside the id.
    public var viewLabel: String?
    /// The note for translators a documentation language (`qqq`) gives the key.
    public var translatorNote: String?

    public init(view: String? = nil, otherView: String? = nil, key: String? = nil,
                constraints: [ConstraintIdentity] = [], line: Int? = nil, viewLabel: String? = nil) {
        self.viewLabel = viewLabel
        self.view = view
        self.otherView = otherView
        self.key = key
        self.constraints = constraints
        self.line = line
    }
}

/// A constraint a finding names: by its place in the layout (its index among the layout's
/// constraints, nil for one the engine made, and its line in the file), with its text as
/// written for people.
public struct ConstraintIdentity: Hashable, Sendable {
    public var index: Int?
    public var line: Int?
    public var text: String

    public init(index: Int? = nil, line: Int? = nil, text: String) {
        self.index = index
        self.line = line
        self.text = text
    }
}

/// A text as a finding shows it: in full, and as the view shows it (nil when not laid out).
public struct TextEvidence: Equatable, Sendable {
    public var text: String
    public var shown: String?

    public init(text: String, shown: String?) {
        self.text = text
        self.shown = shown
    }
}

/// What shows a finding, per kind.
public enum Evidence: Equatable, Sendable {
    case none
    /// A text needs `needed` points of width and has `available` (truncated on one line, shrunk).
    case width(needed: Double, available: Double, TextEvidence?)
    /// A text needs more lines than its view gives it.
    case lines(needed: Int, available: Int, TextEvidence?)
    /// A text's lines are taller than its view (cut off vertically).
    case height(needed: Double, available: Double, TextEvidence?)
    /// The text a translation finding is about.
    case translation(TextEvidence)
    /// Two views intersect by this much.
    case area(width: Double, height: Double)
    /// A view sits `actual` points from its superview's left edge, where mirrored it would be `expected`.
    case position(actual: Double, expected: Double)

    /// The text involved, when there is one.
    public var text: TextEvidence? {
        switch self {
        case .width(_, _, let text), .lines(_, _, let text), .height(_, _, let text): return text
        case .translation(let text): return text
        case .none, .area, .position: return nil
        }
    }
}
