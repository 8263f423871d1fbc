import Foundation
@testable import Text
import XCTest

/// The catalog records each bundled font's SHA-256; a file that differs is refused when first
/// opened, with the file, both digests and the catalog, instead of measuring with another font.
final class FontChecksumTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("babelfit-checksum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testSHA256OfKnownVectors() {
        XCTAssertEqual(SHA256.hex([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    private func engine(sha256: String) throws -> TextEngine {
        let catalog = """
        { "format": 1, "families": [ { "family": "Test", "faces": [ { "weight": "regular", "file": "Test.ttf", "sha256": "\(sha256)" } ] } ],
          "fallback": { "Latn": ["Test"] }, "lastResort": ["Test"] }
        """
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("catalog.json"))
        return try TextEngine(fontsFolder: folder.path)
    }

    func testAFontWhoseDigestDiffersIsRefusedNamingBoth() throws {
        let original = try XCTUnwrap(FileManager.default.contents(atPath: Repository.fonts + "/NotoSans-Regular.ttf"))
        let font = folder.appendingPathComponent("Test.ttf")
        try original.write(to: font)
        let recorded = "89c3c497f618fdaa0b2d1e98fef93582f28c71debd2c4a8cdf41f190ced2909d"
        XCTAssertEqual(SHA256.hex(original), recorded, "Fonts/catalog.json records the bundled file's digest")
        XCTAssertNoThrow(try engine(sha256: recorded).width(of: "Hello", font: FontRequest(family: "Test", size: 17), language: "en"))

        var changed = original
        changed[100_000] ^= 0xFF
        try changed.write(to: font)
        let actual = SHA256.hex(changed)
        XCTAssertThrowsError(try engine(sha256: recorded).width(of: "Hello", font: FontRequest(family: "Test", size: 17), language: "en")) { error in
            XCTAssertEqual(error as? TextError, .checksumMismatch(path: font.path, expected: recorded, actual: actual,
                                                                  catalog: folder.appendingPathComponent("catalog.json").path))
            XCTAssertEqual("\(error)", "\(font.path): the font file's SHA-256 is \(actual), but "
                + "\(folder.appendingPathComponent("catalog.json").path) records \(recorded): "
                + "it is another version of the font, or damaged; restore the file or update the catalog")
        }
    }

    func testADigestThatIsNotSHA256IsACatalogError() throws {
        XCTAssertThrowsError(try engine(sha256: "abc")) { error in
            XCTAssertEqual("\(error)", "\(folder.appendingPathComponent("catalog.json").path):1:114: families[0].faces[0].sha256: expected 64 hexadecimal digits, found 'abc'")
        }
    }
}
