import Support
import Text
import XCTest

/// `TextEngine.layout(_:fitting:)`: a text's layout at a width is read off its layout without
/// one exactly when laying it out again would give that same layout.
final class FittingUnconstrainedTests: XCTestCase {
    private let unconstrainedOptions = TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap)

    /// Every option a view gives its text: lines, line-break modes, shrinking.
    private let optionsAtWidth: [(Double) -> TextLayoutOptions] = [
        { TextLayoutOptions(width: $0, lines: 1, lineBreak: .truncateTail) },
        { TextLayoutOptions(width: $0, lines: 1, lineBreak: .truncateHead) },
        { TextLayoutOptions(width: $0, lines: 1, lineBreak: .truncateMiddle) },
        { TextLayoutOptions(width: $0, lines: 1, lineBreak: .clip) },
        { TextLayoutOptions(width: $0, lines: 1, lineBreak: .truncateTail, minimumScaleFactor: 0.5) },
        { TextLayoutOptions(width: $0, lines: 0, lineBreak: .wordWrap) },
        { TextLayoutOptions(width: $0, lines: 2, lineBreak: .charWrap) },
        { TextLayoutOptions(width: $0, lines: 3, lineBreak: .truncateTail) },
    ]

    private let texts: [(text: String, language: String)] = [
        ("Serial number", "en"), ("Numéro de série ", "fr"), (" Leading space", "en"), ("", "en"),
        ("رقم التسلسل", "ar"), ("מספר סידורי 42", "he"), ("หมายเลขซีเรียล", "th"), ("シリアル番号", "ja"),
        ("Total: 1,234.50 € (ﬁnal)", "de"), ("Αριθμός σειράς", "el"),
    ]

    func testAWidthTheLineFitsGivesTheLayoutWithoutOneForEveryOption() throws {
        let engine = try SharedEngine.get()
        var compared = 0
        for (text, language) in texts {
            for direction in [TextDirection.leftToRight, .rightToLeft] {
                let unconstrained = try engine.layout(text, font: .noto(), language: language, options: unconstrainedOptions,
                                                      direction: direction)
                XCTAssertEqual(unconstrained.lines.count, 1, text)
                let natural = unconstrained.lines[0].width
                for width in [natural, natural + 0.25, natural * 2 + 1] {
                    for make in optionsAtWidth {
                        let options = make(width)
                        let read = try XCTUnwrap(TextEngine.layout(unconstrained, fitting: options),
                                                 "\(text) at \(width) with \(options)")
                        let laidOut = try engine.layout(text, font: .noto(), language: language, options: options,
                                                        direction: direction)
                        XCTAssertEqual(read, laidOut, "\(text) at \(width) with \(options)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, texts.count * 2 * 3 * optionsAtWidth.count)
    }

    func testANarrowerWidthIsLaidOutAgain() throws {
        let engine = try SharedEngine.get()
        for (text, language) in texts where !text.isEmpty {
            let unconstrained = try engine.layout(text, font: .noto(), language: language, options: unconstrainedOptions)
            let width = unconstrained.lines[0].width - 0.01
            for make in optionsAtWidth {
                let options = make(width)
                XCTAssertNil(TextEngine.layout(unconstrained, fitting: options), "\(text) at \(width) with \(options)")
                // Laid out again, the narrower width does change the layout.
                let laidOut = try engine.layout(text, font: .noto(), language: language, options: options)
                XCTAssertNotEqual(laidOut, unconstrained, "\(text) at \(width) with \(options)")
            }
        }
    }

    func testTextsOfSeveralLinesAndLayoutsWithoutAWidthAreLaidOutAgain() throws {
        let engine = try SharedEngine.get()
        let lines = try engine.layout("One\nTwo", font: .noto(), language: "en", options: unconstrainedOptions)
        XCTAssertEqual(lines.lines.count, 2)
        for make in optionsAtWidth {
            XCTAssertNil(TextEngine.layout(lines, fitting: make(1000)), "a hard line break: \(make(1000))")
        }
        let one = try engine.layout("One", font: .noto(), language: "en", options: unconstrainedOptions)
        XCTAssertNil(TextEngine.layout(one, fitting: unconstrainedOptions), "no width: nothing to fit")
        XCTAssertNotNil(TextEngine.layout(one, fitting: TextLayoutOptions(width: 1000)))
    }

    func testAGlyphThatAdvancesBackwardsIsLaidOutAgain() throws {
        // A start of such a line can be wider than the whole line, so the breaker may need two
        // lines even where the whole line fits: the layout cannot be read off.
        func layout(advances: [Double]) -> TextLayout {
            let width = advances.reduce(0, +)
            let run = GlyphRun(face: GlyphRun.Face(path: "Test.ttf", index: 0, name: "Test"), size: 17, rightToLeft: false,
                               x: 0, glyphs: advances.indices.map { UInt32($0 + 1) }, advances: advances,
                               xOffsets: advances.map { _ in 0 }, yOffsets: advances.map { _ in 0 },
                               clusters: Array(advances.indices))
            let line = TextLine(text: "abc", visual: "abc", width: width, height: 20, ascent: 16, fonts: ["Test"], runs: [run])
            return TextLayout(text: "abc", shown: "abc", lines: [line], truncated: false, scale: 1, naturalWidth: width,
                              neededLines: 1, width: width, height: 20, firstBaseline: 16, lastBaseline: 16,
                              direction: .leftToRight, unsupported: [])
        }
        XCTAssertNotNil(TextEngine.layout(layout(advances: [10, 0, 10]), fitting: TextLayoutOptions(width: 20)))
        XCTAssertNil(TextEngine.layout(layout(advances: [10, 10, -5]), fitting: TextLayoutOptions(width: 20)))
    }
}
