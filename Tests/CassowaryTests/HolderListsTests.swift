@testable import Cassowary
import TestSupport
import XCTest

/// The tableau's column index keeps each symbol's list exactly as an array of its own would,
/// order included, through appends, swapping removals, emptyings and moves.
final class HolderListsTests: XCTestCase {
    func testListsBehaveLikeArrays() {
        var lists = HolderLists()
        var arrays: [[Int]] = []
        // The same operations on every run.
        var generator = SeededGenerator(seed: 20_251_202)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        for step in 0..<50_000 {
            if arrays.count < 200 && next(20) == 0 {
                lists.makeRoom(for: arrays.count)
                arrays.append([])
            }
            guard !arrays.isEmpty else { continue }
            let id = next(arrays.count)
            switch next(10) {
            case 0...4:
                let basic = next(1_000)
                lists.append(basic, to: id)
                arrays[id].append(basic)
            case 5...7:
                // Mostly an element that is there, sometimes one that is not.
                let basic = arrays[id].isEmpty || next(4) == 0 ? next(1_000) : arrays[id][next(arrays[id].count)]
                lists.remove(basic, from: id)
                if let index = arrays[id].lastIndex(of: basic) {
                    arrays[id].swapAt(index, arrays[id].count - 1)
                    arrays[id].removeLast()
                }
            case 8:
                if next(10) == 0 {
                    lists.removeAll(of: id)
                    arrays[id].removeAll()
                }
            default:
                XCTAssertEqual(Array(lists[id]), arrays[id], "step \(step)")
                XCTAssertEqual(lists.isEmpty(id), arrays[id].isEmpty)
            }
        }
        for id in arrays.indices {
            XCTAssertEqual(Array(lists[id]), arrays[id])
        }
    }

    func testAppendingToTheListsOfARowIsAppendingToEach() {
        var batched = HolderLists(), single = HolderLists()
        batched.makeRoom(for: 9)
        single.makeRoom(for: 9)
        var generator = SeededGenerator(seed: 20_261_203)
        for basic in 0..<300 {
            // A row's symbols: distinct, in order.
            let ids = (0..<10).filter { _ in Bool.random(using: &generator) }
            let cells = ids.map { Row.Cell(symbol: Symbol(id: $0, kind: .slack), coefficient: 1) }
            batched.append(basic, toListsOf: cells)
            for id in ids { single.append(basic, to: id) }
        }
        for id in 0..<10 {
            XCTAssertEqual(Array(batched[id]), Array(single[id]))
        }
    }

    func testLongListsOutgrowTheirRoomAndKeepTheirOrder() {
        var lists = HolderLists()
        lists.makeRoom(for: 2)
        // Interleaved appends make every list move many times.
        for value in 0..<1_000 {
            for id in 0..<3 { lists.append(value * 3 + id, to: id) }
        }
        for id in 0..<3 {
            XCTAssertEqual(Array(lists[id]), (0..<1_000).map { $0 * 3 + id })
        }
        lists.remove(0, from: 0)  // the last element takes the first place
        XCTAssertEqual(lists[0].first, 2_997)
        XCTAssertEqual(lists[0].count, 999)
        XCTAssertFalse(lists.isEmpty(1))
    }
}
