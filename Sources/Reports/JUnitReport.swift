/// `check --format junit`: JUnit XML, as CI services show test results: a test
/// suite per layout, a test case per run. A run with errors (findings in the baseline
/// excepted) is a failed test case with one `<failure>`, which holds all its errors;
/// `failures` counts failed test cases. Warnings go to the test case's system-out.
public enum JUnitReport {
    public static func render(_ report: CheckReport) -> String {
        var suites: [(file: String, layout: String, runs: [RunReport])] = []
        for run in report.runs {
            if let index = suites.firstIndex(where: { $0.file == run.file }) {
                suites[index].runs.append(run)
            } else {
                suites.append((run.file, run.layout, [run]))
            }
        }
        func failures(_ run: RunReport) -> [Finding] {
            run.findings.filter { $0.severity == .error && !$0.baselined }
        }
        let totalFailures = report.runs.filter { !failures($0).isEmpty }.count
        let totalErrors = report.inputErrors.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"babelfit\" tests=\"\(report.runs.count + report.inputErrors.count)\" "
        out += "failures=\"\(totalFailures)\" errors=\"\(totalErrors)\">\n"
        if !report.inputErrors.isEmpty {
            out += "  <testsuite name=\"inputs\" tests=\"\(report.inputErrors.count)\" failures=\"0\" errors=\"\(totalErrors)\">\n"
            for error in report.inputErrors {
                out += "    <testcase classname=\"inputs\" name=\"\(xml(error.file))\">\n"
                out += "      <error message=\"\(xml(error.message))\">\(xml(error.place)): \(xml(error.message))</error>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        for suite in suites {
            let suiteFailures = suite.runs.filter { !failures($0).isEmpty }.count
            out += "  <testsuite name=\"\(xml(suite.layout))\" file=\"\(xml(suite.file))\" tests=\"\(suite.runs.count)\" "
            out += "failures=\"\(suiteFailures)\" errors=\"0\">\n"
            for run in suite.runs {
                out += "    <testcase classname=\"\(xml(suite.layout))\" name=\"\(xml(run.title))\""
                let failed = failures(run)
                let others = run.findings.filter { $0.severity != .error || $0.baselined }
                if failed.isEmpty && others.isEmpty && run.systemFont == nil {
                    out += "/>\n"
                    continue
                }
                out += ">\n"
                // Which font stood in for the system font in this run.
                if let font = run.systemFont {
                    out += "      <properties><property name=\"systemFont\" value=\"\(xml(font))\"/></properties>\n"
                }
                if !failed.isEmpty {
                    // One failure a test case: its type the kinds, its message the errors', its text a line an error.
                    var kinds: [String] = []
                    for finding in failed where !kinds.contains(finding.kind.rawValue) { kinds.append(finding.kind.rawValue) }
                    let message = failed.count == 1
                        ? failed[0].message : "\(failed.count) errors: " + failed.map(\.message).joined(separator: "; ")
                    let lines = failed.map { finding in
                        "\(finding.line.map { "\(run.file):\($0)" } ?? run.file): \(finding.message)"
                    }
                    out += "      <failure type=\"\(xml(kinds.joined(separator: ", ")))\" message=\"\(xml(message))\">"
                    out += "\(xml(lines.joined(separator: "\n")))</failure>\n"
                }
                if !others.isEmpty {
                    let lines = others.map { "\($0.severity.rawValue)\($0.baselined ? " (baseline)" : ""): \($0.message) [\($0.kind.rawValue)]" }
                    out += "      <system-out>\(xml(lines.joined(separator: "\n")))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Escapes text for XML attributes and content. A character XML 1.0 forbids even as a
    /// character reference (a control character but tab, line feed and carriage return;
    /// U+FFFE, U+FFFF) is written as visible text, `\u{0}`, since XML parsers reject `&#0;`.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
