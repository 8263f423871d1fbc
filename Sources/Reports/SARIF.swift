import Support

extension SARIF {
    /// The check report as SARIF: a rule per finding kind, a result per finding not in the
    /// baseline however many runs it occurs in (`FindingGroup`), located at the view's line in
    /// the layout file. Its message is the first run's, naming the language and the runs; its
    /// `occurrenceCount` is the number of runs, and a related location per run (at the same
    /// line) carries that run's own message, numbers and all. Each run in `properties.runs`
    /// says which font stood in for the system font (`systemFont`).
    public static func render(_ report: CheckReport) -> String {
        let rules = FindingKind.allCases.map { Rule(id: $0.rawValue, summary: $0.summary, level: $0.defaultSeverity) }
        var results = report.inputErrors.map {
            Result(ruleId: "input", level: .error, message: $0.message, file: $0.file, line: $0.line, column: $0.column)
        }
        results += report.readerNotes.map {
            Result(ruleId: "reader-note", sarifLevel: .note, message: $0.message, file: $0.file, line: $0.line, column: $0.column)
        }
        for group in report.findingGroups where !group.finding.baselined {
            let finding = group.finding, run = group.run
            var properties: [String: JSONValue] = [
                "layout": .string(run.layout), "language": .string(run.language),
                "runs": .array(group.runs.map { run in
                    var object: [String: JSONValue] = ["device": .string(run.device), "contentSize": .string(run.contentSize)]
                    if let font = run.systemFont { object["systemFont"] = .string(font) }
                    return .object(object)
                }),
            ]
            if let view = finding.view { properties["view"] = .string(view) }
            if let key = finding.key { properties["key"] = .string(key) }
            if let note = finding.translatorNote { properties["translatorNote"] = .string(note) }
            var message = "\(finding.message) — in \(run.language), on \(group.places)"
            if let note = group.numbersNote { message += " (\(note))" }
            // SARIF's own `fixes` edit file regions; babelfit's are layout changes: in the message and properties.
            if let fixes = TextReport.fixLine(finding) {
                message += ". Verified fixes: \(fixes)"
                properties["fixes"] = .array(finding.fixes.map(\.jsonValue))
            }
            let related = group.occurrences.enumerated().map { id, occurrence in
                RelatedLocation(id: id + 1, file: occurrence.run.file, line: occurrence.finding.line,
                                message: "\(occurrence.run.title): \(occurrence.finding.message)")
            }
            results.append(Result(ruleId: finding.kind.rawValue, level: finding.severity, message: message,
                                  file: run.file, line: finding.line, properties: properties,
                                  occurrenceCount: group.occurrences.count, relatedLocations: related))
        }
        var allRules = report.inputErrors.isEmpty
            ? rules : rules + [Rule(id: "input", summary: "An input file could not be read.", level: .error)]
        if !report.readerNotes.isEmpty {
            allRules.append(Rule(id: "reader-note", summary: "A layout reader could only approximate part of an input.", sarifLevel: .note))
        }
        return render(rules: allRules, results: results, version: report.toolVersion)
    }
}
