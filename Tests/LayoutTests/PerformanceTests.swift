import Layout
import XCTest

final class PerformanceTests: XCTestCase {
    /// A column of 150 labels, each below the one before: laid out, probed for ambiguity,
    /// in both directions, well within a second or two.
    func testALongColumnLaysOutQuickly() throws {
        let count = 150
        let views = (0..<count).map { "{ \"id\": \"l\($0)\", \"type\": \"label\" }" }.joined(separator: ", ")
        var constraints = ["\"l0.top == root.safeTop\""]
        for index in 0..<count {
            constraints.append("\"l\(index).leading == root.leadingMargin\"")
            if index > 0 { constraints.append("\"l\(index).top == l\(index - 1).bottom + 2\"") }
        }
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [\(views)] }, "constraints": [\(constraints.joined(separator: ", "))] }
            """)
        let texts = Dictionary(uniqueKeysWithValues: (0..<count).map { ("l\($0)", "row \($0)") })
        let start = Date()
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = layOut(layout, direction, texts: texts)
            XCTAssertEqual(result.diagnostics, [])
            XCTAssertEqual(result.frame("l149")?.y, 20 + 149 * 22)
            XCTAssertEqual(result.frame("l149")?.x, direction == .leftToRight ? 16 : 359 - 70)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "two runs of 150 views")
        print("two runs of \(count) views: \(Date().timeIntervalSince(start)) s")
    }
}
