import Layout
import XCTest

final class AutoLayoutTests: XCTestCase {
    func testSpecExampleRow() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "name", "type": "label" },
                { "id": "field", "type": "textField" } ] },
              "constraints": [
                "name.leading == root.leadingMargin",
                "name.top == root.safeTop + 20",
                "field.leading == name.trailing + 8",
                "field.trailing == root.trailingMargin",
                "field.firstBaseline == name.firstBaseline" ] }
            """)
        // name: "Name" is 40 × 20, first baseline 16. field: 34 high (20 + 2 × 7), baseline 23.
        assertFrames(
            layout, texts: ["name": "Name"],
            ltr: ["root": rect(0, 0, 375, 667), "name": rect(16, 40, 40, 20), "field": rect(64, 33, 295, 34)],
            rtl: ["root": rect(0, 0, 375, 667), "name": rect(319, 40, 40, 20), "field": rect(16, 33, 295, 34)])
    }
}
