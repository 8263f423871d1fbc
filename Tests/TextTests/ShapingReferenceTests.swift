import Foundation
import Text
import XCTest

/// Compares single-line widths with HarfBuzz's own command-line shaper.
///
/// `scripts/shaping-reference` shaped every string of `shaping-strings.tsv`
/// with `hb-shape` (segmented by bidi level, script and fallback font, with
/// FriBidi as an independent bidi implementation) and wrote the widths to
/// `shaping-reference.json`. Regenerate with `scripts/shaping-reference`.
final class ShapingReferenceTests: XCTestCase {
    private struct Reference: Decodable {
        struct Case: Decodable {
            var id: String, language: String, family: String, weight: String, text: String
            var size: Double, width: Double
        }
        var cases: [Case]
        var tolerance: Double
    }

    func testWidthsEqualHarfBuzzOnEveryReferenceString() throws {
        let reference = try JSONDecoder().decode(Reference.self, from: Repository.fixtureData("shaping-reference.json"))
        XCTAssertGreaterThanOrEqual(reference.cases.count, 300, "the reference must hold at least 300 strings")
        let languages = Set(reference.cases.map(\.language))
        XCTAssertGreaterThanOrEqual(languages.count, 12)
        for required in ["ar", "he", "hi", "th", "ja"] {
            XCTAssertTrue(languages.contains(required), "the reference lacks \(required)")
        }
        XCTAssertEqual(reference.tolerance, 0.01)

        let engine = try SharedEngine.get()
        var worst = 0.0
        for item in reference.cases {
            let weight = try XCTUnwrap(FontWeight(rawValue: item.weight), item.id)
            let width = try engine.width(of: item.text, font: FontRequest(family: item.family, size: item.size, weight: weight),
                                         language: item.language)
            worst = max(worst, abs(width - item.width))
            XCTAssertEqual(width, item.width, accuracy: reference.tolerance, "\(item.id): \(item.text)")
        }
        print("shaping reference: \(reference.cases.count) strings in \(languages.count) languages, largest difference \(worst) pt")
    }

    /// A width alone is measured without line breaks or kept glyphs (`TextEngine.width`), a
    /// layout with them: both give every reference string the same natural width to the bit,
    /// also when the width is asked first and when it is asked of an engine that laid it out.
    func testAWidthAloneIsTheLayoutsNaturalWidth() throws {
        let reference = try JSONDecoder().decode(Reference.self, from: Repository.fixtureData("shaping-reference.json"))
        XCTAssertGreaterThanOrEqual(reference.cases.count, 300)
        let catalog = try FontCatalog(folder: Repository.fonts)
        let widthsFirst = TextEngine(catalog: catalog), layoutsFirst = TextEngine(catalog: catalog)
        for item in reference.cases {
            let weight = try XCTUnwrap(FontWeight(rawValue: item.weight), item.id)
            let font = FontRequest(family: item.family, size: item.size, weight: weight)
            let width = try widthsFirst.width(of: item.text, font: font, language: item.language)
            let laidOut = try layoutsFirst.layout(item.text, font: font, language: item.language,
                                                  options: TextLayoutOptions(width: nil, lines: 0, lineBreak: .wordWrap))
            XCTAssertEqual(width.bitPattern, laidOut.naturalWidth.bitPattern, "\(item.id): \(item.text)")
            XCTAssertEqual(try widthsFirst.layout(item.text, font: font, language: item.language).naturalWidth.bitPattern,
                           width.bitPattern, item.id)
            XCTAssertEqual(try layoutsFirst.width(of: item.text, font: font, language: item.language).bitPattern,
                           width.bitPattern, item.id)
        }
    }
}
