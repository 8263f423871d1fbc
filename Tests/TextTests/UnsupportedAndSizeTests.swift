import Foundation
import Text
import XCTest

final class UnsupportedCharacterTests: XCTestCase {
    func testClustersNoFontHasAreListedOnceInOrder() throws {
        let engine = try SharedEngine.get()
        XCTAssertEqual(try engine.layout("Hello, world", font: .noto(), language: "en").unsupported, [])
        XCTAssertEqual(try engine.layout("ᏣᎳᎩ", font: .noto(), language: "chr").unsupported, ["Ꮳ", "Ꮃ", "Ꭹ"])
        XCTAssertEqual(try engine.layout("Press ⌘K, then ⌘C", font: .noto(), language: "en").unsupported, ["⌘"])
        XCTAssertEqual(try engine.layout("⌘ ᏣᎳᎩ Ꮳ ⌘", font: .noto(), language: "en").unsupported, ["⌘", "Ꮳ", "Ꮃ", "Ꭹ"])
        // The whole text counts, also what truncation hides.
        let truncated = try engine.layout("Settings ⌘", font: .noto(), language: "en", options: TextLayoutOptions(width: 40))
        XCTAssertTrue(truncated.truncated)
        XCTAssertEqual(truncated.unsupported, ["⌘"])
    }

    func testAnUnsupportedClusterIsMeasuredAsTheLabelFontsMissingGlyph() throws {
        let engine = try SharedEngine.get()
        let layout = try engine.layout("Ꮳ", font: .noto(), language: "chr")
        XCTAssertEqual(layout.lines[0].fonts, ["Noto Sans"])
        XCTAssertEqual(layout.naturalWidth, try engine.width(of: "⌘", font: .noto(), language: "en"), accuracy: 1e-9)
        XCTAssertGreaterThan(layout.naturalWidth, 0)
    }

    func testControlAndIgnorableCharactersAreNotUnsupported() throws {
        let engine = try SharedEngine.get()
        XCTAssertEqual(try engine.layout("a\u{200B}b\nc\u{FE0F}", font: .noto(), language: "en", options: TextLayoutOptions(lines: 0)).unsupported, [])
    }
}

final class FontSizeTests: XCTestCase {
    func testDescriptionOfAnySize() {
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: 17).description, "Noto Sans 17")
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: 13.5, weight: .bold).description, "Noto Sans Bold 13.5")
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: 14.0004).description, "Noto Sans 14")
        // Int(1e20) would trap.
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: 1e20).description, "Noto Sans 1e+20")
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: -1e300).description, "Noto Sans -1e+300")
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: .infinity).description, "Noto Sans inf")
        XCTAssertEqual(FontRequest(family: "Noto Sans", size: .nan).description, "Noto Sans nan")
    }

    func testSizesOutsideZeroToTenThousandAreRefused() throws {
        let engine = try SharedEngine.get()
        for size in [0, -1, -0.0, 10_000.5, 1e20, .infinity, -.infinity, .nan] {
            let font = FontRequest(family: "Noto Sans", size: size)
            for measure in [{ _ = try engine.width(of: "Hello", font: font, language: "en") },
                            { _ = try engine.layout("Hello", font: font, language: "en", options: TextLayoutOptions(width: 50)) }] {
                XCTAssertThrowsError(try measure(), "size \(size)") { error in
                    guard case let .invalidFontSize(refused)? = error as? TextError else {
                        return XCTFail("expected invalidFontSize for \(size), got \(error)")
                    }
                    XCTAssertTrue(refused == size || (refused.isNaN && size.isNaN))
                    XCTAssertTrue("\(error)".hasSuffix("a font size must be a finite number of points, more than 0 and at most 10000"),
                                  "\(error)")
                }
            }
        }
        XCTAssertEqual("\(TextError.invalidFontSize(1e20))",
                       "invalid font size 1e+20: a font size must be a finite number of points, more than 0 and at most 10000")
        XCTAssertEqual("\(TextError.invalidFontSize(.nan))",
                       "invalid font size nan: a font size must be a finite number of points, more than 0 and at most 10000")
        // The bounds themselves: the largest size is measured, the smallest positive one too.
        XCTAssertEqual(try engine.width(of: "Hello", font: .noto(10_000), language: "en"),
                       try engine.width(of: "Hello", font: .noto(17), language: "en") / 17 * 10_000, accuracy: 1e-6)
        XCTAssertGreaterThan(try engine.width(of: "Hello", font: .noto(0.01), language: "en"), 0)
    }
}

