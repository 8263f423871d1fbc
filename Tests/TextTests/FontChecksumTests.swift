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

    /// Lengths on each side of the block and padding boundaries (55/56 bytes fit the length in
    /// the last block or not; 64 and 128 are whole blocks), as contiguous arrays and as a
    /// collection that is not contiguous; the digests are `sha256sum`'s of the same bytes
    /// (byte i is i·7 mod 251).
    func testSHA256AcrossBlockBoundaries() {
        let expected: [(Int, String)] = [
            (55, "8af594de0e003fdee5c8bb088216c824349b4137070f559574f4a4bddd27b714"),
            (56, "db81bc2bfd43620591df192139062da77d4c376f1888ea3d2190bd07c8d901f9"),
            (63, "bd535b38bf0d0d1a09d370b7e34b2696cea3767801a45d5611a4aaa6954e8527"),
            (64, "292be91abe8c0909fe3d26575af5755eee74d23816dc68c3ba41765136967654"),
            (65, "ba65aedf7884642499a59ae124894611d986cf429e69f569488048af3a99e25a"),
            (119, "d367ab298e74477421127b0b448667c37c006c636f5738f081c39388756e5fad"),
            (120, "be7beb9c82089eb08da8fe6eb30c13b9d56869014e228a8c3eb0fdfe832efab2"),
            (128, "cb5311e1d7aa8e11d6af7081f3ffc3e4efa008c7483a1a791fe170bf37546ba7"),
            (1000, "59425e4412e296fc74736673ce067027f384203f59c0d2c3e6be7b13347b3ffc"),
        ]
        for (length, digest) in expected {
            let bytes = (0..<length).map { UInt8($0 * 7 % 251) }
            XCTAssertEqual(SHA256.hex(bytes), digest, "\(length) bytes")
            XCTAssertEqual(SHA256.hex(Data(bytes)), digest, "\(length) bytes as Data")
            XCTAssertEqual(SHA256.hex((0..<length).lazy.map { UInt8($0 * 7 % 251) }), digest, "\(length) bytes, not contiguous")
        }
    }

    /// The SHA extensions (`CDigest`, used where the processor has them) and the Swift code
    /// give the same digests: every length up to four blocks and a few longer, of bytes that are
    /// not a pattern, whole and from an offset that is not aligned.
    func testTheSHAExtensionsAndSwiftGiveTheSameDigests() throws {
        guard SHA256.usesHardware else {
            throw XCTSkip("this processor has no SHA extensions: the Swift code alone hashes, as the other tests check")
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var compared = 0
        for length in Array(0...260) + [1000, 4095, 4096, 4097, 65_537] {
            for offset in [0, 3] {
                let slice = bytes[offset..<(offset + length)]
                XCTAssertEqual(SHA256.hex(slice, hardware: true), SHA256.hex(slice, hardware: false), "\(length) bytes from \(offset)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 266 * 2)
        XCTAssertEqual(SHA256.hex(Array("abc".utf8), hardware: false), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8), hardware: true), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
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
