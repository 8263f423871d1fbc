@testable import Text
import Support
import XCTest

/// The laid-out texts' cache keeps what was used recently, at most twice its limit.
final class RecentCacheTests: XCTestCase {
    func testKeepsRecentEntriesAndAtMostTwiceTheLimit() {
        var cache = RecentCache<Int, String>(limit: 3)
        for key in 0..<3 { cache.insert("v\(key)", for: key) }
        XCTAssertEqual(cache.count, 3)
        // The fourth entry starts a new generation; the first three are still found.
        cache.insert("v3", for: 3)
        XCTAssertEqual(cache.count, 4)
        XCTAssertEqual(cache.value(for: 0), "v0", "found in the older generation, moved to the newer")
        cache.insert("v4", for: 4)
        // The newer generation (3, 0, 4) is full: the next entry drops 1 and 2, keeps 0.
        cache.insert("v5", for: 5)
        XCTAssertNil(cache.value(for: 1))
        XCTAssertNil(cache.value(for: 2))
        XCTAssertEqual(cache.value(for: 0), "v0")
        XCTAssertEqual(cache.value(for: 5), "v5")
        for key in 6..<100 { cache.insert("v\(key)", for: key) }
        XCTAssertLessThanOrEqual(cache.count, 6)
        XCTAssertEqual(cache.value(for: 99), "v99")
    }

    /// An engine that has laid out more texts than it keeps gives the same layouts again.
    func testAnEngineGivesTheSameLayoutsAfterForgettingThem() throws {
        let engine = try TextEngine(fontsFolder: Repository.fonts)
        let options = TextLayoutOptions(width: 80, lines: 2, lineBreak: .truncateTail)
        let first = try engine.layout("Numéro de série de l'appareil", font: .noto(17), language: "fr", options: options)
        for index in 0..<(2 * TextEngine.recentLayouts + 1) {
            _ = try engine.layout("Label \(index)", font: .noto(17), language: "fr", options: options)
        }
        let again = try engine.layout("Numéro de série de l'appareil", font: .noto(17), language: "fr", options: options)
        XCTAssertEqual(again, first)
        XCTAssertTrue(first.truncated)
    }
}
