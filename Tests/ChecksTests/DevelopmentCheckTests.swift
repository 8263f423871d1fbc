import Checks
import Foundation
import Reports
import TestSupport
import XCTest

/// A fix for another language's finding that changes the layout is kept only when the
/// development language's run with it gains no finding; that run is laid out with the texts the
/// development run looked up (``FixVerifier``), not looked up again for the layout with the fix.
/// The layout is the 9th of `babelfit-bench corpus` (fixed seed), with its texts in English
/// (the development language), German and French: three equal buttons in a row are truncated in
/// German, and letting one wrap would push English views off the bottom of the screen.
final class DevelopmentCheckTests: XCTestCase {
    func testALayoutFixIsCheckedWithTheDevelopmentLanguagesTexts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-devcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (language, strings) in Self.translations {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(strings.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let file = folder.appendingPathComponent("Screen008.json")
        try Data(Self.layout.utf8).write(to: file)
        let project = try Project(layouts: [file.path], strings: [folder.path], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        let iPhone = try XCTUnwrap(Device.known.first { $0.name == "iPhone 15" })
        let report = project.check(CheckOptions(languages: ["en", "de", "fr"], devices: [iPhone], jobs: 1))
        let english = try XCTUnwrap(report.runs.first { $0.language == "en" })
        let german = try XCTUnwrap(report.runs.first { $0.language == "de" })
        let buttons = ["button7_1", "button11_0", "button19_2"]
        for button in buttons {
            let finding = try XCTUnwrap(german.findings.first { $0.kind == .truncated && $0.view == button }, button)
            XCTAssertFalse(finding.fixes.isEmpty, "\(button): a shorter translation is offered")
            XCTAssertFalse(finding.fixes.contains { $0.views[button]?.lines == 0 }, "\(button): letting it wrap is not offered")
            // Why: the English run with the button wrapping has findings it did not have.
            let wrap = Fix(summary: "let \(button) wrap", views: [button: ViewEdit(lines: 0)])
            let fixed = try project.applying(wrap, toLayout: "Screen008")
            let before = Set(english.findings.map { "\($0.kind.rawValue) \($0.view ?? "-")" })
            let after = try fixed.run(layout: "Screen008", language: "en", device: "iPhone 15")
            XCTAssertTrue(after.findings.contains { !before.contains("\($0.kind.rawValue) \($0.view ?? "-")") },
                          "\(button): wrapping adds nothing to the English run")
        }
    }

    static let layout = #"""
        {"format":1,"name":"Screen008","table":"Localizable","devices":["iPhone 15","iPad (10th generation)"],
        "root":{"id":"root","type":"view","subviews":[{"id":"title0","type":"label","text":"[s008.k00]",
        "font":{"family":"Noto Sans","size":17}},{"id":"subtitle0","type":"label","text":"[s008.k01]","lines":2,
        "font":{"family":"Noto Sans","size":13}},{"id":"text2","type":"label","text":"[s008.k02]","lines":0,
        "font":{"family":"Noto Sans","size":17}},{"id":"text3","type":"label","text":"[s008.k03]","lines":0,
        "font":{"family":"Noto Sans","size":17}},{"id":"title4","type":"label","text":"[s008.k04]",
        "font":{"family":"Noto Sans","size":17}},{"id":"subtitle4","type":"label","text":"[s008.k05]","lines":2,
        "font":{"family":"Noto Sans","size":13}},{"id":"text6","type":"label","text":"[s008.k06]","lines":0,
        "font":{"family":"Noto Sans","size":17}},{"id":"stack7","type":"stack","axis":"horizontal","spacing":8,
        "distribution":"fillEqually","subviews":[{"id":"button7_0","type":"button","title":"[s008.k07]",
        "font":{"family":"Noto Sans","size":17}},{"id":"button7_1","type":"button","title":"[s008.k08]",
        "font":{"family":"Noto Sans","size":17}},{"id":"button7_2","type":"button","title":"[s008.k09]",
        "font":{"family":"Noto Sans","size":17}}]},{"id":"text8","type":"label","text":"[s008.k10]","lines":0,
        "font":{"family":"Noto Sans","size":17}},{"id":"title9","type":"label","text":"[s008.k11]",
        "font":{"family":"Noto Sans","size":17}},{"id":"subtitle9","type":"label","text":"[s008.k12]","lines":2,
        "font":{"family":"Noto Sans","size":13}},{"id":"stack11","type":"stack","axis":"horizontal","spacing":8,
        "distribution":"fillEqually","subviews":[{"id":"button11_0","type":"button","title":"[s008.k13]",
        "font":{"family":"Noto Sans","size":17}},{"id":"button11_1","type":"button","title":"[s008.k14]",
        "font":{"family":"Noto Sans","size":17}},{"id":"button11_2","type":"button","title":"[s008.k15]",
        "font":{"family":"Noto Sans","size":17}}]},{"id":"text12","type":"label","text":"[s008.k16]","lines":0,
        "font":{"family":"Noto Sans","size":17}},{"id":"title13","type":"label","text":"[s008.k17]",
        "font":{"family":"Noto Sans","size":17}},{"id":"subtitle13","type":"label","text":"[s008.k18]","lines":2,
        "font":{"family":"Noto Sans","size":13}},{"id":"label15","type":"label","text":"[s008.k19]",
        "font":{"family":"Noto Sans","size":17}},{"id":"field15","type":"textField","font":{"family":"Noto Sans",
        "size":17}},{"id":"label17","type":"label","text":"[s008.k20]","font":{"family":"Noto Sans","size":17}},
        {"id":"field17","type":"textField","font":{"family":"Noto Sans","size":17}},{"id":"stack19","type":"stack",
        "axis":"horizontal","spacing":8,"distribution":"fillEqually","subviews":[{"id":"button19_0","type":"button",
        "title":"[s008.k21]","font":{"family":"Noto Sans","size":17}},{"id":"button19_1","type":"button",
        "title":"[s008.k22]","font":{"family":"Noto Sans","size":17}},{"id":"button19_2","type":"button",
        "title":"[s008.k23]","font":{"family":"Noto Sans","size":17}}]}]},
        "constraints":["title0.top == root.safeTop + 12","title0.leading == root.leadingMargin",
        "title0.trailing == root.trailingMargin","subtitle0.top == title0.bottom + 2",
        "subtitle0.leading == root.leadingMargin","subtitle0.trailing == root.trailingMargin",
        "text2.top == subtitle0.bottom + 8","text2.leading == root.leadingMargin",
        "text2.trailing == root.trailingMargin","text3.top == text2.bottom + 8","text3.leading == root.leadingMargin",
        "text3.trailing == root.trailingMargin","title4.top == text3.bottom + 12",
        "title4.leading == root.leadingMargin","title4.trailing == root.trailingMargin",
        "subtitle4.top == title4.bottom + 2","subtitle4.leading == root.leadingMargin",
        "subtitle4.trailing == root.trailingMargin","text6.top == subtitle4.bottom + 8",
        "text6.leading == root.leadingMargin","text6.trailing == root.trailingMargin",
        "stack7.top == text6.bottom + 12","stack7.leading == root.leadingMargin",
        "stack7.trailing == root.trailingMargin","text8.top == stack7.bottom + 8",
        "text8.leading == root.leadingMargin","text8.trailing == root.trailingMargin",
        "title9.top == text8.bottom + 12","title9.leading == root.leadingMargin",
        "title9.trailing == root.trailingMargin","subtitle9.top == title9.bottom + 2",
        "subtitle9.leading == root.leadingMargin","subtitle9.trailing == root.trailingMargin",
        "stack11.top == subtitle9.bottom + 12","stack11.leading == root.leadingMargin",
        "stack11.trailing == root.trailingMargin","text12.top == stack11.bottom + 8",
        "text12.leading == root.leadingMargin","text12.trailing == root.trailingMargin",
        "title13.top == text12.bottom + 12","title13.leading == root.leadingMargin",
        "title13.trailing == root.trailingMargin","subtitle13.top == title13.bottom + 2",
        "subtitle13.leading == root.leadingMargin","subtitle13.trailing == root.trailingMargin",
        "field15.top == subtitle13.bottom + 8","label15.leading == root.leadingMargin",
        "label15.firstBaseline == field15.firstBaseline","field15.leading == label15.trailing + 8",
        "field15.trailing == root.trailingMargin","field15.width >= 120 @500","field17.top == field15.bottom + 8",
        "label17.leading == root.leadingMargin","label17.firstBaseline == field17.firstBaseline",
        "field17.leading == label17.trailing + 8","field17.trailing == root.trailingMargin",
        "field17.width >= 120 @500","stack19.top == field17.bottom + 12","stack19.leading == root.leadingMargin",
        "stack19.trailing == root.trailingMargin"]}
        """#

    /// Each key of the layout (`s008.` before it) with its English, German and French texts.
    static let texts: [(key: String, en: String, de: String, fr: String)] = [
        ("k00", "Save almost try privacy password", "Änderungen nicht Konto Mitteilungen Nachrichten herunterladen speichern", "Mise tard photo réglages modifications élément"),
        ("k01", "The notifications again notifications later your privacy download", "Ihre Gerät speichern Datenschutz Ihre Mitteilungen Mitteilungen nicht konnten Konto nicht", "Réessayer passe l’appareil plus mot réessayer partager réessayer être élément"),
        ("k02", "Account network save storage again almost", "Fast neue Passwort werden Änderungen Ihre Mitteilungen löschen", "Confidentialité à être disponible plus réglages modifications"),
        ("k03", "Password notifications password could update later network again could full", "Konnten Mitteilungen herunterladen löschen Benachrichtigungseinstellungen nicht Mitteilungen löschen das Passwort Benachrichtigungseinstellungen Element herunterladen voll", "De passe pas enregistrer pas disponible notifications pu modifications mise être supprimer"),
        ("k04", "Delete available almost your changes", "Datenschutz herunterladen Einstellungen Passwort löschen Ihre konnten", "Modifications être partager indisponible indisponible être"),
        ("k05", "Share photo changes not photo notifications changes unavailable network not privacy", "Voll fast Konto später Speicherplatz Speicherplatz versuchen Nachrichten Gerät fast Speicherplatz werden Änderungen herunterladen Speicherplatz", "Confidentialité supprimer élément plus de jour supprimer être disponible passe être disponible jour"),
        ("k06", "Changes privacy new privacy settings settings account notifications download notifications update item available", "Mitteilungen Einstellungen konnten werden löschen herunterladen versuchen löschen später versuchen Netzwerk konnten erneut löschen Speicherplatz erneut erneut versuchen", "Photo photo pas vos compte messages télécharger partager mise mot messages l’appareil vos élément enregistrer télécharger"),
        ("k07", "Delete item", "Teilen erneut Benachrichtigungseinstellungen", "Disponible enregistrer"),
        ("k08", "Account privacy", "Element fast Änderungen", "Tard mise"),
        ("k09", "The", "Versuchen", "À"),
        ("k10", "Download unavailable network device your network new almost could password later", "Ihre werden verfügbar löschen konnten voll verfügbar Foto Netzwerk konnten das nicht löschen Speicherplatz versuchen", "Messages télécharger compte compte réglages réseau l’appareil supprimer disponible pas réessayer compte télécharger"),
        ("k11", "Save new your notifications again", "Herunterladen herunterladen das Nachrichten Datenschutz voll Speicherplatz", "Télécharger pu confidentialité notifications tard mot"),
        ("k12", "Again delete almost download", "Nachrichten versuchen Aktualisierung speichern werden", "Réglages mot passe être pas"),
        ("k13", "Later messages", "Später Aktualisierung Netzwerk", "Supprimer mise"),
        ("k14", "Privacy device", "Neue löschen neue", "Plus enregistrer"),
        ("k15", "Changes", "Werden", "Messages"),
        ("k16", "Could later download share unavailable try network storage unavailable settings changes", "Später Benachrichtigungseinstellungen herunterladen herunterladen teilen Mitteilungen teilen Benachrichtigungseinstellungen Benachrichtigungseinstellungen voll später Nachrichten das Konto werden", "Réglages de pas photo vos vos élément supprimer l’appareil l’appareil supprimer à réglages"),
        ("k17", "Network not notifications", "Fast konnten Mitteilungen das", "Supprimer n’ont réessayer photo"),
        ("k18", "Not password new delete available", "Speicherplatz Mitteilungen Element fast konnten löschen speichern", "De élément réseau plus photo pas"),
        ("k19", "Be settings", "Werden speichern Gerät", "Télécharger n’ont"),
        ("k20", "Device", "Erneut", "Indisponible"),
        ("k21", "Could", "Löschen", "Plus"),
        ("k22", "Download", "Voll", "Jour"),
        ("k23", "Notifications storage", "Mitteilungen Passwort Änderungen", "Mot compte")
    ]

    /// Each language's `Localizable.strings`.
    static var translations: [(String, String)] {
        let languages: [(String, ((key: String, en: String, de: String, fr: String)) -> String)] = [
            ("en", { $0.en }), ("de", { $0.de }), ("fr", { $0.fr }),
        ]
        return languages.map { language, text in
            (language, texts.map { "\"s008.\($0.key)\" = \"\(text($0))\";" }.joined(separator: "\n") + "\n")
        }
    }
}
