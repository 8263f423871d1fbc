import Cassowary
import XCTest

/// The simplex stops after `Solver.pivotLimit` pivots for one request, with an error, instead
/// of going on without end; no layout comes near the default.
final class PivotLimitTests: XCTestCase {
    static let views = 300

    /// A chain of views, each 8 after the one before, as the solver benchmark builds it: six
    /// constraints a view, in chain order or shuffled, and last the container's width, required,
    /// which the chain's end must meet (58 a view and 8 fit every view at its preferred 50).
    static func chain(views: Int, shuffled: Bool) -> (solver: Solver, container: Constraint, widths: [Variable], most: Int) {
        var constraints: [Constraint] = []
        var lefts: [Variable] = [], widths: [Variable] = []
        for index in 0..<views {
            let left = Variable("view\(index).left"), width = Variable("view\(index).width")
            let top = Variable("view\(index).top"), height = Variable("view\(index).height")
            constraints.append(index == 0 ? left .== 8 : left .== lefts[index - 1] + widths[index - 1] + 8)
            let preferred: Constraint = (width .== 50).withStrength(500)
            let tall: Constraint = (height .== 44).withStrength(750)
            constraints += [width .>= 10, width .<= 200, preferred, top .== 20, tall]
            lefts.append(left)
            widths.append(width)
        }
        if shuffled {
            var state: UInt64 = 2024
            for index in constraints.indices.dropFirst().reversed() {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                constraints.swapAt(index, Int((state >> 33) % UInt64(index + 1)))
            }
        }
        let end: Cassowary.Expression = lefts[views - 1] + widths[views - 1] + 8
        let container: Constraint = end .== Double(58 * views + 8)
        let solver = Solver()
        var most = 0
        for constraint in constraints + [container] {
            let before = solver.pivotCount
            try! solver.addConstraint(constraint)
            most = max(most, solver.pivotCount - before)
        }
        return (solver, container, widths, most)
    }

    /// The most pivots one request of a chain takes: each constraint added, then the container
    /// made so narrow that the views shrink (from their preferred 50 to 20 on average), and
    /// wide again. Measured: 741 pivots for 500 views, 1,491 for 1,000 (the squeeze, in chain
    /// order; fewer shuffled), so about 15,000 for a chain of 10,000 views, the most a layout
    /// may hold: the default limit is more than 60 times that.
    func testAChainTakesFarFewerPivotsThanTheLimit() throws {
        for shuffled in [false, true] {
            var (solver, container, widths, most) = Self.chain(views: Self.views, shuffled: shuffled)
            for width in [28, 58] {
                let before = solver.pivotCount
                container = try solver.setConstants([(container, -Double(width * Self.views))])[0]
                most = max(most, solver.pivotCount - before)
                solver.updateVariables()
                let total = widths.reduce(0) { $0 + solver.value(of: $1) }
                XCTAssertEqual(total, Double((width - 8) * Self.views), accuracy: 1e-6)
            }
            XCTAssertLessThan(most * 50, Solver.defaultPivotLimit, "shuffled: \(shuffled), most pivots of a request: \(most)")
        }
    }

    func testARequestPastTheLimitThrowsAndTheSolverRefusesTheNext() throws {
        let (solver, _, widths, _) = Self.chain(views: 50, shuffled: false)
        solver.pivotLimit = 3
        XCTAssertThrowsError(try solver.addConstraint(widths[0] + widths[49] .== 2000)) { error in
            XCTAssertEqual(error as? SolverError, .pivotLimit(3))
            XCTAssertEqual("\(error)", "the simplex took more than 3 pivots for one change, past babelfit's limit")
        }
        XCTAssertThrowsError(try solver.addConstraint(Variable("x") .== 1)) { error in
            XCTAssertEqual(error as? SolverError, .pivotLimit(3))
        }
    }

    func testSetConstantsPastTheLimitLeavesTheSolverAsItWas() throws {
        let (solver, container, widths, _) = Self.chain(views: 50, shuffled: false)
        solver.pivotLimit = 10
        XCTAssertThrowsError(try solver.setConstants([(container, -28 * 50)])) { error in
            XCTAssertEqual(error as? SolverError, .pivotLimit(10))
        }
        solver.updateVariables()
        XCTAssertEqual(widths.map { solver.value(of: $0) }, Array(repeating: 50, count: 50))
        solver.pivotLimit = Solver.defaultPivotLimit
        _ = try solver.setConstants([(container, -28 * 50)])
        solver.updateVariables()
        XCTAssertEqual(widths.reduce(0) { $0 + solver.value(of: $1) }, 20 * 50, accuracy: 1e-6)
    }
}
