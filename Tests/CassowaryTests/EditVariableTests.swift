import Cassowary
import TestSupport
import XCTest

final class EditVariableTests: XCTestCase {
    /// A 100 pt wide box dragged along a 300 pt track: the suggestion wins unless the track ends.
    func testSuggestionsGiveWayToRequiredConstraints() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.addConstraints([left .>= 0, right .<= 300, right .== left + width, width .== 100])
        try solver.addEditVariable(left, strength: .strong)
        XCTAssertTrue(solver.hasEditVariable(left))
        for (suggested, expected) in [(50.0, 50.0), (250, 200), (-20, 0), (120.5, 120.5), (200, 200)] {
            try solver.suggestValue(left, suggested)
            XCTAssertEqual(solver.value(of: left), expected, accuracy: 1e-9, "suggested \(suggested)")
            XCTAssertEqual(solver.value(of: right), expected + 100, accuracy: 1e-9, "suggested \(suggested)")
        }
    }

    func testAddingAnEditVariableMovesNothing() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.addConstraints([(x .== 40).withStrength(.weak), y .== x * 2])
        try solver.addEditVariable(x, strength: .medium)
        assertSolution(solver, [x: 40])
        try solver.suggestValue(x, 7)
        assertSolution(solver, [y: 14])
    }

    func testAnEditVariableLosesToAStrongerConstraintAndBeatsAWeakerOne() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x .<= 100).withStrength(600))
        try solver.addConstraint((x .>= 10).withStrength(400))
        try solver.addEditVariable(x, strength: 500)
        try solver.suggestValue(x, 150)
        assertSolution(solver, [x: 100])
        try solver.suggestValue(x, 5)
        assertSolution(solver, [x: 5])
    }

    /// A chain of 40 views whose widths are all edit variables, clamped to 10...200, with a
    /// thousand successive suggestions; every frame is checked after each.
    func testManySuccessiveSuggestions() throws {
        let solver = Solver()
        let count = 40
        let lefts = (0..<count).map { Variable("view\($0).left") }
        let widths = (0..<count).map { Variable("view\($0).width") }
        try solver.addConstraint(lefts[0] .== 0)
        for index in 0..<count {
            try solver.addConstraints([widths[index] .>= 10, widths[index] .<= 200])
            if index > 0 {
                try solver.addConstraint(lefts[index] .== lefts[index - 1] + widths[index - 1] + 8)
            }
            try solver.addEditVariable(widths[index], strength: .strong)
        }
        var random = SeededGenerator(seed: 42)
        var suggested = [Double](repeating: 10, count: count)
        for step in 0..<1000 {
            let index = Int.random(in: 0..<count, using: &random)
            suggested[index] = Double(Int.random(in: -50...300, using: &random)) / 2
            try solver.suggestValue(widths[index], suggested[index])
            var left = 0.0
            for view in 0..<count {
                let width = min(max(suggested[view], 10), 200)
                XCTAssertEqual(solver.value(of: widths[view]), width, accuracy: 1e-7, "step \(step), view \(view)")
                XCTAssertEqual(solver.value(of: lefts[view]), left, accuracy: 1e-7, "step \(step), view \(view)")
                left += width + 8
            }
        }
    }

    func testRemovingAnEditVariableHandsTheVariableBack() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint((x .== 25).withStrength(.weak))
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 80)
        assertSolution(solver, [x: 80])
        try solver.removeEditVariable(x)
        XCTAssertFalse(solver.hasEditVariable(x))
        assertSolution(solver, [x: 25])
        XCTAssertEqual(solver.constraints.count, 1, "edit constraints are not listed")
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, -3)
        assertSolution(solver, [x: -3])
    }

    /// Two suggestions at 500 tie (a + b <= 134 lets either have its way), so priority 250
    /// must decide; rounding in the 500 level of the dual ratio test once decided instead.
    func testTheDualSimplexSettlesLowerLevelsBeyondRounding() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try solver.addConstraints([
            a .>= 0, a .<= 100, b .>= 0, b .<= 100, c .>= 0, c .<= 100, a + b + c .<= 134,
            (3 * a + 2 * b - 3 * c .== 70).withStrength(250),
        ])
        XCTAssertThrowsError(try solver.addConstraint(2 * a .>= 248))
        try solver.addConstraints([(c .<= 107).withStrength(500), (-2 * a - b .>= 160).withStrength(250)])
        try solver.addEditVariable(a, strength: 500)
        try solver.suggestValue(a, 64)
        try solver.addEditVariable(b, strength: 500)
        for value in [16.0, 67, 144] {
            try solver.suggestValue(b, value)
        }
        assertSolution(solver, [a: 34, b: 100, c: 0], accuracy: 1e-7)
    }

    /// Suggestions through the dual simplex end where a fresh solve of the same constraints,
    /// with the suggestion as an ordinary constraint, ends.
    func testSuggestionsAgreeWithAFreshSolve() throws {
        var random = SeededGenerator(seed: 3)
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let base: [Constraint] = [
            a .>= 0, b .>= a + 10, c .>= b + 10, c .<= 500,
            (b .== 200).withStrength(300), (c - a .== 150).withStrength(700),
        ]
        let solver = Solver()
        try solver.addConstraints(base)
        try solver.addEditVariable(a, strength: 600)
        for _ in 0..<200 {
            let value = Double(Int.random(in: -100...600, using: &random))
            try solver.suggestValue(a, value)
            let fresh = Solver()
            try fresh.addConstraints(base + [(a .== value).withStrength(600)])
            for variable in [a, b, c] {
                XCTAssertEqual(solver.value(of: variable), fresh.value(of: variable), accuracy: 1e-7, "a := \(value)")
            }
        }
    }
}
