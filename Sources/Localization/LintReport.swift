import Support

/// The output formats of `strings lint`.
public enum LintReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// Renders lint findings; the findings are expected sorted (as `lint()` returns them).
/// JSON, SARIF and GitHub annotations go through the writers `check` uses, so that
/// every babelfit report is written alike.
public enum LintReport {
    /// `toolVersion` is the babelfit version the SARIF log names as its driver's.
    public static func render(_ findings: [LintFinding], as format: LintReportFormat, toolVersion: String) -> String {
        switch format {
        case .text: return text(findings)
        case .json: return json(findings)
        case .sarif: return sarif(findings, toolVersion: toolVersion)
        case .github: return github(findings)
        }
    }

    static func counts(_ findings: [LintFinding]) -> (errors: Int, warnings: Int, notes: Int) {
        (findings.filter { $0.severity == .error }.count, findings.filter { $0.severity == .warning }.count,
         findings.filter { $0.severity == .note }.count)
    }

    /// `file:line:column: severity: message [kind]`, one a line (followed by `  note for
    /// translators: …` when the key has one), and a summary.
    public static func text(_ findings: [LintFinding]) -> String {
        var lines = findings.map { finding in
            "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.kind.rawValue)]"
                + (finding.translatorNote.map { "\n  note for translators: " + $0.split(whereSeparator: \.isNewline).joined(separator: " ") } ?? "")
        }
        let (errors, warnings, _) = counts(findings)
        lines.append("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{ "findings": [...], "summary": { "errors", "warnings", "notes" } }`, keys sorted;
    /// a finding's `table`, `key` and `language` only when it has them.
    public static func json(_ findings: [LintFinding]) -> String {
        let (errors, warnings, notes) = counts(findings)
        let report: JSONValue = .object([
            "findings": .array(findings.map { finding in
                var object: [String: JSONValue] = [
                    "file": .string(finding.file),
                    "line": .number(Double(finding.line)),
                    "column": .number(Double(finding.column)),
                    "severity": .string(finding.severity.rawValue),
                    "kind": .string(finding.kind.rawValue),
                    "message": .string(finding.message),
                ]
                object.merge(facts(finding)) { $1 }
                return .object(object)
            }),
            "summary": .object([
                "errors": .number(Double(errors)), "warnings": .number(Double(warnings)), "notes": .number(Double(notes)),
            ]),
        ])
        return report.serialized(pretty: true) + "\n"
    }

    /// The table, key and language a finding is about, those it has.
    private static func facts(_ finding: LintFinding) -> [String: JSONValue] {
        var facts: [String: JSONValue] = [:]
        if let table = finding.table { facts["table"] = .string(table) }
        if let key = finding.key { facts["key"] = .string(key) }
        if let language = finding.language { facts["language"] = .string(language) }
        if let note = finding.translatorNote { facts["translatorNote"] = .string(note) }
        return facts
    }

    /// The report writers' severity for a lint severity. SARIF and the check
    /// reports know errors and warnings only: a lint note is reported as a warning.
    static func reportSeverity(_ severity: LintFinding.Severity) -> Support.Severity {
        switch severity {
        case .error: return .error
        case .warning, .note: return .warning
        }
    }

    /// SARIF 2.1.0: one run of the babelfit driver, one rule per kind of finding,
    /// the table, key and language as each result's properties (the writer makes
    /// the file paths URI references).
    public static func sarif(_ findings: [LintFinding], toolVersion: String) -> String {
        let rules = LintFinding.Kind.allCases.map {
            SARIF.Rule(id: $0.rawValue, summary: $0.summary, level: reportSeverity($0.severity))
        }
        let results = findings.map { finding in
            SARIF.Result(ruleId: finding.kind.rawValue, level: reportSeverity(finding.severity), message: finding.message,
                         file: finding.file, line: finding.line, column: finding.column, properties: facts(finding))
        }
        return SARIF.render(rules: rules, results: results, version: toolVersion)
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`;
    /// a note is a `notice`.
    public static func github(_ findings: [LintFinding]) -> String {
        findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            return GitHubReport.annotation(command, file: finding.file, line: finding.line, column: finding.column,
                                           title: finding.kind.rawValue, message: finding.message)
        }.joined()
    }
}
