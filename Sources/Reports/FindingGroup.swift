/// One finding as it repeats over the runs of a layout in one language: the same kind, view,
/// other view, key, constraints, line, severity and baseline mark, on several devices or content
/// sizes, whatever its numbers. The text, GitHub and SARIF reports write one entry a group; the
/// JSON and JUnit reports keep one finding a run.
public struct FindingGroup: Sendable {
    /// Every run it occurs in, with the finding as that run has it, in report order.
    public var occurrences: [(run: RunReport, finding: Finding)]
    /// The first run's place in the report's runs.
    var position: Int

    /// The first run's finding, whose message the group shows.
    public var finding: Finding { occurrences[0].finding }
    /// The first run (in report order).
    public var run: RunReport { occurrences[0].run }
    public var runs: [RunReport] { occurrences.map(\.run) }

    /// Where it occurs: "iPhone SE (3rd generation), iPhone 15 · L, AX3", or, when the devices do
    /// not share their content sizes, "iPhone SE (3rd generation) · L, AX3; iPad (10th generation) · AX3".
    public var places: String { Self.places(runs) }

    /// The group as people read a run: "es · iPhone SE (3rd generation), iPhone 15 · L"
    /// (for a single run, exactly its `title`).
    public var title: String { "\(run.language) · \(places)" }

    /// The runs whose message differs from the first run's (other numbers), in report order.
    public var differing: [RunReport] {
        occurrences.filter { $0.finding.message != finding.message }.map(\.run)
    }

    /// "numbers differ on iPhone 15 Pro Max · L; see the JSON report", when some run's message
    /// differs from the first run's; nil when every run says the same.
    public var numbersNote: String? {
        let others = differing
        return others.isEmpty ? nil : "numbers differ on \(Self.places(others)); see the JSON report"
    }

    /// The first run's message, with the note on differing numbers when there is one.
    public var message: String {
        numbersNote.map { "\(finding.message) (\($0))" } ?? finding.message
    }

    /// Devices in the order the runs give them, each with its content sizes; consecutive devices
    /// with the same sizes share them: "D1, D2 · L, AX3; D3 · AX3".
    static func places(_ runs: [RunReport]) -> String {
        var devices: [(device: String, sizes: [String])] = []
        for run in runs {
            if let index = devices.firstIndex(where: { $0.device == run.device }) {
                if !devices[index].sizes.contains(run.contentSize) { devices[index].sizes.append(run.contentSize) }
            } else {
                devices.append((run.device, [run.contentSize]))
            }
        }
        var segments: [(devices: [String], sizes: [String])] = []
        for (device, sizes) in devices {
            if let last = segments.last, last.sizes == sizes {
                segments[segments.count - 1].devices.append(device)
            } else {
                segments.append(([device], sizes))
            }
        }
        return segments.map { "\($0.devices.joined(separator: ", ")) · \($0.sizes.joined(separator: ", "))" }
            .joined(separator: "; ")
    }

    /// What makes two runs' findings the same finding: all but their numbers (evidence and message).
    struct Key: Hashable {
        var file: String
        var layout: String
        var language: String
        var kind: FindingKind
        var severity: Severity
        var view: String?
        var otherView: String?
        var key: String?
        var constraints: [ConstraintIdentity]
        var line: Int?
        var baselined: Bool

        init(_ run: RunReport, _ finding: Finding) {
            file = run.file
            layout = run.layout
            language = run.language
            kind = finding.kind
            severity = finding.severity
            view = finding.subject.view
            otherView = finding.subject.otherView
            key = finding.subject.key
            constraints = finding.subject.constraints
            line = finding.subject.line
            baselined = finding.baselined
        }
    }
}

extension CheckReport {
    /// How many groups ``findingGroups`` makes, found without making them.
    public var distinctFindingCount: Int {
        var keys = Set<FindingGroup.Key>()
        for run in runs {
            for finding in run.findings { keys.insert(FindingGroup.Key(run, finding)) }
        }
        return keys.count
    }

    /// The report's findings grouped over devices and content sizes, in report order: by the
    /// first run each occurs in (layout, language, device, content size), then by its place
    /// among that run's findings. A finding in the baseline and the same finding not in it
    /// (on other runs) are two groups.
    public var findingGroups: [FindingGroup] {
        var groups: [FindingGroup] = []
        var indices: [FindingGroup.Key: Int] = [:]
        for (position, run) in runs.enumerated() {
            for finding in run.findings {
                let key = FindingGroup.Key(run, finding)
                if let index = indices[key] {
                    groups[index].occurrences.append((run, finding))
                } else {
                    indices[key] = groups.count
                    groups.append(FindingGroup(occurrences: [(run, finding)], position: position))
                }
            }
        }
        return groups
    }
}
