@testable import Text
import XCTest

/// `Array.filled(with:count:)` stands for `Array(repeating:count:)` in the paragraph analysis.
final class ArrayFillingTests: XCTestCase {
    func testFilledIsTheArrayOfRepeating() {
        for count in [0, 1, 2, 7, 64, 1000] {
            XCTAssertEqual([Int].filled(with: 7, count: count), [Int](repeating: 7, count: count))
            XCTAssertEqual([Double].filled(with: -0.5, count: count), [Double](repeating: -0.5, count: count))
            XCTAssertEqual([String?].filled(with: nil, count: count), [String?](repeating: nil, count: count))
            XCTAssertEqual([[Bool]].filled(with: [true], count: count), [[Bool]](repeating: [true], count: count))
            XCTAssertEqual([Int].filled(with: 3, count: count).count, count)
        }
        var filled = [UInt8].filled(with: 1, count: 3)
        filled[1] = 2
        XCTAssertEqual(filled, [1, 2, 1])
    }
}

/// `Array.sameBits(as:)`: equal arrays of bits, compared as memory (a layout structure's skeleton).
final class ArraySameBitsTests: XCTestCase {
    func testSameBitsIsEqualityOfTheElementsBits() {
        let words: [UInt64] = (0..<1500).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        XCTAssertTrue(words.sameBits(as: words.map { $0 }))
        XCTAssertTrue([UInt64]().sameBits(as: []))
        var changed = words
        changed[1499] ^= 1
        XCTAssertFalse(words.sameBits(as: changed), "the last bit of the last word differs")
        changed = words
        changed[0] ^= 1 << 63
        XCTAssertFalse(words.sameBits(as: changed), "the first word's top bit differs")
        XCTAssertFalse(words.sameBits(as: Array(words.dropLast())), "one word shorter")
        XCTAssertFalse([UInt64]().sameBits(as: [0]))
        // Bits, not values: zero and negative zero differ, a NaN is itself.
        XCTAssertFalse([0.0].sameBits(as: [-0.0]))
        XCTAssertTrue([Double.nan].sameBits(as: [Double.nan]))
    }
}
