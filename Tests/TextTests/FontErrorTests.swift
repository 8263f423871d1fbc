import Foundation
import Text
import XCTest

final class FontErrorTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A catalog of one family "Test" whose regular face is `file`.
    private func engine(file: String, package: String? = nil) throws -> TextEngine {
        let packageField = package.map { ", \"package\": \"\($0)\"" } ?? ""
        let catalog = """
        { "format": 1, "families": [ { "family": "Test"\(packageField), "faces": [ { "weight": "regular", "file": "\(file)" } ] } ],
          "fallback": { "Latn": ["Test"] }, "lastResort": ["Test"] }
        """
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("catalog.json"))
        return try TextEngine(fontsFolder: folder.path)
    }

    private func error(measuring engine: TextEngine) -> TextError? {
        do {
            _ = try engine.width(of: "Hello", font: FontRequest(family: "Test", size: 17), language: "en")
            XCTFail("measuring with a broken font must fail")
            return nil
        } catch let error as TextError {
            return error
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
    }

    func testMissingFontFileNamesTheFileAndHowToInstallIt() throws {
        let engine = try engine(file: "/nonexistent/NotoSansCJK-Regular.ttc", package: "fonts-noto-cjk")
        let error = try XCTUnwrap(error(measuring: engine))
        XCTAssertEqual(error, .fontFileMissing(path: "/nonexistent/NotoSansCJK-Regular.ttc", family: "Test",
                                               installHint: "install it with: apt-get install fonts-noto-cjk (or run scripts/setup)"))
        XCTAssertTrue(error.description.hasPrefix("/nonexistent/NotoSansCJK-Regular.ttc: font file for Test is missing"))
    }

    func testAFileThatIsNotAFont() throws {
        try Data("This is a text file, not a font.\n".utf8).write(to: folder.appendingPathComponent("Fake.ttf"))
        let error = try XCTUnwrap(error(measuring: try engine(file: "Fake.ttf")))
        guard case let .notAFont(path, _) = error else { return XCTFail("expected notAFont, got \(error)") }
        XCTAssertEqual(path, folder.appendingPathComponent("Fake.ttf").path)
        XCTAssertTrue(error.description.contains("Fake.ttf: not a font file"), error.description)
    }

    func testATruncatedFontFile() throws {
        let original = try XCTUnwrap(FileManager.default.contents(atPath: Repository.fonts + "/NotoSans-Regular.ttf"),
                                     "the bundled font Fonts/NotoSans-Regular.ttf is missing")
        try original.prefix(original.count / 2).write(to: folder.appendingPathComponent("Cut.ttf"))
        let error = try XCTUnwrap(error(measuring: try engine(file: "Cut.ttf")))
        guard case let .damagedFont(path, reason) = error else { return XCTFail("expected damagedFont, got \(error)") }
        XCTAssertTrue(path.hasSuffix("Cut.ttf"))
        XCTAssertTrue(reason.contains("but the file has \(original.count / 2) bytes"), reason)
    }

    func testAnEmptyFile() throws {
        try Data().write(to: folder.appendingPathComponent("Empty.ttf"))
        let error = try XCTUnwrap(error(measuring: try engine(file: "Empty.ttf")))
        XCTAssertEqual(error, .notAFont(path: folder.appendingPathComponent("Empty.ttf").path, reason: "the file is 0 bytes long"))
    }

    func testMissingCatalogAndUnknownFamily() throws {
        XCTAssertThrowsError(try TextEngine(fontsFolder: folder.appendingPathComponent("nothing").path)) { error in
            XCTAssertTrue("\(error)".contains("catalog.json: font catalog not found"), "\(error)")
        }
        let engine = try SharedEngine.get()
        XCTAssertThrowsError(try engine.width(of: "x", font: FontRequest(family: "Helvetica", size: 17), language: "en")) { error in
            XCTAssertTrue("\(error)".hasPrefix("unknown font family 'Helvetica'; the catalog has: Noto Color Emoji, Noto Sans,"), "\(error)")
        }
    }

    func testMalformedCatalogNamesThePlace() throws {
        try Data(#"{ "format": 1, "families": [ { "family": "X", "faces": [ { "weight": "heavy", "file": "a.ttf" } ] } ], "fallback": {} }"#.utf8)
            .write(to: folder.appendingPathComponent("catalog.json"))
        XCTAssertThrowsError(try TextEngine(fontsFolder: folder.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("catalog.json"), text)
            XCTAssertTrue(text.contains("families[0].faces[0].weight"), text)
        }
    }
}
