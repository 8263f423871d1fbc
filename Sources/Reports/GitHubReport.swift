import Support

/// `check --format github`: GitHub Actions workflow commands, which the runner
/// turns into annotations on the pull request's files, one a finding however many runs it
/// occurs in (`FindingGroup`), its title naming them:
/// `::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone SE (3rd generation), iPhone 15 · L)::…`.
extension GitHubReport {
    public static func render(_ report: CheckReport) -> String {
        var out = ""
        for error in report.inputErrors {
            out += annotation("error", file: error.file, line: error.line, column: error.column, title: "input",
                              message: error.message)
        }
        for note in report.readerNotes {
            out += annotation("notice", file: note.file, line: note.line, column: note.column, title: "reader note",
                              message: note.message)
        }
        var distinctErrors = 0
        for group in report.findingGroups where !group.finding.baselined {
            let finding = group.finding
            if finding.severity == .error { distinctErrors += 1 }
            out += annotation(finding.severity == .error ? "error" : "warning", file: group.run.file, line: finding.line,
                              title: "\(finding.kind.rawValue) (\(group.title))",
                              message: group.message + (TextReport.fixLine(finding).map { "\nFixes: \($0)" } ?? ""))
        }
        let errors = report.failingFindings
        out += "babelfit: \(report.runs.count) runs, \(errors) error\(errors == 1 ? "" : "s")"
        if distinctErrors < errors { out += " (\(distinctErrors) distinct)" }
        // Which font stood in for the system font, as the text report says it.
        if let line = TextReport.systemFontLine(report.runs) { out += "; " + line }
        out += "\n"
        return out
    }
}
