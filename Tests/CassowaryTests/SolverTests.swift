import Cassowary
import XCTest

final class SolverTests: XCTestCase {
    func testEquationsAndInequalities() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x + y .== 20)
        try solver.addConstraint(x .>= 12)
        try solver.addConstraint((x .== 5).withStrength(.strong))
        try solver.addConstraint((y .== 100).withStrength(.weak))
        assertSolution(solver, [x: 12, y: 8])
    }

    func testExpressionsReadAsWritten() {
        let x = Variable("x"), y = Variable("y")
        XCTAssertEqual((2 * x + y - 10).description, "2 * x + y - 10")
        XCTAssertEqual((x + 10 .<= y).description, "x - y + 10 <= 0")
        XCTAssertEqual(((x .== 5).withStrength(500)).description, "x - 5 == 0 @500")
        XCTAssertEqual(Constraint(x, .greaterThanOrEqual, 8, label: "a.leading >= 8").description, "a.leading >= 8")
        XCTAssertEqual((-(x - y) / 2).description, "-0.5 * x + 0.5 * y")
    }
}
