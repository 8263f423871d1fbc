@testable import Cassowary
import TestSupport
import XCTest

/// The tableau's scratch map behaves as a dictionary from symbol numbers, whatever was written,
/// removed and emptied in between, and an emptied map forgets everything at once.
final class SymbolMapTests: XCTestCase {
    func testBehavesLikeADictionary() {
        var map = SymbolMap<Double>(filler: -1)
        var dictionary: [Int: Double] = [:]
        // The same operations on every run.
        var generator = SeededGenerator(seed: 987_654_321)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        var emptied = 0
        for step in 0..<20_000 {
            let id = next(300)
            switch next(10) {
            case 0...3:
                map[id] = Double(step)
                dictionary[id] = Double(step)
            case 4:
                XCTAssertEqual(map.insert(id, Double(step)), dictionary[id] == nil)
                if dictionary[id] == nil { dictionary[id] = Double(step) }
            case 5...6:
                map[id] = nil
                dictionary[id] = nil
            case 7...8:
                XCTAssertEqual(map[id], dictionary[id])
                XCTAssertEqual(map.contains(id), dictionary[id] != nil)
            default:
                if next(100) == 0 {
                    map.removeAll()
                    dictionary.removeAll()
                    emptied += 1
                }
            }
        }
        for id in 0..<400 {
            XCTAssertEqual(map[id], dictionary[id])
        }
        XCTAssertGreaterThan(emptied, 5)
    }

    func testEmptiedMapForgetsEverything() {
        var set = SymbolMap<Void>()
        for id in [0, 5, 1_000] {
            XCTAssertTrue(set.insert(id))
            XCTAssertFalse(set.insert(id))
        }
        XCTAssertTrue(set.contains(1_000))
        XCTAssertFalse(set.contains(999))
        XCTAssertFalse(set.contains(5_000))
        set.removeAll()
        for id in [0, 5, 1_000] {
            XCTAssertFalse(set.contains(id))
        }
        XCTAssertTrue(set.insert(5))
        XCTAssertFalse(set.contains(0))
        XCTAssertTrue(set.contains(5))
    }

    func testArraysExtendToIncludeAnIndex() {
        var array = [1, 2]
        array.extend(toInclude: 1, with: 0)
        XCTAssertEqual(array, [1, 2])
        array.extend(toInclude: 2, with: 0)
        XCTAssertEqual(array, [1, 2] + Array(repeating: 0, count: 254))  // 256 elements at least
        array.extend(toInclude: 256, with: 7)
        XCTAssertEqual(array, [1, 2] + Array(repeating: 0, count: 254) + Array(repeating: 7, count: 768))  // four times
        array.extend(toInclude: 2_000, with: 5)
        XCTAssertEqual(array.count, 4_096)  // four times while small
        XCTAssertEqual(array[1_024...], ArraySlice(repeating: 5, count: 3_072))
        array.extend(toInclude: 4_096, with: 3)
        XCTAssertEqual(array.count, 8_192)  // twice beyond 4,096 elements
        array.extend(toInclude: 20_000, with: 3)
        XCTAssertEqual(array.count, 20_001)  // to the index when that is more
        XCTAssertEqual(array[4_096...], ArraySlice(repeating: 3, count: 15_905))
    }

    func testAppendingGrowsAsExtending() {
        var array: [Int] = []
        array.appendGrowing(1)
        XCTAssertEqual(array, [1])
        XCTAssertGreaterThanOrEqual(array.capacity, 256)
        for value in 2...300 { array.appendGrowing(value) }
        XCTAssertEqual(array, Array(1...300))
        XCTAssertGreaterThanOrEqual(array.capacity, 1_024)
    }

    func testEmptyingAnArrayKeepsItsStorage() {
        var few = [1, 2, 3]
        few.reserveCapacity(100)
        let capacity = few.capacity
        few.empty()
        XCTAssertEqual(few, [])
        XCTAssertEqual(few.capacity, capacity)
        var many = Array(0..<50)
        let manyCapacity = many.capacity
        many.empty()
        XCTAssertEqual(many, [])
        XCTAssertEqual(many.capacity, manyCapacity)
        var none: [Int] = []
        none.empty()
        XCTAssertEqual(none, [])
    }
}
