import Foundation
import XCTest

/// `babelfit measure`, end to end through the built binary.
final class MeasureCommandTests: XCTestCase {
    func testSpanishSerialNumberTruncatesInFiftyFivePoints() throws {
        let output = try Binary.run(["measure", "Número de serie", "--font", "Noto Sans", "--size", "17",
                                     "--language", "es", "--width", "55", "--lines", "1", "--line-break", "truncateTail"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(output.stdout, """
        Noto Sans 17 · es · ltr
        width 133.484 pt on one line; given 55 pt × 1 line (truncateTail)
        height 23.154 pt, first baseline 18.173 pt
        truncated: needs 3 lines
        line 1: "Núm…" 52.768 pt
        shown: Núm…

        """)
    }

    func testJSONOutputForRightToLeftText() throws {
        let output = try Binary.run(["measure", "מספר סידורי", "--language", "he", "--weight", "bold",
                                     "--width", "60", "--format", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["direction"] as? String, "rtl")
        XCTAssertEqual(object["font"] as? String, "Noto Sans Bold 17")
        XCTAssertEqual(object["truncated"] as? Bool, true)
        XCTAssertEqual(object["available"] as? Double, 60)
        let shown = try XCTUnwrap(object["shown"] as? String)
        XCTAssertTrue(shown.hasPrefix("מספר"), shown)
        XCTAssertTrue(shown.hasSuffix("\u{2026}"), shown)
        let lines = try XCTUnwrap(object["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual((lines[0]["visual"] as? String)?.first, "\u{2026}", "the ellipsis is drawn at the left in Hebrew")
        XCTAssertLessThanOrEqual(try XCTUnwrap(lines[0]["width"] as? Double), 60)
    }

    func testEnglishInUrduIsLaidOutLeftToRightUnlessForced() throws {
        let text = "Use the web app to verify this user."
        let natural = try Binary.run(["measure", text, "--language", "ur"])
        XCTAssertEqual(natural.status, 0, natural.stderr)
        XCTAssertEqual(natural.stdout, """
        Noto Sans 17 · ur · ltr
        width 278.018 pt on one line
        height 23.154 pt, first baseline 18.173 pt
        fits
        line 1: "Use the web app to verify this user." 278.018 pt
        shown: Use the web app to verify this user.

        """)
        let english = try Binary.run(["measure", text, "--language", "en"])
        XCTAssertEqual(natural.stdout.split(separator: "\n").dropFirst(), english.stdout.split(separator: "\n").dropFirst())
        let forced = try Binary.run(["measure", text, "--language", "ur", "--direction", "rtl", "--format", "json"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(forced.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["direction"] as? String, "rtl")
        XCTAssertEqual(object["width"] as? Double, 280.738)
        let digits = try Binary.run(["measure", "2024", "--language", "ar", "--format", "json"])
        XCTAssertTrue(digits.stdout.contains("\"direction\": \"rtl\""), "no strong character: the language's direction")
        let wrong = try Binary.run(["measure", text, "--direction", "up"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--direction must be one of natural, ltr, rtl"), wrong.stderr)
    }

    func testDynamicTypeTextStyle() throws {
        let output = try Binary.run(["measure", "Settings", "--text-style", "headline", "--content-size", "AX1", "--format", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["font"] as? String, "Noto Sans Semibold 28")
    }

    func testWarnsAboutCharactersNoFontHas() throws {
        let output = try Binary.run(["measure", "Cherokee ᏣᎳᎩ", "--language", "chr"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains("warning: no font has \"Ꮳ\", \"Ꮃ\", \"Ꭹ\"; measured as the missing glyph"), output.stdout)
        let emoji = try Binary.run(["measure", "Hi 👋 ok", "--format", "json"])
        XCTAssertEqual(emoji.status, 0, emoji.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(emoji.stdout.utf8)) as? [String: Any])
        XCTAssertNil(object["unsupported"], "every character of \"Hi 👋 ok\" has a font")
        XCTAssertEqual(try XCTUnwrap(object["width"] as? Double), 66.353, accuracy: 0.001)
    }

    func testFindsTheBundledFontsFromAnotherFolder() throws {
        let output = try Binary.run(["measure", "OK"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertTrue(output.stdout.contains("shown: OK"), output.stdout)
    }

    func testBadArgumentsExitWithStatusTwo() throws {
        let cases: [([String], String)] = [
            (["measure", "x", "--line-break", "ellipsis"], "--line-break must be one of wordWrap, charWrap, clip"),
            (["measure", "x", "--size", "big"], "--size expects a number, got 'big'"),
            (["measure", "x", "--colour", "red"], "unknown option --colour"),
            (["measure"], "measure takes one text argument"),
            (["measure", "x", "--font", "Comic Sans"], "unknown font family 'Comic Sans'"),
            (["measure", "x", "--fonts", "/nonexistent"], "/nonexistent/catalog.json: font catalog not found"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["measure", "x", "--size", "30", "--text-style", "body"], "--size and --text-style both give the size"),
            (["measure", "x", "--content-size", "AX1"], "--content-size sizes a --text-style"),
            (["measure", "x", "--width", "-5"], "--width must be more than 0"),
            (["measure", "x", "--width", "50", "--minimum-scale-factor", "2"], "--minimum-scale-factor must be more than 0 and at most 1"),
            (["measure", "x", "--size", "1e20"], "font size"),
        ]
        for (arguments, message) in cases {
            let output = try Binary.run(arguments)
            XCTAssertEqual(output.status, 2, "\(arguments)")
            XCTAssertTrue(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            XCTAssertEqual(output.stdout, "", "\(arguments)")
        }
    }
}
