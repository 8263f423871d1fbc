import Foundation
import Text
import XCTest

/// Emoji are drawn in Noto Color Emoji (Debian's fonts-noto-color-emoji, installed by
/// scripts/setup): these tests fail, never skip, when it is not installed.
final class EmojiTests: XCTestCase {
    /// Noto Color Emoji: every emoji glyph advances 2550 of 2048 units per em (hmtx).
    private static let emojiAdvance = 2550.0 / 2048 * 17

    func testEmojiInLatinTextAreDrawnInNotoColorEmoji() throws {
        let layout = try SharedEngine.get().layout("Hi 👋 ok", font: .noto(), language: "en")
        XCTAssertEqual(layout.lines[0].fonts, ["Noto Sans", "Noto Color Emoji"])
        XCTAssertEqual(layout.unsupported, [])
        // hb-shape 6.0.0, one run per segment, as scripts/shaping-reference shapes them:
        //   hb-shape --direction=ltr --script=Latn --language=en --text-after="👋 ok" --text="Hi " \
        //       Fonts/NotoSans-Regular.ttf                                   → [H=0+741|i=1+258|space=2+260]
        //   hb-shape --direction=ltr --script=Latn --language=en --text-before="Hi " --text-after=" ok" \
        //       --text="👋" /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf → [gid567=0+2550]
        //   hb-shape --direction=ltr --script=Latn --language=en --text-before="Hi 👋" --text=" ok" \
        //       Fonts/NotoSans-Regular.ttf                                   → [space=0+260|o=1+605|k=2+534]
        // (741 + 258 + 260 + 260 + 605 + 534) / 1000 × 17 + 2550 / 2048 × 17 = 45.186 + 21.1669921875
        let expected = 66.3529921875
        XCTAssertEqual(layout.naturalWidth, expected, accuracy: 1e-9)
        XCTAssertEqual(try SharedEngine.get().width(of: "Hi 👋 ok", font: .noto(), language: "en"), expected, accuracy: 1e-9)
        // Noto Color Emoji's hhea (1900, -500 per 2048) is within Noto Sans's: the line keeps its height.
        XCTAssertEqual(layout.height, (1069.0 + 293.0) / 1000 * 17, accuracy: 1e-9)
    }

    func testAZeroWidthJoinerSequenceIsOneClusterInOneFont() throws {
        let engine = try SharedEngine.get()
        // 👩‍💻 = U+1F469 U+200D U+1F4BB: one grapheme cluster, which the font's GSUB turns into one glyph
        // (hb-shape --text="👩‍💻" NotoColorEmoji.ttf → [gid2358=0+2550]), not two 2550-unit glyphs.
        let single = try engine.layout("👩‍💻", font: .noto(), language: "en")
        XCTAssertEqual(single.lines[0].fonts, ["Noto Color Emoji"])
        XCTAssertEqual(single.naturalWidth, EmojiTests.emojiAdvance, accuracy: 1e-9)
        // Wrapped between characters, two of them make two lines of one whole cluster each.
        let wrapped = try engine.layout("👩‍💻👩‍💻", font: .noto(), language: "en",
                                        options: TextLayoutOptions(width: 25, lines: 0, lineBreak: .charWrap))
        XCTAssertEqual(wrapped.lines.map(\.text), ["👩‍💻", "👩‍💻"])
        XCTAssertEqual(wrapped.lines.map(\.fonts), [["Noto Color Emoji"], ["Noto Color Emoji"]])
        XCTAssertEqual(wrapped.lines[0].width, EmojiTests.emojiAdvance, accuracy: 1e-9)
        // Truncated, the cluster is kept or cut whole.
        let cut = try engine.layout("👩‍💻👩‍💻", font: .noto(), language: "en", options: TextLayoutOptions(width: 35))
        XCTAssertEqual(cut.shown, "👩‍💻…")
    }

    func testEmojiPresentationChoosesTheEmojiFontTextPresentationTheTextFont() throws {
        let engine = try SharedEngine.get()
        let cases: [(String, [String])] = [
            ("©", ["Noto Sans"]),                       // text presentation, and Noto Sans has it
            ("\u{A9}\u{FE0F}", ["Noto Color Emoji"]),   // ©️: U+FE0F asks for the emoji
            ("\u{263A}", ["Noto Color Emoji"]),         // ☺: text presentation, but no text font has it
            ("2024", ["Noto Sans"]),                    // digits are emoji characters too, and stay text
            ("1\u{FE0F}\u{20E3}", ["Noto Color Emoji"]), // keycap 1️⃣
            ("🇯🇵", ["Noto Color Emoji"]),               // a flag: two regional indicators, one cluster
            ("👋🏽", ["Noto Color Emoji"]),               // with a skin-tone modifier
        ]
        for (text, fonts) in cases {
            let layout = try engine.layout(text, font: .noto(), language: "en")
            XCTAssertEqual(layout.lines[0].fonts, fonts, text)
            XCTAssertEqual(layout.unsupported, [], text)
        }
        XCTAssertEqual(try engine.width(of: "🇯🇵", font: .noto(), language: "en"), EmojiTests.emojiAdvance, accuracy: 1e-9)
        XCTAssertEqual(try engine.width(of: "👋🏽", font: .noto(), language: "en"), EmojiTests.emojiAdvance, accuracy: 1e-9)
    }

