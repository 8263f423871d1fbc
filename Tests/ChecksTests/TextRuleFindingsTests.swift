import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// The findings about a view's text alone (`missing-translation`, `format-mismatch`,
/// `bidi-direction`) are found once for a layout's text in a language and kept for its runs on
/// the other devices and content sizes: each run reports what a run checked alone reports,
/// with the severities of the check it is in, also when the same project is checked again
/// with other severities.
final class TextRuleFindingsTests: XCTestCase {
    var folder: URL!
    var layout: String { folder.appendingPathComponent("Texts.json").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-text-rules-\(UUID().uuidString)")
        let tables: [(String, String)] = [
            ("en", "\"title\" = \"Settings\";\n\"total\" = \"Total: %@\";\n\"device\" = \"iPhone connected\";\n\"hint\" = \"Tap to edit\";\n"),
            // No "hint": it falls back to English. "total" takes a number where English takes an object.
            ("fr", "\"title\" = \"Réglages\";\n\"total\" = \"Total : %d\";\n\"device\" = \"iPhone connecté\";\n"),
            // "device" starts with a left-to-right word: laid out left to right on the phone.
            ("ar", "\"title\" = \"الإعدادات\";\n\"total\" = \"المجموع: %@\";\n\"device\" = \"iPhone متصل\";\n\"hint\" = \"انقر للتعديل\";\n"),
        ]
        try StringsFolders.write(tables, in: folder)
        try Data("""
        { "format": 1, "name": "Texts",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "title", "type": "label", "text": "[title]" },
            { "id": "total", "type": "label", "text": { "key": "total", "args": [{ "number": 3 }] } },
            { "id": "device", "type": "label", "text": "[device]" },
            { "id": "hint", "type": "label", "text": "[hint]" } ] },
          "constraints": [
            "title.leading == root.leadingMargin", "title.top == root.safeTop",
            "total.leading == root.leadingMargin", "total.top == title.bottom + 8",
            "device.leading == root.leadingMargin", "device.top == total.bottom + 8",
            "hint.leading == root.leadingMargin", "hint.top == device.bottom + 8" ] }
        """.utf8).write(to: URL(fileURLWithPath: layout))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private let textKinds: Set<FindingKind> = [.missingTranslation, .formatMismatch, .bidiDirection]

    private func textFindings(_ run: RunReport) -> [String] {
        run.findings.filter { textKinds.contains($0.kind) }.map { "\($0.kind.rawValue) \($0.severity.rawValue) \($0.view ?? "-"): \($0.message)" }
    }

    func testEveryDeviceAndSizeReportsWhatARunCheckedAloneReports() throws {
        let devices = try ["iPhone SE (3rd generation)", "iPhone 15", "iPad (10th generation)"].map { try XCTUnwrap(Device.named($0)) }
        let project = try Project(layouts: [layout], strings: [folder.path], fontsFolder: PackageRoot.fonts)
        let report = project.check(CheckOptions(languages: ["en", "fr", "ar"], devices: devices, contentSizes: [.L, .AX2], jobs: 2))
        XCTAssertEqual(report.runs.count, 18)
        for run in report.runs {
            let alone = try Project(layouts: [layout], strings: [folder.path], fontsFolder: PackageRoot.fonts)
                .run(layout: "Texts", language: run.language, device: run.device, contentSize: try XCTUnwrap(ContentSize(rawValue: run.contentSize)))
            XCTAssertEqual(textFindings(run), textFindings(alone), "\(run.language) \(run.device) \(run.contentSize)")
        }
        let french = try XCTUnwrap(report.runs.first { $0.language == "fr" })
        XCTAssertEqual(textFindings(french).map { $0.components(separatedBy: ":")[0] },
                       ["format-mismatch error total", "missing-translation warning hint"])
        let arabic = try XCTUnwrap(report.runs.first { $0.language == "ar" })
        XCTAssertEqual(textFindings(arabic).map { $0.components(separatedBy: ":")[0] }, ["bidi-direction warning device"])
    }

    func testTheSameProjectCheckedAgainTakesTheNewSeverities() throws {
        let project = try Project(layouts: [layout], strings: [folder.path], fontsFolder: PackageRoot.fonts)
        let devices = try ["iPhone SE (3rd generation)", "iPhone 15"].map { try XCTUnwrap(Device.named($0)) }
        /// By run: its language and its text findings' kinds and severities.
        func kinds(_ severities: SeverityPolicy) -> [String] {
            project.check(CheckOptions(languages: ["fr", "ar"], devices: devices, severities: severities, jobs: 1)).runs.map { run in
                run.language + ": " + run.findings.filter { textKinds.contains($0.kind) }
                    .map { "\($0.kind.rawValue) \($0.severity.rawValue)" }.joined(separator: ", ")
            }.sorted()
        }
        let defaults = ["ar: bidi-direction warning", "ar: bidi-direction warning",
                        "fr: format-mismatch error, missing-translation warning", "fr: format-mismatch error, missing-translation warning"]
        XCTAssertEqual(kinds(SeverityPolicy()), defaults)
        XCTAssertEqual(kinds(SeverityPolicy([.missingTranslation: .error, .bidiDirection: .error])),
                       ["ar: bidi-direction error", "ar: bidi-direction error",
                        "fr: format-mismatch error, missing-translation error", "fr: format-mismatch error, missing-translation error"])
        XCTAssertEqual(kinds(SeverityPolicy([.missingTranslation: Severity?.none, .bidiDirection: Severity?.none])),
                       ["ar: ", "ar: ", "fr: format-mismatch error", "fr: format-mismatch error"])
        XCTAssertEqual(kinds(SeverityPolicy()), defaults)
    }
}
