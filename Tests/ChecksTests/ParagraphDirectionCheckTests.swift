import Checks
import Foundation
import Reports
import TestSupport
import XCTest

/// Paragraph direction through a whole check: an untranslated English text in an Arabic or
/// Urdu run is laid out as in English (UIKit's natural writing direction), so its view mirrors
/// exactly; a translation that starts with a character of the other direction is `bidi-direction`.
final class ParagraphDirectionCheckTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-paragraph-\(UUID().uuidString)")
        let tables: [(String, String)] = [
            ("en", "\"hint\" = \"Use the web app to verify this user.\";\n\"device\" = \"iPhone is ready.\";\n\"count\" = \"%@ is ready.\";\n"),
            ("ar", "\"device\" = \"iPhone جاهز الآن.\";\n\"count\" = \"%@ جاهز.\";\n"),
            ("ur", "\"device\" = \"\u{200F}iPhone تیار ہے۔\";\n"),
            ("de", "\"device\" = \"iPhone ist bereit.\";\n\"count\" = \"%@ ist bereit.\";\n"),
            ("qqq", "\"count\" = \"%d is the number of %@ items\";\n"),
        ]
        try StringsFolders.write(tables, in: folder)
        try Data("""
        { "format": 1, "name": "Verify",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "hint", "type": "label", "text": "[hint]" },
            { "id": "wrapped", "type": "label", "text": "[hint]", "lines": 0 },
            { "id": "device", "type": "label", "text": "[device]" },
            { "id": "count", "type": "label", "text": { "key": "count", "args": ["שלום"] } } ] },
          "constraints": [
            "hint.leading == root.leadingMargin", "hint.top == root.safeTop",
            "wrapped.leading == root.leadingMargin", "wrapped.top == hint.bottom + 8", "wrapped.width == 120",
            "device.leading == root.leadingMargin", "device.top == wrapped.bottom + 8",
            "count.leading == root.leadingMargin", "count.top == device.bottom + 8" ] }
        """.utf8).write(to: folder.appendingPathComponent("Verify.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func project() throws -> Project {
        let project = try Project(layouts: [folder.appendingPathComponent("Verify.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        return project
    }

    func testEnglishFallbackHasTheEnglishWidthAndLinesAndMirrors() throws {
        let project = try project()
        let device = "iPhone SE (3rd generation)"
        let english = try project.run(layout: "Verify", language: "en", device: device)
        func view(_ run: RunReport, _ id: String) throws -> ViewReport { try XCTUnwrap(run.views.first { $0.id == id }, id) }
        let width = try view(english, "hint").frame[2]
        XCTAssertEqual(width, 278.018, accuracy: 0.5, "the text's width, rounded to the pixel grid")
        for language in ["ar", "ur"] {
            let run = try project.run(layout: "Verify", language: language, device: device)
            XCTAssertEqual(run.direction, "rtl")
            for id in ["hint", "wrapped"] {
                let shown = try view(run, id), mine = try view(english, id)
                XCTAssertEqual(shown.frame[2], mine.frame[2], "\(language) \(id): the width in en")
                XCTAssertEqual(shown.frame[3], mine.frame[3], "\(language) \(id): the height (lines) in en")
                XCTAssertEqual(shown.lines, mine.lines, "\(language) \(id)")
                XCTAssertEqual(shown.frame[0], 375 - mine.frame[0] - mine.frame[2], accuracy: 0.001, "\(language) \(id) mirrors")
            }
            XCTAssertEqual(try view(run, "wrapped").lines, 3)
            XCTAssertEqual(run.findings.filter { $0.kind == .notMirrored }.map(\.message), [], language)
            XCTAssertEqual(run.findings.filter { $0.kind == .missingTranslation }.map { $0.view ?? "-" }.prefix(2), ["hint", "wrapped"])
        }
    }

    func testTranslationsStartingAgainstTheirDirectionAreReported() throws {
        let project = try project()
        let device = "iPhone SE (3rd generation)"
        let arabic = try project.run(layout: "Verify", language: "ar", device: device)
        let bidi = arabic.findings.filter { $0.kind == .bidiDirection }
        XCTAssertEqual(bidi.map { $0.view ?? "-" }, ["device"], "the argument fills count with Hebrew, which is right to left")
        XCTAssertEqual(bidi.map(\.message), [
            "device: the ar translation of \"device\" starts with left-to-right “iPhone”, so iOS lays it out left to right (its first strong character decides): start it with U+200F RIGHT-TO-LEFT MARK",
        ])
        XCTAssertEqual(bidi.map(\.severity), [.warning])
        XCTAssertEqual(bidi.first?.subject.key, "device")
        // With U+200F first, Urdu's is laid out right to left: no finding.
        let urdu = try project.run(layout: "Verify", language: "ur", device: device)
        XCTAssertEqual(urdu.findings.filter { $0.kind == .bidiDirection }.count, 0)
        // A left-to-right language whose text, once filled in, starts with Hebrew.
        let german = try project.run(layout: "Verify", language: "de", device: device)
        XCTAssertEqual(german.findings.filter { $0.kind == .bidiDirection }.map(\.message), [
            "count: the de translation of \"count\" starts with right-to-left “שלום”, so iOS lays it out right to left (its first strong character decides): start it with U+200E LEFT-TO-RIGHT MARK",
        ])
        XCTAssertEqual(FindingKind(rawValue: "bidi-direction"), .bidiDirection)
        XCTAssertEqual(FindingKind.bidiDirection.defaultSeverity, .warning)
    }

    /// A finding about a key that `qqq` documents carries the note, in the text, JSON and SARIF
    /// reports, and reads back from JSON; a key without one has none.
    func testFindingsCarryTheirKeysNotesForTranslators() throws {
        let project = try project()
        let report = project.check(CheckOptions(languages: ["en", "de", "ar"],
                                                devices: [try XCTUnwrap(Device.named("iPhone SE (3rd generation)"))]))
        let findings = report.runs.flatMap(\.findings)
        let count = try XCTUnwrap(findings.first { $0.kind == .bidiDirection && $0.view == "count" })
        XCTAssertEqual(count.translatorNote, "%d is the number of %@ items")
        let device = try XCTUnwrap(findings.first { $0.kind == .bidiDirection && $0.view == "device" })
        XCTAssertNil(device.translatorNote, "qqq says nothing of \"device\"")
        XCTAssertTrue(findings.filter { $0.key == "hint" }.allSatisfy { $0.translatorNote == nil })

        let text = TextReport.render(report)
        XCTAssertTrue(text.contains("starts with right-to-left “שלום”, so iOS lays it out right to left (its first strong character decides): start it with U+200E LEFT-TO-RIGHT MARK [bidi-direction]\n      note for translators: %d is the number of %@ items\n"), text)
        let noted = findings.filter { $0.translatorNote != nil }
        XCTAssertTrue(noted.allSatisfy { $0.key == "count" }, "\(noted.map(\.message))")
        XCTAssertEqual(text.components(separatedBy: "note for translators").count - 1, noted.count, "one line a finding of the key")
        let json = JSONReport.render(report)
        XCTAssertEqual(json.components(separatedBy: "\"translatorNote\"").count - 1, noted.count)
        let readBack = try CheckReport(json: json, file: "check.json")
        XCTAssertEqual(readBack.runs.flatMap(\.findings).compactMap(\.translatorNote), noted.map { _ in "%d is the number of %@ items" })
        XCTAssertTrue(SARIF.render(report).contains("%d is the number of %@ items"))
    }

    func testDocumentationLanguagesAreNeitherCheckedNorLaidOut() throws {
        let project = try project()
        let report = project.check(CheckOptions(devices: [try XCTUnwrap(Device.named("iPhone SE (3rd generation)"))]))
        XCTAssertEqual(Set(report.runs.map(\.language)), ["ar", "de", "en", "ur"], "no qqq run")
        XCTAssertEqual(report.runs.flatMap(\.findings).filter { $0.kind == .formatMismatch }.count, 0)
        let withQqq = try Project(layouts: [folder.appendingPathComponent("Verify.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts, documentationLanguages: [])
        XCTAssertTrue(withQqq.check(CheckOptions(devices: [try XCTUnwrap(Device.named("iPhone SE (3rd generation)"))]))
            .runs.contains { $0.language == "qqq" }, "not listed, qqq is a language")
    }
}
