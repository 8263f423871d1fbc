import Checks
import Foundation
import Layout
import Render
import Reports
import Support

/// `babelfit report REPORT.json [--html DIR] [--format …] [--output FILE]`: shows a report that
/// `check --format json` saved, as text (or JUnit, SARIF, GitHub annotations) or as the HTML
/// site `check --html` writes. For the site, the layouts the report names are read again and
/// each run is drawn; a layout that cannot be read is an error naming it.
public enum ReportCommand {
    static let usage = """
    usage: babelfit report REPORT.json [--html DIR] [--html-scale 1|2|3] [--format text|json|junit|sarif|github]
                           [--output FILE] [--strings DIR]… [--fonts DIR] [--development-language TAG]

    Shows a report saved by 'babelfit check --format json': as text (the default), JSON, JUnit,
    SARIF or GitHub annotations, or with --html DIR as the HTML report 'check --html' writes
    (then only the site, unless --format is given too; --html-scale: pixels per point of its
    pictures, 1 by default). For the pictures, the layouts the report
    names are read again, with the translations beside them (or --strings DIR), and their
    findings marked with the severities the report has.
    Exit status: 0 when the report was shown, 2 when it or a layout it names could not be read.
    """

    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(arguments, options: ["html", "html-scale", "format", "output", "strings", "fonts", "development-language",
                                                          "system-fonts"],
                                     flags: ["help"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            guard args.positional.count == 1, let path = args.positional.first else {
                throw UsageError("expected one JSON report, as 'babelfit check --format json' writes it\n\n\(usage)")
            }
            let format = args.value("format") ?? (args.value("html") == nil ? "text" : nil)
            if let format, !CheckCommand.formats.contains(format) {
                throw UsageError("--format must be text, json, junit, sarif or github, got '\(format)'")
            }
            if let tag = args.value("development-language") { _ = try OptionValues.language(tag, option: "development-language") }
            if let html = args.value("html") { try HTMLOutput.check(html) }
            let scale = try RunPictures.scale(args)
            try Output.check(args.value("output"), inputs: [path])
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(file: path, message: "the report cannot be read (no such file, or not readable)")
            }
            let report = try CheckReport(json: String(decoding: data, as: UTF8.self), file: path)

            if let html = args.value("html") {
                let layoutFiles = uniqueFiles(report)
                for file in layoutFiles where !FileManager.default.fileExists(atPath: file) {
                    throw InputError(file: path, message: "the report names the layout \(file), which is not there "
                        + "(the HTML report draws every run from its layout; run babelfit report where the check ran)")
                }
                let strings = args.all("strings")
                let project = try Project(parts: CheckCommand.parts(layouts: layoutFiles, strings: strings, explicitStrings: !strings.isEmpty),
                                          fontsFolder: FontsLocator.folder(args.value("fonts")),
                                          developmentLanguage: args.value("development-language"),
                                          systemFonts: FontsLocator.systemFonts(args.value("system-fonts")))
                if let error = project.inputErrors.first {
                    throw InputError(file: error.file, line: error.line, column: error.column,
                                     message: "\(error.message) (a layout \(path) names; the HTML report needs it to draw its runs)")
                }
                // Findings are marked with the severities the report has (a kind it lacks keeps its default).
                var severities: [FindingKind: Severity?] = [:]
                for (_, finding) in report.allFindings { severities[finding.kind] = finding.severity }
                let pictures = try RunPictures.source(for: project, runs: report.runs, severities: SeverityPolicy(severities),
                                                      scale: scale)
                try HTMLOutput.write(report, to: html, project: project, pictures: pictures, scale: scale,
                                     inputs: [path] + layoutFiles)
            }
            if let format {
                let options = TextReport.Options(colour: args.value("output") == nil && Output.colour)
                try Output.write(to: args.value("output"), inputs: [path]) { emit in
                    try render(report, format: format, text: options, to: emit)
                }
            }
            return 0
        } catch let error as UsageError {
            printError("babelfit report: \(error)")
            return 2
        } catch let error as InputError {
            printError("\(error)")
            return 2
        } catch {
            printError("babelfit report: \(error)")
            return 2
        }
    }

    /// A report in one of `check`'s formats (`text` for any other), handed to `emit` in pieces
    /// (JSON, the format of a whole app's report, run by run; the others whole).
    static func render(_ report: CheckReport, format: String, text options: TextReport.Options,
                       to emit: (String) throws -> Void) rethrows {
        switch format {
        case "json": try JSONReport.write(report, to: emit)
        case "junit": try emit(JUnitReport.render(report))
        case "sarif": try emit(SARIF.render(report))
        case "github": try emit(GitHubReport.render(report))
        default: try emit(TextReport.render(report, options: options))
        }
    }

    /// The layout files of a report's runs, each once, in report order.
    static func uniqueFiles(_ report: CheckReport) -> [String] {
        var files: [String] = []
        for run in report.runs where !files.contains(run.file) { files.append(run.file) }
        return files
    }
}

