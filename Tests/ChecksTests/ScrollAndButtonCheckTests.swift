import Checks
import Foundation
import TestSupport
import XCTest

/// What a check reports of scroll views and multi-line buttons, as the phone shows them:
/// content taller than a scroll view scrolls (it is not clipped), and a button whose title
/// wraps is not truncated.
final class ScrollAndButtonCheckTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-scroll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ json: String, language: String = "en") throws -> RunReport {
        let file = folder.appendingPathComponent("Screen.json")
        try Data(json.utf8).write(to: file)
        let project = try Project(layouts: [file.path], strings: [folder.path], fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        return try project.run(layout: "Screen", language: language, device: "iPhone 15")
    }

    func testContentTallerThanItsScrollViewScrolls() throws {
        let report = try run("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "scroll", "type": "scroll", "subviews": [
                  { "id": "column", "type": "view" },
                  { "id": "stray", "type": "view" } ] } ] },
              "constraints": [
                "scroll.leading == root.leading", "scroll.trailing == root.trailing",
                "scroll.top == root.safeTop", "scroll.bottom == root.safeBottom",
                "column.top == scroll.top", "column.bottom == scroll.bottom",
                "column.leading == scroll.leading", "column.trailing == scroll.trailing",
                "column.width == scroll.frameLayoutGuide.width", "column.height == 2000",
                "stray.leading == column.trailing - 10", "stray.top == column.top", "stray.width == 50", "stray.height == 50" ] }
            """)
        // The column is 2000 pt tall in a 759 pt scroll view: it scrolls. The stray view reaches
        // 40 pt past the content area's right edge, where no scrolling brings it.
        XCTAssertEqual(report.findings.map(\.message), [
            "stray lies outside scroll's content area in en: 40 pt past its right edge",
        ])
    }

    func testAButtonWhoseTitleWrapsIsNotTruncated() throws {
        let title = "Continue to the payment page"
        let report = try run("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "single", "type": "button", "title": "\(title)" },
                { "id": "wrapping", "type": "button", "title": "\(title)", "lines": 0, "lineBreak": "wordWrap" } ] },
              "constraints": [
                "single.leading == root.leading + 20", "single.top == root.safeTop", "single.width == 120",
                "wrapping.leading == root.leading + 20", "wrapping.top == single.bottom + 8", "wrapping.width == 120" ] }
            """)
        XCTAssertEqual(report.findings.map(\.kind), [.truncated])
        XCTAssertEqual(report.findings.first?.view, "single")
        let wrapping = try XCTUnwrap(report.views.first { $0.id == "wrapping" })
        XCTAssertEqual(wrapping.shown, title)
        XCTAssertGreaterThan(wrapping.lines ?? 0, 1)
        // Two or more lines of title and the 6 pt insets above and below: taller than one line.
        let single = try XCTUnwrap(report.views.first { $0.id == "single" })
        XCTAssertGreaterThan(wrapping.frame[3], single.frame[3] + 15)
    }
}
