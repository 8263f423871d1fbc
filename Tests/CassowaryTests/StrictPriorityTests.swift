import Cassowary
import XCTest

/// Cases where weighted strengths (a level as a factor on its violation, as kiwisolver
/// has them) would choose differently from strict priorities.
final class StrictPriorityTests: XCTestCase {
    func testOneConstraintAt251BeatsTwoAt250() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x .== 0).withStrength(250))
        try solver.addConstraint((x .== 0).withStrength(250))
        try solver.addConstraint((x .== 10).withStrength(251))
        // Weighted: 2·250·10 = 5000 against 251·10 = 2510 would put x at 0.
        assertSolution(solver, [x: 10])
    }

    func testOneConstraintAt751BeatsAThousandAndOneAt750() throws {
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<1001 {
            try solver.addConstraint((x .<= 100).withStrength(750))
        }
        try solver.addConstraint((x .>= 300).withStrength(751))
        assertSolution(solver, [x: 300])
        XCTAssertEqual(solver.constraints.count, 1002)
    }

    func testTheLowestLevelsAreExactToo() throws {
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<500 {
            try solver.addConstraint((x .== 1).withStrength(1))
        }
        try solver.addConstraint((x .== 2).withStrength(2))
        assertSolution(solver, [x: 2])

        let y = Variable("y")
        for _ in 0..<500 {
            try solver.addConstraint((y .== 1).withStrength(998))
        }
        try solver.addConstraint((y .== 2).withStrength(999))
        assertSolution(solver, [y: 2])
    }

    /// A higher level is satisfied first even when the violation it avoids is tiny and the
    /// violation it causes below is huge.
    func testTinyGainsAboveOutweighHugeLossesBelow() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraint(x + y .== 1000)
        try solver.addConstraint((x .>= 0.001).withStrength(600))
        for _ in 0..<100 {
            try solver.addConstraint((y .== 1000).withStrength(599))
        }
        assertSolution(solver, [x: 0.001, y: 999.999])
    }

    /// Each level is optimised without giving back anything above it, down three levels.
    func testLevelsAreSettledFromTheTopDown() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try solver.addConstraints([a .>= 0, b .>= 0, c .>= 0, a + b + c .== 90])
        try solver.addConstraint((a .>= 50).withStrength(300))
        try solver.addConstraint((a + b .<= 60).withStrength(200))
        for _ in 0..<50 {
            try solver.addConstraint((c .== 0).withStrength(100))
            try solver.addConstraint((b .== 40).withStrength(199))
        }
        assertSolution(solver, [a: 50, b: 10, c: 30])
    }

    func testRemovingTheWinnerHandsTheVariableToTheNextLevel() throws {
        let solver = Solver()
        let x = Variable("x")
        let high = (x .== 30).withStrength(751)
        try solver.addConstraint(high)
        for _ in 0..<20 {
            try solver.addConstraint((x .== 20).withStrength(750))
        }
        assertSolution(solver, [x: 30])
        try solver.removeConstraint(high)
        assertSolution(solver, [x: 20])
    }
}
