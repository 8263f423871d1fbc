import Foundation
import XCTest

/// `babelfit strings lint` and `babelfit generate swift`, end to end through the built binary.
final class StringsCommandTests: XCTestCase {
    let fixture = "Tests/LocalizationTests/Fixtures/Lint"

    func testLintReportsEachProblemAndExitsOneOnAnError() throws {
        let output = try Binary.run(["strings", "lint", fixture])
        XCTAssertEqual(output.status, 1, output.stderr)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "1 error, 8 warnings")
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(fixture)/de.lproj/Localizable.strings:2:1: error: the de translation of \"count.items\"") },
                      output.stdout)
        let kinds = lines.dropLast().compactMap { $0.split(separator: "[").last.map { String($0.dropLast()) } }
        XCTAssertEqual(Set(kinds), ["missing-plural-category", "state-new", "stale", "state-needs-review", "format-mismatch",
                                    "empty-value", "not-in-development-language", "duplicate-key", "missing-translation"])
    }

    func testLintFormatsAndOutputFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarifPath = folder.appendingPathComponent("lint.sarif").path
        let sarif = try Binary.run(["strings", "lint", fixture, "--format", "sarif", "--output", sarifPath])
        XCTAssertEqual(sarif.status, 1, sarif.stderr)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sarifPath))) as? [String: Any])
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 9)

        let json = try Binary.run(["strings", "lint", fixture, "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["summary"] as? [String: Any])?["errors"] as? Int, 1)

        let github = try Binary.run(["strings", "lint", fixture, "--format", "github"])
        XCTAssertTrue(github.stdout.contains("::error file=\(fixture)/de.lproj/Localizable.strings,line=2,col=1"), github.stdout)
    }

    func testLintOfAnUnreadableFileExitsTwoAndStillChecksTheRest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-lint-\(UUID().uuidString)")
        let en = folder.appendingPathComponent("en.lproj"), fr = folder.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fr, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n".utf8).write(to: en.appendingPathComponent("Localizable.strings"))
        try Data("\"hello\" = \"Bonjour;\n".utf8).write(to: fr.appendingPathComponent("Localizable.strings"))
        try Data("\"hello\" = \"Salut\";\n".utf8).write(to: fr.appendingPathComponent("Other.strings"))
        try Data("\"hello\" = \"Salut\";\n".utf8).write(to: en.appendingPathComponent("Other.strings"))
        let output = try Binary.run(["strings", "lint", folder.path])
        XCTAssertEqual(output.status, 2, output.stdout + output.stderr)
        XCTAssertTrue((output.stdout + output.stderr).contains("fr.lproj/Localizable.strings:1:"), output.stdout + output.stderr)
    }

    func testGenerateSwiftIsDeterministic() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("A.swift").path, second = folder.appendingPathComponent("B.swift").path
        XCTAssertEqual(try Binary.run(["generate", "swift", fixture, "-o", first]).status, 0)
        XCTAssertEqual(try Binary.run(["generate", "swift", fixture, "-o", second]).status, 0)
        let a = try String(contentsOfFile: first, encoding: .utf8), b = try String(contentsOfFile: second, encoding: .utf8)
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.contains("count.items") || a.contains("countItems"), a)
    }

    func testStringsNeedsASubcommand() throws {
        let output = try Binary.run(["strings", "check"])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("unknown subcommand 'check'"), output.stderr)
    }
}
