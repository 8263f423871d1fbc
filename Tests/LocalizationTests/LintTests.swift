import Foundation
import Localization
import XCTest

final class LintTests: XCTestCase {
    private func lintFixture() -> [LintFinding] {
        Translations(folders: [Paths.fixture("Lint")]).lint()
    }

    private func relative(_ path: String) -> String {
        String(path.dropFirst(Paths.fixture("Lint/").count))
    }

    func testFindsEachKindOfProblemAndNothingElse() {
        let findings = lintFixture()
        let summary = findings.map { "\(relative($0.file)):\($0.line):\($0.column) \($0.severity.rawValue) \($0.kind.rawValue) \($0.language ?? "-") \($0.key ?? "-")" }
        XCTAssertEqual(summary, [
            "Catalog.xcstrings:12:16 warning missing-plural-category ru %lld files",
            "Catalog.xcstrings:23:16 warning state-new de new.key",
            "Catalog.xcstrings:32:16 warning stale - old.key",
            "Catalog.xcstrings:38:16 warning state-needs-review de review.key",
            "de.lproj/Localizable.strings:2:1 error format-mismatch de count.items",
            "de.lproj/Localizable.strings:3:1 warning empty-value de title",
            "de.lproj/Localizable.strings:4:1 warning not-in-development-language de extra",
            "de.lproj/Localizable.strings:5:1 warning duplicate-key de greeting",
            "en.lproj/Localizable.strings:2:1 warning missing-translation de farewell",
        ])
        let mismatch = findings.first { $0.kind == .formatMismatch }
        XCTAssertEqual(mismatch?.message,
                       "the de translation of \"count.items\" takes argument 1 as object where the development language takes integer; takes argument 2 as integer where the development language takes object")
        XCTAssertEqual(findings.first { $0.kind == .missingPluralCategory }?.message,
                       "the ru plural forms of \"%lld files\" lack many")
    }

    func testInterfaceBuilderTablesWithoutDevelopmentStringsAreNotExtraKeys() {
        let findings = Translations(folders: [Paths.fixture("App")]).lint()
        XCTAssertFalse(findings.contains { $0.table == "Main" })
        XCTAssertEqual(Set(findings.map(\.kind)), [.missingTranslation])
        XCTAssertEqual(findings.filter { $0.key == "only.en" }.compactMap(\.language), ["ar", "de", "pt", "pt-BR"])
        // pt-BR inherits "Value: %@" from pt, as NSBundle looks it up: not missing.
        XCTAssertFalse(findings.contains { $0.key == "Value: %@" && $0.language == "pt-BR" })
        XCTAssertTrue(findings.contains { $0.key == "Value: %@" && $0.language == "ar" } ||
                      Translations(folders: [Paths.fixture("App")]).translation(key: "Value: %@", table: "Localizable", language: "ar") != nil)
    }

    func testFormatDifferencesOfOneKey() {
        let translations = Translations(folders: [Paths.fixture("Lint")])
        XCTAssertEqual(translations.formatDifferences(key: "count.items", language: "de").count, 2)
        XCTAssertEqual(translations.formatDifferences(key: "count.items", language: "ru"), [])
        XCTAssertEqual(translations.formatDifferences(key: "farewell", language: "de"), [])
    }

