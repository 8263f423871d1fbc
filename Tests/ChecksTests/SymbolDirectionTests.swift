import Checks
import Foundation
import TestSupport
import XCTest

/// SF Symbols through a whole check: a symbol needs no file, turns with the reading direction
/// when its name says so, and `fixed-direction-symbol` reports one named for a side in a
/// right-to-left view.
final class SymbolDirectionTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-symbols-\(UUID().uuidString)")
        for (language, title) in [("en", "Settings"), ("ar", "الإعدادات")] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data("\"title\" = \"\(title)\";\n".utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        // A navigation row: a back chevron, a title, and symbols at the trailing end; a player
        // whose controls a playback semantic keeps left-to-right.
        try Data("""
        { "format": 1, "name": "Symbols",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "back", "type": "button", "image": { "systemImage": "chevron.left" } },
            { "id": "title", "type": "label", "text": "[title]" },
            { "id": "next", "type": "image", "systemImage": "arrow.right", "textStyle": "body" },
            { "id": "align", "type": "image", "systemImage": "text.alignleft" },
            { "id": "more", "type": "image", "systemImage": "chevron.forward" },
            { "id": "marked", "type": "image", "systemImage": "chevron.right", "mirrorsInRTL": true },
            { "id": "player", "type": "view", "semantic": "playback", "subviews": [
              { "id": "skip", "type": "image", "systemImage": "chevron.right" } ] },
            { "id": "close", "type": "image", "systemImage": "xmark", "size": [44, 44] } ] },
          "constraints": [
            "back.leading == root.leadingMargin", "back.top == root.safeTop",
            "title.leading == back.trailing + 8", "title.centerY == back.centerY",
            "next.trailing == root.trailingMargin", "next.top == root.safeTop",
            "align.trailing == next.leading - 8", "align.top == root.safeTop",
            "more.trailing == align.leading - 8", "more.top == root.safeTop",
            "marked.trailing == more.leading - 8", "marked.top == root.safeTop",
            "player.leading == root.leadingMargin", "player.top == root.safeTop + 60",
            "player.width == 120", "player.height == 40",
            "skip.leading == player.leading", "skip.top == player.top",
            "close.leading == root.leadingMargin", "close.top == root.safeTop + 120" ] }
        """.utf8).write(to: folder.appendingPathComponent("Symbols.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func project() throws -> Project {
        try Project(layouts: [folder.appendingPathComponent("Symbols.json").path], strings: [folder.path],
                    fontsFolder: PackageRoot.fonts)
    }

    func testSymbolsNeedNoFileAndAreSizedFromTheirConfiguration() throws {
        let project = try project()
        XCTAssertEqual(project.inputErrors, [], "a symbol image is never 'not found'")
        let run = try project.run(layout: "Symbols", language: "en", device: "iPhone SE (3rd generation)")
        func frame(_ id: String) throws -> [Double] { try XCTUnwrap(run.views.first { $0.id == id }?.frame, id) }
        // arrow.right at body (17 pt at L): 1.156 × 0.890 of 17.
        XCTAssertEqual(try frame("next"), [359 - 19.652, 20, 19.652, 15.13])
        XCTAssertEqual(try frame("close")[2...3], [44, 44], "an explicit size is kept")
        // chevron.left in a button without a title: the image's width, 0.727 × 17.
        XCTAssertEqual(try frame("back")[2], 12.359)
        XCTAssertEqual(run.findings.map(\.kind), [], "\(run.findings.map(\.message))")
    }

    func testSideSymbolsAreReportedInRightToLeftOncePerView() throws {
        let project = try project()
        let arabic = try project.run(layout: "Symbols", language: "ar", device: "iPhone SE (3rd generation)")
        let symbols = arabic.findings.filter { $0.kind == .fixedDirectionSymbol }
        XCTAssertEqual(symbols.map { $0.view ?? "-" }, ["back", "next", "align"],
                       "not chevron.forward, not a marked chevron.right, not one a playback semantic keeps left-to-right")
        XCTAssertEqual(symbols.map(\.message), [
            "back shows chevron.left, which points the same way in ar as in left-to-right: use chevron.backward, which turns with the reading direction",
            "next shows arrow.right, which points the same way in ar as in left-to-right: use arrow.forward, which turns with the reading direction",
            "align shows text.alignleft, which points the same way in ar as in left-to-right: SF Symbols has no forward/backward form of it; mark it mirrorsInRTL if it should turn",
        ])
        XCTAssertEqual(symbols.map(\.severity), [.warning, .warning, .warning])
        XCTAssertEqual(symbols.map(\.line), [3, 5, 6], "the lines of the views in the layout file")
        XCTAssertEqual(arabic.findings.filter { $0.kind != .fixedDirectionSymbol }.map(\.message), [],
                       "the symbols mirror as views; only their drawing points the wrong way")
        // The forward chevron and the marked one are drawn flipped; the others as named.
        let flipped = arabic.views.filter(\.flipped).map(\.id)
        XCTAssertEqual(flipped, ["more", "marked"])

        let english = try project.run(layout: "Symbols", language: "en", device: "iPhone SE (3rd generation)")
        XCTAssertEqual(english.findings.filter { $0.kind == .fixedDirectionSymbol }.count, 0)
        XCTAssertEqual(english.views.filter(\.flipped).map(\.id), [])
        let pseudo = try project.run(layout: "Symbols", language: "x-pseudo-rtl", device: "iPhone SE (3rd generation)")
        XCTAssertEqual(pseudo.findings.filter { $0.kind == .fixedDirectionSymbol }.map { $0.view ?? "-" }, ["back", "next", "align"])
    }

    func testSeverityIsConfigurable() throws {
        let project = try project()
        let asError = try project.run(layout: "Symbols", language: "ar", device: "iPhone SE (3rd generation)",
                                      severities: SeverityPolicy([.fixedDirectionSymbol: .error]))
        XCTAssertEqual(asError.findings.filter { $0.kind == .fixedDirectionSymbol }.map(\.severity), [.error, .error, .error])
        let off = try project.run(layout: "Symbols", language: "ar", device: "iPhone SE (3rd generation)",
                                  severities: SeverityPolicy([.fixedDirectionSymbol: Severity?.none]))
        XCTAssertEqual(off.findings.filter { $0.kind == .fixedDirectionSymbol }.count, 0)
        XCTAssertEqual(FindingKind(rawValue: "fixed-direction-symbol"), .fixedDirectionSymbol)
        XCTAssertEqual(FindingKind.fixedDirectionSymbol.defaultSeverity, .warning)
    }

    func testReportsNameTheKind() throws {
        let report = try project().check(CheckOptions(languages: ["en", "ar"], devices: [try XCTUnwrap(Device.named("iPhone 15"))]))
        XCTAssertEqual(report.runs.map { $0.findings.filter { $0.kind == .fixedDirectionSymbol }.count }, [0, 3])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReport.render(report).utf8)) as? [String: Any])
        let runs = try XCTUnwrap(json["runs"] as? [[String: Any]])
        let kinds = (runs[1]["findings"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        XCTAssertEqual(kinds, Array(repeating: "fixed-direction-symbol", count: 3))
        let sarif = SARIF.render(report)
        XCTAssertTrue(sarif.contains("\"id\" : \"fixed-direction-symbol\"") || sarif.contains("\"id\": \"fixed-direction-symbol\""), sarif)
    }
}
