import Foundation
import Reports
import Support

/// Today's findings, recorded so that a later check fails only on new ones.
///
/// A finding is known by its fingerprint: layout name, language, device,
/// content size, kind, view, key, other view and the constraints involved —
/// not by its message or numbers, so a label that is still truncated by a
/// different amount is still the same finding, and not by the layout's path,
/// so the baseline holds wherever the check is run from.
public struct Baseline: Sendable, Equatable {
    public var entries: [String: String]

    public init(entries: [String: String] = [:]) {
        self.entries = entries
    }

    public static func fingerprint(_ run: RunReport, _ finding: Finding) -> String {
        ([runKey(run), finding.kind.rawValue, finding.view ?? "", finding.key ?? "", finding.otherView ?? ""]
            + (finding.constraints ?? []).sorted()).joined(separator: "|")
    }

    /// The part of a fingerprint that names the run.
    static func runKey(_ run: RunReport) -> String {
        [run.layout, run.language, run.device, run.contentSize].joined(separator: "|")
    }

    /// The findings of a report.
    public init(report: CheckReport) {
        var entries: [String: String] = [:]
        for (run, finding) in report.allFindings {
            entries[Baseline.fingerprint(run, finding)] = "\(run.file) (\(run.title)): \(finding.message)"
        }
        self.entries = entries
    }

    public func serialized() -> String {
        JSONValue.object([
            "format": .number(1),
            "tool": .string("babelfit"),
            "findings": .array(entries.keys.sorted().map { .object(["fingerprint": .string($0), "message": .string(entries[$0]!)]) }),
        ]).serialized(pretty: true) + "\n"
    }

    /// Reads a baseline file; errors name the file, line and JSON path.
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "baseline file not found")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw InputError(file: path, line: error.line, column: error.column, message: error.message)
        }
        guard case .array(let items)? = root["findings"]?.value else {
            throw InputError(file: path, line: root.line, message: "findings: expected an array of findings")
        }
        var entries: [String: String] = [:]
        for (index, item) in items.enumerated() {
            guard case .string(let fingerprint)? = item["fingerprint"]?.value else {
                throw InputError(file: path, line: item.line, message: "findings[\(index)].fingerprint: expected a string")
            }
            if case .string(let message)? = item["message"]?.value {
                entries[fingerprint] = message
            } else {
                entries[fingerprint] = fingerprint
            }
        }
        self.entries = entries
    }

    /// Marks the run's findings that the baseline holds; returns their fingerprints. What
    /// ``apply(to:)`` does to each run, for a run written before the report is whole.
    @discardableResult
    public func mark(_ run: inout RunReport) -> [String] {
        var marked: [String] = []
        for index in run.findings.indices {
            let fingerprint = Baseline.fingerprint(run, run.findings[index])
            if entries[fingerprint] != nil {
                run.findings[index].baselined = true
                marked.append(fingerprint)
            }
        }
        return marked
    }

    /// Marks the report's findings that the baseline holds, and lists the baseline's findings
    /// that went away (among the runs the report covers).
    public func apply(to report: inout CheckReport) {
        var seen = Set<String>()
        var covered = Set<String>()
        for runIndex in report.runs.indices {
            covered.insert(Baseline.runKey(report.runs[runIndex]) + "|")
            seen.formUnion(mark(&report.runs[runIndex]))
        }
        report.fixed = entries.keys.sorted()
            .filter { fingerprint in !seen.contains(fingerprint) && covered.contains { fingerprint.hasPrefix($0) } }
            .map { FixedFinding(fingerprint: $0, message: entries[$0]!) }
    }
}

