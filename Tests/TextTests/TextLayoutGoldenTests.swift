import Foundation
import Text
import XCTest

/// Line breaking and every truncation mode, left-to-right and right-to-left,
/// against reviewed expectations in `Fixtures/layout-goldens.json` (inputs and
/// expected layouts side by side). `RECORD_GOLDENS=1` rewrites the expected
/// parts from the engine; review the diff before committing it.
final class TextLayoutGoldenTests: XCTestCase {
    private struct Golden: Codable {
        struct Font: Codable { var family: String, size: Double, weight: FontWeight }
        struct Line: Codable, Equatable { var text: String, visual: String, width: Double }
        struct Expected: Codable {
            var shown: String, truncated: Bool, scale: Double, neededLines: Int, height: Double
            var lines: [Line]
        }
        var name: String, text: String, language: String, font: Font
        var width: Double?, lines: Int, lineBreak: LineBreakMode, minimumScaleFactor: Double?
        var expected: Expected?
    }

    private struct File: Codable {
        var comment: String
        var cases: [Golden]
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    func testLayoutsMatchTheGoldens() throws {
        var file = try JSONDecoder().decode(File.self, from: Repository.fixtureData("layout-goldens.json"))
        XCTAssertGreaterThanOrEqual(file.cases.count, 60)
        let engine = try SharedEngine.get()
        let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        for index in file.cases.indices {
            let golden = file.cases[index]
            let layout = try engine.layout(
                golden.text, font: FontRequest(family: golden.font.family, size: golden.font.size, weight: golden.font.weight),
                language: golden.language,
                options: TextLayoutOptions(width: golden.width, lines: golden.lines, lineBreak: golden.lineBreak,
                                           minimumScaleFactor: golden.minimumScaleFactor))
            let actual = Golden.Expected(
                shown: layout.shown, truncated: layout.truncated, scale: Self.rounded(layout.scale),
                neededLines: layout.neededLines, height: Self.rounded(layout.height),
                lines: layout.lines.map { Golden.Line(text: $0.text, visual: $0.visual, width: Self.rounded($0.width)) })
            if record {
                file.cases[index].expected = actual
                continue
            }
            guard let expected = golden.expected else {
                XCTFail("\(golden.name): no expected layout recorded (run with RECORD_GOLDENS=1 and review)")
                continue
            }
            XCTAssertEqual(actual.shown, expected.shown, golden.name)
            XCTAssertEqual(actual.truncated, expected.truncated, golden.name)
            XCTAssertEqual(actual.scale, expected.scale, accuracy: 0.001, golden.name)
            XCTAssertEqual(actual.neededLines, expected.neededLines, golden.name)
            XCTAssertEqual(actual.height, expected.height, accuracy: 0.001, golden.name)
            XCTAssertEqual(actual.lines.map(\.text), expected.lines.map(\.text), golden.name)
            XCTAssertEqual(actual.lines.map(\.visual), expected.lines.map(\.visual), golden.name)
            for (line, want) in zip(actual.lines, expected.lines) {
                XCTAssertEqual(line.width, want.width, accuracy: 0.001, "\(golden.name): \(line.text)")
            }
            if let width = golden.width, !golden.lineBreak.rawValue.hasSuffix("Wrap") || golden.lines != 0 {
                for line in layout.lines where line.text.count > 1 {
                    XCTAssertLessThanOrEqual(line.width, width + 1e-6, "\(golden.name): a shown line is wider than the label")
                }
            }
        }
        if record {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(file).write(to: Repository.fixture("layout-goldens.json"))
        }
    }
}
