import Foundation
import XCTest

/// The catalogue of bad inputs: for every reader and option, malformed inputs each with the
/// exact error babelfit gives (its file, line, column and message), the exit status (2: an
/// input that cannot be used; 1 where it is a finding), the other inputs of the run still
/// checked, and no output file touched. Each case runs the built binary in a folder of its own.
final class BadInputCatalogueTests: XCTestCase {
    /// What a file of a case holds.
    enum Content {
        case text(String)
        case bytes([UInt8])
        /// A FIFO: reading one would wait forever.
        case fifo
        case folder
        /// A sparse file of this many bytes (no disk used).
        case size(Int)
    }

    struct Case {
        var name: String
        var files: [String: Content]
        /// The arguments after `babelfit`; a `check` case gets its standard options too.
        var arguments: [String]
        var status: Int32 = 2
        /// For a check: the report's input errors as `file:line:column: message`. Otherwise
        /// the lines of standard error.
        var errors: [String]
        /// For a check: the layouts it still checked beside the bad input.
        var checked: [String] = ["Fine"]
    }

    /// A layout every check case has beside its bad input, with its translation.
    static let fine = #"{ "format": 1, "name": "Fine", "root": { "id": "root", "type": "view", "subviews": [ { "id": "title", "type": "label", "text": { "key": "title" } } ] }, "constraints": [ "title.leading == root.leading + 16", "title.top == root.top + 40" ] }"#
    static let baseline = "the baseline before the run\n"
    static let output = "the output before the run\n"

    /// A check of `inputs` beside `Layouts/Fine.json` and the translations of `Strings/`.
    static func check(_ name: String, _ files: [String: Content], inputs: [String], options: [String] = [],
                      status: Int32 = 2, errors: [String], checked: [String] = ["Fine"]) -> Case {
        Case(name: name, files: files,
             arguments: ["check", "Layouts/Fine.json"] + inputs + ["--strings", "Strings", "--devices", "iPhone 15",
                                                                  "--languages", "en"] + options,
             status: status, errors: errors, checked: checked)
    }

    /// A layout file whose root holds `subviews` (JSON text).
    static func layout(_ subviews: String, constraints: String = "") -> Content {
        .text("{ \"format\": 1, \"root\": { \"id\": \"root\", \"type\": \"view\", \"subviews\": [\(subviews)] }, \"constraints\": [\(constraints)] }")
    }

    static let cases: [Case] = layoutFiles

    static let layoutFiles: [Case] = [
        check("a FIFO as a layout file", ["Pipe.json": .fifo], inputs: ["Pipe.json"],
              errors: ["Pipe.json:1:1: is not a regular file (a FIFO, socket or device), where a layout file is expected"]),
        check("a folder named as a layout in a folder of layouts", ["More/Folder.json": .folder, "More/Also.json": .text(fine.replacingOccurrences(of: "Fine", with: "Also"))],
              inputs: ["More"], errors: ["More/Folder.json:1:1: is a folder, where a layout file is expected"], checked: ["Also", "Fine"]),
        check("a layout file past 50,000,000 bytes", ["Big.json": .size(50_000_001)], inputs: ["Big.json"],
              errors: ["Big.json:1:1: is 50000001 bytes, past babelfit's limit of 50000000 bytes for a layout file"]),
        check("a FIFO as a storyboard", ["Main.storyboard": .fifo], inputs: ["Main.storyboard"],
              errors: ["Main.storyboard:1:1: is not a regular file (a FIFO, socket or device), where a storyboard or XIB file is expected"]),
        check("a XIB past 50,000,000 bytes", ["View.xib": .size(50_000_001)], inputs: ["View.xib"],
              errors: ["View.xib:1:1: is 50000001 bytes, past babelfit's limit of 50000000 bytes for a layout file"]),
    ]

    func testEveryBadInputIsNamedAndNothingElseIsLost() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 5)
        var failures: [String] = []
        for item in Self.cases {
            let failure = try run(item)
            if let failure { failures.append("\(item.name): \(failure)") }
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n\n"))
    }

    /// Runs a case in a folder of its own; nil when it went as expected, else what went wrong.
    func run(_ item: Case) throws -> String? {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("babelfit-catalogue-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        var files = item.files
        files["Layouts/Fine.json"] = files["Layouts/Fine.json"] ?? .text(Self.fine)
        files["Strings/en.lproj/Localizable.strings"] = files["Strings/en.lproj/Localizable.strings"] ?? .text(#""title" = "Title";"#)
        files["baseline.json"] = .text(Self.baseline)
        files["out.txt"] = .text(Self.output)
        for (name, content) in files {
            let url = folder.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch content {
            case .text(let text): try Data(text.utf8).write(to: url)
            case .bytes(let bytes): try Data(bytes).write(to: url)
            case .fifo: XCTAssertEqual(mkfifo(url.path, 0o644), 0, url.path)
            case .folder: try manager.createDirectory(at: url, withIntermediateDirectories: true)
            case .size(let size):
                XCTAssertTrue(manager.createFile(atPath: url.path, contents: nil))
                XCTAssertEqual(truncate(url.path, off_t(size)), 0)
            }
        }
        let isCheck = item.arguments.first == "check"
        let arguments = item.arguments + (isCheck ? ["--format", "json", "--output", "report.json", "--write-baseline", "baseline.json"] : [])
        let result = try Binary.run(arguments, in: folder)
        var problems: [String] = []
        if result.status != item.status { problems.append("exit status \(result.status), expected \(item.status)") }
        if isCheck {
            guard let data = manager.contents(atPath: folder.appendingPathComponent("report.json").path),
                  let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return "no JSON report; stderr: \(result.stderr)"
            }
            let errors = (report["inputErrors"] as? [[String: Any]] ?? []).map { error -> String in
                var place = error["file"] as? String ?? "?"
                if let line = error["line"] { place += ":\(line)" }
                if let column = error["column"] { place += ":\(column)" }
                return "\(place): \(error["message"] as? String ?? "")"
            }
            if errors != item.errors { problems.append("errors:\n  \(errors.joined(separator: "\n  "))\nexpected:\n  \(item.errors.joined(separator: "\n  "))") }
            var layouts: [String] = []
            for run in report["runs"] as? [[String: Any]] ?? [] {
                if let layout = run["layout"] as? String, !layouts.contains(layout) { layouts.append(layout) }
            }
            if layouts.sorted() != item.checked { problems.append("checked \(layouts.sorted()), expected \(item.checked)") }
        } else {
            let lines = result.stderr.split(separator: "\n").map(String.init)
            if lines != item.errors { problems.append("stderr:\n  \(lines.joined(separator: "\n  "))\nexpected:\n  \(item.errors.joined(separator: "\n  "))") }
        }
        for (name, before) in [("baseline.json", Self.baseline), ("out.txt", Self.output)] {
            let after = manager.contents(atPath: folder.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
            if after != before { problems.append("\(name) was touched: \(after ?? "removed")") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }
}
