import Checks
import Foundation
import Reports

/// The end-to-end figures of `scripts/bench`: a generated app of `layouts` screens of about 30
/// views, translated into twelve languages, each screen checked on two devices.
///
/// `babelfit-bench corpus DIR --layouts N` writes it: `DIR/ScreenNNN.json` and
/// `DIR/LANG.lproj/Localizable.strings`. The generator is deterministic (a fixed seed): rows
/// of a label beside a text field (baselines aligned), three buttons in an equal-width stack,
/// a wrapping paragraph, and a title over a two-line subtitle; every text a key of the
/// strings tables, translated as phrases of the language's words whose lengths vary as
/// translations do (German longest, Chinese and Japanese shortest).
enum Corpus {
    static let devices = ["iPhone 15", "iPad (10th generation)"]

    static func write(to folder: String, layouts: Int) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: folder)
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SeededGenerator(seed: 4_800)
        /// Each key with its length in English words.
        var keys: [(key: String, words: Int)] = []
        for screen in 0..<layouts {
            var views: [String] = []
            var constraints: [String] = []
            var count = 0
            var previous: String?
            var keyCount = 0
            func key(_ words: Int) -> String {
                let key = String(format: "s%03d.k%02d", screen, keyCount)
                keyCount += 1
                keys.append((key, words))
                return "[\(key)]"
            }
            func top(_ view: String, spacing: Int) {
                constraints.append(previous.map { "\(view).top == \($0).bottom + \(spacing)" } ?? "\(view).top == root.safeTop + \(spacing)")
            }
            func margins(_ view: String) {
                constraints.append("\(view).leading == root.leadingMargin")
                constraints.append("\(view).trailing == root.trailingMargin")
            }
            let font = "\"font\": { \"family\": \"Noto Sans\", \"size\": 17 }"
            while count < 29 {
                let row = views.count
                switch generator.below(4) {
                case 0:
                    let label = "label\(row)", field = "field\(row)"
                    views.append("{ \"id\": \"\(label)\", \"type\": \"label\", \"text\": \"\(key(1 + generator.below(2)))\", \(font) }")
                    views.append("{ \"id\": \"\(field)\", \"type\": \"textField\", \(font) }")
                    top(field, spacing: 8)
                    constraints.append("\(label).leading == root.leadingMargin")
                    constraints.append("\(label).firstBaseline == \(field).firstBaseline")
                    constraints.append("\(field).leading == \(label).trailing + 8")
                    constraints.append("\(field).trailing == root.trailingMargin")
                    constraints.append("\(field).width >= 120 @500")
                    previous = field
                    count += 2
                case 1:
                    let stack = "stack\(row)"
                    let buttons = (0..<3).map { index in
                        "{ \"id\": \"button\(row)_\(index)\", \"type\": \"button\", \"title\": \"\(key(1 + generator.below(2)))\", \(font) }"
                    }
                    views.append("""
                        { "id": "\(stack)", "type": "stack", "axis": "horizontal", "spacing": 8, "distribution": "fillEqually",
                          "subviews": [\(buttons.joined(separator: ", "))] }
                        """)
                    top(stack, spacing: 12)
                    margins(stack)
                    previous = stack
                    count += 4
                case 2:
                    let text = "text\(row)"
                    views.append("{ \"id\": \"\(text)\", \"type\": \"label\", \"text\": \"\(key(6 + generator.below(18)))\", \"lines\": 0, \(font) }")
                    top(text, spacing: 8)
                    margins(text)
                    previous = text
                    count += 1
                default:
                    let title = "title\(row)", subtitle = "subtitle\(row)"
                    views.append("{ \"id\": \"\(title)\", \"type\": \"label\", \"text\": \"\(key(2 + generator.below(4)))\", \(font) }")
                    views.append("""
                        { "id": "\(subtitle)", "type": "label", "text": "\(key(4 + generator.below(10)))", "lines": 2,
                          "font": { "family": "Noto Sans", "size": 13 } }
                        """)
                    top(title, spacing: 12)
                    margins(title)
                    constraints.append("\(subtitle).top == \(title).bottom + 2")
                    margins(subtitle)
                    previous = subtitle
                    count += 2
                }
            }
            let name = String(format: "Screen%03d", screen)
            let document = """
                { "format": 1, "name": "\(name)", "table": "Localizable",
                  "devices": [\(devices.map { "\"\($0)\"" }.joined(separator: ", "))],
                  "root": { "id": "root", "type": "view", "subviews": [
                    \(views.joined(separator: ",\n    "))
                  ] },
                  "constraints": [
                    \(constraints.map { "\"\($0)\"" }.joined(separator: ",\n    "))
                  ] }

                """
            try document.write(toFile: "\(folder)/\(name).json", atomically: true, encoding: .utf8)
        }
        for language in Vocabulary.languages {
            try manager.createDirectory(atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
            var lines: [String] = []
            for (key, words) in keys {
                let text = Vocabulary.phrase(language, words: words, using: &generator)
                lines.append("\"\(key)\" = \"\(text)\";")
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: "\(folder)/\(language).lproj/Localizable.strings",
                                                               atomically: true, encoding: .utf8)
        }
    }

    /// `babelfit-bench phases DIR`: the corpus checked in this process as `babelfit check DIR
    /// --format json` checks it, with the CPU time of each phase recorded (`PhaseTimes`):
    /// read (the project: layouts, translations, fonts), then the check's phases, then the
    /// JSON report written.
    static func phases(_ folder: String, fontsFolder: String, jobs: Int, output: String?) throws -> [String: Any] {
        let times = PhaseTimes()
        PhaseTimes.recording = times
        defer { PhaseTimes.recording = nil }
        var project: Project?
        // As `check` without --html: the texts keep no glyph runs.
        let read = try Timing.of {
            project = try Project(layouts: [folder], strings: [folder], fontsFolder: fontsFolder, keepsGlyphRuns: false)
        }
        var report: CheckReport?
        let check = Timing.of { report = project!.check(CheckOptions(jobs: jobs)) }
        let write = try Timing.of {
            let text = JSONReport.render(report!)
            if let output { try text.write(toFile: output, atomically: false, encoding: .utf8) }
        }
        var phases: [String: Double] = ["read": read.cpu, "report": write.cpu]
        for (phase, seconds) in times.totals { phases[phase.rawValue, default: 0] += seconds }
        return ["runs": report!.runs.count, "findings": report!.allFindings.count, "jobs": jobs,
                "wall": read.wall + check.wall + write.wall, "cpu": read.cpu + check.cpu + write.cpu,
                "check_wall": check.wall, "check_cpu": check.cpu, "phases_cpu": phases]
    }
}
