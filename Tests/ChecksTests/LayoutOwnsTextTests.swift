import Checks
import Foundation
import TestSupport
import XCTest

/// The checks read the text as the layout fitted it in its frame, and the views the layout
/// found hidden: two things that used to be worked out again beside the layout, and drifted.
final class LayoutOwnsTextTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-owns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data(#""title" = "Download everything now";"#.utf8)
            .write(to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        // A 48 × 48 pixel PNG: the button's image takes 48 pt beside its title.
        try FileManager.default.copyItem(atPath: PackageRoot.path + "/Layouts/play.png",
                                         toPath: folder.appendingPathComponent("play.png").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ json: String, language: String = "en") throws -> RunReport {
        try Data(json.utf8).write(to: folder.appendingPathComponent("Screen.json"))
        let project = try Project(layouts: [folder.appendingPathComponent("Screen.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        return try project.run(layout: "Screen", language: language, device: "iPhone SE (3rd generation)")
    }

    /// A layout whose `box` holds a label too narrow and too short for its text.
    func containerLayout(hidden: Bool) -> String {
        """
        { "format": 1, "name": "Screen",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "box", "type": "view", "hidden": \(hidden), "subviews": [
              { "id": "status", "type": "label", "text": { "key": "title" } } ] } ] },
          "constraints": [
            "box.leading == root.leading", "box.top == root.top", "box.width == 100", "box.height == 40",
            "status.leading == box.leading", "status.top == box.top", "status.width == 60", "status.height == 8" ] }
        """
    }

    func testALabelInsideAHiddenContainerIsNotChecked() throws {
        let shown = try run(containerLayout(hidden: false))
        XCTAssertEqual(Set(shown.findings.filter { $0.view == "status" }.map(\.kind)), [.truncated, .clipped],
                       "the same label, shown, is truncated and cut off")
        let hidden = try run(containerLayout(hidden: true))
        XCTAssertEqual(hidden.findings, [], "a hidden container hides its whole subtree")
        // The report still says what the hidden label would show.
        XCTAssertEqual(hidden.views.first { $0.id == "status" }?.text, "Download everything now")
    }

    func testAButtonTitleHasTheWidthItsImageFileLeaves() throws {
        let report = try run("""
            { "format": 1, "name": "Screen",
              "root": { "id": "root", "type": "view", "subviews": [
                { "id": "download", "type": "button", "title": { "key": "title" }, "image": { "source": "play.png" } } ] },
              "constraints": [ "download.leading == root.leading", "download.top == root.top", "download.width == 150" ] }
            """)
        let truncated = try XCTUnwrap(report.findings.first { $0.kind == .truncated })
        XCTAssertEqual(truncated.available, 102, "150 pt less the image's 48 pt")
        XCTAssertTrue(truncated.message.hasSuffix("has 102 pt"), truncated.message)
        // As tall as the image with the default content insets, 6 pt above and below.
        XCTAssertEqual(report.views.first { $0.id == "download" }?.frame, [0, 0, 150, 60])
    }
}
