import Foundation
import Support
@testable import Text
import XCTest

/// A run of white space and punctuation alone (`Shaper.isContextFree`) is shaped the same
/// whatever text is around it: HarfBuzz reads a run's context only for Arabic joining (and for
/// a dotted circle at the beginning of a text, a flag never set here), and every one of these
/// characters has joining type U, which neither joins nor lets the text around it change the
/// forms of the run's characters. So a text measured for its width alone (`TextEngine.width`)
/// keeps such runs' glyphs once shaped (`Shaper.contextFreeLimit`), without their context.
/// These tests hold that reasoning to HarfBuzz itself, glyph by glyph.
final class ContextFreeRunTests: XCTestCase {
    /// Every unit the shaper takes for context-free is space, punctuation or a symbol, never a
    /// mark, a format character (ZWJ, soft hyphen, bidi controls) or a letter or digit.
    func testContextFreeUnitsAreSpacesPunctuationAndSymbols() {
        var count = 0
        for value in UInt16(0)...UInt16.max where Shaper.isContextFree(value) {
            count += 1
            let scalar = Unicode.Scalar(value)!
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
                 .modifierSymbol, .otherSymbol:
                break
            default:
                XCTFail("U+\(String(value, radix: 16)) is \(scalar.properties.generalCategory)")
            }
        }
        XCTAssertGreaterThan(count, 100)
        for value: UInt16 in [0x41, 0x61, 0x30, 0xAD, 0x200B, 0x200C, 0x200D, 0x200E, 0x202A, 0x2028, 0x0640, 0x060C, 0x0301] {
            XCTAssertFalse(Shaper.isContextFree(value), "U+\(String(value, radix: 16))")
        }
        XCTAssertTrue(Shaper.isContextFree(Array("b , a".utf16), range: 1..<4), "spaces and a comma between letters")
        XCTAssertFalse(Shaper.isContextFree(Array(" a b".utf16), range: 0..<3))
        XCTAssertFalse(Shaper.isContextFree(Array(" a ".utf16), range: 1..<1), "an empty run is shaped as it is")
        XCTAssertFalse(Shaper.isContextFree(Array(String(repeating: " ", count: Shaper.contextFreeLength + 1).utf16),
                                            range: 0..<(Shaper.contextFreeLength + 1)), "a long run is not kept")
        // A word between context-free units or the text's ends, but not the whole text.
        XCTAssertTrue(Shaper.isContextFree(Array(" بيت ".utf16), range: 1..<4))
        XCTAssertFalse(Shaper.isContextFree(Array("بيت، ".utf16), range: 0..<3), "the Arabic comma is not taken for U")
        XCTAssertTrue(Shaper.isContextFree(Array("بيت, ".utf16), range: 0..<3))
        XCTAssertTrue(Shaper.isContextFree(Array("(بيت".utf16), range: 1..<4))
        XCTAssertFalse(Shaper.isContextFree(Array("بيت".utf16), range: 0..<3), "the whole text is kept as a width")
        XCTAssertFalse(Shaper.isContextFree(Array("ـبيت ".utf16), range: 1..<4), "after a tatweel")
        XCTAssertFalse(Shaper.isContextFree(Array(" بيت\u{200D}".utf16), range: 1..<4), "before a ZWJ")
        XCTAssertFalse(Shaper.isContextFree(Array("aبيت ".utf16), range: 1..<4))
    }

    /// Each context-free unit, alone and beside a space, between letters of every joining type
    /// (Arabic dual- and right-joining letters, the tatweel, ZWJ, a letter with a mark, Syriac,
    /// N'Ko, Mongolian) and of other scripts, shaped in those scripts and directions with the
    /// label's and the fallback fonts: the same glyphs as shaped with no text around it.
    func testEveryContextFreeUnitShapesAlikeBetweenLettersOfEveryJoiningType() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        let fonts = try ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari"].map {
            try catalog.font(family: $0, weight: .regular)
        }
        let contexts = ["", "بب", "ا", "بـ", "ب\u{200D}", "بًّ", "ܒܒ", "ߓߓ", "ᠪᠪ", "שש", "क्ष", "ab", "12"]
        let scripts: [(String, Bool)] = [("Arab", true), ("Syrc", true), ("Nkoo", true), ("Mong", false), ("Hebr", true),
                                         ("Deva", false), ("Latn", false)]
        var compared = 0
        for value in UInt16(0)...UInt16.max where Shaper.isContextFree(value) {
            for run in [[value], [value, 0x20]] {
                for font in fonts {
                    for (script, rightToLeft) in scripts {
                        let alone = Shaper.run(run, context: 0..<run.count, range: 0..<run.count, font: font,
                                               rightToLeft: rightToLeft, script: script, language: "ar")
                        for (index, before) in contexts.enumerated() {
                            let after = contexts[(index * 5 + 3) % contexts.count]
                            let text = Array(before.utf16) + run + Array(after.utf16)
                            let range = before.utf16.count..<(before.utf16.count + run.count)
                            let around = Shaper.run(text, context: 0..<text.count, range: range, font: font,
                                                    rightToLeft: rightToLeft, script: script, language: "ar")
                            XCTAssertEqual(around, alone, "U+\(String(value, radix: 16)) between \(before) and \(after), \(script), \(font.name)")
                            compared += 1
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 50_000)
    }

    /// Words of every joining type (and of scripts that do not join) at their edges, each
    /// between two of every context-free unit, and after the text's start before one: the
    /// same glyphs as the word shaped alone, in the label's and the fallback fonts.
    func testWordsBetweenContextFreeUnitsShapeAsAlone() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        let fonts = try ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari"].map {
            try catalog.font(family: $0, weight: .regular)
        }
        let words: [(String, String, Bool)] = [
            ("بيت", "Arab", true), ("ابب", "Arab", true), ("ًببً", "Arab", true), ("ـبـ", "Arab", true),
            ("\u{200D}ب\u{200D}", "Arab", true), ("لا", "Arab", true), ("ܒܐܒ", "Syrc", true), ("ߓߓ", "Nkoo", true),
            ("ᠪᠠᠪ", "Mong", false), ("שלום", "Hebr", true), ("क्षत्रि", "Deva", false), ("ab", "Latn", false),
        ]
        var compared = 0
        for value in UInt16(0)...UInt16.max where Shaper.isContextFree(value) {
            for (word, script, rightToLeft) in words {
                let units = Array(word.utf16)
                for font in fonts {
                    let alone = Shaper.run(units, context: 0..<units.count, range: 0..<units.count, font: font,
                                           rightToLeft: rightToLeft, script: script, language: "und")
                    for (before, after) in [([value], [value]), ([], [value]), ([value, value], [value, 0x20])] {
                        let text = before + units + after
                        XCTAssertTrue(Shaper.isContextFree(text, range: before.count..<(before.count + units.count)))
                        let around = Shaper.run(text, context: 0..<text.count, range: before.count..<(before.count + units.count),
                                                font: font, rightToLeft: rightToLeft, script: script, language: "und")
                        XCTAssertEqual(around, alone, "\(word) after U+\(String(value, radix: 16)), \(script), \(font.name)")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
    }

    /// The context-free runs of real texts (every string of the shaping reference, and each
    /// with punctuation around its words), in the paragraphs the engine lays out: shaped in
    /// their context and with none, the same glyphs.
    func testContextFreeRunsOfRealTextsShapeAlikeWithoutTheirContext() throws {
        var runs = 0
        try ContextFreeRunTests.forEachRun(engine: try SharedEngine.get(), texts: { [$0.text, ContextFreeRunTests.punctuated($0.text)] }) {
            item, text, paragraph, run, units in
            guard Shaper.isContextFree(paragraph.utf16, range: units) else { return }
            let alone = Array(paragraph.utf16[units])
            XCTAssertEqual(Shaper.run(alone, context: 0..<alone.count, range: 0..<alone.count,
                                      font: paragraph.fonts[run.font], rightToLeft: run.level & 1 == 1,
                                      script: UnicodeAnalysis.scriptName(number: run.script), language: icuLocale(item.language)),
                           run.glyphs, "\(item.id): \(text)")
            runs += 1
        }
        XCTAssertGreaterThan(runs, 500)
    }

    /// Each run of the paragraphs the engine lays out of each reference string's `texts`, with
    /// the string, the text, the paragraph and the run's units.
    private static func forEachRun(engine: TextEngine, texts: (Item) -> [String],
                                   _ body: (Item, String, Paragraph, Paragraph.ShapedRun, Range<Int>) throws -> Void) throws {
        for item in try referenceStrings() {
            for text in texts(item) {
                let font = try engine.resolved(FontRequest(family: item.family, size: item.size,
                                                           weight: XCTUnwrap(FontWeight(rawValue: item.weight))))
                let paragraph = try engine.paragraph(text, font: font, language: item.language,
                                                     direction: TextDirection(language: item.language))
                for run in paragraph.runs {
                    try body(item, text, paragraph, run, paragraph.boundaries[run.clusters.lowerBound]..<paragraph.boundaries[run.clusters.upperBound])
                }
            }
        }
    }

    /// Widths measured alone (`TextEngine.width`, which keeps context-free runs' glyphs) equal
    /// the natural widths of layouts (whose shaper keeps runs with their context) to the bit,
    /// for texts whose spaces and punctuation are runs of their own, met again and again.
    func testWidthsWithKeptContextFreeRunsAreTheLayoutsNaturalWidths() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        let widths = TextEngine(catalog: catalog), layouts = TextEngine(catalog: catalog)
        var measured = 0
        for item in try ContextFreeRunTests.referenceStrings() {
            let font = try FontRequest(family: item.family, size: item.size, weight: XCTUnwrap(FontWeight(rawValue: item.weight)))
            for text in [item.text, ContextFreeRunTests.punctuated(item.text), "« " + item.text + " » — 3 %"] {
                let width = try widths.width(of: text, font: font, language: item.language)
                let natural = try layouts.layout(text, font: font, language: item.language).naturalWidth
                XCTAssertEqual(width.bitPattern, natural.bitPattern, "\(item.id): \(text)")
                measured += 1
            }
        }
        XCTAssertGreaterThan(measured, 1000)
        XCTAssertGreaterThan(widths.contextFreeStatistics.hits, 500, "the context-free runs were kept and met again")
    }

    /// Texts laid out one after another by one engine, whose shaper keeps the context-free runs
    /// it met (a word between spaces in one text is the same word in the next): every run of
    /// every paragraph has the glyphs HarfBuzz gives it shaped in its own text, context and all.
    func testLaidOutRunsFoundInOtherTextsAreShapedAsInTheirOwn() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        var runs = 0
        try ContextFreeRunTests.forEachRun(engine: engine, texts: {
            [$0.text, ContextFreeRunTests.punctuated($0.text), "« " + $0.text + " » — 3 %"]
        }) { item, text, paragraph, run, units in
            XCTAssertEqual(Shaper.run(paragraph.utf16, context: 0..<paragraph.utf16.count, range: units,
                                      font: paragraph.fonts[run.font], rightToLeft: run.level & 1 == 1,
                                      script: UnicodeAnalysis.scriptName(number: run.script), language: icuLocale(item.language)),
                           run.glyphs, "\(item.id): \(text)")
            runs += 1
        }
        // 4,852 runs, 2,381 of them found among the context-free runs of earlier texts.
        XCTAssertGreaterThan(runs, 4000)
        XCTAssertGreaterThan(engine.laidOutContextFreeStatistics.hits, 2000, "words were found in other texts")
    }

    private struct Item {
        var id: String, language: String, family: String, weight: String, size: Double, text: String
    }

    /// The strings of `shaping-strings.tsv`.
    private static func referenceStrings() throws -> [Item] {
        let table = String(decoding: try Repository.fixtureData("shaping-strings.tsv"), as: UTF8.self)
        let items = table.split(separator: "\n").dropFirst().compactMap { line -> Item? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let size = Double(fields[4]) else { return nil }
            return Item(id: fields[0], language: fields[1], family: fields[2], weight: fields[3], size: size, text: fields[5])
        }
        XCTAssertGreaterThanOrEqual(items.count, 400, "the shaping strings must be there")
        return items
    }

    /// The text with punctuation between and around its words.
    private static func punctuated(_ text: String) -> String {
        "(" + text.replacingOccurrences(of: " ", with: ", ") + ")! «12» - …"
    }
}
