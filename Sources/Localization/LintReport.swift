import Foundation

/// The output formats of `strings lint`.
public enum LintReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

/// Renders lint findings; the findings are expected sorted (as `lint()` returns them).
public enum LintReport {
    public static func render(_ findings: [LintFinding], as format: LintReportFormat) -> String {
        switch format {
        case .text: return text(findings)
        case .json: return json(findings)
        case .sarif: return sarif(findings)
        case .github: return github(findings)
        }
    }

    static func counts(_ findings: [LintFinding]) -> (errors: Int, warnings: Int, notes: Int) {
        (findings.filter { $0.severity == .error }.count, findings.filter { $0.severity == .warning }.count,
         findings.filter { $0.severity == .note }.count)
    }

    /// `file:line:column: severity: message [kind]`, one a line, and a summary.
    public static func text(_ findings: [LintFinding]) -> String {
        var lines = findings.map { "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.kind.rawValue)]" }
        let (errors, warnings, _) = counts(findings)
        lines.append("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    private struct JSONReport: Encodable {
        struct Summary: Encodable { var errors: Int, warnings: Int, notes: Int }
        var findings: [LintFinding]
        var summary: Summary
    }

    /// `{ "findings": [...], "summary": { "errors", "warnings", "notes" } }`, keys sorted.
    public static func json(_ findings: [LintFinding]) -> String {
        let (errors, warnings, notes) = counts(findings)
        return encode(JSONReport(findings: findings, summary: .init(errors: errors, warnings: warnings, notes: notes)))
    }

    // SARIF 2.1.0: one run of the babelfit driver, one rule per kind of finding.
    private struct SARIFLog: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
    }
    private struct Run: Encodable { var tool: Tool; var results: [Result] }
    private struct Tool: Encodable { var driver: Driver }
    private struct Driver: Encodable { var name: String; var rules: [Rule] }
    private struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var defaultConfiguration: Configuration
    }
    private struct Configuration: Encodable { var level: String }
    private struct Message: Encodable { var text: String }
    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
    }
    private struct Location: Encodable { var physicalLocation: PhysicalLocation }
    private struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation; var region: Region }
    private struct ArtifactLocation: Encodable { var uri: String }
    private struct Region: Encodable { var startLine: Int; var startColumn: Int }

    public static func sarif(_ findings: [LintFinding]) -> String {
        let kinds = LintFinding.Kind.allCases
        let rules = kinds.map {
            Rule(id: $0.rawValue, shortDescription: Message(text: $0.summary),
                 defaultConfiguration: Configuration(level: $0.severity.rawValue))
        }
        let results = findings.map { finding in
            Result(ruleId: finding.kind.rawValue, ruleIndex: kinds.firstIndex(of: finding.kind) ?? 0,
                   level: finding.severity.rawValue, message: Message(text: finding.message),
                   locations: [Location(physicalLocation: PhysicalLocation(
                       artifactLocation: ArtifactLocation(uri: uri(finding.file)),
                       region: Region(startLine: finding.line, startColumn: finding.column)))])
        }
        let driver = Driver(name: "babelfit", rules: rules)
        return encode(SARIFLog(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }

    /// A file path as a SARIF URI reference: relative paths stay relative.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
    public static func github(_ findings: [LintFinding]) -> String {
        findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let properties = "file=\(escapeProperty(finding.file)),line=\(finding.line),col=\(finding.column),title=\(escapeProperty(finding.kind.rawValue))"
            return "::\(command) \(properties)::\(escapeData(finding.message))\n"
        }.joined()
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
