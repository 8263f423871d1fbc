import Cassowary
import XCTest

final class SolverErrorTests: XCTestCase {
    private func assertThrows(
        _ expected: SolverError, line: UInt = #line, _ body: () throws(SolverError) -> Void
    ) {
        do {
            try body()
            XCTFail("expected \(expected)", line: line)
        } catch {
            XCTAssertEqual(error, expected, line: line)
        }
    }

    func testDuplicateAndUnknownConstraints() throws {
        let solver = Solver()
        let x = Variable("x")
        let constraint = x .>= 5
        try solver.addConstraint(constraint)
        assertThrows(.duplicateConstraint(constraint)) { () throws(SolverError) in try solver.addConstraint(constraint) }
        let twin = x .>= 5
        XCTAssertNoThrow(try solver.addConstraint(twin), "an equal constraint is another constraint")

        let stranger = x .<= 9
        assertThrows(.unknownConstraint(stranger)) { () throws(SolverError) in try solver.removeConstraint(stranger) }
        try solver.removeConstraint(constraint)
        assertThrows(.unknownConstraint(constraint)) { () throws(SolverError) in try solver.removeConstraint(constraint) }
        XCTAssertEqual(solver.constraints, [twin])
    }

    func testEditVariableErrors() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        assertThrows(.badRequiredStrength(x)) { () throws(SolverError) in
            try solver.addEditVariable(x, strength: .required)
        }
        try solver.addEditVariable(x, strength: .strong)
        assertThrows(.duplicateEditVariable(x)) { () throws(SolverError) in
            try solver.addEditVariable(x, strength: .weak)
        }
        assertThrows(.unknownEditVariable(y)) { () throws(SolverError) in try solver.suggestValue(y, 3) }
        assertThrows(.unknownEditVariable(y)) { () throws(SolverError) in try solver.removeEditVariable(y) }
        try solver.removeEditVariable(x)
        assertThrows(.unknownEditVariable(x)) { () throws(SolverError) in try solver.suggestValue(x, 3) }
    }

    /// Adds `constraint`, expecting it to be unsatisfiable, and returns the conflicts named.
    private func conflicts(adding constraint: Constraint, to solver: Solver, line: UInt = #line) -> [Constraint] {
        do {
            try solver.addConstraint(constraint)
            XCTFail("\(constraint) was accepted", line: line)
        } catch {
            guard case .unsatisfiableConstraint(let rejected, let conflicts) = error else {
                XCTFail("unexpected \(error)", line: line)
                return []
            }
            XCTAssertTrue(rejected === constraint, line: line)
            XCTAssertFalse(solver.hasConstraint(constraint), line: line)
            return conflicts
        }
        return []
    }

    func testConflictingEquationsAreNamed() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let pinX = Constraint(x, .equal, 10, label: "x == 10")
        let link = Constraint(y, .equal, x + 5, label: "y == x + 5")
        let other = Constraint(z, .equal, 3, label: "z == 3")
        try solver.addConstraints([pinX, other, (y .== 40).withStrength(.strong), link])
        let bad = Constraint(y, .equal, 20, label: "y == 20")
        XCTAssertEqual(conflicts(adding: bad, to: solver), [pinX, link])
        XCTAssertEqual(
            SolverError.unsatisfiableConstraint(bad, conflicts: [pinX, link]).description,
            "unsatisfiable constraint: y == 20 conflicts with\n  x == 10\n  y == x + 5")
        XCTAssertEqual(solver.value(of: y), 15, accuracy: 1e-9, "the solution is kept")
        try solver.addConstraint(z .<= 100)
        XCTAssertEqual(solver.constraints.count, 5)
    }

    func testConflictingInequalitiesAreNamed() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), w = Variable("w")
        let low = x .>= 10, gap = y .>= x + 5, loose = x .>= 2, unrelated = w .<= 7
        try solver.addConstraints([low, loose, unrelated, (y .== 0).withStrength(.weak), gap])
        XCTAssertEqual(conflicts(adding: y .<= 12, to: solver), [low, gap])
        assertSolution(solver, [y: 15])
    }

    func testOnlyTheBindingBoundIsNamed() throws {
        let solver = Solver()
        let x = Variable("x")
        let atLeast10 = x .>= 10, atLeast20 = x .>= 20
        try solver.addConstraints([atLeast10, atLeast20])
        XCTAssertEqual(conflicts(adding: x .<= 15, to: solver), [atLeast20])
        let either = conflicts(adding: x .<= 5, to: solver)
        XCTAssertTrue(either == [atLeast10] || either == [atLeast20], "one bound suffices: \(either)")
    }

    func testARedundantCopyIsNotNamed() throws {
        let solver = Solver()
        let x = Variable("x")
        let first = x .== 10, copy = x .== 10
        try solver.addConstraints([first, copy])
        XCTAssertEqual(conflicts(adding: x .== 20, to: solver).count, 1)
    }

    func testALongChainIsNamedWhole() throws {
        let solver = Solver()
        let xs = (0..<12).map { Variable("x\($0)") }
        var chain = [xs[0] .>= 0]
        for index in 1..<xs.count {
            chain.append(xs[index] .>= xs[index - 1] + 10)
        }
        let side = (0..<12).map { xs[$0] .<= 1000 }
        let preferences = xs.map { ($0 .== 0).withStrength(.medium) }
        try solver.addConstraints(side + preferences + chain)
        XCTAssertEqual(conflicts(adding: xs[11] .<= 100, to: solver), chain)
        assertSolution(solver, [xs[11]: 110])
    }

    func testMixedEquationsAndInequalities() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right"), top = Variable("top")
        let edges = right .== left + width, start = left .>= 20, minimum = width .>= 100, topPin = top .== 0
        try solver.addConstraints([topPin, edges, start, minimum, (width .== 50).withStrength(.strong)])
        XCTAssertEqual(conflicts(adding: right .<= 110, to: solver), [edges, start, minimum])
    }

    func testAContradictionInItself() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(x .== 1)
        XCTAssertEqual(conflicts(adding: Constraint(Expression(5), .equal), to: solver), [])
        XCTAssertEqual(conflicts(adding: x - x .>= 1, to: solver), [])
        XCTAssertNoThrow(try solver.addConstraint(Constraint(Expression(5), .greaterThanOrEqual)))
    }

    func testOptionalConstraintsNeverConflict() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(x .== 1)
        XCTAssertNoThrow(try solver.addConstraint((x .== 2).withStrength(999)))
        XCTAssertNoThrow(try solver.addConstraint(Constraint(Expression(5), .equal, strength: 1)))
        assertSolution(solver, [x: 1])
    }
}
