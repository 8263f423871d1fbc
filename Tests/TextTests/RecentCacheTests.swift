@testable import Text
import Support
import Dispatch
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
        XCTAssertEqual(cache.value(for: 0), "v0", "found in the older generation, copied to the newer")
        XCTAssertEqual(cache.count, 4, "an entry copied to the newer generation is counted once")
        XCTAssertEqual(cache.value(for: 0), "v0")
        XCTAssertEqual(cache.count, 4)
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

    /// A generation let go by a turn is held until taken, once, so that its owner frees it
    /// outside its lock; one not taken is let go at the next turn.
    func testHandsOverTheGenerationATurnLetsGo() {
        var cache = RecentCache<Int, String>(limit: 2)
        cache.insert("v0", for: 0)
        cache.insert("v1", for: 1)
        cache.insert("v2", for: 2)
        XCTAssertNil(cache.takeDropped(), "the first turn lets nothing go: the older generation was empty")
        cache.insert("v3", for: 3)
        cache.insert("v4", for: 4)
        XCTAssertEqual(cache.takeDropped(), [0: "v0", 1: "v1"])
        XCTAssertNil(cache.takeDropped(), "taken once")
        XCTAssertNil(cache.value(for: 0))
        XCTAssertEqual(cache.value(for: 3), "v3", "copied to the newer generation, beside 4")
        XCTAssertEqual(cache.count, 3, "2 and 3 in the older generation, 4 and 3 in the newer: 3 counted once")
        // Two turns without taking (at 5, letting 2 go, and at 7): the later one's is held.
        for key in 5..<9 { cache.insert("v\(key)", for: key) }
        XCTAssertEqual(cache.takeDropped(), [3: "v3", 4: "v4"])
        XCTAssertLessThanOrEqual(cache.count, 4)
    }

    /// Threads that take a brief lock in turn never enter it together: every increment counts.
    func testABriefLockKeepsThreadsOutOfEachOther() {
        final class Tally: @unchecked Sendable {
            let lock = BriefLock()
            var count = 0
            var inside = 0
            var overlapped = false
        }
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50_000 {
                tally.lock.lock()
                tally.inside += 1
                if tally.inside != 1 { tally.overlapped = true }
                tally.count += 1
                tally.inside -= 1
                tally.lock.unlock()
            }
        }
        XCTAssertEqual(tally.count, 200_000)
        XCTAssertFalse(tally.overlapped)
    }

    /// What `unlock(freeing:)` is given is let go after the lock is free: another thread takes
    /// the lock while it is being freed, and the lock can be taken again after.
    func testABriefLockFreesWhatItIsGivenAfterUnlocking() {
        final class Freed {
            let lock: BriefLock
            var enteredWhileFreeing: (Bool) -> Void
            init(lock: BriefLock, enteredWhileFreeing: @escaping (Bool) -> Void) {
                (self.lock, self.enteredWhileFreeing) = (lock, enteredWhileFreeing)
            }
            deinit {
                let entered = DispatchSemaphore(value: 0)
                let lock = self.lock
                DispatchQueue.global().async {
                    lock.lock()
                    lock.unlock()
                    entered.signal()
                }
                enteredWhileFreeing(entered.wait(timeout: .now() + 5) == .success)
            }
        }
        let lock = BriefLock()
        var entered: Bool?
        lock.lock()
        lock.unlock(freeing: Freed(lock: lock) { entered = $0 })
        XCTAssertEqual(entered, true, "freed after unlocking: another thread took the lock meanwhile")
        lock.lock()
        lock.unlock(freeing: nil as Freed?)
        lock.lock()
        lock.unlock()
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
