import Layout
import Reports

/// One run checked as `check` checks it, with what its report was made from: the layout
/// result (every view's frame and fitted text, with the glyph runs it was measured with) and
/// the layout itself. What `babelfit layout` prints and `babelfit render` draws.
public struct CheckedRun: Sendable {
    /// The run's report: views and findings, as the JSON report writes them.
    public var report: RunReport
    /// The layout as laid out in the run: frames, fitted texts, directions, flips.
    public var result: LayoutResult
    /// The layout file that was read.
    public var layout: LoadedLayout
    /// The run's device (before the layout's environment; `result.device` is after it).
    public var device: Device
    public var contentSize: ContentSize

    /// The run's findings.
    public var findings: [Finding] { report.findings }
}

/// Checks single runs with the checks and caches of a check: the layout sessions and the
/// development language's layouts are kept between runs, so checking every run of a plan one
/// by one costs what `Project.check` costs. Safe to use from several threads at once.
public final class RunInspector: Sendable {
    public let project: Project
    private let checker: RunChecker

    public init(project: Project, severities: SeverityPolicy = SeverityPolicy()) {
        self.project = project
        checker = RunChecker(project: project, policy: severities, developmentLayouts: LayoutCache(),
                             sessions: LayoutSessions())
    }

    /// Checks one run of the project's run list (`RunPlan`). Throws the `InputError` that keeps
    /// it from being checked: a font its text needs that cannot be used.
    public func check(_ spec: RunSpec) throws -> CheckedRun {
        switch checker.checkLaidOut(spec) {
        case .success(let run):
            return CheckedRun(report: run.report, result: run.result, layout: project.layout(at: spec.layout),
                              device: spec.device, contentSize: spec.contentSize)
        case .failure(let failure):
            throw failure.error
        }
    }

    /// Checks a layout (by name or file) in one language, device and content size. Throws an
    /// `InputError` for a layout or device it does not know, and for a font the run needs that
    /// cannot be used.
    public func check(layout name: String, language: String, device: String = "iPhone 15",
                      contentSize: ContentSize = .L) throws -> CheckedRun {
        guard let layoutIndex = project.layouts.firstIndex(where: { $0.document.name == name || $0.file == name }) else {
            let known = project.layouts.map(\.document.name).joined(separator: ", ")
            throw InputError(file: name, message: "no layout named \(name) was read; the layouts are: \(known)")
        }
        // `design`: the device the layout was drawn for.
        let designed = device == Device.designName ? project.layout(at: layoutIndex).document.designDevice : nil
        guard let device = designed ?? Device.named(device, custom: project.customDevices) else {
            if device == Device.designName {
                throw InputError(file: project.layout(at: layoutIndex).file,
                                 message: "\(name) has no design device (a storyboard's or XIB's); name a device")
            }
            throw InputError(file: project.layout(at: layoutIndex).file,
                             message: "unknown device '\(device)'; babelfit knows \(Device.knownDescription)")
        }
        return try check(RunSpec(index: 0, layout: layoutIndex, language: language, device: device, contentSize: contentSize))
    }
}