final class FontCatalogFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The message of the error reading `text` as the catalog.
    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let path = folder.appendingPathComponent("catalog.json")
        do {
            try Data(text.utf8).write(to: path)
            _ = try FontCatalog(contentsOf: path.path)
            XCTFail("the catalog must be refused", file: file, line: line)
            return ""
        } catch {
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(path.path + ":"), message, file: file, line: line)
            return String(message.dropFirst(path.path.count))
        }
    }

    func testSyntaxErrorsNameLineAndColumn() {
        XCTAssertEqual(error("""
        {
          "format": 1,
          "families": [
            { "family": "X" "faces": [] }
          ]
        }
        """), ":4:21: invalid JSON: expected ',' or '}' in an object")
        XCTAssertEqual(error("{\n  \"format\": 1,\n}"), ":3:1: invalid JSON: expected a string key")
        XCTAssertEqual(error(""), ":1:1: invalid JSON: unexpected end of file, expected a value")
        XCTAssertEqual(error("{ \"format\": 1 } x"), ":1:17: invalid JSON: unexpected text after the JSON value")
    }

    func testTypeErrorsNameTheJSONPathAndWhereItIs() {
        XCTAssertEqual(error("{\n  \"format\": \"1\", \"families\": [], \"fallback\": {} }"),
                       ":2:13: format: expected a whole number, found a string")
        XCTAssertEqual(error("""
        { "format": 1, "fallback": {},
          "families": [ { "family": "X", "faces": [ { "weight": "heavy", "file": "a.ttf" } ] } ] }
        """), ":2:57: families[0].faces[0].weight: expected one of regular, medium, semibold, bold, found 'heavy'")
        XCTAssertEqual(error("""
        { "format": 1, "families": [ { "family": "X", "faces": [ { "weight": "regular" } ] } ], "fallback": {} }
        """), ":1:58: families[0].faces[0].file: missing")
        XCTAssertEqual(error("""
        { "format": 1, "families": [], "fallback": { "Latn": ["X", 2] } }
        """), ":1:60: fallback.Latn[1]: expected a string, found a number")
        XCTAssertEqual(error("""
        { "format": 1, "families": [], "fallback": {}, "lastResort": "X" }
        """), ":1:62: lastResort: expected an array, found a string")
        XCTAssertEqual(error("[1]"), ":1:1: expected an object, found an array")
        XCTAssertEqual(error("{ \"format\": 1, \"families\": [], \"fallback\": { \"Latn\": [\"X\"] } }"),
                       ": fallback names family 'X', which the catalog does not list")
    }

    func testOptionalMembersMayBeNull() throws {
        let path = folder.appendingPathComponent("catalog.json")
        try Data("""
        { "format": 1, "families": [ { "family": "X", "package": null,
            "faces": [ { "weight": "bold", "file": "x.ttf", "index": null } ] } ],
          "fallback": { "Latn": ["X"] }, "cjkByLanguage": null, "lastResort": null, "comment": "ignored" }
        """.utf8).write(to: path)
        let catalog = try FontCatalog(contentsOf: path.path)
        let face = try XCTUnwrap(catalog.families["X"]?.faces.first)
        XCTAssertEqual(catalog.families["X"]?.faces.count, 1)
        XCTAssertEqual(catalog.families["X"]?.package, nil)
        XCTAssertEqual([face.weight.rawValue, face.path, "\(face.index)"], ["bold", folder.appendingPathComponent("x.ttf").path, "0"])
        XCTAssertEqual(catalog.lastResort, [])
        XCTAssertEqual(catalog.cjkByLanguage, [:])
    }

    func testTheBundledCatalogNamesTheEmojiFamily() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        XCTAssertEqual(catalog.fallback[FontCatalog.emojiScript], ["Noto Color Emoji"])
        XCTAssertEqual(catalog.families["Noto Color Emoji"]?.package, "fonts-noto-color-emoji")
        XCTAssertEqual(catalog.candidateFamilies(label: "Noto Sans", script: "Latn", language: "en", emoji: .emoji),
                       ["Noto Color Emoji", "Noto Sans"])
        XCTAssertEqual(catalog.candidateFamilies(label: "Noto Sans", script: "Arab", language: "ar", emoji: .text),
                       ["Noto Sans", "Noto Sans Arabic", "Noto Color Emoji"])
        XCTAssertEqual(catalog.candidateFamilies(label: "Noto Sans", script: "Arab", language: "ar", emoji: .none),
                       ["Noto Sans", "Noto Sans Arabic"])
    }
}
