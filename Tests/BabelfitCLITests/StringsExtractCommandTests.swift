import Foundation
import TestSupport
import XCTest

/// `babelfit strings extract` and `babelfit strings lint --sources`, end to end through the built binary.
final class StringsExtractCommandTests: XCTestCase {
    let extract = "Tests/LocalizationTests/Fixtures/Extract"
    let sourceLint = "Tests/LocalizationTests/Fixtures/SourceLint"

    /// A fixture folder that must be there: the test fails, loudly, when it is not.
    private func fixture(_ relative: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = PackageRoot.url.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("the fixture \(path) is missing", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return relative
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// The names in `folder`, hidden ones included, so that a left-over temporary file shows.
    private func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testExtractWritesEveryTableOfSwiftAndLayoutsAsExpectedAndWarnsOnStandardError() throws {
        let fixture = try fixture(extract)
        let output = try temporaryFolder().appendingPathComponent("en.lproj")
        let run = try Binary.run(["strings", "extract", fixture, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let expected = PackageRoot.url.appendingPathComponent(fixture + "/Expected/All")
        XCTAssertEqual(try contents(of: output), ["Greetings.strings", "Localizable.strings", "Settings.strings"])
        XCTAssertEqual(try contents(of: output), try contents(of: expected))
        for name in try contents(of: output) {
            XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent(name)), try Data(contentsOf: expected.appendingPathComponent(name)),
                           name)
        }
        let greeter = fixture + "/Sources/Greeter.swift"
        XCTAssertEqual(run.stderr.split(separator: "\n").map(String.init), [
            "\(greeter):38:41: warning: the key of NSLocalizedString is not a string literal (name): it is not extracted",
            #"\#(greeter):39:46: warning: the key of NSLocalizedString is an interpolated string ("Hello \(name)"): it is not extracted"#,
            #"\#(greeter):40:65: warning: the table of NSLocalizedString is not a string literal (name): "table.variable" is not extracted"#,
            #"\#(greeter):41:65: warning: the default value of NSLocalizedString is not a string literal (name): "value.variable" is extracted with its key as its value"#,
            #"\#(fixture)/Sources/Views/Settings.swift:12:18: warning: the key of Text is an interpolated string ("Hi \(name)"): it is not extracted"#,
            "\(fixture)/Sources/Views/Settings.swift:25:29: warning: the key of String(localized:) is not a string literal (String.LocalizationValue(name)): it is not extracted",
            #"\#(greeter):36:45: warning: "count.format" (table Localizable) has the default value "%d things" here and "%d items" at \#(greeter):34:55; the first is kept"#,
        ])

        // The same sources give the same bytes.
        let again = try temporaryFolder()
        XCTAssertEqual(try Binary.run(["strings", "extract", fixture, "--output", again.path]).status, 0)
        for name in try contents(of: output) {
            XCTAssertEqual(try Data(contentsOf: again.appendingPathComponent(name)), try Data(contentsOf: output.appendingPathComponent(name)))
        }
    }

    func testOneTableGoesToAFileOrStandardOutputAndSeveralNeedAFolder() throws {
        let folder = try temporaryFolder()
        let source = folder.appendingPathComponent("One.swift")
        try Data("let a = NSLocalizedString(\"b\", comment: \"Second\")\nlet b = Text(\"a\")\n".utf8).write(to: source)
        let file = folder.appendingPathComponent("en.lproj/Localizable.strings")
        let written = try Binary.run(["strings", "extract", source.path, "-o", file.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stderr, "")
        let table = "/* No comment provided by engineer. */\n\"a\" = \"a\";\n\n/* Second */\n\"b\" = \"b\";\n"
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), table)
        XCTAssertEqual(try contents(of: file.deletingLastPathComponent()), ["Localizable.strings"])

        let printed = try Binary.run(["strings", "extract", source.path])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdout, table)

        // Several tables and one file: nothing is written, the file keeps what it had.
        let several = try Binary.run(["strings", "extract", try fixture(extract), "-o", file.path])
        XCTAssertEqual(several.status, 2)
        XCTAssertTrue(several.stderr.contains("the sources use 3 tables (Greetings, Localizable, Settings): give -o a folder"), several.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), table)
    }

    func testASourceThatCannotBeReadWritesNothing() throws {
        let folder = try temporaryFolder()
        let layout = folder.appendingPathComponent("Broken.json")
        try Data("{ \"root\": { \"id\": \"root\", \"type\": \"lable\" } }".utf8).write(to: layout)
        let source = folder.appendingPathComponent("App.swift")
        try Data("let a = NSLocalizedString(\"a\", comment: \"\")\n".utf8).write(to: source)
        let output = folder.appendingPathComponent("Out")
        let run = try Binary.run(["strings", "extract", folder.path, "-o", output.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("\(layout.path):1:"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))

        let missing = try Binary.run(["strings", "extract", folder.appendingPathComponent("Nothing.swift").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("Nothing.swift:1:1: error: no such file or folder"), missing.stderr)
    }

    /// The corpus has no Swift, but an asset catalog whose Contents.json files are JSON that is
    /// not a layout: passed over, not reported.
    func testAnAssetCatalogOfARealAppIsNoLayout() throws {
        let corpus = ProcessInfo.processInfo.environment["BABELFIT_CORPUS"]
            ?? PackageRoot.url.appendingPathComponent("../shared/corpus").standardizedFileURL.path
        let assets = corpus + "/assets/OnionBrowser__OnionBrowser/Resources/Media.xcassets"
        guard FileManager.default.fileExists(atPath: assets) else {
            XCTFail("the corpus is missing at \(assets): it is needed by this test")
            return
        }
        let run = try Binary.run(["strings", "extract", assets])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "babelfit strings extract: no localized keys in the 0 sources read\n")
    }

    func testLintWithSourcesReportsUnusedUndefinedAndUntranslatedKeysInEveryFormat() throws {
        let fixture = try fixture(sourceLint)
        let text = try Binary.run(["strings", "lint", fixture, "--sources", fixture + "/Sources", "--sources", fixture + "/Layouts"])
        XCTAssertEqual(text.status, 1, text.stderr)
        XCTAssertEqual(text.stdout, """
        \(fixture)/Catalog.xcstrings:15:16: warning: "catalog.stale" is stale: the source no longer uses it [stale]
        \(fixture)/Layouts/Login.json:7:1: error: "layout.only" is used here but table Localizable of the development language (en) lacks it [undefined-key]
        \(fixture)/Sources/App.swift:12:31: error: "missing.key" is used here (and 1 other place) but table Localizable of the development language (en) lacks it [undefined-key]
        \(fixture)/Sources/App.swift:16:31: error: "title" is used here but table Other of the development language (en) lacks it [undefined-key]
        \(fixture)/de.lproj/Localizable.strings:2:1: warning: the de translation of "OK" is the development language's text ("OK") [untranslated]
        \(fixture)/de.lproj/Localizable.strings:5:1: warning: the de translation of "email" is the development language's text ("Email") [untranslated]
        \(fixture)/en.lproj/Localizable.strings:4:1: warning: "unused.key" (table Localizable) is used by no source or layout [unused-key]
        3 errors, 4 warnings

        """)
        XCTAssertEqual(text.stderr,
                       "\(fixture)/Sources/App.swift:17:31: warning: the key of NSLocalizedString is not a string literal (key): it is not extracted\n")

        let allowed = try Binary.run(["strings", "lint", fixture, "--sources", fixture, "--allow-untranslated", "OK,Email", "--format", "json"])
        XCTAssertEqual(allowed.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(allowed.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.compactMap { $0["kind"] as? String }, ["stale", "undefined-key", "undefined-key", "undefined-key", "unused-key"])
        XCTAssertEqual(findings.compactMap { $0["key"] as? String }, ["catalog.stale", "layout.only", "missing.key", "title", "unused.key"])

        // The allowlist kept in the project's babelfit.json, with one more word on the command line.
        let configFolder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-lint-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: configFolder) }
        let config = configFolder.appendingPathComponent("babelfit.json").path
        try #"{ "allowUntranslated": ["OK"] }"#.write(toFile: config, atomically: true, encoding: .utf8)
        let configured = try Binary.run(["strings", "lint", fixture, "--only", "untranslated", "--config", config])
        XCTAssertEqual(configured.stdout, """
            \(fixture)/de.lproj/Localizable.strings:5:1: warning: the de translation of "email" is the development language's text ("Email") [untranslated]
            0 errors, 1 warning

            """)
        let both = try Binary.run(["strings", "lint", fixture, "--only", "untranslated", "--config", config, "--allow-untranslated", "Email"])
        XCTAssertEqual(both.status, 0, both.stdout)
        try #"{ "allowUntranslated": "OK" }"#.write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try Binary.run(["strings", "lint", fixture, "--config", config])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("babelfit.json:1:3: error: allowUntranslated: expected an array of strings"), bad.stderr)

        let sarif = try Binary.run(["strings", "lint", fixture, "--sources", fixture, "--format", "sarif", "--only", "unused-key,undefined-key,untranslated"])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.compactMap { $0["ruleId"] as? String },
                       ["undefined-key", "undefined-key", "undefined-key", "untranslated", "untranslated", "unused-key"])
        XCTAssertEqual(results.compactMap { $0["level"] as? String }, ["error", "error", "error", "warning", "warning", "warning"])
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertTrue(Set(rules.compactMap { $0["id"] as? String }).isSuperset(of: ["unused-key", "undefined-key", "untranslated"]))

        let github = try Binary.run(["strings", "lint", fixture, "--sources", fixture, "--format", "github", "--only", "undefined-key"])
        XCTAssertEqual(github.stdout.split(separator: "\n").first.map(String.init),
                       "::error file=\(fixture)/Layouts/Login.json,line=7,col=1,title=undefined-key::\"layout.only\" is used here but table Localizable of the development language (en) lacks it")
    }

    func testLintWithASourceThatCannotBeReadExitsTwo() throws {
        let fixture = try fixture(sourceLint)
        let run = try Binary.run(["strings", "lint", fixture, "--sources", fixture + "/Nothing", "--only", "unreadable"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "\(fixture)/Nothing:1:1: error: no such file or folder [unreadable]\n1 error, 0 warnings\n")
    }
}
