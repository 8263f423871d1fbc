import Foundation
@testable import Text
import XCTest

/// A paragraph makes the strings of its lines from UTF-16 itself (`Paragraph.string`): these
/// tests hold it to the standard library's `String(decoding:as: UTF16.self)`, byte for byte,
/// surrogates without their other half included.
final class UTF16StringTests: XCTestCase {
    private func assertSame(_ units: [UInt16], file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(decoding: units, as: UTF16.self)
        let made = units.withUnsafeBufferPointer { Paragraph.string($0) }
        XCTAssertEqual(Array(made.utf8), Array(expected.utf8), "units \(units.map { String($0, radix: 16) })",
                       file: file, line: line)
    }

    func testTheEdgesOfEachEncodedLength() {
        assertSame([])
        for unit: UInt16 in [0, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x5D0, 0x0627, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF] {
            assertSame([unit])
            assertSame([0x61, unit, 0x62])
        }
        // A pair, the highest scalar, and the lowest above the BMP.
        assertSame([0xD83D, 0xDE00])
        assertSame([0xDBFF, 0xDFFF])
        assertSame([0xD800, 0xDC00])
    }

    func testSurrogatesWithoutTheirOtherHalfAreReplacementCharacters() {
        assertSame([0xD83D])
        assertSame([0xDE00])
        assertSame([0xDE00, 0xD83D])
        assertSame([0xD83D, 0xD83D, 0xDE00])
        assertSame([0xD83D, 0x61, 0xDE00, 0x62])
        assertSame([0x61, 0xD83D])
        assertSame([0xDC00, 0xDC00, 0xD800, 0xD800])
    }

    func testRandomUnitsMatchTheStandardLibrary() {
        // Units drawn with surrogates, ASCII and the rest of the BMP equally likely, by a fixed
        // generator (the same texts each run).
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<20_000 {
            let length = Int(next() % 24)
            let units: [UInt16] = (0..<length).map { _ in
                switch next() % 4 {
                case 0: return UInt16(next() % 0x80)
                case 1: return UInt16(0xD800 + next() % 0x800)
                default: return UInt16(truncatingIfNeeded: next())
                }
            }
            assertSame(units)
        }
    }

    /// A wrapped paragraph's lines are pieces of its text, in order, and what it shows is the text.
    func testAWrappedParagraphsLinesArePiecesOfItsText() throws {
        let engine = try SharedEngine.get()
        for text in ["Numéro de série du téléphone", "مرحبا بالعالم كله اليوم", "😀 family 👨‍👩‍👧 e\u{301} café", "ภาษาไทย ง่าย มาก"] {
            let layout = try engine.layout(text, font: .noto(), language: "en",
                                           options: TextLayoutOptions(width: 60, lines: 0, lineBreak: .wordWrap))
            XCTAssertGreaterThan(layout.lines.count, 1, text)
            XCTAssertEqual(layout.shown, text)
            var rest = Substring(text)
            for line in layout.lines {
                let found = try XCTUnwrap(rest.range(of: line.text), "\(line.text) in \(text)")
                rest = rest[found.upperBound...]
            }
        }
    }
}
