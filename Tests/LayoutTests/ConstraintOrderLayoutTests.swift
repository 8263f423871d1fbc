import Layout
import XCTest

/// A layout's frames do not depend on the order its file lists the constraints in.
final class ConstraintOrderLayoutTests: XCTestCase {
    /// A chain of `count` plain views, 50 pt wide at priority 500 (10…200 required), 8 pt apart,
    /// with the constraints listed in a fixed shuffled order.
    func chain(_ count: Int, shuffled: Bool) throws -> LayoutDocument {
        var constraints: [String] = []
        for i in 0..<count {
            let view = "v\(i)"
            constraints.append(i == 0 ? "\(view).leading == root.leading + 16" : "\(view).leading == v\(i - 1).trailing + 8")
            constraints += ["\(view).width >= 10", "\(view).width <= 200", "\(view).width == 50 @500",
                            "\(view).top == root.top + 20", "\(view).height == 44 @750"]
        }
        if shuffled {
            // A fixed linear congruential shuffle, so the order is the same on every run.
            var state: UInt64 = 2_024
            for index in stride(from: constraints.count - 1, to: 0, by: -1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                constraints.swapAt(index, Int(state >> 33) % (index + 1))
            }
        }
        let views = (0..<count).map { "{ \"id\": \"v\($0)\", \"type\": \"view\" }" }.joined(separator: ", ")
        let list = constraints.map { "\"\($0)\"" }.joined(separator: ", ")
        return try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ \(views) ] }, "constraints": [ \(list) ] }
            """)
    }

    func testAShuffledChainLaysOutAsTheOrderedOne() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let ordered = layOut(try chain(300, shuffled: false), direction, texts: [:])
            let shuffled = layOut(try chain(300, shuffled: true), direction, texts: [:])
            XCTAssertEqual(shuffled.diagnostics.count, ordered.diagnostics.count)
            for i in [0, 1, 150, 299] {
                let frame = try XCTUnwrap(shuffled.frame("v\(i)"))
                XCTAssertEqual(frame, ordered.frame("v\(i)"), "v\(i) \(direction)")
                // Leading is the left edge in left-to-right, the right edge (375 − 16) in right-to-left.
                let expected = direction == .leftToRight ? 16 + Double(i) * 58 : 375 - 16 - 50 - Double(i) * 58
                XCTAssertEqual(frame.x, expected, accuracy: 1e-6, "v\(i) \(direction)")
                XCTAssertEqual(frame.width, 50, accuracy: 1e-6)
                XCTAssertEqual(frame.height, 44, accuracy: 1e-6)
            }
        }
    }
}