/// The HTML report's folder: refused before any work when it cannot be written (a file, or a
/// folder that holds something other than an earlier HTML report), written whole or not at all
/// (`FolderOutput`: into a folder beside it, renamed into place).
enum HTMLOutput {
    static func check(_ path: String) throws {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else { throw UsageError("--html \(path): it is a file; the HTML report is a folder") }
        let contents = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        let index = (path as NSString).appendingPathComponent("index.html")
        let isSite = manager.contents(atPath: index).map { String(decoding: $0, as: UTF8.self).contains(HTMLSite.generatorMark) } ?? false
        guard contents.isEmpty || isSite else {
            throw UsageError("--html \(path): the folder holds files that are not an HTML report of babelfit; "
                + "choose an empty or new folder")
        }
    }

    /// Makes the site of `report` with the pictures of its runs and puts it at `path`.
    static func write(_ report: CheckReport, to path: String, project: Project,
                      pictures: HTMLSite.PictureSource, scale: Int, inputs: [String]) throws {
        try check(path)
        var options = HTMLSite.Options(linkPrefix: linkPrefix(from: path), pictureScale: scale)
        for layout in project.layouts where options.developmentLanguages[layout.file] == nil {
            options.developmentLanguages[layout.file] = project.translations(of: layout).developmentLanguage
        }
        let files = try HTMLSite.files(for: report, options: options, pictures: pictures)
        try replace(path, with: files, inputs: inputs)
    }

    /// The way from the site's folder back to the current folder, which the report's paths are relative to.
    static func linkPrefix(from path: String) -> String {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
        let site = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < min(here.count, site.count), here[common] == site[common] { common += 1 }
        let up = Array(repeating: "..", count: site.count - common)
        let down = here[common...].map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
        return (up + down).map { $0 + "/" }.joined()
    }

    /// Writes the files into a new folder beside `path`, then swaps it for `path` (an earlier site
    /// is removed only once the new one is in place).
    static func replace(_ path: String, with files: [HTMLSite.File], inputs: [String]) throws {
        try FolderOutput.write(to: path, replacing: true, inputs: inputs) { folder in
            let root = URL(fileURLWithPath: folder)
            var folders = Set<String>()
            for file in files where folders.insert((file.path as NSString).deletingLastPathComponent).inserted {
                try FileManager.default.createDirectory(at: root.appendingPathComponent((file.path as NSString).deletingLastPathComponent),
                                                        withIntermediateDirectories: true)
            }
            // The files written over the cores (hundreds of pictures); the first that fails, in order, is the error.
            let failed = Failures()
            // Each written where it stays: the folder is renamed into place whole, or removed.
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let file = files[index]
                do {
                    try Output.writeNewFile(file.bytes, at: root.appendingPathComponent(file.path).path, name: "\(path)/\(file.path)")
                } catch {
                    failed.add(index, error)
                }
            }
            if let (_, error) = failed.first { throw error }
        }
    }
}

