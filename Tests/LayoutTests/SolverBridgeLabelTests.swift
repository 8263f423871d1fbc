import Cassowary
@testable import Layout
import XCTest

/// The solver's constraints go without labels (`SolverBridge.constraint`): describing each
/// constraint of each pass solved afresh was a fifth of checking a real app. A conflict is
/// still named by the layout's references, and an error that names a constraint names it by
/// its reference's description, as a labelled constraint would be.
final class SolverBridgeLabelTests: XCTestCase {
    private func pending(_ constant: Double, _ description: String, relation: Relation = .equal) -> PendingConstraint {
        PendingConstraint(LinearExpression(terms: [(0, 1)], constant: 0), relation, LinearExpression(terms: [], constant: constant),
                          priority: LayoutConstraint.requiredPriority,
                          reference: ConstraintReference(index: nil, priority: LayoutConstraint.requiredPriority) { description })
    }

    func testAConflictIsNamedByTheLayoutsReferences() {
        let bridge = SolverBridge(variableNames: ["a.width"], constraints: [pending(10, "a.width == 10"), pending(20, "a.width == 20")])
        XCTAssertEqual(bridge.values, [10])
        XCTAssertEqual(bridge.diagnostics.map(\.description).count, 1)
        let text = bridge.diagnostics.first?.description ?? ""
        XCTAssertTrue(text.contains("a.width == 10") && text.contains("a.width == 20"), text)
        XCTAssertNil(SolverBridge.constraint(pending(10, "a.width == 10"), [Variable("a.width")]).label, "no label is written")
    }

    func testAnErrorThatNamesAConstraintNamesItByItsReference() {
        let made = pending(10, "a.width == 10")
        let constraint = SolverBridge.constraint(made, [Variable("a.width")])
        let labelled = constraint.withLabel("a.width == 10")
        XCTAssertEqual("\(SolverBridge.named(.duplicateConstraint(constraint), made))", "\(SolverError.duplicateConstraint(labelled))")
        XCTAssertEqual("\(SolverBridge.named(.unknownConstraint(constraint), made))", "\(SolverError.unknownConstraint(labelled))")
        XCTAssertTrue("\(SolverBridge.named(.duplicateConstraint(constraint), made))".contains("a.width == 10"))
        XCTAssertEqual(SolverBridge.named(.pivotLimit(5), made), .pivotLimit(5))
    }
}
