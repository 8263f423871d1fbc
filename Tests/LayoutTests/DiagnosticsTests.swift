import Layout
import XCTest

/// Unsatisfiable, ambiguous and malformed layouts, each in both directions.
final class DiagnosticsTests: XCTestCase {
    private let directions: [LayoutDirection] = [.leftToRight, .rightToLeft]

    func testUnsatisfiableConstraintsAreNamedAndTheLastIsBroken() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "view" } ] },
              "constraints": [
                "a.leading == root.leading + 10", "a.top == root.top", "a.height == 10",
                "a.width == 100", "a.trailing == root.leading + 50" ] }
            """)
        let conflicting = [
            ConstraintReference(index: 0, description: "a.leading == root.leading + 10", priority: 1000),
            ConstraintReference(index: 3, description: "a.width == 100", priority: 1000),
            ConstraintReference(index: 4, description: "a.trailing == root.leading + 50", priority: 1000),
        ]
        for direction in directions {
            let result = layOut(layout, direction)
            XCTAssertEqual(result.diagnostics, [.unsatisfiable(conflicting: conflicting, broken: conflicting[2])], direction.rawValue)
            // The layout goes on without the broken constraint.
            XCTAssertEqual(result.frame("a"), direction == .leftToRight ? rect(10, 0, 100, 10) : rect(265, 0, 100, 10))
            XCTAssertEqual(result.diagnostics.first?.kind, "unsatisfiable")
        }
        XCTAssertEqual(
            layOut(layout, .leftToRight).diagnostics.first?.description,
            "unable to simultaneously satisfy constraints: 'a.leading == root.leading + 10' (constraints[0]), "
                + "'a.width == 100' (constraints[3]), 'a.trailing == root.leading + 50' (constraints[4]); "
                + "broke 'a.trailing == root.leading + 50' (constraints[4])")
    }

    func testConflictWithTheScreenBreaksTheLayoutsConstraint() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view" }, "constraints": [ "root.width == 100" ] }
            """)
        for direction in directions {
            let result = layOut(layout, direction)
            guard case .unsatisfiable(let conflicting, let broken) = result.diagnostics.first else {
                return XCTFail("no unsatisfiable diagnostic: \(result.diagnostics)")
            }
            XCTAssertEqual(broken.index, 0)
            XCTAssertEqual(conflicting.map(\.index), [nil, 0])
            XCTAssertEqual(conflicting.first?.description, "root frame = screen of iPhone SE (3rd generation) (375 × 667)")
            XCTAssertEqual(result.frame("root"), rect(0, 0, 375, 667))
        }
    }

    func testOptionalConstraintsGiveWayWithoutADiagnostic() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "view" } ] },
              "constraints": [ "a.leading == root.leading", "a.top == root.top", "a.height == 10",
                               "a.width == 100 @751", "a.width == 50 @750", "a.width == 10 @750" ] }
            """)
        // Strict priorities: 751 wins over the two at 750 together.
        assertFrames(layout, ltr: ["a": rect(0, 0, 100, 10)], rtl: ["a": rect(275, 0, 100, 10)])
    }

    func testAmbiguousLayoutsNameTheViewAndWhatIsFree() throws {
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [
                { "id": "fixed", "type": "view" }, { "id": "floating", "type": "label" }, { "id": "loose", "type": "view" } ] },
              "constraints": [
                "fixed.leading == root.leading", "fixed.top == root.top", "fixed.width == 10", "fixed.height == 10",
                "floating.leading == fixed.trailing" ] }
            """)
        for direction in directions {
            let result = layOut(layout, direction, texts: ["floating": "text"])
            XCTAssertEqual(result.diagnostics, [
                .ambiguous(view: "floating", components: [.y]),
                .ambiguous(view: "loose", components: [.x, .y, .width, .height]),
            ], direction.rawValue)
            XCTAssertEqual(result.diagnostics.map(\.kind), ["ambiguous", "ambiguous"])
        }
        XCTAssertEqual(
            layOut(layout, .leftToRight, texts: ["floating": "text"]).diagnostics.first?.description,
            "floating has an ambiguous layout: its y is not fixed by the constraints")
    }

    func testTwoLabelsThatHugEquallyAreAmbiguous() throws {
        // As in Auto Layout: which label stretches is not fixed by equal hugging priorities.
        let layout = try decodeLayout("""
            { "root": { "id": "root", "type": "view", "subviews": [ { "id": "a", "type": "label" }, { "id": "b", "type": "label" } ] },
              "constraints": [ "a.leading == root.leadingMargin", "b.leading == a.trailing", "b.trailing == root.trailingMargin",
                               "a.top == root.top", "b.top == root.top" ] }
            """)
        for direction in directions {
            let result = layOut(layout, direction, texts: ["a": "a", "b": "b"])
            XCTAssertEqual(result.diagnostics, [
                .ambiguous(view: "a", components: direction == .leftToRight ? [.width] : [.x, .width]),
                .ambiguous(view: "b", components: direction == .leftToRight ? [.x, .width] : [.width]),
            ], direction.rawValue)
        }
    }

    func testConstraintsBuiltInCodeThatNameUnknownViewsOrMixDirections() throws {
        var document = LayoutDocument(name: "Code", root: ViewNode(id: "root", kind: .view, subviews: [ViewNode(id: "a", kind: .view)]))
        document.constraints = [
            LayoutConstraint(ConstraintItem(view: "a", attribute: .leading), .equal, ConstraintItem(view: "ghost", attribute: .trailing)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .left), .equal, ConstraintItem(view: "root", attribute: .leading)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .top), .equal, ConstraintItem(view: "root", attribute: .leading)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .leading), .equal, ConstraintItem(view: "root", attribute: .leading)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .top), .equal, ConstraintItem(view: "root", attribute: .top)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .width), .equal, constant: 10),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .height), .equal, constant: 10),
        ]
        for direction in directions {
            let result = layOut(document, direction)
            XCTAssertEqual(result.diagnostics, [
                .invalidConstraint(ConstraintReference(index: 0, description: "a.leading == ghost.trailing", priority: 1000),
                                   reason: "unknown view 'ghost'"),
                .invalidConstraint(ConstraintReference(index: 1, description: "a.left == root.leading", priority: 1000),
                                   reason: "cannot mix left/right with leading/trailing ('left' and 'leading')"),
                .invalidConstraint(ConstraintReference(index: 2, description: "a.top == root.leading", priority: 1000),
                                   reason: "cannot relate a vertical attribute ('top') to a horizontal one ('leading')"),
            ], direction.rawValue)
            XCTAssertEqual(result.frame("a"), direction == .leftToRight ? rect(0, 0, 10, 10) : rect(365, 0, 10, 10))
        }
    }

    func testMalformedLayoutFileIsADecodingErrorWithItsPath() throws {
        let url = try fixtureURL("Malformed.json")
        XCTAssertThrowsError(try LayoutDocument.load(path: url.path)) { error in
            guard let error = error as? LayoutDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.path, "root.subviews[1].font.size")
            XCTAssertEqual(error.line, 6)
            XCTAssertEqual(error.message, "expected a number, found a string")
        }
    }
}