/// The pictures of the HTML report, every run drawn as `babelfit render` draws it, at `scale`
/// pixels a point (`--html-scale`; 1 by default, the cheapest; 2 for sharp pictures on
/// high-density screens, which takes about twice as long again): handed each
/// run as the check lays it out (`Project.check`'s `eachRun`), or, from a saved JSON report, each
/// run checked again, every run at once over the cores.
final class RunPictures: @unchecked Sendable {
    let scale: Int
    private let renderer: RunRenderer
    private var drawn: [RunIdentity: Result<[UInt8], any Error>] = [:]
    private let lock = NSLock()

    init(project: Project, scale: Int) {
        renderer = RunRenderer(engine: project.engine)
        self.scale = scale
    }

    /// `--html-scale`: 1, 2 or 3 pixels a point; 1 when not given.
    static func scale(_ args: Arguments) throws -> Int {
        guard let value = args.value("html-scale") else { return 1 }
        guard args.value("html") != nil else { throw UsageError("--html-scale sets the scale of the pictures of --html DIR; give --html too") }
        guard let scale = Int(value), (1...3).contains(scale) else {
            throw UsageError("--html-scale must be 1, 2 or 3, got '\(value)'")
        }
        return scale
    }

    /// Draws one checked run (from any thread).
    func draw(_ run: CheckedRun) {
        let picture = Result { Array(try renderer.render(run, format: .png, scale: Double(scale))) }
        lock.lock()
        drawn[RunIdentity(run.report)] = picture
        lock.unlock()
    }

    /// The pictures of `runs`, all drawn; the first run, in report order, that could not be
    /// drawn throws.
    func source(for runs: [RunReport]) throws -> HTMLSite.PictureSource {
        lock.lock()
        defer { lock.unlock() }
        var byRun: [RunIdentity: [UInt8]] = [:]
        for run in runs {
            switch drawn[RunIdentity(run)] {
            case .success(let bytes): byRun[RunIdentity(run)] = bytes
            case .failure(let error as InputError): throw error
            case .failure(let error):
                throw InputError(file: run.file, message: "\(run.layout) in \(run.title) cannot be drawn: \(error)")
            case nil: throw InputError(file: run.file, message: "\(run.layout) in \(run.title) was not drawn")
            }
        }
        return { run in
            guard let bytes = byRun[run] else { throw InputError(file: run.file, message: "\(run) was not drawn") }
            return bytes
        }
    }

    /// The pictures of the runs of a saved report: each checked again and drawn.
    static func source(for project: Project, runs: [RunReport], severities: SeverityPolicy,
                       scale: Int) throws -> HTMLSite.PictureSource {
        let inspector = RunInspector(project: project, severities: severities)
        let pictures = RunPictures(project: project, scale: scale)
        // A layout by its file when the file holds one (two files may have layouts of one name),
        // else by its name (a storyboard's scenes).
        let lookup = runs.map { run in project.layouts.filter { $0.file == run.file }.count == 1 ? run.file : run.layout }
        let failures = Failures()
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, max(1, runs.count))
        let group = DispatchGroup()
        // Worker w draws runs w, w + workers, …: neighbours (one layout's languages) go to different cores.
        for worker in 0..<workers {
            group.enter()
            let thread = Thread {
                for position in stride(from: worker, to: runs.count, by: workers) {
                    let run = runs[position]
                    do {
                        pictures.draw(try inspector.check(layout: lookup[position], language: run.language, device: run.device,
                                                          contentSize: try OptionValues.contentSize(run.contentSize)))
                    } catch {
                        failures.add(position, error)
                    }
                }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let (position, error) = failures.first {
            if let error = error as? InputError { throw error }
            let run = runs[position]
            throw InputError(file: run.file, message: "\(run.layout) in \(run.title) cannot be drawn: \(error)")
        }
        return try pictures.source(for: runs)
    }

}

/// What failed, by position, from many threads; the first in order is the one to report.
private final class Failures: @unchecked Sendable {
    private var errors: [(Int, any Error)] = []
    private let lock = NSLock()

    func add(_ position: Int, _ error: any Error) {
        lock.lock()
        errors.append((position, error))
        lock.unlock()
    }

    var first: (Int, any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return errors.min { $0.0 < $1.0 }
    }
}
