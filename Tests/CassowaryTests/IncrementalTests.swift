import Cassowary
import TestSupport
import XCTest

final class IncrementalTests: XCTestCase {
    func testRemovingAConstraintRestoresThePreviousSolution() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.addConstraints([
            left .>= 0, right .== left + width, right .<= 300,
            (width .== 100).withStrength(.medium), (left .== 20).withStrength(.weak),
        ])
        assertSolution(solver, [left: 20, right: 120])

        let wider = (width .== 290).withStrength(.strong)
        try solver.addConstraint(wider)
        assertSolution(solver, [width: 290, left: 10])

        let pinned = left .== 60
        try solver.addConstraint(pinned)
        assertSolution(solver, [width: 240])

        try solver.removeConstraint(wider)
        assertSolution(solver, [width: 100, left: 60])

        try solver.removeConstraint(pinned)
        assertSolution(solver, [left: 20, width: 100, right: 120])
        XCTAssertFalse(solver.hasConstraint(wider))
        XCTAssertEqual(solver.constraints.count, 5)
    }

    func testRemovingEveryConstraintEmptiesTheSolver() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let constraints = [x .== 10, y .== x + 5, (y .<= 3).withStrength(.strong), x + y .>= 1]
        try solver.addConstraints(constraints)
        assertSolution(solver, [y: 15])
        for constraint in constraints.reversed() {
            try solver.removeConstraint(constraint)
        }
        XCTAssertTrue(solver.constraints.isEmpty)
        assertSolution(solver, [x: 0, y: 0], accuracy: 0)
        try solver.addConstraint(y .== 7)
        assertSolution(solver, [y: 7])
    }

    func testRemovingARequiredLinkFreesTheRestOfAChain() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let link = b .== a + 10
        try solver.addConstraints([a .== 5, link, c .== b + 10, (b .== 100).withStrength(.weak)])
        assertSolution(solver, [b: 15, c: 25])
        try solver.removeConstraint(link)
        assertSolution(solver, [b: 100, c: 110])
        try solver.addConstraint(link)
        assertSolution(solver, [b: 15, c: 25])
    }

    /// A required equation that was redundant takes over when the one it repeated goes.
    func testARedundantEquationTakesOverWhenItsTwinIsRemoved() throws {
        let solver = Solver()
        let x = Variable("x")
        let original = x .== 10
        try solver.addConstraints([original, x .>= 0, 2 * x .== 20, (x .== 3).withStrength(.weak)])
        assertSolution(solver, [x: 10])
        try solver.removeConstraint(original)
        assertSolution(solver, [x: 10])
    }

    /// Every fixture system, solved with distracting constraints added among its own and
    /// removed again, then with half of its own constraints removed and added back in
    /// another order: the unique values must be kiwisolver's each time.
    func testFixtureSystemsSurviveRemovalAndReAddition() throws {
        var random = SeededGenerator(seed: 7)
        for (number, system) in try KiwiSystem.load("kiwi-systems", minimum: 1000).enumerated() {
            let solver = Solver()
            var distractors: [Constraint] = []
            for constraint in system.constraints {
                try solver.addConstraint(constraint)
                if Bool.random(using: &random) {
                    let distractor = randomDistractor(over: system.variables, using: &random)
                    try solver.addConstraint(distractor)
                    distractors.append(distractor)
                }
            }
            for distractor in distractors.shuffled(using: &random) {
                try solver.removeConstraint(distractor)
            }
            system.assertUniqueValues(in: solver, "system \(number) without its distractors")

            let removed = system.constraints.filter { _ in Bool.random(using: &random) }
            for constraint in removed.shuffled(using: &random) {
                try solver.removeConstraint(constraint)
            }
            try solver.addConstraints(removed.shuffled(using: &random))
            system.assertUniqueValues(in: solver, "system \(number) with constraints added again")
            XCTAssertEqual(Set(solver.constraints), Set(system.constraints))
        }
    }

    /// An optional constraint at any level, or a required one that the bounds 0...100 of
    /// every fixture variable already imply.
    private func randomDistractor(over variables: [Variable], using random: inout SeededGenerator) -> Constraint {
        let chosen = variables.shuffled(using: &random).prefix(Int.random(in: 1...min(3, variables.count), using: &random))
        if Int.random(in: 0..<4, using: &random) == 0 {
            return Constraint(Expression(chosen.map { Term($0) }, constant: 1), .greaterThanOrEqual, strength: .required)
        }
        let terms = chosen.map { Term($0, coefficient: Double(Int.random(in: -3...3, using: &random))) }
        let relation = [Constraint.Relation.equal, .greaterThanOrEqual, .lessThanOrEqual].randomElement(using: &random)!
        let level = [1, 250, 499, 500, 750, 999].randomElement(using: &random)!
        return Constraint(
            Expression(terms, constant: Double(Int.random(in: -300...300, using: &random))), relation,
            strength: Strength(level))
    }
}
