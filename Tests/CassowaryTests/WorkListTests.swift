@testable import Cassowary
import XCTest

/// The dual simplex's work list gives its numbers smallest first, exactly as taking the minimum
/// of a set would, whatever was inserted, removed and inserted again in between.
final class WorkListTests: XCTestCase {
    func testTakesTheSmallestNumberLikeASet() {
        var list = WorkList()
        var set = Set<Int>()
        // A fixed linear congruential sequence: the same operations on every run.
        var state: UInt64 = 12345
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var taken = 0
        for _ in 0..<20_000 {
            switch next(10) {
            case 0...4:
                let id = next(200)
                list.insert(id)
                set.insert(id)
            case 5...6:
                let id = next(200)
                list.remove(id)
                set.remove(id)
            case 7...8:
                let expected = set.min()
                if let expected { set.remove(expected) }
                XCTAssertEqual(list.popMin(), expected)
                taken += 1
            default:
                if next(50) == 0 {
                    list.removeAll()
                    set.removeAll()
                }
            }
            XCTAssertEqual(list.isEmpty, set.isEmpty)
        }
        while let expected = set.min() {
            set.remove(expected)
            XCTAssertEqual(list.popMin(), expected)
        }
        XCTAssertNil(list.popMin())
        XCTAssertGreaterThan(taken, 1_000)
    }
}
