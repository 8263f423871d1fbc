/// GitHub Actions workflow commands, which the runner turns into annotations on a pull
/// request's files. Shared by `check` and `strings lint` (Reports adds the check report's).
public enum GitHubReport {
    /// One command, `::command file=…,line=…,col=…,title=…::message`, its values escaped.
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
