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

    /// A folder with an English table and a French one that cannot be read (an unterminated string).
    private func translationsWithAnUnreadableFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-gen-\(UUID().uuidString)")
        let en = folder.appendingPathComponent("en.lproj"), fr = folder.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: fr, withIntermediateDirectories: true)
        try Data("\"hello\" = \"Hello\";\n\"bye\" = \"Bye\";\n".utf8).write(to: en.appendingPathComponent("Localizable.strings"))
        try Data("\"hello\" = \"Bonjour\";\n\"bye\" = \"Au revoir;\n".utf8).write(to: fr.appendingPathComponent("Localizable.strings"))
        return folder
    }

    /// The names in `folder`, hidden ones included, so that a left-over temporary file shows.
    private func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testGenerateWithAnUnreadableFileLeavesTheOutputUntouchedAndExitsTwo() throws {
        let inputs = try translationsWithAnUnreadableFile()
        defer { try? FileManager.default.removeItem(at: inputs) }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-gen-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let file = out.appendingPathComponent("Strings.swift")
        let previous = Data("// the accessors of the last good build\nenum Strings {}\n".utf8)
        try previous.write(to: file)
        let modified = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)

        for arguments in [["-o", file.path], ["--output", file.path]] {
            let output = try Binary.run(["generate", "swift", inputs.path] + arguments)
            XCTAssertEqual(output.status, 2, output.stdout + output.stderr)
            XCTAssertEqual(output.stdout, "")
            let errors = output.stderr.split(separator: "\n")
            XCTAssertTrue(errors.contains { $0.hasPrefix(inputs.path + "/fr.lproj/Localizable.strings:2:") && $0.contains(": error: ") },
                          output.stderr)
            XCTAssertEqual(try Data(contentsOf: file), previous)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            XCTAssertEqual(attributes[.modificationDate] as? Date, modified, "the output file was touched")
            XCTAssertEqual(try contents(of: out), ["Strings.swift"])
        }

        // Without -o nothing is printed either: no accessor list that lacks keys.
        let printed = try Binary.run(["generate", "swift", inputs.path])
        XCTAssertEqual(printed.status, 2)
        XCTAssertEqual(printed.stdout, "")

        // Once the file is readable, the output is replaced.
        try Data("\"hello\" = \"Bonjour\";\n\"bye\" = \"Au revoir\";\n".utf8)
            .write(to: inputs.appendingPathComponent("fr.lproj/Localizable.strings"))
        let fixed = try Binary.run(["generate", "swift", inputs.path, "-o", file.path])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        let generated = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(generated.contains("hello") && generated.contains("bye"), generated)
        XCTAssertEqual(try contents(of: out), ["Strings.swift"])
    }

    func testGenerateIntoAFolderThatDoesNotExistExitsTwo() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-missing-\(UUID().uuidString)")
        let output = try Binary.run(["generate", "swift", fixture, "-o", missing.appendingPathComponent("Strings.swift").path])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("babelfit generate swift: cannot write"), output.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing.path))
    }

    func testLintOutputIsReplacedWholeOrNotAtAll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("lint.json")
        try Data(String(repeating: "an older, longer report\n", count: 2_000).utf8).write(to: report)
        let written = try Binary.run(["strings", "lint", fixture, "--format", "json", "--output", report.path])
        XCTAssertEqual(written.status, 1, written.stderr)
        XCTAssertEqual(written.stdout, "")
        let stdout = try Binary.run(["strings", "lint", fixture, "--format", "json"])
        XCTAssertEqual(try String(contentsOf: report, encoding: .utf8), stdout.stdout)
        XCTAssertEqual(try contents(of: folder), ["lint.json"])

        let missing = folder.appendingPathComponent("missing/lint.json")
        let failed = try Binary.run(["strings", "lint", fixture, "--output", missing.path])
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.contains("babelfit strings lint: cannot write \(missing.path)"), failed.stderr)
        XCTAssertEqual(try contents(of: folder), ["lint.json"])
    }

    func testStringsNeedsASubcommand() throws {
        let output = try Binary.run(["strings", "check"])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("unknown subcommand 'check'"), output.stderr)
    }
}
