import Checks
import Foundation
import TestSupport
import XCTest

/// The example screens of Layouts/, checked through the library as a user's own tests would:
/// each shows the findings it was built to show (Layouts/EXPECTED.md), and no others.
final class ExampleLayoutTests: XCTestCase {
    static let root = PackageRoot.url

    static let project: Result<Project, Error> = Result {
        let layouts = root.appendingPathComponent("Layouts").path
        return try Project(layouts: [layouts], strings: [layouts], fontsFolder: root.appendingPathComponent("Fonts").path)
    }

    func project() throws -> Project {
        let project = try Self.project.get()
        XCTAssertEqual(project.inputErrors, [], "every example input must be readable")
        XCTAssertEqual(project.layouts.count, 8, "the six JSON example layouts and the Shop app's two must be there")
        return project
    }

    func testTheSpanishSerialLabelTruncatesAtFiftyFivePoints() throws {
        let run = try project().run(layout: "ItemDetail", language: "es", device: "iPhone SE (3rd generation)")
        let serial = try XCTUnwrap(run.views.first { $0.id == "serialLabel" })
        XCTAssertEqual(serial.frame[2], 55)
        XCTAssertEqual(serial.text, "Número de serie")
        XCTAssertEqual(serial.shown, "Núm…")
        let finding = try XCTUnwrap(run.findings.first { $0.view == "serialLabel" })
        XCTAssertEqual(finding.kind, .truncated)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(try XCTUnwrap(finding.needed), 133.484, accuracy: 0.001)
        XCTAssertEqual(finding.available, 55)
        XCTAssertEqual(finding.message, "serialLabel is truncated in es: needs 133.5 pt, has 55 pt")
        XCTAssertEqual(Set(run.findings.map { $0.view ?? "" }), ["nameLabel", "serialLabel"])
    }

    func testTheFixedScreenHasNoFindingInAnyLanguage() throws {
        let project = try project()
        for language in ["en", "es", "de", "ru", "ar", "he", "ja"] {
            let run = try project.run(layout: "ItemDetailFixed", language: language, device: "iPhone SE (3rd generation)")
            XCTAssertEqual(run.findings, [], language)
            let widths = ["nameLabel", "serialLabel", "valueLabel"].compactMap { id in run.views.first { $0.id == id }?.frame[2] }
            XCTAssertEqual(Set(widths).count, 1, "\(language): the labels share one width")
        }
    }

    func testArabicMirrorsTheArrowAndKeepsPlaybackLeftToRight() throws {
        let project = try project()
        let ar = try project.run(layout: "LanguageSwitch", language: "ar", device: "iPhone 15")
        let en = try project.run(layout: "LanguageSwitch", language: "en", device: "iPhone 15")
        func view(_ run: RunReport, _ id: String) throws -> ViewReport { try XCTUnwrap(run.views.first { $0.id == id }, id) }
        XCTAssertTrue(try view(ar, "continueArrow").flipped)
        XCTAssertFalse(try view(en, "continueArrow").flipped)
        // The arrow sits at the trailing margin: the right in English, the left in Arabic.
        let englishX = try view(en, "continueArrow").frame[0]
        XCTAssertEqual(try view(ar, "continueArrow").frame[0], 393 - englishX - 20, accuracy: 0.01)
        // Playback stays left-to-right: rewind is left of play in both.
        XCTAssertLessThan(try view(ar, "rewindImage").frame[0], try view(ar, "playImage").frame[0])
        XCTAssertEqual(try view(ar, "rewindImage").frame[0], try view(en, "rewindImage").frame[0], "the centred stack does not move")
        XCTAssertEqual(ar.findings.map(\.kind), [.notMirrored])
        XCTAssertEqual(ar.findings.first?.view, "hintLabel")
        XCTAssertEqual(en.findings, [])
    }

    func testWholeCheckGivesExactlyTheDesignedFindings() throws {
        let report = try project().check(CheckOptions(jobs: 2))
        XCTAssertEqual(report.runs.count, 8 * 11 * 4)
        var counts: [String: Int] = [:]
        for (run, finding) in report.allFindings {
            counts["\(run.layout) \(finding.kind.rawValue) \(finding.view ?? "-")", default: 0] += 1
        }
        XCTAssertEqual(counts, [
            "ItemDetail truncated serialLabel": 36,
            "ItemDetail truncated nameLabel": 8,
            "ItemDetail truncated valueLabel": 4,
            "Toolbar truncated moveButton": 16,
            "LanguageSwitch not-mirrored hintLabel": 8,
            "CurrencyList not-mirrored alertsBadge": 8,
            "CurrencyList format-mismatch subtitleLabel": 4,
            "CurrencySettings missing-translation previewTitle": 4,
            "Product/Product truncated Dlv-Lb-001": 5,
            "Product/Product not-mirrored Ttl-Lb-001": 8,
            "Product/Product fixed-direction-symbol Chv-Im-001": 8,
        ])
        let languagesOf = { (view: String) in Set(report.allFindings.filter { $0.finding.view == view }.map(\.run.language)) }
        XCTAssertEqual(languagesOf("serialLabel"), ["es", "fr", "pt", "pt-BR", "de", "ar", "he", "ru", "ja"])
        XCTAssertEqual(languagesOf("moveButton"), ["de", "es", "fr", "pt", "pt-BR", "ru"])
        XCTAssertEqual(languagesOf("previewTitle"), ["de"])
        XCTAssertEqual(languagesOf("subtitleLabel"), ["ja"])
        XCTAssertEqual(languagesOf("Dlv-Lb-001"), ["de", "fr", "ru"])
        XCTAssertEqual(languagesOf("Ttl-Lb-001"), ["ar", "he"])
        XCTAssertEqual(languagesOf("Chv-Im-001"), ["ar", "he"])
        XCTAssertEqual(Set(report.allFindings.filter { $0.finding.view == "Dlv-Lb-001" }.map { "\($0.run.language) \($0.run.device)" }),
                       ["de iPhone SE (3rd generation)", "de iPhone 15", "ru iPhone SE (3rd generation)", "ru iPhone 15",
                        "fr iPhone SE (3rd generation)"])
        XCTAssertEqual(report.readerNotes.map(\.message), ["<view> custom class ReviewView is laid out as a view: what its code changes is not seen"])
        XCTAssertFalse(report.allFindings.contains { $0.run.device.hasPrefix("iPad") && $0.finding.view == "moveButton" })
        XCTAssertEqual(report.exitStatus, 1)
    }

