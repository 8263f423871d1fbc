import Foundation
import TestSupport
import XCTest

/// `babelfit init`, the GitHub Actions steps (scripts/github-check, the README's workflow) and
/// the fixes in the text report, through the built executable.
final class WhereTeamsWorkTests: XCTestCase {
    func temporaryFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    // MARK: init

    func testInitWritesAConfigThatCheckReads() throws {
        let folder = try Binary.exampleFolder("init", copying: ["ItemDetail.json", "es.lproj", "en.lproj", "de.lproj"])
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let result = try Binary.run(["init", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let config = try String(contentsOf: folder.appendingPathComponent("babelfit.json"), encoding: .utf8)
        XCTAssertEqual(config, """
        {
          "developmentLanguage": "en",
          "layouts": [
            "Layouts"
          ],
          "strings": [
            "Layouts"
          ]
        }

        """)
        XCTAssertTrue(result.stdout.contains("layouts: 1 file in Layouts"), result.stdout)
        XCTAssertTrue(result.stdout.contains("strings: Layouts (de, en, es)"), result.stdout)
        // check, run in the folder, reads it: the Spanish labels truncate.
        let check = try Binary.run(["check", "--devices", "iPhone 15", "--fonts", PackageRoot.fonts], in: folder)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdout.contains("nameLabel is truncated in es"), check.stdout)
    }

    func testInitFindsAnXcodeProjectsStoryboardsRegionAndFonts() throws {
        let folder = try temporaryFolder("init-xcode")
        let manager = FileManager.default
        let shop = PackageRoot.url.appendingPathComponent("Layouts/Shop")
        try manager.copyItem(at: shop, to: folder.appendingPathComponent("Shop"))
        let project = folder.appendingPathComponent("Shop.xcodeproj")
        try manager.createDirectory(at: project, withIntermediateDirectories: true)
        try "\t\t\tdevelopmentRegion = de;\n".write(to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        let fonts = folder.appendingPathComponent("Tools/Fonts")
        try manager.createDirectory(at: fonts, withIntermediateDirectories: true)
        try "{}".write(to: fonts.appendingPathComponent("catalog.json"), atomically: true, encoding: .utf8)
        try Data().write(to: fonts.appendingPathComponent("Brand.ttf"))
        try "{ \"name\": \"not a layout\" }".write(to: folder.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        let result = try Binary.run(["init"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let config = try String(contentsOf: folder.appendingPathComponent("babelfit.json"), encoding: .utf8)
        XCTAssertEqual(config, """
        {
          "developmentLanguage": "de",
          "fonts": "Tools/Fonts",
          "layouts": [
            "Shop"
          ],
          "strings": [
            "Shop"
          ]
        }

        """)
    }

    func testInitKeepsAnExistingConfigUnlessForced() throws {
        let folder = try Binary.exampleFolder("init-keep", copying: ["ItemDetail.json"])
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("babelfit.json")
        try "{ \"jobs\": 1 }\n".write(to: config, atomically: true, encoding: .utf8)
        let refused = try Binary.run(["init", folder.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("babelfit.json: error: babelfit.json exists; it is kept (--force writes a new one)"),
                      refused.stderr)
        XCTAssertEqual(try String(contentsOf: config, encoding: .utf8), "{ \"jobs\": 1 }\n")
        let forced = try Binary.run(["init", folder.path, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try String(contentsOf: config, encoding: .utf8).contains("\"layouts\""))
    }

    func testInitWithoutLayoutsWritesNothing() throws {
        let folder = try temporaryFolder("init-empty")
        let result = try Binary.run(["init", folder.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no layouts (JSON layouts, storyboards, XIBs) below this folder"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("babelfit.json").path))
        let missing = try Binary.run(["init", folder.appendingPathComponent("nowhere").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nowhere: error: no such folder"), missing.stderr)
    }

    // MARK: The GitHub Actions steps

    /// scripts/github-check runs what the README's workflow runs, with the built executable in
    /// place of the plugin: a JSON report, the HTML report, SARIF with the fixes, annotations.
    func testTheWorkflowStepsRunLocally() throws {
        let out = try temporaryFolder("github-check")
        let script = PackageRoot.url.appendingPathComponent("scripts/github-check")
        let result = try Binary.run(executable: script, ["Layouts", "--languages", "en,es,ar", "--devices", "iPhone 15"],
                                    in: PackageRoot.url, environment: ["BABELFIT": try Binary.url.path, "OUT": out.path])
        XCTAssertEqual(result.status, 1, "errors remain in the examples: \(result.stderr)")
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("check.sarif")))
            as? [String: Any])
        let runs = try XCTUnwrap(sarif["runs"] as? [[String: Any]])
        let results = try XCTUnwrap(runs.first?["results"] as? [[String: Any]])
        let truncated = try XCTUnwrap(results.first { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("nameLabel is truncated in es") == true })
        let message = try XCTUnwrap((truncated["message"] as? [String: Any])?["text"] as? String)
        XCTAssertTrue(message.contains("Verified fixes: (1) change 'nameLabel.width == 55' to 'nameLabel.width >= 55'"), message)
        let properties = try XCTUnwrap(truncated["properties"] as? [String: Any])
        XCTAssertEqual((properties["fixes"] as? [Any])?.count, 3)
        let index = try String(contentsOf: out.appendingPathComponent("html/index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("verified fixes:</p><ol class=\"fixes\"><li>change &apos;nameLabel.width == 55&apos; to &apos;nameLabel.width &gt;= 55&apos;"),
                      "the HTML report lists a finding's fixes")
        XCTAssertTrue(result.stdout.contains("::error file=Layouts/ItemDetail.json,line=8,title=truncated (es · iPhone 15 · L)::"), result.stdout)
        XCTAssertTrue(result.stdout.contains("%0AFixes: (1) change 'nameLabel.width == 55'"), result.stdout)
    }

    /// The README's workflow runs the script's commands, through the plugin, on babelfit-report/.
    func testTheREADMEWorkflowRunsTheScriptsSteps() throws {
        let readme = try String(contentsOf: PackageRoot.url.appendingPathComponent("README.md"), encoding: .utf8)
        let script = try String(contentsOf: PackageRoot.url.appendingPathComponent("scripts/github-check"), encoding: .utf8)
        let plugin = "swift package --allow-writing-to-package-directory babelfit"
        let commands = script.split(separator: "\n").filter { $0.hasPrefix("\"${babelfit[@]}\"") }.map { line in
            line.replacingOccurrences(of: "\"${babelfit[@]}\"", with: plugin)
                .replacingOccurrences(of: " \"$@\"", with: "")
                .replacingOccurrences(of: "\"$out/", with: "babelfit-report/")
                .replacingOccurrences(of: "\"", with: "")
                .replacingOccurrences(of: " || status=$?", with: "")
                .replacingOccurrences(of: " || exit 2", with: "")
        }
        XCTAssertEqual(commands.count, 3)
        for command in commands { XCTAssertTrue(readme.contains(command), "the README's workflow runs: \(command)") }
        for step in ["github/codeql-action/upload-sarif@v3", "sarif_file: babelfit-report/check.sarif",
                     "actions/upload-artifact@v4", "path: babelfit-report"] {
            XCTAssertTrue(readme.contains(step), step)
        }
    }

    // MARK: Fixes in the text report

    func testTheTextReportListsFixesUnderAFinding() throws {
        let result = try Binary.run(["check", "Layouts/ItemDetail.json", "--strings", "Layouts", "--languages", "es",
                                     "--devices", "iPhone 15"])
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let finding = try XCTUnwrap(lines.firstIndex { $0.contains("nameLabel is truncated in es") })
        XCTAssertEqual(lines[finding + 1], "      fixes: (1) change 'nameLabel.width == 55' to 'nameLabel.width >= 55', so nameLabel can grow to the 65.8 pt its text needs; (2) shorten the es translation of 'Name' (Localizable) to at most 55 pt: 10.8 pt shorter, about 1 character fewer; (3) set nameLabel's minimumScaleFactor to 0.83, so its text shrinks to fit 55 pt")
        let plain = try Binary.run(["check", "Layouts/ItemDetail.json", "--strings", "Layouts", "--languages", "es",
                                    "--devices", "iPhone 15", "--no-fixes"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertFalse(plain.stdout.contains("fixes:"), plain.stdout)
    }
}
