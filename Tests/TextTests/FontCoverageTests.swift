import Foundation
@testable import Text
import XCTest

/// A paragraph asks a font which of its scalars it covers in one call
/// (`FontFile.coverage(of:needsNoGlyph:)`), answered from the code points the font was asked
/// before: these tests hold those answers to HarfBuzz's (`FontFile.covers`), asked first and
/// again, for every character of the Basic Multilingual Plane and characters beyond it.
final class FontCoverageTests: XCTestCase {
    func testCoverageAnswersAsHarfBuzzFirstAndAgain() throws {
        let catalog = try FontCatalog(folder: Repository.fonts)
        var scalars = (0..<UInt32(0x10000)).map { $0 }
        scalars += [0x10000, 0x1F44B, 0x1F600, 0x20000, 0x2A6D6, 0x10FFFF]
        for family in ["Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Thai", "Noto Sans CJK JP",
                       "Noto Color Emoji"] {
            let font = try catalog.font(family: family, weight: .regular)
            let expected = scalars.map(font.covers)
            XCTAssertTrue(expected.contains(true), family)
            XCTAssertTrue(expected.contains(false), family)
            // Asked first in a shuffled order of a part of the scalars, then for all, then again.
            var generator = SystemRandomNumberGenerator()
            let part = Array(scalars.shuffled(using: &generator).prefix(5000))
            XCTAssertEqual(font.coverage(of: part) { _ in false }, part.map(font.covers), family)
            XCTAssertEqual(font.coverage(of: scalars) { _ in false }, expected, family)
            XCTAssertEqual(font.coverage(of: scalars) { _ in false }, expected, family)
        }
    }

    func testAScalarThatNeedsNoGlyphIsCoveredWithoutAsking() throws {
        let font = try FontCatalog(folder: Repository.fonts).font(family: "Noto Sans Thai", weight: .regular)
        let scalars: [UInt32] = [0x41, 0x0E01, 0x0627, 0x09, 0x200D, 0x0627]
        XCTAssertEqual(font.coverage(of: scalars) { _ in false }, scalars.map(font.covers))
        XCTAssertEqual(font.coverage(of: scalars) { $0 == 0x0627 || $0 < 0x20 },
                       [font.covers(0x41), true, true, true, font.covers(0x200D), true])
        XCTAssertFalse(font.covers(0x0627))
        // The scalars skipped are still answered as HarfBuzz answers once asked.
        XCTAssertEqual(font.coverage(of: [0x0627, 0x09]) { _ in false }, [false, font.covers(0x09)])
    }
}
