/// `check --format github`: GitHub Actions workflow commands, which the runner
/// turns into annotations on the pull request's files:
/// `::error file=Layouts/ItemDetail.json,line=12,title=truncated (es · iPhone 15 · L)::…`.
public enum GitHubReport {
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

    public static func annotation(_ command: String, file: String, line: Int?, column: Int? = nil, title: String,
                                  message: String) -> String {
        var properties = "file=\(escapeProperty(file))"
        if let line { properties += ",line=\(line)" }
        if let column { properties += ",col=\(column)" }
        properties += ",title=\(escapeProperty(title))"
        return "::\(command) \(properties)::\(escapeData(message))\n"
    }

    /// Escaping of a command's message, as the runner expects.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escaping of a property value (also `:` and `,`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
