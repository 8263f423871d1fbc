import Cassowary
import XCTest

/// A solver let go of hands its storage, emptied, to the next solver made: the next one must
/// behave as a new solver in every respect, whatever the one before held.
final class SolverPoolTests: XCTestCase {
    /// A screen's worth of constraints: views in a column, each with a required position, an
    /// intrinsic size at 750 and 250, a preferred width at 500, and a trailing margin.
    private func screen(_ variables: [Variable], rows: Int) -> [Constraint] {
        var constraints: [Constraint] = [variables[0] .== 0, variables[1] .== 393]
        for row in 0..<rows {
            let x = variables[2 + 3 * row], y = variables[3 + 3 * row], width = variables[4 + 3 * row]
            constraints.append(x .== variables[0] + 16)
            constraints.append(y .== Double(59 + 40 * row))
            constraints.append((width .>= Double(40 + 37 * row % 200)).withStrength(750))
            constraints.append((width .<= Double(40 + 37 * row % 200)).withStrength(250))
            constraints.append((width .== 300).withStrength(500))
            constraints.append(x + width .<= variables[0] + variables[1] - 16)
        }
        return constraints
    }

    private func solve(rows: Int) throws -> (values: [Double], pivots: Int, unique: Bool) {
        let variables = (0..<(2 + 3 * rows)).map { Variable("v\($0)") }
        let solver = Solver()
        XCTAssertTrue(solver.constraints.isEmpty)
        XCTAssertEqual(solver.pivotCount, 0)
        XCTAssertEqual(solver.pivotLimit, Solver.defaultPivotLimit)
        try solver.addConstraints(screen(variables, rows: rows))
        solver.updateVariables()
        return (variables.map { solver.value(of: $0) }, solver.pivotCount, solver.hasUniqueSolution)
    }

    func testASolverMadeAfterAnotherSolvesAsANewOne() throws {
        let first = try solve(rows: 12)
        // Larger, smaller and the same again, each in the storage of the one before.
        _ = try solve(rows: 30)
        _ = try solve(rows: 3)
        let again = try solve(rows: 12)
        XCTAssertEqual(again.values.map(\.bitPattern), first.values.map(\.bitPattern))
        XCTAssertEqual(again.pivots, first.pivots)
        XCTAssertEqual(again.unique, first.unique)
        XCTAssertEqual(first.values[4], 300)  // the preferred width at 500 over the intrinsic one at 250
    }

    func testNothingOfTheSolverBeforeRemains() throws {
        let x = Variable("x"), y = Variable("y")
        do {
            let solver = Solver()
            solver.pivotLimit = 5
            try solver.addConstraint(x .>= 10)
            try solver.addConstraint((y .== 3).withStrength(250))
            try solver.addEditVariable(x, strength: 750)
            try solver.suggestValue(x, 40)
            XCTAssertEqual(solver.value(of: x), 40)
        }
        let solver = Solver()
        XCTAssertTrue(solver.constraints.isEmpty)
        XCTAssertFalse(solver.hasEditVariable(x))
        XCTAssertEqual(solver.pivotLimit, Solver.defaultPivotLimit)
        XCTAssertEqual(solver.pivotCount, 0)
        XCTAssertEqual(solver.value(of: x), 0)
        XCTAssertEqual(solver.value(of: y), 0)
        try solver.addConstraint(x .<= 5)
        XCTAssertEqual(solver.value(of: x), 5)
        XCTAssertEqual(solver.value(of: y), 0)
    }

    func testACopyAndItsOriginalStayApartWhenEitherIsLetGoOf() throws {
        let x = Variable("x")
        var original: Solver? = Solver()
        try original!.addConstraint((x .== 7).withStrength(500))
        let copy = original!.copy()
        original = nil
        _ = try solve(rows: 4)  // takes whatever storage the pool holds
        XCTAssertEqual(copy.value(of: x), 7)
        try copy.addConstraint(x .>= 9)
        XCTAssertEqual(copy.value(of: x), 9)
    }
}
