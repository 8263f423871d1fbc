import Foundation
import Layout
import XCTest

/// Golden frames: a layout from Fixtures/Goldens laid out on every standard device, in both
/// directions, at two content sizes, compared with the `.frames.txt` beside it.
/// `RECORD_GOLDENS=1 swift test --filter LayoutTests.GoldenTests` writes the goldens afresh
/// (into the source tree), to be reviewed in the diff.
final class GoldenTests: XCTestCase {
    private let texts: [String: String] = [
        "back": "", "title": "Profile", "edit": "Edit", "bio": "Writes about fonts and the languages that need them",
        "nameField": "Name", "emailField": "Email", "save": "Save",
    ]

    func testProfile() throws {
        try checkGolden("Profile")
    }

    private func checkGolden(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let layout = try LayoutDocument.load(path: try fixtureURL("Goldens/\(name).json").path)
        var output = ""
        for device in Device.standard {
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                for contentSize in [ContentSize.L, .AX3] {
                    let result = layOut(layout, direction, texts: texts, device: device, contentSize: contentSize)
                    output += "\(device.name) \(direction.rawValue) \(contentSize.rawValue)\n"
                    for view in result.views {
                        output += "  \(view.id) \(Self.format(view))\n"
                    }
                    for diagnostic in result.diagnostics {
                        output += "  ! \(diagnostic)\n"
                    }
                }
            }
        }
        let sourceURL = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Goldens/\(name).frames.txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try output.write(to: sourceURL, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: try fixtureURL("Goldens/\(name).frames.txt"), encoding: .utf8)
        XCTAssertEqual(output, expected, "golden \(name) differs; RECORD_GOLDENS=1 rewrites it", file: file, line: line)
    }

    /// `[x, y, width, height]` with at most three decimals, then the flags that are set.
    static func format(_ view: ViewLayout) -> String {
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let f = view.frame
        var text = "[\(number(f.x)), \(number(f.y)), \(number(f.width)), \(number(f.height))]"
        if let alignment = view.textAlignment { text += " align=\(alignment.rawValue)" }
        if let lines = view.text?.lineCount, lines > 1 { text += " lines=\(lines)" }
        if view.flipped { text += " flipped" }
        if view.hidden { text += " hidden" }
        return text
    }
}
