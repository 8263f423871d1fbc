import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// A layout's texts are looked up once per language and kind of device, and kept for its runs
/// on the other devices and content sizes: each run still shows its device's variation, and
/// numbers and dates written for its language, as a run checked alone does.
final class LookedUpTextsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-looked-up-\(UUID().uuidString)")
        func device(_ iphone: String, _ ipad: String) -> String {
            """
            <key>greeting</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>
            <key>iphone</key><string>\(iphone)</string><key>ipad</key><string>\(ipad)</string></dict></dict>
            """
        }
        let languages: [(String, String, String, String)] = [
            ("en", device("Hello on iPhone", "Hello on iPad"), "Total: %@", "Due %@"),
            ("de", device("Hallo auf dem iPhone", "Hallo auf dem iPad"), "Summe: %@", "Fällig %@"),
            ("fr", device("Bonjour sur iPhone", "Bonjour sur iPad"), "Total : %@", "Échéance %@"),
        ]
        for (language, plural, price, due) in languages {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data("\"price\" = \"\(price)\";\n\"due\" = \"\(due)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
            try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>\(plural)</dict></plist>
            """.utf8).write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
        }
        try Data("""
        { "format": 1, "name": "Texts",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "greeting", "type": "label", "text": "[greeting]" },
            { "id": "price", "type": "label", "text": { "key": "price", "args": [{ "number": 1234.5, "style": "currency", "currency": "EUR" }] } },
            { "id": "due", "type": "label", "text": { "key": "due", "args": [{ "date": "2026-03-02T10:00:00Z", "style": "long" }] } } ] },
          "constraints": [
            "greeting.leading == root.leadingMargin", "greeting.top == root.safeTop",
            "price.leading == root.leadingMargin", "price.top == greeting.bottom + 8",
            "due.leading == root.leadingMargin", "due.top == price.bottom + 8" ] }
        """.utf8).write(to: folder.appendingPathComponent("Texts.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testEveryRunShowsItsDevicesAndLanguagesTextsAsARunCheckedAlone() throws {
        let project = try Project(layouts: [folder.appendingPathComponent("Texts.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        let devices = try ["iPhone SE (3rd generation)", "iPad (10th generation)", "iPhone 15", "iPad mini (6th generation)"]
            .map { try XCTUnwrap(Device.named($0), $0) }
        let report = project.check(CheckOptions(devices: devices, contentSizes: [.L, .AX1], jobs: 1))
        XCTAssertEqual(report.runs.count, 3 * 4 * 2)
        let expected: [String: (iphone: String, ipad: String, price: String, due: String)] = [
            "en": ("Hello on iPhone", "Hello on iPad", "Total: €1,234.50", "Due March 2, 2026"),
            "de": ("Hallo auf dem iPhone", "Hallo auf dem iPad", "Summe: 1.234,50\u{A0}€", "Fällig 2. März 2026"),
            "fr": ("Bonjour sur iPhone", "Bonjour sur iPad", "Total : 1\u{202F}234,50\u{A0}€", "Échéance 2 mars 2026"),
        ]
        for run in report.runs {
            let place = "\(run.language) \(run.device) \(run.contentSize)"
            let want = try XCTUnwrap(expected[run.language], place)
            func text(_ id: String) -> String? { run.views.first { $0.id == id }?.text }
            XCTAssertEqual(text("greeting"), run.device.hasPrefix("iPad") ? want.ipad : want.iphone, place)
            XCTAssertEqual(text("price"), want.price, place)
            XCTAssertEqual(text("due"), want.due, place)
        }
        // The same runs checked one by one, each by a project of its own, report the same.
        for run in report.runs.filter({ $0.contentSize == ContentSize.AX1.rawValue }) {
            let alone = try Project(layouts: [folder.appendingPathComponent("Texts.json").path], strings: [folder.path],
                                    fontsFolder: PackageRoot.fonts)
            let device = try XCTUnwrap(Device.named(run.device))
            let single = alone.check(CheckOptions(languages: [run.language], devices: [device], contentSizes: [.AX1], jobs: 1))
            XCTAssertEqual(single.runs.first?.views.map(\.text), run.views.map(\.text), "\(run.language) \(run.device)")
        }
    }
}
