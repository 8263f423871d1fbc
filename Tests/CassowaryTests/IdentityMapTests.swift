@testable import Cassowary
import TestSupport
import XCTest

/// The solver's map from objects to numbers behaves as a dictionary keyed by identity, through
/// growth and through removals that move entries back along their runs.
final class IdentityMapTests: XCTestCase {
    func testBehavesLikeADictionary() {
        let objects = (0..<600).map { Variable("v\($0)") }
        var map = IdentityMap()
        var dictionary: [ObjectIdentifier: Int] = [:]
        // The same operations on every run.
        var generator = SeededGenerator(seed: 42)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        for step in 0..<40_000 {
            // A growing then shrinking working set, so that the table grows and empties again.
            let span = step < 20_000 ? 1 + step * objects.count / 20_000 : objects.count
            let key = ObjectIdentifier(objects[next(span)])
            switch next(10) {
            case 0...3 where step < 30_000:
                map[key] = step
                dictionary[key] = step
            case 0...6:
                map[key] = nil
                dictionary[key] = nil
            default:
                XCTAssertEqual(map[key], dictionary[key], "step \(step)")
            }
            XCTAssertEqual(map.count, dictionary.count)
        }
        for object in objects {
            XCTAssertEqual(map[ObjectIdentifier(object)], dictionary[ObjectIdentifier(object)])
        }
        XCTAssertEqual(map.values.sorted(), dictionary.values.sorted())
    }

    func testEveryEntryStaysReachableAfterRemovals() {
        let objects = (0..<1_000).map { Variable("v\($0)") }
        var map = IdentityMap()
        for (index, object) in objects.enumerated() {
            map[ObjectIdentifier(object)] = index
        }
        XCTAssertEqual(map.count, 1_000)
        for (index, object) in objects.enumerated() where index % 3 == 0 {
            map[ObjectIdentifier(object)] = nil
        }
        for (index, object) in objects.enumerated() {
            XCTAssertEqual(map[ObjectIdentifier(object)], index % 3 == 0 ? nil : index)
        }
        XCTAssertEqual(map.values.sorted(), (0..<1_000).filter { $0 % 3 != 0 })
    }
}
