import Checks
import Foundation
import TestSupport
import XCTest

/// A `%` that starts no whole specifier (`%l`) is a `format-mismatch` in a check wherever the
/// text shown comes from, the development language included, as `strings lint` reports it
/// (`invalid-format`) for every language.
final class DevelopmentFormatTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-dev-format-\(UUID().uuidString)")
        for (language, text) in [("en", "Save 50%l now"), ("fr", "Économisez 50%l"), ("de", "Jetzt sparen")] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data("\"title\" = \"\(text)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        try Data("""
            { "format": 1, "name": "Screen",
              "root": { "id": "root", "type": "view", "subviews": [
                { "id": "title", "type": "label", "lines": 0, "text": { "key": "title" } } ] },
              "constraints": [ "title.leading == root.leading + 16", "title.trailing == root.trailing - 16",
                               "title.top == root.top + 40" ] }
            """.utf8).write(to: folder.appendingPathComponent("Screen.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAnInvalidSpecifierOfTheDevelopmentLanguageIsAFinding() throws {
        let project = try Project(layouts: [folder.appendingPathComponent("Screen.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts, developmentLanguage: "en")
        XCTAssertEqual(project.inputErrors, [])
        let invalid = "%l: %l is not a whole format specifier: it lacks its conversion (d, @, f…)"
        var messages: [String: [String]] = [:]
        for language in ["en", "fr", "de"] {
            let report = try project.run(layout: "Screen", language: language)
            messages[language] = report.findings.filter { $0.kind == .formatMismatch }.map(\.message)
        }
        XCTAssertEqual(messages["en"], ["title: the en translation of \"title\" has \(invalid)"])
        XCTAssertEqual(messages["fr"], ["title: the fr translation of \"title\" has \(invalid)"])
        XCTAssertEqual(messages["de"], [], "a text without specifiers agrees with one whose only % is invalid")
        // The same problem as `strings lint` names it.
        let lint = project.translations.lint(only: [.invalidFormat]).map(\.message)
        XCTAssertEqual(lint.count, 2, "\(lint)")
    }
}
