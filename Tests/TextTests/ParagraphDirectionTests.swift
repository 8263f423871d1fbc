import Foundation
import Support
import Text
import XCTest

/// The paragraph direction as UIKit resolves `NSWritingDirection.natural`: the first strong
/// character (UAX #9 P2–P3, isolates skipped), else the view's direction. Checked against
/// FriBidi through `scripts/shaping-reference` (its `bidi-` rows) and by hand.
final class ParagraphDirectionTests: XCTestCase {
    private struct Reference: Decodable {
        struct Segment: Decodable { var text: String, direction: String, advance: Double, unitsPerEm: Double }
        struct Case: Decodable {
            var id: String, language: String, family: String, weight: String, text: String
            var size: Double, width: Double, paragraphDirection: String, segments: [Segment]
        }
        var cases: [Case]
    }

    func testEveryReferenceStringTakesFriBidisParagraphDirectionAndItsRunDirections() throws {
        let reference = try JSONDecoder().decode(Reference.self, from: Repository.fixtureData("shaping-reference.json"))
        let bidi = reference.cases.filter { $0.id.hasPrefix("bidi-") }
        XCTAssertEqual(bidi.count, 10, "the mixed-direction rows of shaping-strings.tsv")
        let engine = try SharedEngine.get()
        var flipped = 0
        for item in reference.cases {
            let weight = try XCTUnwrap(FontWeight(rawValue: item.weight), item.id)
            let layout = try engine.layout(item.text, font: FontRequest(family: item.family, size: item.size, weight: weight),
                                           language: item.language)
            XCTAssertEqual(layout.direction.rawValue, item.paragraphDirection, "\(item.id): \(item.text)")
            if layout.direction != TextDirection(language: item.language) { flipped += 1 }
            XCTAssertEqual(layout.naturalWidth, item.width, accuracy: 0.01, "\(item.id)")
            // The advance shaped in each direction: the levels agree with FriBidi's.
            let runs = layout.lines.flatMap(\.runs)
            for rightToLeft in [false, true] {
                let engineAdvance = runs.filter { $0.rightToLeft == rightToLeft }.flatMap(\.advances).reduce(0, +)
                let referenceAdvance = item.segments.filter { ($0.direction == "rtl") == rightToLeft }
                    .map { $0.advance * item.size / $0.unitsPerEm }.reduce(0, +)
                XCTAssertEqual(engineAdvance, referenceAdvance, accuracy: 0.01,
                               "\(item.id): advance shaped \(rightToLeft ? "rtl" : "ltr")")
            }
        }
        XCTAssertEqual(flipped, 6, "texts whose first strong character goes against their language")
    }

    func testEnglishFallbackInUrduAndArabicIsLaidOutAsInEnglish() throws {
        let engine = try SharedEngine.get()
        let text = "Use the web app to verify this user."
        for options in [TextLayoutOptions(), TextLayoutOptions(width: 120), TextLayoutOptions(width: 120, lines: 0, lineBreak: .wordWrap),
                        TextLayoutOptions(width: 200, lines: 1, lineBreak: .truncateHead),
                        TextLayoutOptions(width: 200, lines: 1, lineBreak: .truncateMiddle)] {
            let english = try engine.layout(text, font: .noto(), language: "en", options: options)
            XCTAssertEqual(english.direction, .leftToRight)
            for language in ["ur", "ar"] {
                let layout = try engine.layout(text, font: .noto(), language: language, options: options)
                XCTAssertEqual(layout.direction, .leftToRight, language)
                XCTAssertEqual(layout.naturalWidth, english.naturalWidth, language)
                XCTAssertEqual(layout.shown, english.shown, "\(language) \(options)")
                XCTAssertEqual(layout.lines.map(\.text), english.lines.map(\.text), "\(language) \(options)")
                XCTAssertEqual(layout.lines.map(\.visual), english.lines.map(\.visual), "\(language) \(options)")
                XCTAssertEqual(layout.lines.map(\.width), english.lines.map(\.width), "\(language) \(options)")
            }
        }
        XCTAssertEqual(try engine.layout(text, font: .noto(), language: "ur").naturalWidth, 278.018, accuracy: 0.001)
        XCTAssertEqual(try engine.layout(text, font: .noto(), language: "ur", options: TextLayoutOptions(width: 120, lines: 0, lineBreak: .wordWrap)).lines.count, 3)
        // The tail ellipsis sits at the right end, as in English.
        let cut = try engine.layout(text, font: .noto(), language: "ur", options: TextLayoutOptions(width: 120))
        XCTAssertTrue(try XCTUnwrap(cut.lines.first?.visual).hasSuffix("…"), cut.lines.first?.visual ?? "")
    }

