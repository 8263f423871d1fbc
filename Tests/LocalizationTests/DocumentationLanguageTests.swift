import Foundation
import Localization
import XCTest

/// `qqq` (translatewiki.net's message documentation) holds notes for translators: read as each
/// key's note, never checked, laid out or counted as a language.
final class DocumentationLanguageTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-qqq-\(UUID().uuidString)")
        let tables: [(String, String)] = [
            ("en", "\"greeting\" = \"Hello, %@!\";\n\"count\" = \"%d files\";\n\"farewell\" = \"Goodbye\";\n"),
            ("de", "\"greeting\" = \"Hallo, %@!\";\n\"count\" = \"%d Dateien\";\n"),
            ("qqq", "\"greeting\" = \"Greets the user; %1$@ is the user's first name.\";\n\"count\" = \"Number of files, %@ for example 3.\";\n"
                + "\"farewell\" = \"Shown when\\nthe user signs out.\";\n\"only.docs\" = \"A key only documented\";\n\"count\" = \"twice\";\n"),
        ]
        try Paths.writeLocalizableTables(tables, in: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testQqqIsNotesNotALanguage() {
        let translations = Translations(folders: [folder.path])
        XCTAssertEqual(translations.languages, ["de", "en"])
        XCTAssertTrue(translations.isDocumentation("qqq"))
        XCTAssertNil(translations.translation(key: "greeting", table: "Localizable", language: "qqq"))
        XCTAssertEqual(translations.note(key: "greeting", table: "Localizable"), "Greets the user; %1$@ is the user's first name.")
        XCTAssertEqual(translations.keys(table: "Localizable"), ["count", "farewell", "greeting"], "a key only documented is no key")

        let findings = translations.lint()
        XCTAssertEqual(findings.filter { $0.language == "qqq" || $0.file.contains("qqq.lproj") }.map(\.message), [],
                       "no format-mismatch, duplicate or not-in-development-language for the notes")
        XCTAssertEqual(findings.map { "\($0.kind.rawValue) \($0.language ?? "-") \($0.key ?? "-")" }, ["missing-translation de farewell"])
        XCTAssertEqual(findings.first?.translatorNote, "Shown when\nthe user signs out.")
        XCTAssertEqual(LintReport.text(findings).components(separatedBy: "\n")[1], "  note for translators: Shown when the user signs out.")
        XCTAssertTrue(LintReport.json(findings).contains("\"translatorNote\": \"Shown when\\nthe user signs out.\""))
    }

    func testTheListIsConfigurable() {
        let none = Translations(folders: [folder.path], documentationLanguages: [])
        XCTAssertEqual(none.languages, ["de", "en", "qqq"])
        XCTAssertTrue(none.lint(only: [.formatMismatch]).contains { $0.language == "qqq" }, "qqq checked as a language when not listed")
        let other = Translations(folders: [folder.path], documentationLanguages: ["qqq", "de"])
        XCTAssertEqual(other.languages, ["en"])
    }
}
