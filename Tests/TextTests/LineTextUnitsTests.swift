import Support
@testable import Text
import XCTest

/// A layout's lines read their UTF-16 units from their paragraph's (or the text's, made once),
/// and a line's visual order is written as units: the same as reading each string afresh.
final class LineTextUnitsTests: XCTestCase {
    private let texts = [
        "", "Hello", "abc (def) [ghi]", "שלום (עולם) 123", "مرحبا [بالعالم] 😀 👩🏽‍💻", "a\nب\r\n12\u{2029}",
        "Mixed English עברית and (العربية) text", "e\u{301}\u{302} 𝔸𝔹 ﷺ", "\u{200F}(x)\u{200E}", "\n\n",
    ]

    func testDirectionsFromUnitsAreThoseFromTheText() {
        for text in texts {
            for writing in [WritingDirection.natural, .leftToRight, .rightToLeft] {
                for view in [TextDirection.leftToRight, .rightToLeft] {
                    XCTAssertEqual(TextDirection.paragraphs(utf16: text.utf16Units, writing: writing, view: view),
                                   TextDirection.paragraphs(of: text, writing: writing, view: view), text)
                }
            }
        }
    }

    func testVisualOrderFromUnitsIsTheScalarsReordered() {
        for text in texts {
            for direction in [TextDirection.leftToRight, .rightToLeft] {
                let visual = VisualOrder.visual(text, utf16: text.utf16Units, direction: direction, language: "en")
                XCTAssertEqual(visual, VisualOrder.visual(text, direction: direction, language: "en"), text)
                // The same scalars, mirrored brackets aside.
                XCTAssertEqual(visual.unicodeScalars.count, text.unicodeScalars.count, text)
            }
        }
    }

    func testLayoutsEqualThoseOfAFreshEngine() throws {
        let engine = try SharedEngine.get()
        let fresh = try TextEngine(fontsFolder: Repository.fonts)
        let font = FontRequest(family: "Noto Sans", size: 17)
        for text in texts {
            for width in [nil, 40.0, 120.0] {
                for lines in [0, 1, 2] {
                    let options = TextLayoutOptions(width: width, lines: lines, lineBreak: lines == 1 ? .truncateMiddle : .wordWrap)
                    let first = try engine.layout(text, font: font, language: "en", options: options)
                    let again = try engine.layout(text, font: font, language: "en", options: options)
                    let other = try fresh.layout(text, font: font, language: "en", options: options, direction: .leftToRight)
                    XCTAssertEqual(first, again, text)
                    XCTAssertEqual(first, other, text)
                }
            }
        }
    }
}
