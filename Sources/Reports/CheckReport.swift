/// One view of a run, as the report shows it.
public struct ViewReport: Equatable, Sendable {
    public var id: String
    /// `[x, y, width, height]` in points, in the root view's coordinates.
    public var frame: [Double]
    public var text: String?
    public var shown: String?
    public var lines: Int?
    public var font: String?
    public var flipped: Bool
    /// A text view's alignment as drawn: `natural` resolved by the view's direction
    /// (`left`, `right`, `center`, `justified`).
    public var alignment: String?
    /// Where the text came from when not from the run's language: a fallback language
    /// (`pt` for `pt-BR`, the development language), `default` or `key`.
    public var textLanguage: String?

    public init(id: String, frame: [Double], text: String? = nil, shown: String? = nil, lines: Int? = nil,
                font: String? = nil, flipped: Bool = false) {
        self.id = id
        self.frame = frame
        self.text = text
        self.shown = shown
        self.lines = lines
        self.font = font
        self.flipped = flipped
    }
}

/// One layout × language × device × content size.
public struct RunReport: Equatable, Sendable {
    /// The run's position in the full, unsharded list of runs; merging sorts by it.
    public var index: Int
    public var layout: String
    /// The layout file, relative to the current folder when it lies below it.
    public var file: String
    public var language: String
    /// "ltr" or "rtl".
    public var direction: String
    public var device: String
    public var contentSize: String
    public var views: [ViewReport]
    public var findings: [Finding]
    /// Which font stood in for the system font in this run: "Noto Sans" without San
    /// Francisco, "SF Pro" with it, "SF Pro, SF Arabic" where the language's script has its
    /// own San Francisco (`FontCatalog.systemFontDescription`). Nil in a report written
    /// before babelfit said it.
    public var systemFont: String?

    public init(index: Int, layout: String, file: String, language: String, direction: String, device: String,
                contentSize: String, views: [ViewReport], findings: [Finding]) {
        self.index = index
        self.layout = layout
        self.file = file
        self.language = language
        self.direction = direction
        self.device = device
        self.contentSize = contentSize
        self.views = views
        self.findings = findings
    }

    /// "es · iPhone 15 · L", as people read a run.
    public var title: String { "\(language) · \(device) · \(contentSize)" }
}

/// An input that could not be read: the check goes on with the others and exits with status 2.
public struct InputError: Equatable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column`, as far as known.
    public var place: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return place
    }

    /// `file:line:column: error: message`, the form editors understand.
    public var description: String { "\(place): error: \(message)" }

    public static func < (a: InputError, b: InputError) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0, a.message) < (b.file, b.line ?? 0, b.column ?? 0, b.message)
    }
}

/// A finding of the baseline that no longer occurs.
public struct FixedFinding: Equatable, Sendable, Comparable {
    public var fingerprint: String
    public var message: String

    public init(fingerprint: String, message: String) {
        self.fingerprint = fingerprint
        self.message = message
    }

    public static func < (a: FixedFinding, b: FixedFinding) -> Bool { a.fingerprint < b.fingerprint }
}

/// The whole result of `babelfit check` (report-format.md).
public struct CheckReport: Equatable, Sendable {
    public static let format = 1
    public var toolVersion: String
    public var runs: [RunReport]
    public var inputErrors: [InputError]
    /// What the layout readers could only approximate (a view class a storyboard has that the
    /// layout model lacks, an attribute not modelled), each once per file and kind, at its
    /// first place. Notes do not change the exit status.
    public var readerNotes: [InputError] = []
    /// Set when a baseline was given: the baseline's findings that went away.
    public var fixed: [FixedFinding]?
    /// The shard this report covers ("2/3"), when sharded.
    public var shard: String?
    /// When sharded: how many runs the whole, unsharded check has (what `merge` checks it got).
    public var plannedRuns: Int?
    /// With `check --limits`: each layout and language's largest content size and narrowest device with no error.
    public var limits: [ScreenLimit]?

    public init(toolVersion: String, runs: [RunReport], inputErrors: [InputError] = [], fixed: [FixedFinding]? = nil,
                shard: String? = nil, plannedRuns: Int? = nil) {
        self.toolVersion = toolVersion
        self.runs = runs
        self.inputErrors = inputErrors
        self.fixed = fixed
        self.shard = shard
        self.plannedRuns = plannedRuns
    }

    /// Every finding with the run it belongs to, in report order.
    public var allFindings: [(run: RunReport, finding: Finding)] {
        runs.flatMap { run in run.findings.map { (run, $0) } }
    }

    /// How many findings satisfy `condition`, counted in place (``allFindings`` makes an
    /// array of every finding with a copy of its run).
    public func countFindings(where condition: (Finding) -> Bool) -> Int {
        runs.reduce(0) { count, run in run.findings.reduce(count) { condition($1) ? $0 + 1 : $0 } }
    }

    /// Findings that fail the check: errors not in the baseline.
    public var failingFindings: Int {
        countFindings { $0.severity == .error && !$0.baselined }
    }

    /// The exit status of `check`: 2 when an input could not be read, else 1 when an error remains, else 0.
    public var exitStatus: Int32 {
        if !inputErrors.isEmpty { return 2 }
        return failingFindings > 0 ? 1 : 0
    }

    public func count(_ severity: Severity) -> Int {
        countFindings { $0.severity == severity }
    }
}
