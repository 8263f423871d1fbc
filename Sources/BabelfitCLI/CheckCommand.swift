import Checks
import Foundation
import Layout
import Reports
import Support

/// `babelfit check [PATH…]`: every layout × language × device × content size, and the findings.
public enum CheckCommand {
    static let formats = ["text", "json", "junit", "sarif", "github"]

    static let usage = """
    usage: babelfit check [PATH…] [--layouts DIR]… [--strings DIR]… [--fonts DIR] [--system-fonts PATH,…] [--config FILE]
                          [--languages en,ar,…] [--development-language TAG]
                          [--devices "iPhone 15,…"] [--content-sizes L,AX1]
                          [--format text|json|junit|sarif|github] [--output FILE] [--html DIR] [--html-scale 1|2|3]
                          [--baseline FILE] [--write-baseline FILE] [--shard I/N] [--jobs N]
                          [--limits] [--quiet] [--verbose] [--no-fixes]

    A PATH is a layout file or a folder: the folder's Layouts/ (or its own *.json files) are the
    layouts, and every *.lproj folder, String Catalog and XLIFF below it the translations.
    Without PATHs or --layouts, the Layouts/ folder of the current folder is checked, else
    the current folder as a project. Each PATH is laid out in the translations found in its
    own folder (unless --strings names them). A device may be `design`: each layout's design
    device (the device a storyboard or XIB was drawn for).
    --html DIR also writes the HTML report: every run drawn, switched by language, device and size
    (--html-scale: pixels per point of its pictures, 1 by default; 2 is sharper on high-density screens).
    --limits adds, for each layout and language, the largest content size (checked XS … AX5 on the
    devices) and the narrowest device of babelfit's devices table (checked at the content sizes) at
    which it has no error: a table in the text report, "limits" in the JSON report.
    Each truncated, clipped, overlap and not-mirrored finding (and each ambiguity from a tie of
    equal priorities) carries up to three fixes, each verified by laying the run out again with
    it; --no-fixes leaves them out.
    Exit status: 0 when no error remains, 1 when one does, 2 when an input could not be read.
    """

