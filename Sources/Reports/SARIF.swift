import Support

extension SARIF {
    /// The check report as SARIF: a rule per finding kind, a result per finding
    /// not in the baseline, located at the view's line in the layout file.
    public static func render(_ report: CheckReport) -> String {
        let rules = FindingKind.allCases.map { Rule(id: $0.rawValue, summary: $0.summary, level: $0.defaultSeverity) }
        var results = report.inputErrors.map {
            Result(ruleId: "input", level: .error, message: $0.message, file: $0.file, line: $0.line, column: $0.column)
        }
        for (run, finding) in report.allFindings where !finding.baselined {
            var properties: [String: JSONValue] = [
                "layout": .string(run.layout), "language": .string(run.language),
                "device": .string(run.device), "contentSize": .string(run.contentSize),
            ]
            if let view = finding.view { properties["view"] = .string(view) }
            results.append(Result(ruleId: finding.kind.rawValue, level: finding.severity, message: finding.message,
                                  file: run.file, line: finding.line, properties: properties))
        }
        let allRules = report.inputErrors.isEmpty
            ? rules : rules + [Rule(id: "input", summary: "An input file could not be read.", level: .error)]
        return render(rules: allRules, results: results, version: report.toolVersion)
    }
}
