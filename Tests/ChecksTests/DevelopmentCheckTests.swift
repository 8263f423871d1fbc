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
/// German (and one of them in French), and letting one wrap would push English views off the
/// bottom of the screen.
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
        // French truncates the middle button of the second row too, after German: the English
        // run's verdict on letting it wrap, found for German, refuses it there without laying the
        // French run out with it, and the French finding is offered what it would have been.
        let french = try XCTUnwrap(report.runs.first { $0.language == "fr" })
        let middle = try XCTUnwrap(french.findings.first { $0.kind == .truncated && $0.view == "button11_0" })
        XCTAssertFalse(middle.fixes.isEmpty, "button11_0 in French: a shorter translation is offered")
        XCTAssertFalse(middle.fixes.contains { $0.views["button11_0"]?.lines == 0 }, "button11_0 in French: letting it wrap is not offered")
        let alone = project.check(CheckOptions(languages: ["en", "fr"], devices: [iPhone], jobs: 1))
        let frenchAlone = try XCTUnwrap(alone.runs.first { $0.language == "fr" })
        XCTAssertEqual(frenchAlone.findings, french.findings, "the same French findings and fixes without German's run before it")
    }

    /// The screen, top to bottom, each row below the one before by its gap and between the
    /// margins: labels (a key, their lines and size), rows of three equal buttons, and a label
    /// beside a text field.
    private enum Row {
        case label(String, key: Int, lines: Int?, size: Int, gap: Int)
        case buttons(String, keys: Int, gap: Int)
        case field(label: String, field: String, key: Int, gap: Int)
    }

    private static let rows: [Row] = [
        .label("title0", key: 0, lines: nil, size: 17, gap: 12), .label("subtitle0", key: 1, lines: 2, size: 13, gap: 2),
        .label("text2", key: 2, lines: 0, size: 17, gap: 8), .label("text3", key: 3, lines: 0, size: 17, gap: 8),
        .label("title4", key: 4, lines: nil, size: 17, gap: 12), .label("subtitle4", key: 5, lines: 2, size: 13, gap: 2),
        .label("text6", key: 6, lines: 0, size: 17, gap: 8), .buttons("7", keys: 7, gap: 12),
        .label("text8", key: 10, lines: 0, size: 17, gap: 8), .label("title9", key: 11, lines: nil, size: 17, gap: 12),
        .label("subtitle9", key: 12, lines: 2, size: 13, gap: 2), .buttons("11", keys: 13, gap: 12),
        .label("text12", key: 16, lines: 0, size: 17, gap: 8), .label("title13", key: 17, lines: nil, size: 17, gap: 12),
        .label("subtitle13", key: 18, lines: 2, size: 13, gap: 2), .field(label: "label15", field: "field15", key: 19, gap: 8),
        .field(label: "label17", field: "field17", key: 20, gap: 8), .buttons("19", keys: 21, gap: 12),
    ]

    static var layout: String {
        func key(_ number: Int) -> String { String(format: "[s008.k%02d]", number) }
        func font(_ size: Int) -> String { "\"font\": { \"family\": \"Noto Sans\", \"size\": \(size) }" }
        var views: [String] = [], constraints: [String] = []
        var above = "root.safeTop"
        for row in rows {
            func below(_ id: String, _ gap: Int) {
                constraints += ["\(id).top == \(above) + \(gap)", "\(id).leading == root.leadingMargin", "\(id).trailing == root.trailingMargin"]
                above = "\(id).bottom"
            }
            switch row {
            case let .label(id, number, lines, size, gap):
                let linesField = lines.map { ", \"lines\": \($0)" } ?? ""
                views.append("{ \"id\": \"\(id)\", \"type\": \"label\", \"text\": \"\(key(number))\"\(linesField), \(font(size)) }")
                below(id, gap)
            case let .buttons(suffix, first, gap):
                let buttons = (0..<3).map {
                    "{ \"id\": \"button\(suffix)_\($0)\", \"type\": \"button\", \"title\": \"\(key(first + $0))\", \(font(17)) }"
                }
                views.append("{ \"id\": \"stack\(suffix)\", \"type\": \"stack\", \"axis\": \"horizontal\", \"spacing\": 8, "
                    + "\"distribution\": \"fillEqually\", \"subviews\": [ \(buttons.joined(separator: ", ")) ] }")
                below("stack\(suffix)", gap)
            case let .field(label, field, number, gap):
                views.append("{ \"id\": \"\(label)\", \"type\": \"label\", \"text\": \"\(key(number))\", \(font(17)) }")
                views.append("{ \"id\": \"\(field)\", \"type\": \"textField\", \(font(17)) }")
                constraints += ["\(field).top == \(above) + \(gap)", "\(label).leading == root.leadingMargin",
                                "\(label).firstBaseline == \(field).firstBaseline", "\(field).leading == \(label).trailing + 8",
                                "\(field).trailing == root.trailingMargin", "\(field).width >= 120 @500"]
                above = "\(field).bottom"
            }
        }
        return """
            { "format": 1, "name": "Screen008", "table": "Localizable",
              "root": { "id": "root", "type": "view", "subviews": [ \(views.joined(separator: ", ")) ] },
              "constraints": [ \(constraints.map { "\"\($0)\"" }.joined(separator: ", ")) ] }
            """
    }

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
