import Foundation
@testable import Text
import XCTest

/// Long runs of white space: trimming a line's trailing (or leading) space is a table lookup,
/// not a walk back over the run, which made a label of 100,000 spaces take half a minute.
/// Speed is shown by scripts/hostile-inputs, never timed here; these tests pin the results.
final class WhiteSpaceRunTests: XCTestCase {
    func testTrimmingTablesAgreeWithWalkingOverTheSpaces() throws {
        let engine = try SharedEngine.get()
        let text = "  ab   c \t d    "
        let paragraph = try engine.paragraph(text, font: .noto(), language: "en", direction: .leftToRight)
        let breaker = LineBreaker(paragraph: paragraph, pointsPerEm: 17)
        let count = paragraph.clusterCount
        for lower in 0...count {
            for upper in lower...count {
                var end = upper
                while end > lower, paragraph.isSpace[end - 1] { end -= 1 }
                XCTAssertEqual(breaker.trimmingTrailingSpace(lower..<upper), lower..<end, "trailing \(lower)..<\(upper)")
                var start = lower
                while start < upper, paragraph.isSpace[start] { start += 1 }
                XCTAssertEqual(breaker.trimmingLeadingSpace(lower..<upper), start..<upper, "leading \(lower)..<\(upper)")
            }
        }
    }

    /// White space and default-ignorable characters are told apart in ASCII without Unicode's
    /// properties (or ICU): the answers must be the properties'.
    func testASCIIPropertiesReadWithoutLookingThemUpAreUnicodes() {
        for value in UInt32(0)..<0x80 {
            let properties = Unicode.Scalar(value)!.properties
            XCTAssertEqual(UnicodeAnalysis.isWhitespace(value), properties.isWhitespace, "U+\(String(value, radix: 16))")
            XCTAssertEqual(UnicodeAnalysis.isDefaultIgnorable(value), properties.isDefaultIgnorableCodePoint)
        }
        XCTAssertTrue(UnicodeAnalysis.isWhitespace(0xA0))
        XCTAssertTrue(UnicodeAnalysis.isDefaultIgnorable(0x200D))
    }

    func testALabelOfAHundredThousandSpaces() throws {
        let engine = try SharedEngine.get()
        let spaces = String(repeating: " ", count: 100_000)
        let layout = try engine.layout(spaces, font: .noto(), language: "en", options: TextLayoutOptions(width: 100))
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertEqual(layout.lines[0].width, 0)
        XCTAssertFalse(layout.truncated)

        for mode in [LineBreakMode.truncateTail, .truncateHead, .truncateMiddle] {
            let framed = try engine.layout("a" + spaces + "b", font: .noto(), language: "en",
                                           options: TextLayoutOptions(width: 100, lines: 1, lineBreak: mode))
            XCTAssertTrue(framed.truncated, "\(mode)")
            XCTAssertEqual(framed.shown, mode == .truncateHead ? "…b" : mode == .truncateMiddle ? "a…b" : "a…", "\(mode)")
        }
        let wrapped = try engine.layout("a" + spaces + "b", font: .noto(), language: "en",
                                        options: TextLayoutOptions(width: 100, lines: 0, lineBreak: .wordWrap))
        XCTAssertEqual(wrapped.lines.count, 2)
        XCTAssertFalse(wrapped.truncated)
    }
}