    func testForcedDirectionAndTheViewsDirectionAsFallback() throws {
        let engine = try SharedEngine.get()
        let text = "Use the web app to verify this user."
        let forced = try engine.layout(text, font: .noto(), language: "ur", options: TextLayoutOptions(writingDirection: .rightToLeft))
        XCTAssertEqual(forced.direction, .rightToLeft)
        XCTAssertEqual(forced.lines.first?.visual, ".Use the web app to verify this user")
        XCTAssertEqual(forced.naturalWidth, 280.738, accuracy: 0.001, "the period shaped apart, before the text")
        XCTAssertEqual(try engine.layout("שלום", font: .noto(), language: "en", options: TextLayoutOptions(writingDirection: .leftToRight)).direction, .leftToRight)
        // No strong character: the view's direction (the language's when not given).
        XCTAssertEqual(try engine.layout("2024-11-05", font: .noto(), language: "ar").direction, .rightToLeft)
        XCTAssertEqual(try engine.layout("2024-11-05", font: .noto(), language: "ar", direction: .leftToRight).direction, .leftToRight)
        XCTAssertEqual(try engine.layout("(12) 345", font: .noto(), language: "he").lines.first?.visual, "345 (12)")
        XCTAssertEqual(try engine.layout("", font: .noto(), language: "he").direction, .rightToLeft)
        // A strong character decides whatever the view's direction.
        XCTAssertEqual(try engine.layout("iPhone", font: .noto(), language: "ar", direction: .rightToLeft).direction, .leftToRight)
    }

    func testMixedTextsVisualOrder() throws {
        let engine = try SharedEngine.get()
        func visual(_ text: String, _ language: String) throws -> (TextDirection, String) {
            let layout = try engine.layout(text, font: .noto(), language: language)
            return (layout.direction, try XCTUnwrap(layout.lines.first?.visual))
        }
        // Arabic and Hebrew starting with a brand name: left to right, the period at the right end.
        XCTAssertEqual(try visual("iPhone متاح الآن.", "ar").0, .leftToRight)
        XCTAssertEqual(try visual("iPhone متاح الآن.", "ar").1, "iPhone " + String("متاح الآن".reversed()) + ".")
        XCTAssertEqual(try visual("WhatsApp מחובר עכשיו.", "he").1, "WhatsApp " + String("מחובר עכשיו".reversed()) + ".")
        // English starting with a Hebrew name: right to left, the period at the left end.
        XCTAssertEqual(try visual("דני sent you a message.", "en").0, .rightToLeft)
        XCTAssertEqual(try visual("דני sent you a message.", "en").1, ".sent you a message " + String("דני".reversed()))
        // An isolate is skipped: the Arabic after it decides.
        XCTAssertEqual(try visual("\u{2068}iPhone\u{2069} متاح الآن.", "ar").0, .rightToLeft)
        XCTAssertEqual(try visual("\u{2067}שלום\u{2069} means hello.", "en").0, .leftToRight)
        XCTAssertEqual(TextDirection.firstStrong(of: "\u{2067}שלום\u{2069} 12"), nil)
        XCTAssertEqual(TextDirection.firstStrong(of: "12\nשלום"), nil, "the first paragraph only")
    }