    /// Translations with and without a `%`, against development texts with and without
    /// arguments: a text without one differs only from a source that takes arguments, and a
    /// specifier or an unknown `%` where the source has none is still found.
    func testFormatDifferencesOfTextsWithAndWithoutAPercentSign() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-percent-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, strings) in [
            ("en", "\"plain\" = \"Name\";\n\"argument\" = \"Hello %@\";\n\"bad\" = \"Done\";\n\"sign\" = \"Full\";\n"),
            ("de", "\"plain\" = \"Name\";\n\"argument\" = \"Hallo\";\n\"bad\" = \"Fertig %l\";\n\"sign\" = \"%d Stück\";\n"),
        ] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let translations = Translations(folders: [folder.path])
        XCTAssertEqual(translations.formatDifferences(key: "plain", language: "de"), [])
        XCTAssertEqual(translations.formatDifferences(key: "argument", language: "de"), ["leaves out argument 1 (object)"])
        XCTAssertEqual(translations.formatDifferences(key: "bad", language: "de").count, 1)
        XCTAssertTrue(translations.formatDifferences(key: "bad", language: "de").first?.hasPrefix("has %l") == true,
                      "\(translations.formatDifferences(key: "bad", language: "de"))")
        XCTAssertEqual(translations.formatDifferences(key: "sign", language: "de"),
                       ["uses argument 1 (integer), which the development language does not have"])
    }

    func testFormatSignatureComparesCountTypeAndPosition() {
        func signature(_ text: String) -> FormatSignature {
            FormatSignature(Translation(key: "k", message: .text(text), location: SourceLocation(file: "f", line: 1, column: 1)))
        }
        XCTAssertEqual(signature("%2$@ %1$d").differences(from: signature("%d %@")), [])
        XCTAssertEqual(signature("%@").differences(from: signature("%@ %d")), ["leaves out argument 2 (integer)"])
        XCTAssertEqual(signature("%@ %@ %f").differences(from: signature("%@ %@")),
                       ["uses argument 3 (floating), which the development language does not have"])
        XCTAssertEqual(signature("%ld").differences(from: signature("%d")), [])
        XCTAssertEqual(signature("100%% %@").count, 1)
        XCTAssertEqual(signature("%#@files@").differences(from: signature("%d")),
                       ["uses the variable %#@files@, which it does not define", "leaves out argument 1 (integer)"])
    }

    func testUnreadableFilesAreErrorsAndTheRestIsStillChecked() throws {
        let folder = NSTemporaryDirectory() + "babelfit-lint-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/fr.lproj", withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n\"b\" = \"B\";\n".utf8).write(to: URL(fileURLWithPath: folder + "/en.lproj/Localizable.strings"))
        try Data("\"a\" = \"Á\"\n".utf8).write(to: URL(fileURLWithPath: folder + "/fr.lproj/Localizable.strings"))
        try Data("\"x\" = \"X\";".utf8).write(to: URL(fileURLWithPath: folder + "/en.lproj/Other.strings"))
        try Data("\"x\" = \"y\";\n\"z\" = \"Z\";".utf8).write(to: URL(fileURLWithPath: folder + "/fr.lproj/Other.strings"))
        let findings = Translations(folders: [folder]).lint()
        let unreadable = findings.filter { $0.kind == .unreadable }
        XCTAssertEqual(Translations(folders: [folder]).lint(only: [.unreadable]), unreadable)
        XCTAssertEqual(Translations(folders: [folder]).lint(only: [.notInDevelopmentLanguage]).map(\.key), ["z"])
        XCTAssertEqual(unreadable.count, 1)
        XCTAssertEqual(unreadable.first?.severity, .error)
        XCTAssertEqual(unreadable.first?.line, 2)
        XCTAssertEqual(unreadable.first?.column, 1)
        XCTAssertTrue(unreadable.first?.file.hasSuffix("fr.lproj/Localizable.strings") ?? false)
        XCTAssertTrue(findings.contains { $0.kind == .notInDevelopmentLanguage && $0.key == "z" })
    }

    func testRenderers() throws {
        let findings = lintFixture().map { finding -> LintFinding in
            var copy = finding
            copy.file = relative(finding.file)
            return copy
        }
        let text = LintReport.render(findings, as: .text, toolVersion: "1.2.3")
        XCTAssertTrue(text.hasPrefix("Catalog.xcstrings:12:16: warning: the ru plural forms of \"%lld files\" lack many [missing-plural-category]\n"))
        XCTAssertTrue(text.hasSuffix("1 error, 8 warnings\n"))

        let json = try JSONSerialization.jsonObject(with: Data(LintReport.render(findings, as: .json, toolVersion: "1.2.3").utf8)) as? [String: Any]
        let summary = json?["summary"] as? [String: Int]
        XCTAssertEqual(summary?["errors"], 1)
        XCTAssertEqual(summary?["warnings"], 8)
        let first = (json?["findings"] as? [[String: Any]])?.first
        XCTAssertEqual(first?["kind"] as? String, "missing-plural-category")
        XCTAssertEqual(first?["line"] as? Int, 12)

        let sarif = try JSONSerialization.jsonObject(with: Data(LintReport.render(findings, as: .sarif, toolVersion: "1.2.3").utf8)) as? [String: Any]
        XCTAssertEqual(sarif?["version"] as? String, "2.1.0")
        let run = (sarif?["runs"] as? [[String: Any]])?.first
        let driver = (run?["tool"] as? [String: Any])?["driver"] as? [String: Any]
        XCTAssertEqual(driver?["name"] as? String, "babelfit")
        let results = run?["results"] as? [[String: Any]]
        XCTAssertEqual(results?.count, 9)
        let mismatch = results?.first { $0["ruleId"] as? String == "format-mismatch" }
        XCTAssertEqual(mismatch?["level"] as? String, "error")
        let location = ((mismatch?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location?["artifactLocation"] as? [String: Any])?["uri"] as? String, "de.lproj/Localizable.strings")
        XCTAssertEqual((location?["region"] as? [String: Any])?["startLine"] as? Int, 2)

        let github = LintReport.render(findings, as: .github, toolVersion: "1.2.3").split(separator: "\n")
        XCTAssertEqual(github.count, 9)
        XCTAssertTrue(github.contains("::error file=de.lproj/Localizable.strings,line=2,col=1,title=format-mismatch::the de translation of \"count.items\" takes argument 1 as object where the development language takes integer; takes argument 2 as integer where the development language takes object"))
        XCTAssertEqual(github.first, "::warning file=Catalog.xcstrings,line=12,col=16,title=missing-plural-category::the ru plural forms of \"%25lld files\" lack many")

        XCTAssertEqual(LintReport.render(findings, as: .json, toolVersion: "1.2.3"), LintReport.render(lintFixture().map { finding -> LintFinding in
            var copy = finding
            copy.file = relative(finding.file)
            return copy
        }, as: .json, toolVersion: "1.2.3"), "output is deterministic")
    }

    func testJSONIsWrittenAsEveryReportIs() {
        let finding = LintFinding(kind: .emptyValue, message: "the de translation of \"title\" is empty",
                                  location: SourceLocation(file: "de.lproj/Localizable.strings", line: 3, column: 1),
                                  table: "Localizable", key: "title", language: "de")
        let unreadable = LintFinding(kind: .unreadable, message: "expected ;",
                                    location: SourceLocation(file: "fr.lproj/Other.strings", line: 2, column: 7))
        XCTAssertEqual(LintReport.render([finding, unreadable], as: .json, toolVersion: "1.2.3"), """
        {
          "findings": [
            {
              "column": 1,
              "file": "de.lproj/Localizable.strings",
              "key": "title",
              "kind": "empty-value",
              "language": "de",
              "line": 3,
              "message": "the de translation of \\"title\\" is empty",
              "severity": "warning",
              "table": "Localizable"
            },
            {
              "column": 7,
              "file": "fr.lproj/Other.strings",
              "kind": "unreadable",
              "line": 2,
              "message": "expected ;",
              "severity": "error"
            }
          ],
          "summary": {
            "errors": 1,
            "notes": 0,
            "warnings": 1
          }
        }

        """)
        XCTAssertEqual(LintReport.render([], as: .json, toolVersion: "1.2.3"), """
        {
          "findings": [],
          "summary": {
            "errors": 0,
            "notes": 0,
            "warnings": 0
          }
        }

        """)
    }

    func testSARIFNamesTheVersionEncodesPathsAndCarriesTheFacts() throws {
        let finding = LintFinding(kind: .missingTranslation, message: "\"bye\" has no fr translation",
                                  location: SourceLocation(file: "My App/en.lproj/Localizable.strings", line: 4, column: 1),
                                  table: "Localizable", key: "bye", language: "fr")
        let rendered = LintReport.render([finding], as: .sarif, toolVersion: "1.2.3")
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["version"] as? String, "1.2.3")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, LintFinding.Kind.allCases.map(\.rawValue))
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleIndex"] as? Int, LintFinding.Kind.allCases.firstIndex(of: .missingTranslation))
        XCTAssertEqual(result["level"] as? String, "warning")
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        XCTAssertEqual((location?["artifactLocation"] as? [String: Any])?["uri"] as? String,
                       "My%20App/en.lproj/Localizable.strings")
        XCTAssertEqual((location?["region"] as? [String: Any])?["startColumn"] as? Int, 1)
        XCTAssertEqual(result["properties"] as? [String: String], ["table": "Localizable", "key": "bye", "language": "fr"])
        XCTAssertTrue(rendered.contains("\"version\": \"2.1.0\""), rendered)
        XCTAssertTrue(rendered.hasSuffix("}\n"))
    }

    func testNotesAreWarningsInSARIFNoticesOnGitHubAndCountedInJSON() throws {
        var note = LintFinding(kind: .stale, message: "\"old\" is stale, 100% unused",
                               location: SourceLocation(file: "Catalog.xcstrings", line: 9, column: 16), key: "old")
        note.severity = .note
        let rendered = LintReport.render([note], as: .sarif, toolVersion: "1.2.3")
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        let result = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
        XCTAssertEqual(result?["level"] as? String, "warning")
        XCTAssertEqual(LintReport.render([note], as: .github, toolVersion: "1.2.3"),
                       "::notice file=Catalog.xcstrings,line=9,col=16,title=stale::\"old\" is stale, 100%25 unused\n")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(LintReport.render([note], as: .json, toolVersion: "1.2.3").utf8)) as? [String: Any])
        XCTAssertEqual(json["summary"] as? [String: Int], ["errors": 0, "warnings": 0, "notes": 1])
        XCTAssertEqual(LintReport.render([note], as: .text, toolVersion: "1.2.3"),
                       "Catalog.xcstrings:9:16: note: \"old\" is stale, 100% unused [stale]\n0 errors, 0 warnings\n")
    }

    func testAnUndefinedVariableIsAFormatError() {
        var translations = Translations(developmentLanguage: "en")
        let forms: [PluralCategory: Message] = [.one: .text("%d file"), .other: .text("%d files")]
        translations.add(Translation(key: "files", message: .text("%#@files@ in %#@folders@"),
                                     substitutions: ["files": Substitution(argumentNumber: 1, formatSpecifier: "d", message: .plural(forms))],
                                     location: SourceLocation(file: "en.lproj/Localizable.stringsdict", line: 4, column: 2)),
                         table: "Localizable", language: "en")
        let findings = translations.lint()
        XCTAssertEqual(findings.map(\.kind), [.formatMismatch])
        XCTAssertEqual(findings.first?.severity, .error)
        XCTAssertEqual(findings.first?.message, "the en text of \"files\" names the variable %#@folders@, which it does not define")
    }
}
