import Support
@testable import Text
import XCTest

/// `ExactText` hashes its bytes a word at a time, and `UnicodeAnalysis.visualOrder(levels:)`
/// orders runs all at one level without ICU: each as its definition says.
final class KeyHashAndOrderTests: XCTestCase {
    func testEqualBytesHashEquallyAndKeysCompareBytes() {
        let texts = ["", "a", "a\u{0}", "\u{0}", "abcdefgh", "abcdefgh\u{0}", "abcdefghi", "é", "e\u{301}",
                     "Número de serie", "مرحبا بالعالم", "👩‍👩‍👧", String(repeating: "x", count: 64)]
        for (index, text) in texts.enumerated() {
            // A copy made apart (another buffer) is the same key.
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            XCTAssertEqual(ExactText(text), ExactText(copy), text)
            XCTAssertEqual(ExactText(text).hashValue, ExactText(copy).hashValue, text)
            for other in texts[(index + 1)...] {
                XCTAssertNotEqual(ExactText(text), ExactText(other), "\(text) / \(other)")
            }
        }
        // Texts that differ only in trailing zero bytes or their length hash apart too.
        var hashes = Set<Int>()
        for text in texts { hashes.insert(ExactText(text).hashValue) }
        XCTAssertEqual(hashes.count, texts.count)
    }

    /// A key of a text and numbers hashes them in one call: equal keys (zero and negative zero
    /// are equal) hash equally, and the numbers tell keys of one text apart.
    func testAKeyOfATextAndNumbersHashesThemTogether() {
        func hash(_ text: String, _ a: UInt64, _ b: UInt64, _ c: UInt64 = 0) -> Int {
            var hasher = Hasher()
            ExactText(text).hash(into: &hasher, mixing: a, b, c)
            return hasher.finalize()
        }
        XCTAssertEqual(hash("Número de serie", 1, 17.0.bitPattern, 3), hash(String(decoding: Array("Número de serie".utf8), as: UTF8.self), 1, 17.0.bitPattern, 3))
        XCTAssertEqual(ExactText.hashWord(0.0), ExactText.hashWord(-0.0))
        XCTAssertEqual(ExactText.hashWord(17), 17.0.bitPattern)
        XCTAssertEqual(hash("a", 0, ExactText.hashWord(-0.0)), hash("a", 0, ExactText.hashWord(0)))
        var hashes = Set<Int>()
        for (a, b, c) in [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1)] as [(UInt64, UInt64, UInt64)] {
            hashes.insert(hash("Save", a, b, c))
        }
        hashes.insert(hash("Saved", 0, 0, 0))
        XCTAssertEqual(hashes.count, 7, "each number, and the text, moves the hash")
    }

    func testRunsAtOneLevelAreInLogicalOrderOrReversed() {
        for count in 1...5 {
            for level: UInt8 in 0...3 {
                let levels = [UInt8](repeating: level, count: count)
                XCTAssertEqual(UnicodeAnalysis.visualOrder(levels: levels), Self.reordered(levels), "\(levels)")
            }
        }
        for levels: [UInt8] in [[0, 1], [1, 0, 1], [0, 1, 2, 1, 0], [2, 2, 1], [1, 2, 2, 1]] {
            XCTAssertEqual(UnicodeAnalysis.visualOrder(levels: levels), Self.reordered(levels), "\(levels)")
        }
        XCTAssertEqual(UnicodeAnalysis.visualOrder(levels: []), [])
    }

    /// Rule L2: from the highest level down to the lowest odd one, every sequence at that level
    /// or higher reversed.
    private static func reordered(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() ?? (highest >= 1 ? 1 : nil)
        else { return order }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else { index += 1; continue }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return order
    }
}