    /// A text's first strong character read off its ASCII start (`firstStrong(of:)`) is the one
    /// ICU's bidi classes find in its UTF-16 units (`firstStrong(utf16:)`): every ASCII
    /// character alone, and before a right-to-left letter, a left-to-right one, a non-ASCII
    /// neutral and an isolate, and texts of real translations.
    func testTheFirstStrongCharacterReadOffASCIIIsICUs() throws {
        var texts: [String] = []
        for value in 0..<128 {
            let character = String(UnicodeScalar(UInt8(value)))
            texts += [character, character + "ש", character + "a", character + "\u{00A0}ש", character + "\u{2067}ש\u{2069}a",
                      "12 " + character + "ش", "\u{00E9}" + character]
        }
        texts += ["", "iPhone 15", "15 iPhone", "(%d) مرحبا", "...\r\nש", "\u{001C}a", "\u{0085}a", "\u{2029}a"]
        for text in texts {
            XCTAssertEqual(TextDirection.firstStrong(of: text), TextDirection.firstStrong(utf16: Array(text.utf16)),
                           "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Right to left: the 71 characters neither letters nor paragraph separators, before each
        // of three right-to-left texts. None: the 76 characters alone, the 5 paragraph
        // separators before the others, and 5 texts of the list.
        XCTAssertEqual(texts.filter { TextDirection.firstStrong(of: $0) == .rightToLeft }.count, 3 * 71)
        XCTAssertEqual(texts.filter { TextDirection.firstStrong(of: $0) == nil }.count, 76 + 5 * 5 + 5)
        XCTAssertEqual(texts.filter { TextDirection.firstStrong(of: $0) == .leftToRight }.count, texts.count - 3 * 71 - 106)
    }

    /// A text of several paragraphs: UAX #9 resolves each paragraph apart (P1), so with
    /// `natural` each takes its own first strong character, and a line is laid out, ordered and
    /// shaped in its paragraph's direction.
    /// A text laid out in a view of one direction and then of the other (a right-to-left run
    /// and its left-to-right mirror) is laid out in the second as an engine that never met it
    /// lays it out there: the same layout where every paragraph takes its direction from its own
    /// letters (or from a forced writing direction), and its own where one takes the view's.
    func testATextLaidOutInBothDirectionsIsLaidOutInEachAsAlone() throws {
        let texts: [(String, String)] = [
            ("رقم الجهاز التسلسلي", "ar"), ("שלום עולם (abc) 42", "he"), ("Notifications later", "en"),
            ("Hello مرحبا", "ar"), ("مرحبا\nHello", "ar"), ("Hello\nمرحبا\n123", "ar"),
            ("123 456", "ar"), ("(42)", "he"), ("", "en"), ("— 3 %", "ar"),
        ]
        var options: [TextLayoutOptions] = [TextLayoutOptions(), TextLayoutOptions(width: 60, lines: 0, lineBreak: .wordWrap)]
        var forced = TextLayoutOptions()
        forced.writingDirection = .rightToLeft
        options.append(forced)
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        var shared = 0
        for (text, language) in texts {
            for option in options {
                for (first, second) in [(TextDirection.rightToLeft, TextDirection.leftToRight), (.leftToRight, .rightToLeft)] {
                    let font = FontRequest(family: "Noto Sans", size: 17)
                    let before = try engine.layout(text, font: font, language: language, options: option, direction: first)
                    let alone = try TextEngine(fontsFolder: Repository.fonts)
                        .layout(text, font: font, language: language, options: option, direction: second)
                    let after = try engine.layout(text, font: font, language: language, options: option, direction: second)
                    XCTAssertEqual(after, alone, "\(text) in a \(second.rawValue) view after a \(first.rawValue) one")
                    if before == after { shared += 1 }
                }
            }
        }
        // The texts with strong letters in every paragraph (or forced): laid out alike both ways.
        XCTAssertGreaterThan(shared, 20)
    }

    func testEachParagraphTakesItsOwnDirection() throws {
        let engine = try SharedEngine.get()
        let wrap = TextLayoutOptions(width: 300, lines: 0, lineBreak: .wordWrap)
        let arabic = "مرحبا بالعالم!"
        let mixed = try engine.layout("Hello world.\n" + arabic, font: .noto(), language: "en", options: wrap)
        XCTAssertEqual(mixed.direction, .leftToRight, "the first paragraph's")
        XCTAssertEqual(mixed.lines.map(\.text), ["Hello world.", arabic])
        XCTAssertEqual(mixed.lines[0].visual, "Hello world.")
        XCTAssertEqual(mixed.lines[1].visual, "!" + String("مرحبا بالعالم".reversed()), "the second paragraph right to left: ! at its left end")
        XCTAssertTrue(mixed.lines[1].runs.allSatisfy(\.rightToLeft), "the Arabic line shaped right to left, its ! too")
        // The Arabic paragraph alone, in an Arabic run, is the same line.
        let alone = try engine.layout(arabic, font: .noto(), language: "ar", options: wrap)
        XCTAssertEqual(mixed.lines[1].visual, alone.lines[0].visual)
        XCTAssertEqual(mixed.lines[1].width, alone.lines[0].width, accuracy: 1e-9)

        // The other way: Hebrew first, then English; CR LF is one separator.
        let hebrewFirst = try engine.layout("שלום עולם.\r\nSee you soon!", font: .noto(), language: "he", options: wrap)
        XCTAssertEqual(hebrewFirst.direction, .rightToLeft)
        XCTAssertEqual(hebrewFirst.lines.map(\.visual), ["." + String("שלום עולם".reversed()), "See you soon!"])
        XCTAssertTrue(hebrewFirst.lines[1].runs.allSatisfy { !$0.rightToLeft })
        // A paragraph without a strong character takes the view's direction.
        let digits = try engine.layout("Total\n(12) 345", font: .noto(), language: "he", options: wrap)
        XCTAssertEqual(digits.lines.map(\.visual), ["Total", "345 (12)"])
        // A forced direction applies to every paragraph.
        let forced = try engine.layout("Hello world.\n" + arabic, font: .noto(), language: "en",
                                       options: TextLayoutOptions(width: 300, lines: 0, lineBreak: .wordWrap, writingDirection: .leftToRight))
        XCTAssertEqual(forced.lines[1].visual, String("مرحبا بالعالم".reversed()) + "!")
        XCTAssertEqual(TextDirection.paragraphs(of: "a\nب\r\n12\u{2029}", writing: .natural, view: .leftToRight),
                       [.leftToRight, .rightToLeft, .leftToRight])
        XCTAssertEqual(TextDirection.paragraphRanges(Array("a\r\nb".utf16)), [0..<3, 3..<4])
    }
}
