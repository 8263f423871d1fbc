import Foundation
import TestSupport
import XCTest

/// `babelfit import`, `babelfit layout FILE.storyboard --scene` and `babelfit strings extract`
/// of storyboards, end to end through the built binary, on the shared corpus's real files.
final class InterfaceBuilderCommandsTests: XCTestCase {
    static let loop = "LoopKit__Loop/Loop"
    static let lockwise = "mozilla-lockwise__lockwise-ios/lockbox-ios/Storyboard"

    /// A corpus path below `ib/`; the test fails, loudly, when it is missing.
    private func corpus(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = (PackageRoot.corpus as NSString).appendingPathComponent("ib/\(relative)")
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("the corpus is missing at \(path): it is needed by this test", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }

    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-ib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }

    private func contents(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// A JSON report's runs, sorted, without what names the file and its lines.
    private func runs(_ path: String) throws -> [[String: Any]] {
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        XCTAssertNil(report["inputErrors"], path)
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !["file", "line", "index"].contains($0.key) }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let runs = try XCTUnwrap(report["runs"] as? [[String: Any]]).map { strip($0) as! [String: Any] }
        return runs.sorted { a, b in
            let key = { (run: [String: Any]) in ["layout", "language", "device"].map { run[$0] as? String ?? "" }.joined(separator: "|") }
            return key(a) < key(b)
        }
    }

    func testImportedLayoutsCheckToTheStoryboardsFindings() throws {
        let storyboard = try corpus("\(Self.loop)/Base.lproj/Main.storyboard")
        let folder = try temporaryFolder()
        let output = (folder as NSString).appendingPathComponent("Imported")
        let imported = try Binary.run(["import", storyboard, "-o", output])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout.split(separator: "\n").map(String.init), [
            "Main/PredictionTableViewController → \(output)/Main-PredictionTableViewController.json",
            "Main/CarbAbsorptionViewController → \(output)/Main-CarbAbsorptionViewController.json",
            "Main/MainStatusViewController → \(output)/Main-MainStatusViewController.json",
            "3 layouts and 6 translation files (Main) written to \(output)",
        ])
        // The reader's warnings (what it approximates) go to standard error, at the storyboard's lines.
        XCTAssertTrue(imported.stderr.contains("Main.storyboard:16: <tableView> is laid out as a plain view"), imported.stderr)
        XCTAssertEqual(try contents(output), ["Main-CarbAbsorptionViewController.json", "Main-MainStatusViewController.json",
                                              "Main-PredictionTableViewController.json", "ar.lproj", "de.lproj", "en.lproj",
                                              "fr.lproj", "he.lproj", "ja.lproj"])
        XCTAssertEqual(try contents(folder), ["Imported"], "no temporary folder is left")
        let json = try String(contentsOfFile: "\(output)/Main-PredictionTableViewController.json", encoding: .utf8)
        XCTAssertTrue(json.hasPrefix("{\n  \"format\": 1,\n  \"name\": \"Main/PredictionTableViewController\",\n  \"designDevice\": \"iPhone SE (3rd generation)\","), json)
        // IB ids in brackets; the table view placed by its frame and autoresizing mask.
        XCTAssertTrue(json.contains(#""[mQk-9D-0ub].top == [Hji-tK-Uch].top + 50","#), json)

        let arguments = ["--languages", "en,ar,de", "--devices", "iPhone SE (3rd generation),iPad (10th generation)", "--format", "json"]
        let fromStoryboard = try Binary.run(["check", storyboard, "--strings", try corpus(Self.loop), "--output", "\(folder)/storyboard.json"]
            + arguments)
        let fromJSON = try Binary.run(["check", output, "--output", "\(folder)/json.json"] + arguments)
        XCTAssertEqual(fromStoryboard.status, 1, fromStoryboard.stderr)
        XCTAssertEqual(fromJSON.status, 1, fromJSON.stderr)
        // The same summary, but for the notes of the storyboard's reader, which a JSON layout has none of.
        XCTAssertTrue(fromStoryboard.stderr.contains(" reader notes"), fromStoryboard.stderr)
        XCTAssertEqual(fromJSON.stderr, fromStoryboard.stderr.replacingOccurrences(of: #", \d+ reader notes"#, with: "", options: .regularExpression),
                       "the same summary")
        let expected = try runs("\(folder)/storyboard.json"), actual = try runs("\(folder)/json.json")
        XCTAssertEqual(expected.count, 18)
        XCTAssertGreaterThan(expected.flatMap { $0["findings"] as? [Any] ?? [] }.count, 100)
        XCTAssertEqual(actual.count, expected.count)
        for (a, e) in zip(actual, expected) {
            XCTAssertEqual(a as NSDictionary, e as NSDictionary, "\(e["layout"] ?? "") \(e["language"] ?? "") \(e["device"] ?? "")")
        }

        // The same storyboard gives the same bytes.
        let again = (folder as NSString).appendingPathComponent("Again")
        XCTAssertEqual(try Binary.run(["import", storyboard, "-o", again]).status, 0)
        for name in try contents(output) where name.hasSuffix(".json") {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(again)/\(name)")), try Data(contentsOf: URL(fileURLWithPath: "\(output)/\(name)")))
        }
    }

    func testImportWritesItsFolderWholeOrNotAtAll() throws {
        let storyboard = try corpus("\(Self.lockwise)/Base.lproj/Welcome.storyboard")
        let folder = try temporaryFolder()
        let output = (folder as NSString).appendingPathComponent("Out")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: "\(output)/notes.txt"))

        // A folder that holds something is not written over without --replace.
        let refused = try Binary.run(["import", storyboard, "-o", output])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("\(output) already exists and is not empty"), refused.stderr)
        XCTAssertEqual(try contents(output), ["notes.txt"])

