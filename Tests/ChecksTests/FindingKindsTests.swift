import Checks
import Foundation
import TestSupport
import XCTest

/// Each kind of finding, from layouts and translations made for it, in a folder of their own.
final class FindingKindsTests: XCTestCase {
    var folder: URL!
    static let fonts = PackageRoot.fonts

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-kinds-\(UUID().uuidString)")
        for language in ["en", "de"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(language).lproj"),
                                                    withIntermediateDirectories: true)
        }
        try write("en.lproj/Localizable.strings", """
        "short" = "Hi";
        "other" = "Yo";
        "long" = "Preferences";
        """)
        try write("de.lproj/Localizable.strings", """
        "short" = "Sehr langer deutscher Text";
        "other" = "Ja";
        "long" = "Einstellungen für Fortgeschrittene";
        """)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// A layout of labels under the root, each `(id, text, extra fields)`, and constraints.
    func layout(_ name: String, labels: [(String, String, String)], constraints: [String]) throws {
        let views = labels.map { id, text, extra in
            "{ \"id\": \"\(id)\", \"type\": \"label\", \"text\": \"\(text)\", \"font\": { \"family\": \"Noto Sans\", \"size\": 17 }\(extra) }"
        }
        let list = constraints.map { "\"\($0)\"" }.joined(separator: ",\n    ")
        try write("\(name).json", """
        { "format": 1, "name": "\(name)",
          "root": { "id": "root", "type": "view", "subviews": [
            \(views.joined(separator: ",\n    "))
          ] },
          "constraints": [
            \(list)
          ] }
        """)
    }

    func run(_ name: String, _ language: String) throws -> RunReport {
        let project = try Project(layouts: [folder.appendingPathComponent("\(name).json").path], strings: [folder.path],
                                  fontsFolder: Self.fonts)
        XCTAssertEqual(project.inputErrors, [])
        return try project.run(layout: name, language: language, device: "iPhone SE (3rd generation)")
    }

    func kinds(_ run: RunReport) -> [String] {
        run.findings.map { "\($0.kind.rawValue) \($0.view ?? "-")" }
    }

    func testOverlapOnlyWhereTheDevelopmentLanguageHasNone() throws {
        try layout("Overlap", labels: [("a", "[short]", ""), ("b", "[other]", "")], constraints: [
            "a.leading == root.leadingMargin", "a.top == root.safeTop + 20",
            "b.leading == root.leadingMargin + 80", "b.top == root.safeTop + 20",
        ])
        XCTAssertEqual(kinds(try run("Overlap", "en")), [])
        let german = try run("Overlap", "de")
        XCTAssertEqual(kinds(german), ["overlap a"])
        XCTAssertEqual(german.findings.first?.otherView, "b")
        XCTAssertTrue(german.findings.first?.message.hasPrefix("a overlaps b in de by ") == true, german.findings.first?.message ?? "")
    }

    /// Overlaps come by superview id (`zeta`'s last, though first in the tree), then each
    /// superview's labels in tree order (`z2` before `z1`, `m3` before `m2` and `m1`: not in
    /// the order of their ids), each label with the later ones it overlaps.
    func testOverlapsComeBySuperviewIdThenInTreeOrder() throws {
        func label(_ id: String, _ text: String) -> String {
            "{ \"id\": \"\(id)\", \"type\": \"label\", \"text\": \"\(text)\", \"font\": { \"family\": \"Noto Sans\", \"size\": 17 } }"
        }
        // A box of labels 80 pt apart, the first showing the long German text.
        func box(_ id: String, _ labels: [String], top: Int) -> (view: String, constraints: [String]) {
            let texts = ["[short]"] + Array(repeating: "[other]", count: labels.count - 1)
            let view = "{ \"id\": \"\(id)\", \"type\": \"view\", \"subviews\": [ "
                + zip(labels, texts).map { label($0, $1) }.joined(separator: ", ") + " ] }"
            var constraints = ["\(id).leading == root.leading", "\(id).trailing == root.trailing",
                               "\(id).top == root.safeTop + \(top)", "\(id).height == 40"]
            for (position, label) in labels.enumerated() {
                constraints += ["\(label).leading == \(id).leading + \(10 + 80 * position)", "\(label).top == \(id).top"]
            }
            return (view, constraints)
        }
        let boxes = [box("zeta", ["z2", "z1"], top: 0), box("alpha", ["a1", "a2"], top: 50), box("mu", ["m3", "m2", "m1"], top: 100)]
        try write("Boxes.json", """
        { "format": 1, "name": "Boxes",
          "root": { "id": "root", "type": "view", "subviews": [ \(boxes.map(\.view).joined(separator: ", ")) ] },
          "constraints": [ \(boxes.flatMap(\.constraints).map { "\"\($0)\"" }.joined(separator: ", ")) ] }
        """)
        XCTAssertEqual(kinds(try run("Boxes", "en")).filter { $0.hasPrefix("overlap") }, [])
        let german = try run("Boxes", "de").findings.filter { $0.kind.rawValue == "overlap" }
        XCTAssertEqual(german.map { "\($0.view ?? "-") \($0.otherView ?? "-")" }, ["a1 a2", "m3 m2", "m3 m1", "z2 z1"])
    }

    /// Only views that show a text overlap: the long German label `a` runs over a plain view,
    /// an image and a label without a text (a label whose kind has no text looks none up), and
    /// over the label `b`; only `a overlaps b` is found.
    func testOverlapsAreBetweenViewsThatShowAText() throws {
        func at(_ id: String, _ x: Int) -> [String] { ["\(id).leading == root.leadingMargin + \(x)", "\(id).top == root.safeTop + 20"] }
        try write("Mixed.json", """
        { "format": 1, "name": "Mixed",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "a", "type": "label", "text": "[short]", "font": { "family": "Noto Sans", "size": 17 } },
            { "id": "box", "type": "view" },
            { "id": "picture", "type": "image", "size": [30, 30] },
            { "id": "empty", "type": "label", "font": { "family": "Noto Sans", "size": 17 } },
            { "id": "b", "type": "label", "text": "[other]", "font": { "family": "Noto Sans", "size": 17 } }
          ] },
          "constraints": [ \((at("a", 0) + at("box", 40) + at("picture", 80) + at("empty", 120) + at("b", 160)
              + ["box.width == 30", "box.height == 30", "empty.width == 30", "empty.height == 30"]).map { "\"\($0)\"" }
              .joined(separator: ", ")) ] }
        """)
        XCTAssertEqual(kinds(try run("Mixed", "en")).filter { $0.hasPrefix("overlap") }, [])
        let german = try run("Mixed", "de").findings.filter { $0.kind.rawValue == "overlap" }
        XCTAssertEqual(german.map { "\($0.view ?? "-") \($0.otherView ?? "-")" }, ["a b"])
    }

    func testClippedOutsideTheSuperviewAndCutOffVertically() throws {
        try layout("Clipped", labels: [("edge", "[other]", ""), ("short", "[long]", ", \"lines\": 0")], constraints: [
            "edge.leading == root.trailing - 10", "edge.top == root.safeTop + 20",
            "short.leading == root.leadingMargin", "short.top == root.safeTop + 60",
            "short.width == 120", "short.height == 12",
        ])
        let run = try run("Clipped", "en")
        XCTAssertTrue(kinds(run).contains("clipped edge"), "\(kinds(run))")
        let edge = try XCTUnwrap(run.findings.first { $0.view == "edge" })
        XCTAssertTrue(edge.message.hasPrefix("edge lies outside root in en: "), edge.message)
        XCTAssertTrue(kinds(run).contains("clipped short"), "\(kinds(run))")
    }

    func testShrunkIsInformational() throws {
        try layout("Shrunk", labels: [("title", "[long]", ", \"minimumScaleFactor\": 0.5")], constraints: [
            "title.leading == root.leadingMargin", "title.top == root.safeTop + 20", "title.width == 80",
        ])
        let english = try run("Shrunk", "en")
        XCTAssertEqual(kinds(english), ["shrunk title"])
        XCTAssertEqual(english.findings.first?.severity, .warning)
        XCTAssertEqual(english.views.first { $0.id == "title" }?.shown, "Preferences")
        // German does not fit even at half size: truncated.
        XCTAssertEqual(kinds(try run("Shrunk", "de")), ["truncated title"])
    }

    func testUnsatisfiableAndAmbiguous() throws {
        try layout("Conflict", labels: [("a", "[other]", "")], constraints: [
            "a.leading == root.leadingMargin", "a.top == root.safeTop", "a.width == 50", "a.width == 60",
        ])
        let conflict = try run("Conflict", "en")
        let finding = try XCTUnwrap(conflict.findings.first { $0.kind == .unsatisfiable })
        XCTAssertEqual(finding.constraints?.sorted(), ["a.width == 50", "a.width == 60"])
        XCTAssertEqual(finding.line, 9, "the line of the broken constraint, a.width == 60")

        try layout("Loose", labels: [("a", "[other]", "")], constraints: ["a.top == root.safeTop"])
        let loose = try run("Loose", "en")
        XCTAssertEqual(kinds(loose), ["ambiguous a"])
        XCTAssertEqual(loose.findings.first?.severity, .warning)
    }

    func testForcedRightToLeftIsNotComparedAndEmptyLabelsAreNotClipped() throws {
        try write("Forced.json", """
        { "format": 1, "name": "Forced",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "box", "type": "view", "semantic": "forceRightToLeft", "subviews": [
              { "id": "title", "type": "label", "text": "[other]", "font": { "family": "Noto Sans", "size": 17 } } ] },
            { "id": "empty", "type": "label", "text": "", "font": { "family": "Noto Sans", "size": 17 } } ] },
          "constraints": [
            "box.leading == root.leadingMargin", "box.trailing == root.trailingMargin",
            "box.top == root.safeTop", "box.height == 40",
            "title.leading == box.leading", "title.top == box.top",
            "empty.leading == root.leadingMargin", "empty.top == root.safeTop + 60" ] }
        """)
        // The title sits at the box's right edge in every language: forced, not following the language.
        let english = try run("Forced", "en"), german = try run("Forced", "de")
        XCTAssertEqual(kinds(english), [])
        XCTAssertEqual(kinds(german), [])
        let project = try Project(layouts: [folder.appendingPathComponent("Forced.json").path], strings: [folder.path],
                                  fontsFolder: Self.fonts)
        let hebrew = try project.run(layout: "Forced", language: "x-pseudo-rtl", device: "iPhone SE (3rd generation)")
        XCTAssertEqual(kinds(hebrew), [], "a forced right-to-left view is not compared with its left-to-right mirror")
        let title = try XCTUnwrap(english.views.first { $0.id == "title" })
        XCTAssertEqual(title.frame[0] + title.frame[2], 359, accuracy: 0.01, "leading is the right edge in the forced box")
    }

    func testAFormatTakingMoreArgumentsThanTheLayoutGivesIsAMismatch() throws {
        try write("en.lproj/Formats.strings", "\"total\" = \"%1$@ of %2$d\";\n")
        try write("Formats.json", """
        { "format": 1, "name": "Formats", "table": "Formats",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "total", "type": "label", "text": { "key": "total", "args": ["3"] } } ] },
          "constraints": ["total.leading == root.leadingMargin", "total.top == root.safeTop"] }
        """)
        let run = try run("Formats", "en")
        XCTAssertEqual(kinds(run), ["format-mismatch total"])
        XCTAssertEqual(run.findings.first?.message, "total: the en text of \"total\" takes argument 2, which the layout does not give")
    }

    func testKeysNotToTranslateAreNotMissing() throws {
        try write("App.xcstrings", """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
            "brand": { "shouldTranslate": false },
            "hello": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": "Hallo" } } } } } }
        """)
        try write("Brand.json", """
        { "format": 1, "name": "Brand", "table": "App",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "brand", "type": "label", "text": "[brand]" }, { "id": "hello", "type": "label", "text": "[hello]" } ] },
          "constraints": ["brand.leading == root.leadingMargin", "brand.top == root.safeTop",
                          "hello.leading == root.leadingMargin", "hello.top == root.safeTop + 40"] }
        """)
        let german = try run("Brand", "de")
        XCTAssertEqual(kinds(german), [], "shouldTranslate: false means the same text in every language")
        XCTAssertEqual(german.views.first { $0.id == "hello" }?.text, "Hallo")
    }

    func testBaselineTellsConflictsApart() {
        let run = RunReport(index: 0, layout: "L", file: "L.json", language: "en", direction: "ltr", device: "iPhone 15",
                            contentSize: "L", views: [], findings: [])
        let one = Finding(kind: .unsatisfiable, message: "m", constraints: ["a.width == 50", "a.width == 60"])
        let two = Finding(kind: .unsatisfiable, message: "m", constraints: ["b.width == 70", "b.width == 50"])
        XCTAssertNotEqual(Baseline.fingerprint(run, one), Baseline.fingerprint(run, two))
        XCTAssertEqual(Baseline.fingerprint(run, one), "L|en|iPhone 15|L|unsatisfiable||||a.width == 50|a.width == 60")
    }

    func testWidthVariantsChooseTheWidestThatFits() throws {
        let variants = { (wide: String, narrow: String) in """
            <dict><key>NSStringVariableWidthRuleType</key><dict>
              <key>20</key><string>\(narrow)</string>
              <key>50</key><string>\(wide)</string>
            </dict></dict>
            """ }
        for (language, wide, narrow) in [("en", "Application Preferences", "Prefs"), ("de", "Anwendungseinstellungen", "Einst.")] {
            try write("\(language).lproj/Localizable.stringsdict", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>title</key>\(variants(wide, narrow))</dict></plist>
            """)
        }
        try layout("Widths", labels: [("narrow", "[title]", ""), ("wide", "[title]", "")], constraints: [
            "narrow.leading == root.leadingMargin", "narrow.top == root.safeTop", "narrow.width == 60",
            "wide.leading == root.leadingMargin", "wide.top == root.safeTop + 40", "wide.width == 300",
        ])
        let run = try run("Widths", "en")
        XCTAssertEqual(run.views.first { $0.id == "narrow" }?.text, "Prefs")
        XCTAssertEqual(run.views.first { $0.id == "wide" }?.text, "Application Preferences")
        XCTAssertEqual(kinds(run), [])
    }

    func testLongestPseudolanguageShowsTheWidestTranslation() throws {
        try layout("Longest", labels: [("title", "[long]", "")], constraints: [
            "title.leading == root.leadingMargin", "title.top == root.safeTop", "title.width == 343",
        ])
        let run = try run("Longest", "x-pseudo-longest")
        XCTAssertEqual(run.views.first?.id, "root")
        XCTAssertEqual(run.views.first { $0.id == "title" }?.text, "Einstellungen für Fortgeschrittene")
        XCTAssertEqual(kinds(run), [])
    }
}