    /// The parts of a check: with translation folders named (`--strings`, the config's
    /// `strings`), every layout is laid out in their translations, as one part; otherwise each
    /// layout path takes the translations found in its own folder, and paths that share a
    /// folder are one part, so that two apps checked together keep their own languages.
    static func parts(layouts: [String], strings: [String], explicitStrings: Bool) -> [ProjectPart] {
        guard !explicitStrings, layouts.count > 1 else {
            let folders = strings.isEmpty ? layouts.compactMap(OptionValues.translationFolder) : strings
            return [ProjectPart(layouts: layouts, strings: folders)]
        }
        var parts: [ProjectPart] = []
        for path in layouts {
            let folders = OptionValues.translationFolder(for: path).map { [$0] } ?? []
            if let index = parts.firstIndex(where: { $0.strings == folders }) {
                parts[index].layouts.append(path)
            } else {
                parts.append(ProjectPart(layouts: [path], strings: folders))
            }
        }
        return parts
    }

    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(arguments, options: [
                "layouts", "strings", "fonts", "config", "languages", "devices", "content-sizes", "format", "output",
                "baseline", "write-baseline", "shard", "jobs", "development-language", "html", "html-scale", "system-fonts",
            ], flags: ["quiet", "verbose", "help", "limits", "no-fixes"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            var config = CheckConfig()
            let configPath = args.value("config") ?? (FileManager.default.fileExists(atPath: "babelfit.json") ? "babelfit.json" : nil)
            if let configPath { config = try CheckConfig(path: configPath) }

            // Inputs: PATHs, then --layouts/--strings, then the config, then ./Layouts, else the
            // current folder as a project.
            var layoutPaths = args.positional + args.all("layouts")
            var stringFolders = args.all("strings") + args.positional.compactMap(OptionValues.translationFolder)
            if layoutPaths.isEmpty { layoutPaths = config.layouts }
            if stringFolders.isEmpty { stringFolders = config.strings }
            if layoutPaths.isEmpty { layoutPaths = [OptionValues.isFolder("Layouts") ? "Layouts" : "."] }
            let parts = Self.parts(layouts: layoutPaths, strings: stringFolders,
                                   explicitStrings: !args.all("strings").isEmpty || !config.strings.isEmpty)

            var options = CheckOptions()
            if let chosen = try OptionValues.list(args, "languages", of: "language tags") ?? config.languages {
                var seen = Set<String>()
                options.languages = try chosen.filter { seen.insert($0).inserted }.map { language in
                    if language.lowercased().hasPrefix("x-"), Pseudolanguage(language: language) == nil {
                        throw UsageError("unknown pseudolanguage '\(language)'; expected one of \(Pseudolanguage.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    return try OptionValues.language(language, option: "languages")
                }
            }
            if let tag = args.value("development-language") { _ = try OptionValues.language(tag, option: "development-language") }
            let deviceNames = try OptionValues.list(args, "devices", of: "device names") ?? config.devices
            if let deviceNames { options.devices = try deviceNames.map { try OptionValues.device($0, custom: config.customDevices) } }
            let sizeNames = try OptionValues.list(args, "content-sizes", of: "content sizes (XS … AX5)") ?? config.contentSizes
            if let sizeNames { options.contentSizes = try sizeNames.map(OptionValues.contentSize) }
            options.severities = SeverityPolicy(config.severities)
            options.fixes = !args.flag("no-fixes")
            options.jobs = try args.int("jobs") ?? config.jobs ?? 0
            guard (0...1024).contains(options.jobs) else { throw UsageError("--jobs expects 0 (one per core) to 1024") }
            if let shard = args.value("shard") {
                let parts = shard.split(separator: "/").compactMap { Int($0) }
                guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                    throw UsageError("--shard expects I/N with 1 ≤ I ≤ N, got '\(shard)'")
                }
                options.shard = (parts[0], parts[1])
            }
            let format = args.value("format") ?? config.format ?? "text"
            guard formats.contains(format) else {
                throw UsageError("--format must be text, json, junit, sarif or github, got '\(format)'")
            }
            let output = args.value("output") ?? config.output
            var baseline: Baseline?
            var baselineError: InputError?
            let baselinePath = args.value("baseline") ?? config.baseline
            if let path = baselinePath {
                do { baseline = try Baseline(contentsOf: path) } catch let error as InputError { baselineError = error }
            }

            let project = try Project(parts: parts,
                                      fontsFolder: FontsLocator.folder(args.value("fonts") ?? config.fonts),
                                      developmentLanguage: args.value("development-language") ?? config.developmentLanguage,
                                      customDevices: config.customDevices,
                                      documentationLanguages: config.documentationLanguages,
                                      systemFonts: FontsLocator.systemFonts(args.value("system-fonts"), config: config.systemFonts),
                                      // Glyphs are kept only to draw the runs (--html).
                                      keepsGlyphRuns: args.value("html") != nil)
            // Every file the check reads; neither the report nor the baseline may be written over one
            // (a baseline may replace the baseline it was read from).
            let inputs = layoutPaths + project.layouts.map(\.file) + project.inputErrors.map(\.file)
                + project.translationSets.flatMap { $0.files.map(\.path) } + [configPath].compactMap { $0 }
            try Output.check(output, inputs: inputs + [baselinePath].compactMap { $0 })
            try Output.check(args.value("write-baseline"), inputs: inputs)
            if let html = args.value("html") { try HTMLOutput.check(html) }
            let pictureScale = try RunPictures.scale(args)
            let progress = Output.isTerminal(2) && !args.flag("quiet") ? Progress() : nil
            var onProgress: (@Sendable (Int, Int) -> Void)?
            if let progress {
                onProgress = { done, total in progress.update(done, total) }
            }
            // With --html, each run is drawn as it is checked.
            let pictures = args.value("html") == nil ? nil : RunPictures(project: project, scale: pictureScale)
            var eachRun: (@Sendable (CheckedRun) -> Void)?
            if let pictures { eachRun = { run in pictures.draw(run) } }
            // Only a JSON report writes the runs' views; it writes them to a spool as the runs
            // are done, so that the check holds their findings alone.
            options.reportsViews = format == "json"
            // What follows the check needs of a spooled run's findings: everything to draw the
            // HTML page, the messages to write a baseline, else only what groups and counts them.
            let keeping: SpooledRuns.Keeping = pictures != nil ? .everything
                : args.value("write-baseline") != nil ? .messages : .identities
            let spooled = format == "json" ? try SpooledRuns(beside: output, baseline: baseline, keeping: keeping) : nil
            var inOrder: (@Sendable (inout RunReport) -> Void)?
            if let spooled { inOrder = { run in spooled.take(&run) } }
            var report = project.check(options, progress: onProgress, eachRun: eachRun, inOrder: inOrder)
            progress?.finish()
            try spooled?.check()
            if args.flag("limits") { report.limits = project.limits(options) }
            if let baselineError { report.inputErrors = (report.inputErrors + [baselineError]).sorted() }
            baseline?.apply(to: &report)
            if let path = args.value("write-baseline") {
                // A baseline recorded while inputs could not be read would hide findings later.
                if report.inputErrors.isEmpty {
                    try Output.write(Baseline(report: report).serialized(), to: path, inputs: inputs)
                } else {
                    printError("babelfit check: \(path) not written: inputs could not be read")
                }
            }
            if let html = args.value("html"), let pictures {
                try HTMLOutput.write(report, to: html, project: project, pictures: try pictures.source(for: report.runs),
                                     scale: pictures.scale, inputs: inputs)
            }
            let textOptions = TextReport.Options(colour: output == nil && Output.colour, verbose: args.flag("verbose"),
                                                 quiet: args.flag("quiet"))
            let written = inputs + [baselinePath].compactMap { $0 }
            if let spooled {
                // The spool's runs copied to the output by the system, the rest written around them.
                try Output.write(to: output, inputs: written, descriptor: { descriptor, emit in
                    try JSONReport.write(report, spooled: spooled.spool, to: descriptor, bytes: emit)
                })
            } else {
                try Output.write(to: output, inputs: written) { try ReportCommand.render(report, format: format, text: textOptions, to: $0) }
            }
            if output != nil, format != "text", !args.flag("quiet") {
                printError(TextReport.render(report, options: TextReport.Options(quiet: true)).trimmingCharacters(in: .newlines))
            }
            CLI.keepToTheEnd((project, report))
            return report.exitStatus
        } catch let error as UsageError {
            printError("babelfit check: \(error)")
            return 2
        } catch let error as InputError {
            printError("\(error)")
            return 2
        } catch {
            printError("babelfit check: \(error)")
            return 2
        }
    }
}

/// The runs of a JSON report, written to a spool as the check hands them over in order, each
/// marked by the baseline first (as the report will be); the check keeps of them only what
/// follows it needs (`Keeping`). The spool lies in `Output.scratchFolder(for:)`: beside the
/// report, in the temporary folder for standard output.
final class SpooledRuns: @unchecked Sendable {
    /// What the check keeps of a spooled run's findings: the report's runs come from the spool,
    /// so the findings held in memory serve only what is done after the check.
    enum Keeping {
        /// Whole findings (the HTML page shows them).
        case everything
        /// What identifies and counts a finding, and its message (a baseline written).
        case messages
        /// What identifies and counts a finding: kind, severity, subject without its labels and
        /// notes, whether in the baseline. The summary, the exit status, the finding groups
        /// counted on standard error and the baseline's `fixed` need no more.
        case identities
    }