        let replaced = try Binary.run(["import", storyboard, "-o", output, "--replace"])
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertTrue(try contents(output).contains("Welcome-welcome.json"))
        XCTAssertFalse(try contents(output).contains("notes.txt"))
        XCTAssertEqual(try contents(folder), ["Out"], "no temporary or old folder is left")

        // A storyboard that cannot be read: an error at its line, exit 2, nothing written.
        let broken = (folder as NSString).appendingPathComponent("Broken.storyboard")
        try Data("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n  <scenes>\n".utf8)
            .write(to: URL(fileURLWithPath: broken))
        let target = (folder as NSString).appendingPathComponent("New")
        let failed = try Binary.run(["import", storyboard, broken, "-o", target])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.contains("Broken.storyboard:"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("babelfit import: nothing written"), failed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))

        // Not a storyboard, and the output inside an input folder.
        let text = (folder as NSString).appendingPathComponent("notes.txt")
        try Data("x".utf8).write(to: URL(fileURLWithPath: text))
        let notStoryboard = try Binary.run(["import", text, "-o", target])
        XCTAssertEqual(notStoryboard.status, 2)
        XCTAssertTrue(notStoryboard.stderr.contains("\(text): error: not a storyboard or XIB"), notStoryboard.stderr)
        let overInput = try Binary.run(["import", broken, "-o", folder, "--replace"])
        XCTAssertEqual(overInput.status, 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: broken))
        XCTAssertEqual(try Binary.run(["import", storyboard]).status, 2, "-o is required")
    }

    func testLayoutLaysOutOneSceneOfAStoryboard() throws {
        let storyboard = try corpus("\(Self.loop)/Base.lproj/Main.storyboard")
        let scenes = "  Main/PredictionTableViewController\n  Main/CarbAbsorptionViewController\n  Main/MainStatusViewController\n"

        let unnamed = try Binary.run(["layout", storyboard])
        XCTAssertEqual(unnamed.status, 2)
        XCTAssertEqual(unnamed.stdout, "")
        XCTAssertEqual(unnamed.stderr, "babelfit layout: \(storyboard) has 3 scenes; choose one with --scene:\n\(scenes)")
        let unknown = try Binary.run(["layout", storyboard, "--scene", "Settings"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "babelfit layout: \(storyboard) has no scene 'Settings'; its scenes are:\n\(scenes)")

        let full = try Binary.run(["layout", storyboard, "--scene", "Main/CarbAbsorptionViewController", "--language", "de",
                                   "--device", "iPhone SE (3rd generation)"])
        XCTAssertEqual(full.status, 0, full.stderr)
        XCTAssertTrue(full.stdout.hasPrefix("Main/CarbAbsorptionViewController · de (ltr) · iPhone SE (3rd generation) · L\n5Bd-OV-Gg4 "),
                      full.stdout)
        // German from the storyboard's own table, found beside its Base.lproj.
        XCTAssertTrue(full.stdout.contains("\"Blutzucker-Änderung\""), full.stdout)
        let short = try Binary.run(["layout", storyboard, "--scene", "CarbAbsorptionViewController", "--language", "de",
                                    "--device", "iPhone SE (3rd generation)"])
        XCTAssertEqual(short.stdout, full.stdout)

        // A file of one scene needs no --scene.
        let single = try Binary.run(["layout", try corpus("LoopKit__Loop/Loop Status Extension/Base.lproj/MainInterface.storyboard"),
                                     "--format", "json"])
        XCTAssertEqual(single.status, 0, single.stderr)
        let run = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(run["layout"] as? String, "MainInterface/StatusViewController")
    }

    /// `"key" = "value";` lines of a `.strings` text, as ibtool and babelfit write them.
    private func keys(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("\""), let end = line.range(of: "\" = \"") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end.lowerBound])
        }
    }

    func testStringsExtractWritesWhatIbtoolExports() throws {
        // Lockwise's en.lproj/Welcome.strings was exported from Welcome.storyboard as it is.
        let storyboard = try corpus("\(Self.lockwise)/Base.lproj/Welcome.storyboard")
        let printed = try Binary.run(["strings", "extract", storyboard])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stderr, "")
        let committed = try String(contentsOfFile: try corpus("\(Self.lockwise)/en.lproj/Welcome.strings"), encoding: .utf8)
        XCTAssertEqual(keys(printed.stdout).sorted(), keys(committed).sorted())
        XCTAssertGreaterThan(keys(printed.stdout).count, 3)
        XCTAssertTrue(printed.stdout.hasPrefix("\n/* Class = \"UI"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("; ObjectID = \""), printed.stdout)

        // GoMap's Changeset table is ibtool's output as committed: each of its entries, with its
        // comment, stands in the export (but the text view's, whose note came later).
        let changeset = try Binary.run(["strings", "extract", try corpus("bryceco__GoMap/src/iOS/Upload/Base.lproj/Changeset.storyboard")])
        let committedChangeset = try String(contentsOfFile: try corpus("bryceco__GoMap/src/iOS/Upload/en.lproj/Changeset.strings"),
                                            encoding: .utf8)
        let entries = committedChangeset.components(separatedBy: "\n\n").filter { $0.contains("ObjectID") && !$0.contains("UITextView") }
        XCTAssertGreaterThan(entries.count, 3)
        for entry in entries {
            XCTAssertTrue(changeset.stdout.contains(entry.trimmingCharacters(in: .newlines)), entry)
        }

        // A folder: each storyboard's table in the folder -o names, Swift tables beside them.
        let folder = try temporaryFolder()
        let sources = (folder as NSString).appendingPathComponent("App")
        try FileManager.default.createDirectory(atPath: "\(sources)/Base.lproj", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: storyboard, toPath: "\(sources)/Base.lproj/Welcome.storyboard")
        try Data("let a = NSLocalizedString(\"hello\", comment: \"Greeting\")\n".utf8).write(to: URL(fileURLWithPath: "\(sources)/A.swift"))
        let output = (folder as NSString).appendingPathComponent("en.lproj")
        let written = try Binary.run(["strings", "extract", sources, "-o", output])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try contents(output), ["Localizable.strings", "Welcome.strings"])
        XCTAssertEqual(try String(contentsOfFile: "\(output)/Welcome.strings", encoding: .utf8), printed.stdout)

        // One table's file (or standard output): the storyboards below the folder are left out, with a note.
        let localizable = "\(folder)/Localizable.strings"
        let swiftOnly = try Binary.run(["strings", "extract", sources, "-o", localizable])
        XCTAssertEqual(swiftOnly.status, 0, swiftOnly.stderr)
        XCTAssertEqual(swiftOnly.stderr, "babelfit strings extract: note: 1 storyboard or XIB below the folders is left out (Welcome.storyboard): "
            + "each is a table of its own; give -o a folder, or name them, to extract them\n")
        XCTAssertEqual(try String(contentsOfFile: localizable, encoding: .utf8), "/* Greeting */\n\"hello\" = \"hello\";\n")
        // A storyboard named beside the Swift code: two tables, and no folder: nothing is written.
        let refused = try Binary.run(["strings", "extract", "\(sources)/A.swift", "\(sources)/Base.lproj/Welcome.storyboard"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.contains("give -o a folder"), refused.stderr)
        // A storyboard and Swift code's table of the same name cannot both be written.
        try Data("let b = NSLocalizedString(\"x\", tableName: \"Welcome\", comment: \"\")\n".utf8)
            .write(to: URL(fileURLWithPath: "\(sources)/B.swift"))
        let clash = try Binary.run(["strings", "extract", sources, "-o", "\(folder)/other"])
        XCTAssertEqual(clash.status, 2)
        XCTAssertTrue(clash.stderr.contains("the table Welcome would come from both"), clash.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folder)/other"))
    }
}
