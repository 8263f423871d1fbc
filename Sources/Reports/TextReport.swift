/// `check --format text`: for people, grouped by layout, one
/// `FILE:LINE: error: message` line a finding (a form editors and Xcode
/// understand), and a summary. A finding that repeats on several devices or content
/// sizes is one entry (`FindingGroup`), under a heading that names its runs
/// ("es · iPhone SE (3rd generation), iPhone 15 · L, AX3"); the counts stay per run.
/// Colour only when asked (a terminal without NO_COLOR).
public enum TextReport {
    public struct Options: Sendable {
        public var colour: Bool
        /// Also list runs without findings.
        public var verbose: Bool
        /// Only the summary and input errors.
        public var quiet: Bool

        public init(colour: Bool = false, verbose: Bool = false, quiet: Bool = false) {
            self.colour = colour
            self.verbose = verbose
            self.quiet = quiet
        }
    }

    public static func render(_ report: CheckReport, options: Options = Options()) -> String {
        var out = ""
        func paint(_ text: String, _ code: String) -> String {
            options.colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
        for error in report.inputErrors {
            out += "\(error.place): \(paint("error", "1;31")): \(error.message)\n"
        }
        // Quiet, only the number of groups is written: counted without making them.
        let groups = options.quiet ? nil : report.findingGroups
        if let groups {
            for note in report.readerNotes {
                out += "\(note.place): \(paint("note", "36")): \(note.message)\n"
            }
            var layoutsInOrder: [String] = []
            var runsByLayout: [String: [(position: Int, run: RunReport)]] = [:]
            for (position, run) in report.runs.enumerated() {
                if runsByLayout[run.file] == nil { layoutsInOrder.append(run.file) }
                runsByLayout[run.file, default: []].append((position, run))
            }
            var groupsByLayout: [String: [FindingGroup]] = [:]
            for group in groups { groupsByLayout[group.run.file, default: []].append(group) }
            for file in layoutsInOrder {
                let runs = runsByLayout[file]!, layoutGroups = groupsByLayout[file] ?? []
                let findings = runs.reduce(0) { $0 + $1.run.findings.count }
                if findings == 0, !options.verbose { continue }
                out += paint("\(runs[0].run.layout)", "1") + " (\(file)): \(runs.count) run\(runs.count == 1 ? "" : "s"), "
                out += "\(findings) finding\(findings == 1 ? "" : "s")"
                if layoutGroups.count < findings { out += " (\(layoutGroups.count) distinct)" }
                out += "\n"
                var heading: String?
                for entry in entries(runs, layoutGroups, verbose: options.verbose) {
                    switch entry {
                    case .clean(let runs):
                        out += "  \(runs[0].language) · \(FindingGroup.places(runs)): ok\n"
                        heading = nil
                    case .finding(let group):
                        if heading != group.title {
                            heading = group.title
                            out += "  \(group.title)\n"
                        }
                        let finding = group.finding
                        let place = finding.line.map { "\(file):\($0)" } ?? file
                        let colour = finding.severity == .error ? "31" : "33"
                        var label = finding.severity.rawValue
                        if finding.baselined { label += " (baseline)" }
                        out += "    \(place): \(paint(label, colour)): \(labelled(group.message, finding)) [\(finding.kind.rawValue)]\n"
                        if let note = finding.translatorNote {
                            out += "      note for translators: " + note.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n"
                        }
                        if let fixes = fixLine(finding) { out += "      \(paint("fixes", "32")): \(fixes)\n" }
                    }
                }
            }
            if let fixed = report.fixed, !fixed.isEmpty {
                out += paint("fixed since the baseline", "32") + ":\n"
                for item in fixed { out += "  \(item.message)\n" }
            }
            if let line = systemFontLine(report.runs) { out += line + "\n" }
        }
        if let limits = report.limits { out += ScreenLimits.text(limits) }
        let errors = report.count(.error), warnings = report.count(.warning)
        out += "\(report.runs.count) run\(report.runs.count == 1 ? "" : "s"): "
        out += "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        var notes: [String] = []
        let distinct = groups?.count ?? report.distinctFindingCount
        if distinct < report.countFindings(where: { _ in true }) {
            notes.append("\(distinct) distinct finding\(distinct == 1 ? "" : "s")")
        }
        let baselined = report.countFindings { $0.baselined }
        if baselined > 0 { notes.append("\(baselined) in the baseline") }
        if !notes.isEmpty { out += " (\(notes.joined(separator: "; ")))" }
        if !report.inputErrors.isEmpty {
            out += ", \(report.inputErrors.count) input\(report.inputErrors.count == 1 ? "" : "s") not read"
        }
        if !report.readerNotes.isEmpty {
            out += ", \(report.readerNotes.count) reader note\(report.readerNotes.count == 1 ? "" : "s")"
        }
        return out + "\n"
    }

    /// Which font stood in for the system font: `system font: Noto Sans` when every run says
    /// the same, else each font with the languages of its runs, the most used first
    /// (`system font: SF Pro; SF Pro, SF Arabic in ar, fa`). Nil for runs that do not say.
    static func systemFontLine(_ runs: [RunReport]) -> String? {
        var order: [String] = []
        var languages: [String: [String]] = [:]
        for run in runs {
            guard let font = run.systemFont else { continue }
            if languages[font] == nil { order.append(font) }
            if !languages[font, default: []].contains(run.language) { languages[font, default: []].append(run.language) }
        }
        guard !order.isEmpty else { return nil }
        let sorted = order.enumerated().sorted { a, b in
            let ca = languages[a.element]!.count, cb = languages[b.element]!.count
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        let parts = sorted.enumerated().map { index, font in
            index == 0 ? font : "\(font) in \(languages[font]!.joined(separator: ", "))"
        }
        return "system font: " + parts.joined(separator: "; ")
    }

    /// A finding's verified fixes on one line, numbered: "(1) change … (2) let … wrap"; nil
    /// when it has none. (For a group, the first run's fixes.)
    public static func fixLine(_ finding: Finding) -> String? {
        guard !finding.fixes.isEmpty else { return nil }
        return finding.fixes.enumerated().map { "(\($0.offset + 1)) \($0.element.summary)" }.joined(separator: "; ")
    }

    /// The message with the view's label after the first mention of its id:
    /// `tH3-aB-c9x ("Title Label") is truncated …`, as Xcode names objects.
    static func labelled(_ message: String, _ finding: Finding) -> String {
        guard let label = finding.subject.viewLabel, let view = finding.view, let range = message.range(of: view) else {
            return message
        }
        return message.replacingCharacters(in: range, with: "\(view) (\"\(label)\")")
    }

    /// What the text lists of a layout: a finding group, or (verbose) a language's runs without findings.
    enum Entry {
        case finding(FindingGroup)
        case clean([RunReport])
    }

    /// A layout's entries in report order: each group at its first run, and, when verbose, a
    /// language's runs without findings at the first of them; groups that start at the same run
    /// keep their order.
    static func entries(_ runs: [(position: Int, run: RunReport)], _ groups: [FindingGroup], verbose: Bool) -> [Entry] {
        var entries = groups.map { (position: $0.position, entry: Entry.finding($0)) }
        if verbose {
            var clean: [(position: Int, runs: [RunReport])] = []
            for (position, run) in runs where run.findings.isEmpty {
                if let index = clean.firstIndex(where: { $0.runs[0].language == run.language }) {
                    clean[index].runs.append(run)
                } else {
                    clean.append((position, [run]))
                }
            }
            entries += clean.map { ($0.position, .clean($0.runs)) }
        }
        return entries.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element.entry)
    }
}
