import Support
import Text
import XCTest

/// An engine that keeps no glyph runs (`TextEngine(keepsGlyphRuns: false)`, what a check that
/// draws nothing uses) lays every text out as one that keeps them does, but for the runs; a
/// line with a glyph that advances backwards keeps them, so that reading a layout at a width
/// off the layout without one (`TextEngine.layout(_:fitting:)`) decides as it does with them.
final class GlyphRunsKeptTests: XCTestCase {
    private let texts: [(text: String, language: String)] = [
        ("Serial number", "en"), ("Numéro de série du produit", "fr"), ("", "en"), ("One\nTwo lines", "en"),
        ("رقم التسلسل للمنتج", "ar"), ("מספר סידורי 42", "he"), ("หมายเลขซีเรียลของสินค้า", "th"), ("シリアル番号を入力", "ja"),
        ("Total: 1,234.50 € (ﬁnal)", "de"), ("Αριθμός σειράς", "el"), ("संख्या दर्ज करें", "hi"), ("Серийный номер", "ru"),
    ]

    private let options: [TextLayoutOptions] = [
        TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap),
        TextLayoutOptions(width: 60, lines: 1, lineBreak: .truncateTail),
        TextLayoutOptions(width: 60, lines: 1, lineBreak: .truncateHead),
        TextLayoutOptions(width: 60, lines: 1, lineBreak: .truncateMiddle),
        TextLayoutOptions(width: 60, lines: 1, lineBreak: .truncateTail, minimumScaleFactor: 0.5),
        TextLayoutOptions(width: 80, lines: 0, lineBreak: .wordWrap),
        TextLayoutOptions(width: 50, lines: 2, lineBreak: .charWrap),
    ]

    /// `layout` with every line's runs left out.
    private func withoutRuns(_ layout: TextLayout) -> TextLayout {
        var layout = layout
        for index in layout.lines.indices { layout.lines[index].runs = [] }
        return layout
    }

    func testAnEngineWithoutGlyphRunsLaysEveryTextOutTheSameButForThem() throws {
        let drawing = try SharedEngine.get()
        XCTAssertTrue(drawing.keepsGlyphRuns, "an engine keeps the glyph runs unless told not to")
        let checking = try TextEngine(fontsFolder: Repository.fonts, keepsGlyphRuns: false)
        var compared = 0, linesWithRuns = 0
        for (text, language) in texts {
            for direction in [TextDirection.leftToRight, .rightToLeft] {
                for options in options {
                    let drawn = try drawing.layout(text, font: .noto(), language: language, options: options, direction: direction)
                    let checked = try checking.layout(text, font: .noto(), language: language, options: options, direction: direction)
                    let place = "\(text) (\(direction)) with \(options)"
                    // No glyph of these texts advances backwards, so no line keeps its runs.
                    XCTAssertTrue(drawn.lines.allSatisfy { $0.runs.allSatisfy { $0.advances.allSatisfy { $0 >= 0 } } }, place)
                    XCTAssertTrue(checked.lines.allSatisfy(\.runs.isEmpty), place)
                    XCTAssertEqual(checked, withoutRuns(drawn), place)
                    linesWithRuns += drawn.lines.filter { !$0.runs.isEmpty }.count
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, texts.count * 2 * options.count)
        XCTAssertGreaterThan(linesWithRuns, compared, "the drawing engine's lines have their glyphs")
    }

    /// The test font's `trak` table, extrapolated past its last size (40 pt: +10, 28 pt: +14),
    /// tracks 1000 pt text by -310 units per em: the full stop (216 units at the display
    /// optical size) then advances backwards, the letters (396 units and more) do not.
    func testALineWithAGlyphThatAdvancesBackwardsKeepsItsRuns() throws {
        let font = try SystemFontTests.font("TestSans-VF.ttf")
        let drawing = try TextEngine(fontsFolder: Repository.fonts, systemFonts: [font])
        let checking = try TextEngine(fontsFolder: Repository.fonts, systemFonts: [font], keepsGlyphRuns: false)
        let request = FontRequest(family: SystemFont.name, size: 1000)
        let unconstrained = TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap)

        let backwards = try drawing.layout("ab.c", font: request, language: "en", options: unconstrained)
        let advances = backwards.lines.flatMap(\.runs).flatMap(\.advances)
        XCTAssertEqual(advances.filter { $0 < 0 }.count, 1, "the full stop advances backwards: \(advances)")
        let kept = try checking.layout("ab.c", font: request, language: "en", options: unconstrained)
        XCTAssertEqual(kept, backwards, "the line keeps its runs")
        XCTAssertNil(TextEngine.layout(kept, fitting: TextLayoutOptions(width: backwards.width + 100)),
                     "a backwards glyph: the layout at a width is laid out again")

        let forwards = try drawing.layout("abc", font: request, language: "en", options: unconstrained)
        XCTAssertTrue(forwards.lines.flatMap(\.runs).flatMap(\.advances).allSatisfy { $0 > 0 })
        let dropped = try checking.layout("abc", font: request, language: "en", options: unconstrained)
        XCTAssertEqual(dropped.lines.map(\.runs.isEmpty), [true])
        XCTAssertEqual(dropped, withoutRuns(forwards))
        XCTAssertEqual(TextEngine.layout(dropped, fitting: TextLayoutOptions(width: forwards.width + 100)), dropped)
    }
}
