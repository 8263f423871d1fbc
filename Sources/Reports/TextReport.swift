/// `check --format text`: for people, grouped by layout, one
/// `FILE:LINE: error: message` line a finding (a form editors and Xcode
/// understand), and a summary. Colour only when asked (a terminal without NO_COLOR).
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
        if !options.quiet {
            var layoutsInOrder: [String] = []
            var runsByLayout: [String: [RunReport]] = [:]
            for run in report.runs {
                if runsByLayout[run.file] == nil { layoutsInOrder.append(run.file) }
                runsByLayout[run.file, default: []].append(run)
            }
            for file in layoutsInOrder {
                let runs = runsByLayout[file]!
                let findings = runs.reduce(0) { $0 + $1.findings.count }
                if findings == 0, !options.verbose { continue }
                out += paint("\(runs[0].layout)", "1") + " (\(file)): \(runs.count) run\(runs.count == 1 ? "" : "s"), "
                out += "\(findings) finding\(findings == 1 ? "" : "s")\n"
                for run in runs {
                    if run.findings.isEmpty {
                        if options.verbose { out += "  \(run.title): ok\n" }
                        continue
                    }
                    out += "  \(run.title)\n"
                    for finding in run.findings {
                        let place = finding.line.map { "\(run.file):\($0)" } ?? run.file
                        let colour = finding.severity == .error ? "31" : "33"
                        var label = finding.severity.rawValue
                        if finding.baselined { label += " (baseline)" }
                        out += "    \(place): \(paint(label, colour)): \(finding.message) [\(finding.kind.rawValue)]\n"
                    }
                }
            }
            if let fixed = report.fixed, !fixed.isEmpty {
                out += paint("fixed since the baseline", "32") + ":\n"
                for item in fixed { out += "  \(item.message)\n" }
            }
        }
        let errors = report.count(.error), warnings = report.count(.warning)
        out += "\(report.runs.count) run\(report.runs.count == 1 ? "" : "s"): "
        out += "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        let baselined = report.allFindings.filter { $0.finding.baselined }.count
        if baselined > 0 { out += " (\(baselined) in the baseline)" }
        if !report.inputErrors.isEmpty {
            out += ", \(report.inputErrors.count) input\(report.inputErrors.count == 1 ? "" : "s") not read"
        }
        return out + "\n"
    }
}
