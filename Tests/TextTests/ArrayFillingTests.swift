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
