import Checks
import Foundation
import Render
import TestSupport
import XCTest

/// A run measured with San Francisco's variable font is drawn at the coordinates it was
/// measured at (`GlyphRun.Face.variations`, set with FreeType's design coordinates). The
/// test font of scripts/make-test-font stands in: its glyphs are two stems, 60 units wide at
/// `wght` 400 and 84 at 1000, so at Bold (700) 72: a bold label has 1.2 times the ink of a
/// regular one with the same text, and the same ink if the weight were not set.
final class SystemFontRenderTests: XCTestCase {
    func testTheVariableFontIsDrawnAtTheMeasuredWeight() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-sf-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = PackageRoot.url.appendingPathComponent("Tests/TextTests/Fixtures/SystemFont/TestSans-VF.ttf").path
        guard FileManager.default.fileExists(atPath: font) else {
            XCTFail("test font \(font) is missing (scripts/make-test-font writes it)")
            throw CocoaError(.fileNoSuchFile)
        }
        let layout = folder.appendingPathComponent("Weights.json")
        try Data("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "regular", "type": "label", "text": "HHHH", "font": { "family": "system", "size": 34 } },
                { "id": "bold", "type": "label", "text": "HHHH", "font": { "family": "system", "size": 34, "weight": "bold" } } ] },
              "constraints": [ "regular.leading == root.leadingMargin", "regular.top == root.safeTop + 20",
                               "bold.leading == root.leadingMargin", "bold.top == regular.bottom + 20" ] }
            """.utf8).write(to: layout)
        let project = try Project(layouts: [layout.path], strings: [folder.path], fontsFolder: PackageRoot.fonts,
                                  systemFonts: [font])
        XCTAssertEqual(project.inputErrors, [])
        let run = try RunInspector(project: project).check(layout: "Weights", language: "en", device: "iPhone 15")
        let renderer = RunRenderer(engine: project.engine)
        let png = folder.appendingPathComponent("weights.png")
        try renderer.render(run, format: .png, scale: 2).write(to: png)
        let pixels = try Pixels(png: png.path)
        let origin = try renderer.geometry(run).screenOrigin

        func ink(_ id: String) throws -> Int {
            let frame = try XCTUnwrap(run.result.frame(id))
            var dark = 0
            for y in Int((origin.y + frame.y) * 2)..<Int((origin.y + frame.y + frame.height) * 2) {
                for x in Int((origin.x + frame.x) * 2)..<Int((origin.x + frame.x + frame.width) * 2) {
                    let (r, g, b) = pixels.pixel(x, y)
                    dark += 255 * 3 - Int(r) - Int(g) - Int(b)
                }
            }
            return dark
        }
        let regular = try ink("regular"), bold = try ink("bold")
        XCTAssertGreaterThan(regular, 0)
        XCTAssertEqual(Double(bold) / Double(regular), 1.2, accuracy: 0.05, "regular \(regular), bold \(bold)")
    }
}
