import Foundation
import Localization
import XCTest

/// `bidi-direction` in `strings lint`: a translation whose first strong character goes against
/// its language's direction, format specifiers and placeholders left out.
final class BidiDirectionLintTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-bidi-lint-\(UUID().uuidString)")
        let tables: [(String, String)] = [
            ("en", """
            "device" = "iPhone is ready.";
            "files" = "%d files";
            "model" = "iPhone 15";
            "copy" = "Open Settings";
            "marked" = "Safari is open";
            "intent" = "${name} is ready";
            "name" = "שלום means hello";

            """),
            ("ar", """
            "device" = "iPhone جاهز الآن.";
            "files" = "%d ملفات";
            "model" = "iPhone 15";
            "copy" = "Open Settings";
            "marked" = "\u{200F}Safari مفتوح";
            "intent" = "${name} جاهز";

            """),
        ]
        try Paths.writeLocalizableTables(tables, in: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testReportsTranslationsStartingAgainstTheirDirection() {
        let findings = Translations(folders: [folder.path]).lint(only: [.bidiDirection])
        XCTAssertEqual(findings.map { "\($0.language ?? "-") \($0.key ?? "-") \($0.line)" }, ["ar device 1", "en name 7"])
        XCTAssertEqual(findings.map(\.message), [
            "the ar translation of \"device\" starts with left-to-right “iPhone”, so iOS lays it out left to right (its first strong character decides): start it with U+200F RIGHT-TO-LEFT MARK",
            "the en translation of \"name\" starts with right-to-left “שלום”, so iOS lays it out right to left (its first strong character decides): start it with U+200E LEFT-TO-RIGHT MARK",
        ])
        XCTAssertEqual(findings.map(\.severity), [.warning, .warning])
        XCTAssertEqual(LintFinding.Kind(rawValue: "bidi-direction"), .bidiDirection)
    }

    func testTheMismatchValue() {
        XCTAssertNil(BidiDirectionMismatch(text: "iPhone 15", language: "ar"), "wholly left to right")
        XCTAssertNil(BidiDirectionMismatch(text: "15 جاهز", language: "ar"))
        XCTAssertNil(BidiDirectionMismatch(text: "\u{2066}iPhone\u{2069} جاهز", language: "ar"), "an isolate is skipped")
        XCTAssertNil(BidiDirectionMismatch(format: "%1$@ جاهز", language: "ar"))
        XCTAssertEqual(BidiDirectionMismatch(text: "https://example.com را باز کنید", language: "fa")?.start, "https://example.com")
        XCTAssertEqual(BidiDirectionMismatch(text: "https://example.com را باز کنید", language: "fa")?.text, .leftToRight)
    }

    func testCorpusWarnings() throws {
        // jellyfin's Hebrew bitrates ("480p - 1.5 מגה ביט") and Arabic "URL …" translations.
        let jellyfin = try Paths.corpus("strings/jellyfin__Swiftfin")
        let findings = Translations(folders: [jellyfin]).lint(only: [.bidiDirection])
        XCTAssertEqual(findings.count, 18)
        XCTAssertEqual(Set(findings.compactMap(\.language)), ["ar", "he", "ps"])
        XCTAssertTrue(findings.contains { $0.key == "bitrateMbps10" && $0.language == "he" })
    }
}
