import Foundation
import Support
import Text
import XCTest

/// `TextLayout` keeps its texts and lines in one shared object: it stays a value (a copy
/// changed leaves the original as it was), equal layouts compare equal whether or not they
/// share that object, and it is coded as its fields under their names, as a structure of them.
final class TextLayoutValueTests: XCTestCase {
    private func layouts() throws -> [TextLayout] {
        let engine = try SharedEngine.get()
        return try [("Numéro de série", "fr"), ("رقم التسلسل 42", "ar"), ("Serial number of the device", "en")].map { text, language in
            try engine.layout(text, font: .noto(), language: language,
                              options: TextLayoutOptions(width: 90, lines: 2, lineBreak: .truncateTail))
        }
    }

    func testACopyChangedLeavesTheOriginalAsItWas() throws {
        for layout in try layouts() {
            let original = layout
            var copy = layout
            XCTAssertEqual(copy, original)
            copy.shown = "changed"
            XCTAssertEqual(original.shown, layout.shown)
            XCTAssertNotEqual(original.shown, "changed")
            XCTAssertNotEqual(copy, original)
            var fewer = layout
            fewer.lines.removeLast()
            XCTAssertEqual(fewer.lines.count, layout.lines.count - 1)
            XCTAssertEqual(original.lines.count, layout.lines.count)
            XCTAssertEqual(fewer.text, layout.text, "the other parts stay")
            var other = layout
            other.unsupported = ["x"]
            other.text = "other"
            XCTAssertEqual(layout.unsupported, [])
            XCTAssertEqual(other.shown, layout.shown)
            XCTAssertNotEqual(other, layout)
            var scaled = layout
            scaled.scale = 0.5
            XCTAssertNotEqual(scaled, layout, "a field outside the shared object still counts")
        }
    }

    func testLayoutsOfTheSameFieldsAreEqualWhateverTheyShare() throws {
        for layout in try layouts() {
            let rebuilt = TextLayout(text: String(layout.text), shown: String(layout.shown), lines: layout.lines.map { $0 },
                                     truncated: layout.truncated, scale: layout.scale, naturalWidth: layout.naturalWidth,
                                     neededLines: layout.neededLines, width: layout.width, height: layout.height,
                                     firstBaseline: layout.firstBaseline, lastBaseline: layout.lastBaseline,
                                     direction: layout.direction, unsupported: layout.unsupported)
            XCTAssertEqual(rebuilt, layout)
        }
    }

    func testItIsCodedAsItsFieldsUnderTheirNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for layout in try layouts() {
            let data = try encoder.encode(layout)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(Set(object.keys), ["text", "shown", "lines", "truncated", "scale", "naturalWidth", "neededLines",
                                              "width", "height", "firstBaseline", "lastBaseline", "direction", "unsupported"])
            XCTAssertEqual(object["text"] as? String, layout.text)
            XCTAssertEqual(object["shown"] as? String, layout.shown)
            XCTAssertEqual((object["lines"] as? [Any])?.count, layout.lines.count)
            XCTAssertEqual(object["neededLines"] as? Int, layout.neededLines)
            let decoded = try JSONDecoder().decode(TextLayout.self, from: data)
            XCTAssertEqual(decoded, layout)
            XCTAssertEqual(try encoder.encode(decoded), data)
        }
    }
}