    let spool: JSONRunSpool
    private let baseline: Baseline?
    private let keeping: Keeping
    /// The first error writing the spool; the check goes on, and fails at the end.
    private var error: Error?

    init(beside output: String?, baseline: Baseline?, keeping: Keeping) throws {
        spool = try JSONRunSpool(directory: Output.scratchFolder(for: output))
        self.baseline = baseline
        self.keeping = keeping
    }

    /// Called by the check with each run in turn, one at a time.
    func take(_ run: inout RunReport) {
        defer {
            run.views = []
            if keeping != .everything { run.findings = run.findings.map(kept) }
        }
        guard error == nil else { return }
        baseline?.mark(&run)
        do { try spool.append(run) } catch { self.error = error }
    }

    /// The part of a spooled finding that is kept.
    private func kept(_ finding: Finding) -> Finding {
        var subject = finding.subject
        subject.viewLabel = nil
        subject.translatorNote = nil
        return Finding(kind: finding.kind, severity: finding.severity, subject: subject,
                       message: keeping == .messages ? finding.message : "", baselined: finding.baselined)
    }

    /// Throws the error met while writing the spool, if any.
    func check() throws {
        if let error { throw error }
    }
}

/// The progress line on a terminal: runs done of total, rate, time left.
final class Progress: @unchecked Sendable {
    private let start = Date()
    private var last = Date.distantPast
    private let lock = NSLock()

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(last) > 0.1 else { return }
        last = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let line = String(format: "\rbabelfit: %d/%d runs, %.1f runs/s, %.0f s left ", done, total, rate, left)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
