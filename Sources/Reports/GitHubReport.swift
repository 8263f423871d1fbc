import Support

/// `check --format github`: GitHub Actions workflow commands, which the runner
/// turns into annotations on the pull request's files:
/// `::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone 15 · L)::…`.
extension GitHubReport {
    public static func render(_ report: CheckReport) -> String {
        var out = ""
        for error in report.inputErrors {
            out += annotation("error", file: error.file, line: error.line, column: error.column, title: "input",
                              message: error.message)
        }
        for (run, finding) in report.allFindings where !finding.baselined {
            let command = finding.severity == .error ? "error" : "warning"
            out += annotation(command, file: run.file, line: finding.line, title: "\(finding.kind.rawValue) (\(run.title))",
                              message: finding.message)
        }
        let errors = report.failingFindings
        out += "babelfit: \(report.runs.count) runs, \(errors) error\(errors == 1 ? "" : "s")\n"
        return out
    }
}
