import Checks
import Foundation
import TestSupport
import XCTest

/// A symbol that follows a text style takes the style's size at each run's content size, and
/// one a semantic keeps left-to-right is named for what it is.
final class SymbolContentSizeTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-symbol-sizes-\(UUID().uuidString)")
        for language in ["en", "ar"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(language).lproj"),
                                                    withIntermediateDirectories: true)
            try Data("\"x\" = \"x\";\n".utf8).write(to: folder.appendingPathComponent("\(language).lproj/Localizable.strings"))
        }
        try Data("""
        { "format": 1, "name": "Sizes",
          "root": { "id": "root", "type": "view", "subviews": [
            { "id": "next", "type": "image", "systemImage": "chevron.forward", "textStyle": "body" },
            { "id": "kept", "type": "view", "semantic": "forceLeftToRight", "subviews": [
              { "id": "go", "type": "image", "systemImage": "chevron.forward", "size": [12, 17] } ] } ] },
          "constraints": [
            "next.leading == root.leading", "next.top == root.top",
            "kept.leading == root.leading", "kept.top == root.top + 100", "kept.width == 50", "kept.height == 50",
            "go.leading == kept.leading", "go.top == kept.top" ] }
        """.utf8).write(to: folder.appendingPathComponent("Sizes.json"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testATextStyleSymbolGrowsWithTheContentSize() throws {
        let project = try Project(layouts: [folder.appendingPathComponent("Sizes.json").path], strings: [folder.path],
                                  fontsFolder: PackageRoot.fonts)
        XCTAssertEqual(project.inputErrors, [])
        func width(_ size: ContentSize) throws -> Double {
            let run = try project.run(layout: "Sizes", language: "en", device: "iPhone 15", contentSize: size)
            return try XCTUnwrap(run.views.first { $0.id == "next" }?.frame[2])
        }
        let large = try width(.L), accessible = try width(.AX1)
        // Body is 17 pt at L and 28 pt at AX1: the symbol scales with it.
        XCTAssertEqual(accessible / large, 28.0 / 17.0, accuracy: 0.02)

        let arabic = try project.run(layout: "Sizes", language: "ar", device: "iPhone 15")
        let kept = try XCTUnwrap(arabic.findings.first { $0.view == "go" })
        XCTAssertEqual(kept.kind, .notMirrored)
        XCTAssertEqual(kept.message, "go shows chevron.forward, which follows the reading direction, but stays unflipped in ar: its semantic content attribute keeps it left-to-right")
    }
}
