import Layout
import XCTest

/// A layout result tells whether each of its passes had one optimal solution
/// (`LayoutResult.everyPassUnique`), where its diagnostics speak of the last pass alone: two
/// wrapping labels side by side that hug alike may split the row any way in the first pass (each
/// resists compression at the lowest priority until it wraps), so the second pass's widths, and
/// every frame, are the vertex the solver reached, though that pass has one solution.
final class EveryPassUniqueTests: XCTestCase {
    private func layOutInSession(_ document: LayoutDocument, _ direction: LayoutDirection, texts: [String: String])
        throws -> LayoutResult {
        let session = LayoutSession(document: document, device: testDevice, direction: direction, contentSize: .L,
                                    measurer: FixedAdvanceMeasurer())
        return try session.layout(LayoutContext(device: testDevice, contentSize: .L, direction: direction, texts: texts))
    }

    func testEachPassOfADeterminedLayoutIsUnique() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "label", "lines": 0 } ] },
              "constraints": [ "a.leading == root.leadingMargin", "a.trailing == root.trailingMargin", "a.top == root.top + 20" ] }
            """)
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = try layOutInSession(layout, direction, texts: ["a": String(repeating: "word ", count: 20)])
            XCTAssertEqual(result.diagnostics, [], direction.rawValue)
            XCTAssertTrue(result.everyPassUnique, direction.rawValue)
        }
    }

    func testAnAmbiguousLayoutIsNot() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "label" }, { "id": "b", "type": "label" } ] },
              "constraints": [ "a.leading == root.leadingMargin", "b.leading == a.trailing", "b.trailing == root.trailingMargin",
                               "a.top == root.top", "b.top == root.top" ] }
            """)
        let result = try layOutInSession(layout, .leftToRight, texts: ["a": "a", "b": "b"])
        XCTAssertFalse(result.diagnostics.isEmpty)
        XCTAssertFalse(result.everyPassUnique)
    }

    func testWrappingLabelsThatSplitARowAnyWayInTheFirstPassAreNot() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "a", "type": "label", "lines": 0, "hugging": { "h": 251 } },
                { "id": "b", "type": "label", "lines": 0, "hugging": { "h": 250 } } ] },
              "constraints": [ "a.leading == root.leadingMargin", "b.leading == a.trailing + 8", "b.trailing == root.trailingMargin",
                               "a.top == root.top + 20", "b.top == root.top + 20" ] }
            """)
        let texts = ["a": String(repeating: "left ", count: 12), "b": String(repeating: "right ", count: 12)]
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = try layOutInSession(layout, direction, texts: texts)
            // The last pass has one solution: no diagnostic. The first may not have had.
            XCTAssertEqual(result.diagnostics, [], direction.rawValue)
            XCTAssertFalse(result.everyPassUnique, direction.rawValue)
        }
    }
}
