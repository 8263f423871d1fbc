@testable import Text
import Foundation
import XCTest

/// Widths measured in the scratch arrays of earlier paragraphs (`Paragraph.Scratch`, reused by
/// an engine's `width(of:font:language:)`) are those of an engine that measures the text first,
/// in new arrays: longer and shorter texts, other scripts, fallback fonts and emoji in turn.
final class ParagraphScratchTests: XCTestCase {
    func testWidthsInReusedScratchAreThoseOfNewArrays() throws {
        let texts: [(String, String)] = [
            ("Número de serie, con un texto bastante más largo que los demás", "es"),
            ("Hi", "en"),
            ("مرحبا بالعالم 123", "ar"),
            ("", "en"),
            ("日本語のテキスト、そして English", "ja"),
            ("👩‍👩‍👧 family 🇫🇷", "fr"),
            ("नमस्ते दुनिया", "hi"),
            ("a", "en"),
            ("Ελληνικά και русский текст", "el"),
        ]
        let reused = try TextEngine(fontsFolder: Repository.fonts)
        for round in 0..<2 {
            for (text, language) in texts {
                let fresh = try TextEngine(fontsFolder: Repository.fonts)
                let expected = try fresh.width(of: text, font: .noto(round == 0 ? 17 : 15), language: language)
                // The second round's size is new to the engine: measured again, not a kept width.
                XCTAssertEqual(try reused.width(of: text, font: .noto(round == 0 ? 17 : 15), language: language).bitPattern,
                               expected.bitPattern, text)
                XCTAssertEqual(try reused.width(of: text + " " + text, font: .noto(13), language: language).bitPattern,
                               try fresh.width(of: text + " " + text, font: .noto(13), language: language).bitPattern, text)
            }
        }
    }

    /// A width takes its scratch under the lock of its lookup and gives it back under that of its
    /// insertion; a text's longest start borrows one for all its starts. From many threads at
    /// once, widths, kept widths and longest starts are those of a fresh engine measuring alone.
    func testScratchTakenWithTheWidthsLockMeasuresAsAFreshEngine() throws {
        let texts = ["Número de serie", "مرحبا بالعالم 123", "日本語のテキスト", "👩‍👩‍👧 family", "Ελληνικά", "a b c d e f g"]
        let fresh = try TextEngine(fontsFolder: Repository.fonts)
        let expected = try texts.map { try fresh.width(of: $0, font: .noto(), language: "en").bitPattern }
        let starts = try texts.map { try fresh.longestStart(of: $0, font: .noto(), language: "en", notWiderThan: 40) }
        let shared = try TextEngine(fontsFolder: Repository.fonts)
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 24) { _ in
            for (index, text) in texts.enumerated() {
                let width = try? shared.width(of: text, font: .noto(), language: "en").bitPattern
                let start = try? shared.longestStart(of: text, font: .noto(), language: "en", notWiderThan: 40)
                if width != expected[index] || start != starts[index] { failures.add(1) }
            }
        }
        XCTAssertEqual(failures.value, 0)
    }

    /// Consecutive texts in one label font and language reuse the fallback families and fonts
    /// the scratch kept (`Paragraph.Scratch.candidates`); another weight, family or language
    /// starts them anew. Each width is that of a new engine.
    func testFallbackKeptForOneFontAndLanguageMeasuresAsNew() throws {
        let texts: [(String, String)] = [
            ("مرحبا بالعالم", "ar"), ("كتاب جديد 42", "ar"), ("سلام (عليكم)", "ar"),
            ("नमस्ते दुनिया", "hi"), ("नया खाता", "hi"),
            ("日本語のテキスト", "ja"), ("設定を開く 😀", "ja"),
            ("مرحبا", "ar"),
        ]
        let fonts: [FontRequest] = [.noto(17), FontRequest(family: "Noto Sans", size: 17, weight: .bold), .noto(17),
                                    FontRequest(family: "system", size: 17)]
        let reused = try TextEngine(fontsFolder: Repository.fonts)
        for font in fonts {
            for (text, language) in texts {
                let fresh = try TextEngine(fontsFolder: Repository.fonts)
                // Each text once per font: the second regular pass measures texts the engine keeps.
                let expected = try fresh.width(of: text + " " + font.family, font: font, language: language)
                XCTAssertEqual(try reused.width(of: text + " " + font.family, font: font, language: language).bitPattern,
                               expected.bitPattern, "\(text) \(font)")
            }
        }
    }

    func testFilledReusingIsFilled() {
        var storage = [Int](repeating: 9, count: 50)
        for count in [0, 3, 50, 7, 120, 1] {
            let array = [Int].filled(with: 4, count: count, reusing: &storage)
            XCTAssertEqual(array, [Int](repeating: 4, count: count))
            storage = array
        }
    }
}

/// A counter that threads add to under a lock.
/// A count that threads add to under a lock.
final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int

    init(_ count: Int) { self.count = count }

    func add(_ amount: Int) {
        lock.lock()
        count += amount
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
