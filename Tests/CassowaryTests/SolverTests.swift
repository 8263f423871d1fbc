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

    /// The example in the documentation of `Solver`.
    func testTheDocumentedExample() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width")
        try solver.addConstraint(left .== 8)
        try solver.addConstraint(width .>= 44)
        try solver.addConstraint((width .== 20).withStrength(.strong))
        assertSolution(solver, [width: 44])
        try solver.addEditVariable(left, strength: .strong)
        try solver.suggestValue(left, 100)
        assertSolution(solver, [left: 8, width: 44])
    }

    func testExpressionsReadAsWritten() {
        let x = Variable("x"), y = Variable("y")
        XCTAssertEqual((2 * x + y - 10).description, "2 * x + y - 10")
        XCTAssertEqual((x + 10 .<= y).description, "x - y + 10 <= 0")
        XCTAssertEqual(((x .== 5).withStrength(500)).description, "x - 5 == 0 @500")
        XCTAssertEqual(Constraint(x, .greaterThanOrEqual, 8, label: "a.leading >= 8").description, "a.leading >= 8")
        XCTAssertEqual((-(x - y) / 2).description, "-0.5 * x + 0.5 * y")
        XCTAssertEqual((Term(x, coefficient: 3) * 2 - 1.5).description, "6 * x - 1.5")
        XCTAssertEqual(Expression(4).description, "4")
    }

    func testVariablesAreComparedByIdentity() throws {
        let solver = Solver()
        let first = Variable("x"), second = Variable("x")
        XCTAssertNotEqual(first, second)
        try solver.addConstraints([first .== 1, second .== 2])
        assertSolution(solver, [first: 1, second: 2])
        XCTAssertEqual(solver.value(of: Variable("unknown")), 0)
    }

    /// `values(of:)` reads every variable as `value(of:)` reads it, in the order given: one
    /// no constraint names is 0, one given twice has its value twice, and values found before
    /// and after a change are the solution's at that moment.
    func testValuesOfSeveralVariablesAreEachVariablesValue() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), unnamed = Variable("unnamed")
        try solver.addConstraints([x + y .== 30, x .>= 4, (x .== 10).withStrength(.strong), y - 2 * z .== 0])
        XCTAssertEqual(solver.values(of: [y, unnamed, x, z, x]), [20, 0, 10, 10, 10])
        XCTAssertEqual(solver.values(of: []), [])
        let atLeast16 = x .>= 16
        try solver.addConstraint(atLeast16)
        let variables = [x, y, z, unnamed]
        XCTAssertEqual(solver.values(of: variables), [16, 14, 7, 0])
        XCTAssertEqual(solver.values(of: variables), variables.map { solver.value(of: $0) })
        let copy = solver.copy()
        try copy.removeConstraint(atLeast16)
        try copy.addConstraint(y .>= 20)
        XCTAssertEqual(copy.values(of: variables), [10, 20, 10, 0])
        XCTAssertEqual(solver.values(of: variables), [16, 14, 7, 0], "the original keeps its solution")
    }

    func testTermsOfOneVariableAddUp() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(x + x + 3 * x .== 10)
        assertSolution(solver, [x: 2])
    }

    func testConstraintsAreListedInTheOrderAdded() throws {
        let solver = Solver()
        let x = Variable("x")
        let first = x .>= 1, second = (x .<= 10).withStrength(.medium), third = x .<= 20
        try solver.addConstraints([first, second, third])
        try solver.removeConstraint(second)
        try solver.addConstraint(second)
        XCTAssertEqual(solver.constraints, [first, third, second])
        XCTAssertTrue(solver.hasConstraint(second))
    }

    func testAddingSeveralStopsAtTheFirstError() throws {
        let solver = Solver()
        let x = Variable("x")
        let good = x .>= 1, bad = x .<= 0, never = x .<= 50
        XCTAssertThrowsError(try solver.addConstraints([good, bad, never]))
        XCTAssertEqual(solver.constraints, [good])
    }

    func testResetForgetsEverything() throws {
        let solver = Solver()
        let x = Variable("x")
        let constraint = x .== 3
        try solver.addConstraint(constraint)
        try solver.addEditVariable(x, strength: .weak)
        solver.reset()
        XCTAssertTrue(solver.constraints.isEmpty)
        XCTAssertFalse(solver.hasEditVariable(x))
        XCTAssertEqual(solver.value(of: x), 0)
        try solver.addConstraint(constraint)
        assertSolution(solver, [x: 3])
    }

    func testStrengthsReadAsNumbers() {
        XCTAssertEqual(Strength.required.level, 1000)
        XCTAssertTrue(Strength(1000).isRequired)
        XCTAssertFalse(Strength(999).isRequired)
        XCTAssertLessThan(Strength.weak, Strength.medium)
        XCTAssertLessThan(Strength.medium, Strength.strong)
        let literal: Strength = 251
        XCTAssertEqual(literal, Strength(251))
        XCTAssertEqual("\(Strength.required) \(Strength.weak)", "required 250")
    }
}
