import Checks
import Foundation
import Layout
import Reports
import TestSupport
import XCTest

/// A layout's texts are looked up once per language and kind of device (once for every device
/// when none of them varies by device), and kept for its runs on the other devices and content
/// sizes: each run still shows its device's variation, and numbers and dates written for its
/// language, as a run checked alone does.
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
        // A String Catalog whose variable alone varies by device.
        func catalog(_ iphone: String, _ ipad: String) -> String {
            """
            { "stringUnit": { "state": "translated", "value": "%#@count@" },
              "substitutions": { "count": { "argNum": 1, "formatSpecifier": "d", "variations": { "device": {
                "iphone": { "stringUnit": { "state": "translated", "value": "%arg (\(iphone))" } },
                "ipad": { "stringUnit": { "state": "translated", "value": "%arg (\(ipad))" } } } } } } }
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
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
        { "sourceLanguage": "en", "version": "1.0", "strings": { "files": { "localizations": {
          "en": \(catalog("Hello on iPhone", "Hello on iPad")),
          "de": \(catalog("Hallo auf dem iPhone", "Hallo auf dem iPad")),
          "fr": \(catalog("Bonjour sur iPhone", "Bonjour sur iPad")) } } } }
        """.utf8).write(to: folder.appendingPathComponent("Files.xcstrings"))
        // Texts that are the same on every device, and a device's variant in a variable alone.
        try Data("""
        { "format": 1, "name": "Same",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "price", "type": "label", "text": { "key": "price", "args": [{ "number": 7, "style": "currency", "currency": "EUR" }] } },
            { "id": "due", "type": "label", "text": { "key": "due", "args": [{ "date": "2026-03-02T10:00:00Z", "style": "long" }] } } ] },
          "constraints": [
            "price.leading == root.leadingMargin", "price.top == root.safeTop",
            "due.leading == root.leadingMargin", "due.top == price.bottom + 8" ] }
        """.utf8).write(to: folder.appendingPathComponent("Same.json"))
        try Data("""
        { "format": 1, "name": "Variable",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "due", "type": "label", "text": { "key": "due", "args": [{ "date": "2026-03-02T10:00:00Z", "style": "long" }] } },
            { "id": "files", "type": "label", "text": { "key": "files", "table": "Files", "args": [{ "count": 3 }] } } ] },
          "constraints": [
            "due.leading == root.leadingMargin", "due.top == root.safeTop",
            "files.leading == root.leadingMargin", "files.top == due.bottom + 8" ] }
        """.utf8).write(to: folder.appendingPathComponent("Variable.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Layouts whose texts vary by device only in a variable, or not at all, checked on an iPad
    /// first and on iPhones after it, and the other way round: each run shows what it shows
    /// checked alone.
    func testTextsTheSameOnEveryDeviceAndVariablesByDeviceShowAsARunCheckedAlone() throws {
        let layouts = ["Same.json", "Variable.json"].map { folder.appendingPathComponent($0).path }
        let iPad = try XCTUnwrap(Device.named("iPad (10th generation)")), iPhone = try XCTUnwrap(Device.named("iPhone 15"))
        let iPhoneSE = try XCTUnwrap(Device.named("iPhone SE (3rd generation)"))
        let expectedFiles = ["en": ("3 (Hello on iPhone)", "3 (Hello on iPad)"), "de": ("3 (Hallo auf dem iPhone)", "3 (Hallo auf dem iPad)"),
                             "fr": ("3 (Bonjour sur iPhone)", "3 (Bonjour sur iPad)")]
        for devices in [[iPad, iPhone, iPhoneSE], [iPhone, iPad, iPhoneSE]] {
            let project = try Project(layouts: layouts, strings: [folder.path], fontsFolder: PackageRoot.fonts)
            XCTAssertEqual(project.inputErrors, [])
            let report = project.check(CheckOptions(devices: devices, contentSizes: [.L], jobs: 2))
            XCTAssertEqual(report.runs.count, 2 * 3 * 3)
            for run in report.runs {
                let place = "\(run.layout) \(run.language) \(run.device), \(devices.map(\.name))"
                let alone = try Project(layouts: layouts, strings: [folder.path], fontsFolder: PackageRoot.fonts)
                let device = try XCTUnwrap(Device.named(run.device))
                let single = alone.check(CheckOptions(languages: [run.language], devices: [device], contentSizes: [.L], jobs: 1))
                    .runs.first { $0.layout == run.layout }
                XCTAssertEqual(single?.views.map(\.text), run.views.map(\.text), place)
                if run.layout == "Variable" {
                    let want = try XCTUnwrap(expectedFiles[run.language], place)
                    XCTAssertEqual(run.views.first { $0.id == "files" }?.text, run.device.hasPrefix("iPad") ? want.1 : want.0, place)
                } else {
                    XCTAssertEqual(run.views.first { $0.id == "price" }?.text,
                                   ["en": "Total: €7.00", "de": "Summe: 7,00\u{A0}€", "fr": "Total : 7,00\u{A0}€"][run.language], place)
                }
            }
        }
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