/// Models built in code are not checked by a decoder: the engine must not trap on them.
final class RobustnessTests: XCTestCase {
    func testOutOfRangePrioritiesAndDuplicateIdsDoNotTrap() throws {
        let label = ViewNode(id: "a", kind: .label(LabelSpec()), hugging: AxisPriorities(0),
                             compressionResistance: AxisPriorities(5000))
        var document = LayoutDocument(name: "Code", root: ViewNode(id: "root", kind: .view, subviews: [label, label]))
        document.constraints = [
            LayoutConstraint(ConstraintItem(view: "a", attribute: .leading), .equal, ConstraintItem(view: "root", attribute: .leading)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .top), .equal, ConstraintItem(view: "root", attribute: .top)),
            LayoutConstraint(ConstraintItem(view: "a", attribute: .width), .equal, constant: 5, priority: 0),
        ]
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let result = layOut(document, direction, texts: ["a": "abc"])
            XCTAssertEqual(result.views.map(\.id), ["root", "a", "a"])
            XCTAssertEqual(result.frame("a"), direction == .leftToRight ? rect(0, 0, 30, 20) : rect(345, 0, 30, 20))
            XCTAssertEqual(result.diagnostics.first, .invalidConstraint(
                ConstraintReference(index: 2, description: "a.width == 5 @0", priority: 0), reason: "priority 0 is outside 1…1000"))
        }
    }
}
