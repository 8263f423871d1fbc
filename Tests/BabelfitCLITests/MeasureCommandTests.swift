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

    func testDynamicTypeTextStyle() throws {
        let output = try Binary.run(["measure", "Settings", "--text-style", "headline", "--content-size", "AX1", "--format", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["font"] as? String, "Noto Sans Semibold 28")
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
        ]
        for (arguments, message) in cases {
            let output = try Binary.run(arguments)
            XCTAssertEqual(output.status, 2, "\(arguments)")
            XCTAssertTrue(output.stderr.contains(message), "\(arguments): \(output.stderr)")
            XCTAssertEqual(output.stdout, "", "\(arguments)")
        }
    }
}