    func testRegionalFallbackIsRecordedButNoFinding() throws {
        let run = try project().run(layout: "Toolbar", language: "pt-BR", device: "iPhone 15")
        let duplicate = try XCTUnwrap(run.views.first { $0.id == "duplicateButton" })
        XCTAssertEqual(duplicate.textLanguage, "pt")
        XCTAssertFalse(run.findings.contains { $0.kind == .missingTranslation })
    }

    func testPluralsAndCurrenciesPerLocale() throws {
        let project = try project()
        func text(_ layout: String, _ language: String, _ view: String) throws -> String? {
            try project.run(layout: layout, language: language, device: "iPhone 15").views.first { $0.id == view }?.text
        }
        XCTAssertEqual(try text("CurrencyList", "en", "countLabel"), "5 currencies")
        XCTAssertEqual(try text("CurrencyList", "ru", "countLabel"), "5 валют")
        XCTAssertEqual(try text("CurrencySettings", "ru", "favoritesValue"), "21 валюта")
        XCTAssertEqual(try text("CurrencySettings", "ar", "alertsValue"), "لا توجد تنبيهات")
        XCTAssertEqual(try text("CurrencyList", "en", "subtitleLabel"), "Base amount: $1,000.00")
    }

    func testUnknownLayoutOrDeviceIsAnError() throws {
        let project = try project()
        XCTAssertThrowsError(try project.run(layout: "Nope", language: "en")) { error in
            XCTAssertTrue("\(error)".contains("no layout named Nope was read; the layouts are: CurrencyList"), "\(error)")
        }
        XCTAssertThrowsError(try project.run(layout: "ItemDetail", language: "en", device: "Nokia 3310")) { error in
            XCTAssertTrue("\(error)".contains("unknown device 'Nokia 3310'"), "\(error)")
        }
    }

    /// The Shop app: a storyboard, a XIB, an asset catalog and Interface Builder strings, read
    /// as Xcode keeps them (Layouts/EXPECTED.md, "Shop").
    func testTheShopAppReadsAsXcodeKeepsIt() throws {
        let project = try project()
        let arabic = try project.run(layout: "Product/Product", language: "ar", device: "iPhone 15")
        let english = try project.run(layout: "Product/Product", language: "en", device: "iPhone 15")
        func view(_ run: RunReport, _ id: String) throws -> ViewReport { try XCTUnwrap(run.views.first { $0.id == id }, id) }
        // The image set's Direction mirrors the arrow in Arabic; the bag is the same both ways.
        XCTAssertTrue(try view(arabic, "Cnt-Bt-001").flipped)
        XCTAssertFalse(try view(english, "Cnt-Bt-001").flipped)
        XCTAssertFalse(try view(arabic, "Bag-Im-001").flipped)
        XCTAssertEqual(try view(english, "Bag-Im-001").frame[3], 48, "the bag's height from its image set")
        // The switch keeps UIKit's size; the stack is arranged inside its 16 pt margins.
        XCTAssertEqual(Array(try view(english, "Gft-Sw-001").frame.suffix(2)), [51, 31])
        XCTAssertEqual(try view(english, "Ttl-Lb-001").frame[0], 16)
        // Texts come from the IB strings tables.
        XCTAssertEqual(try view(arabic, "Dlv-Lb-001").text, "توصيل مجاني غدًا")
        XCTAssertEqual(try view(english, "Add-Bt-001").text, "Add to Cart · free returns for 30 days")
        XCTAssertEqual(Set(arabic.findings.map(\.kind)), [.notMirrored, .fixedDirectionSymbol])
        XCTAssertEqual(english.findings, [])
        // The configuration button wraps rather than truncate where its title is long.
        let german = try project.run(layout: "Product/Product", language: "de", device: "iPhone SE (3rd generation)")
        let add = try view(german, "Add-Bt-001")
        XCTAssertEqual(add.shown, add.text)
        XCTAssertGreaterThan(add.lines ?? 0, 1)
        XCTAssertEqual(german.findings.map(\.view), ["Dlv-Lb-001"])
        for language in ["en", "ar", "de", "ja", "ru"] {
            XCTAssertEqual(try project.run(layout: "ReviewCell/Review", language: language, device: "iPhone 15").findings, [], language)
        }
    }
}