    /// `EmojiStyle` reads ASCII without asking Unicode's properties: each ASCII character
    /// followed by U+FE0F must be styled as its properties say (only `#`, `*` and the digits are
    /// emoji characters), and text with the same characters unselected stays text.
    func testASCIIEmojiCharactersAreThoseOfUnicodesProperties() {
        for value in UInt32(0)..<0x80 {
            let isEmoji = Unicode.Scalar(value)!.properties.isEmoji
            XCTAssertEqual(EmojiStyle([value, 0xFE0F]), isEmoji ? .emoji : .none, "U+\(String(value, radix: 16))")
            XCTAssertEqual(EmojiStyle([value, 0xFE0E]), .none)
            XCTAssertEqual(EmojiStyle([value]), .none)
        }
        XCTAssertEqual(EmojiStyle([0x31, 0xFE0F, 0x20E3]), .emoji)
        XCTAssertEqual(EmojiStyle([0xA9]), .text)
        XCTAssertEqual(EmojiStyle([0x1F44B]), .emoji)
    }

    func testEmojiInOtherScriptsAndWeights() throws {
        let engine = try SharedEngine.get()
        let arabic = try engine.layout("شكرا 🙏", font: .noto(), language: "ar")
        XCTAssertEqual(arabic.lines[0].fonts, ["Noto Sans", "Noto Sans Arabic", "Noto Color Emoji"])
        let japanese = try engine.layout("ありがとう🙏", font: .noto(), language: "ja")
        XCTAssertEqual(japanese.lines[0].fonts, ["Noto Sans CJK JP", "Noto Color Emoji"])
        // The emoji family has one face, used at every weight.
        let bold = try engine.layout("Hi 👋", font: .noto(17, .bold), language: "en")
        XCTAssertEqual(bold.lines[0].fonts, ["Noto Sans Bold", "Noto Color Emoji"])
    }

    func testAMissingEmojiFontStopsOnlyTextWithEmoji() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-emoji-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notoSans = Repository.fonts + "/NotoSans-Regular.ttf"
        XCTAssertTrue(FileManager.default.fileExists(atPath: notoSans), "the bundled font \(notoSans) is missing")
        let catalog = """
        { "format": 1,
          "families": [
            { "family": "Noto Sans", "faces": [ { "weight": "regular", "file": "\(notoSans)" } ] },
            { "family": "Noto Color Emoji", "package": "fonts-noto-color-emoji",
              "faces": [ { "weight": "regular", "file": "/nonexistent/NotoColorEmoji.ttf" } ] } ],
          "fallback": { "Latn": ["Noto Sans"], "Zsye": ["Noto Color Emoji"] }, "lastResort": ["Noto Sans"] }
        """
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("catalog.json"))
        let engine = try TextEngine(fontsFolder: folder.path)
        // No emoji: the emoji font is never opened, even for characters no font has.
        XCTAssertGreaterThan(try engine.width(of: "Hello © 2024", font: .noto(), language: "en"), 0)
        XCTAssertEqual(try engine.layout("ᏣᎳᎩ", font: .noto(), language: "chr").unsupported, ["Ꮳ", "Ꮃ", "Ꭹ"])
        let hint = "install it with: apt-get install fonts-noto-color-emoji (or run scripts/setup)"
        for text in ["Hi 👋", "\u{263A}"] {
            XCTAssertThrowsError(try engine.layout(text, font: .noto(), language: "en"), text) { error in
                XCTAssertEqual(error as? TextError, .fontFileMissing(path: "/nonexistent/NotoColorEmoji.ttf",
                                                                    family: "Noto Color Emoji", installHint: hint))
                XCTAssertEqual("\(error)", "/nonexistent/NotoColorEmoji.ttf: font file for Noto Color Emoji is missing; " + hint)
            }
        }
    }

    func testTheEmojiFontOpensWithItsMetrics() throws {
        // A CBDT bitmap font: FreeType gives no units per em for it, so they come from `head`.
        let font = try SharedEngine.get().catalog.font(family: "Noto Color Emoji", weight: .regular)
        XCTAssertEqual(font.path, "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
        XCTAssertEqual(font.unitsPerEm, 2048)
        XCTAssertEqual([font.ascender, font.descender, font.lineGap], [1900, -500, 0])
        XCTAssertTrue(font.covers(0x1F44B))
    }
}
