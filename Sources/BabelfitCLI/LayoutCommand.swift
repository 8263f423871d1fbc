import Checks
import Foundation
import InterfaceBuilder
import Layout
import Reports
import Support

/// `babelfit layout FILE --language ar --device "iPhone 15"`: every view's frame, text and
/// flags in one run, for looking into a finding.
public enum LayoutCommand {
    static let usage = """
    usage: babelfit layout FILE [--scene NAME] [--language TAG] [--device NAME] [--content-size L]
                                [--strings DIR]… [--fonts DIR] [--system-fonts PATH,…] [--format text|json]

    FILE is a JSON layout, a storyboard or a XIB. --scene names one scene of a storyboard (or
    top-level view of a XIB) as check names it, File/Scene or just Scene; it may be left out
    when the file has one. Translations are read from the layout's folder (for a storyboard
    in a .lproj folder, the folder that holds it) unless --strings says otherwise.
    """

    public static func run(_ arguments: [String]) -> Int32 {
        do {
            let args = try Arguments(arguments, options: SingleRun.options.union(["format"]), flags: ["help"])
            if args.flag("help") {
                print(usage)
                return 0
            }
            let single = try SingleRun(args, command: "layout", usage: usage)
            let format = args.value("format") ?? "text"
            guard ["text", "json"].contains(format) else { throw UsageError("--format must be text or json") }
            guard let (checked, project) = try single.check() else { return 2 }
            let run = checked.report
            if format == "json" {
                // Written as it is made: the text `JSONReport.value(run).serialized(pretty: true)` gives.
                var writer = JSONWriter(indent: 0)
                JSONReport.write(run, to: &writer)
                print(writer.text)
            } else {
                print(describe(run, document: checked.layout.document))
            }
            return project.inputErrors.isEmpty ? 0 : 2
        } catch {
            return SingleRun.failure(error, command: "layout")
        }
    }

    /// The layout of a file that `--scene` names (`File/Scene` or `Scene`), or its only one.
    static func scene(_ name: String?, of layouts: [LoadedLayout], file: String) throws -> LoadedLayout {
        let names = layouts.map(\.document.name)
        let list = names.map { "  \($0)" }.joined(separator: "\n")
        guard let name else {
            guard layouts.count == 1 else {
                throw UsageError("\(file) has \(layouts.count) scenes; choose one with --scene:\n\(list)")
            }
            return layouts[0]
        }
        let chosen = layouts.first { $0.document.name == name }
            ?? layouts.first { $0.document.name.split(separator: "/", maxSplits: 1).last.map(String.init) == name }
        guard let chosen else { throw UsageError("\(file) has no scene '\(name)'; its scenes are:\n\(list)") }
        return chosen
    }

    static func describe(_ run: RunReport, document: LayoutDocument) -> String {
        var out = "\(run.layout) · \(run.language) (\(run.direction)) · \(run.device) · \(run.contentSize)\n"
        var depth: [String: Int] = [document.root.id: 0]
        func walk(_ node: ViewNode, _ level: Int) {
            depth[node.id] = level
            node.subviews.forEach { walk($0, level + 1) }
        }
        walk(document.root, 0)
        let nodes = Dictionary(uniqueKeysWithValues: document.allViews.map { ($0.id, $0) })
        // A view's user label (Interface Builder's) is shown beside its id.
        func title(_ id: String) -> String { nodes[id]?.label.map { "\(id) (\($0))" } ?? id }
        let width = run.views.map { (depth[$0.id] ?? 0) * 2 + title($0.id).count }.max() ?? 0
        for view in run.views {
            let indent = String(repeating: "  ", count: depth[view.id] ?? 0)
            let name = indent + title(view.id)
            var line = name + String(repeating: " ", count: max(1, width - name.count + 2))
            let f = view.frame.map(Number.format)
            line += "\(f[0]), \(f[1])  \(f[2]) × \(f[3])"
            if let node = nodes[view.id], node.hidden { line += "  hidden" }
            if view.flipped { line += "  flipped" }
            if let text = view.text {
                line += "  \"\(text)\""
                if let shown = view.shown, shown != text { line += " shown \"\(shown)\"" }
            }
            if let font = view.font { line += "  (\(font)\(view.alignment.map { ", \($0)" } ?? ""))" }
            out += line + "\n"
        }
        if run.findings.isEmpty {
            out += "no findings"
        } else {
            out += run.findings.map { "\($0.severity.rawValue): \($0.message) [\($0.kind.rawValue)]" }.joined(separator: "\n")
        }
        return out
    }
}

/// `babelfit merge A.json B.json … -o all.json`: joins sharded JSON reports.
public enum MergeCommand {
    static let usage = "usage: babelfit merge REPORT.json… [-o FILE]"

    public static func run(_ arguments: [String]) -> Int32 {
        var rest = arguments
        var output: String?
        if let index = rest.firstIndex(where: { $0 == "-o" || $0 == "--output" }) {
            guard index + 1 < rest.count else {
                printError("babelfit merge: \(rest[index]) needs a file\n\(usage)")
                return 2
            }
            output = rest[index + 1]
            rest.removeSubrange(index...(index + 1))
        }
        if let unknown = rest.first(where: { $0.hasPrefix("-") }) {
            printError("babelfit merge: unknown option \(unknown)\n\(usage)")
            return 2
        }
        guard !rest.isEmpty else {
            printError("babelfit merge: no reports given\n\(usage)")
            return 2
        }
        do {
            try Output.check(output, inputs: rest)
            let reports = try rest.map { path -> (file: String, text: String) in
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw InputError(file: path, message: "report not found")
                }
                return (path, String(decoding: data, as: UTF8.self))
            }
            let merged = try ReportMerge.merge(reports)
            try Output.write(merged.json, to: output, inputs: rest)
            return merged.exitStatus
        } catch let error as InputError {
            printError("\(error)")
            return 2
        } catch {
            printError("babelfit merge: \(error)")
            return 2
        }
    }
}
