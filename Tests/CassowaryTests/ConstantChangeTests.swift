import Cassowary
import TestSupport
import XCTest

/// `setConstant` and `setConstants`: a solved system given new constants ends at an optimum of
/// the new system, as a solver built anew with the new constants does; where the optimum is
/// unique the values agree. Required constants that contradict are refused, leaving the
/// solver as it was.
final class ConstantChangeTests: XCTestCase {
    func testAChangedConstantMovesTheSolutionAndReplacesTheConstraint() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        let pinned = left .== 8
        let wide = (width .== 100).withStrength(.strong)
        let bound = right .<= 300
        try solver.addConstraints([pinned, wide, right .== left + width, bound])
        assertSolution(solver, [left: 8, width: 100, right: 108])

        // The constant of `left - 8` is -8: -20 makes it `left == 20`.
        let moved = try solver.setConstant(of: pinned, to: -20)
        assertSolution(solver, [left: 20, width: 100, right: 120])
        XCTAssertFalse(solver.hasConstraint(pinned))
        XCTAssertTrue(solver.hasConstraint(moved))
        XCTAssertEqual(moved.expression.constant, -20)
        XCTAssertEqual(solver.constraints.first, moved, "the replacement keeps the place of the constraint")

        // An optional constraint gives way to a required bound, and takes over again.
        let wider = try solver.setConstant(of: wide, to: -400)
        assertSolution(solver, [width: 280, right: 300])
        try solver.setConstant(of: wider, to: -50)
        assertSolution(solver, [width: 50, right: 70])

        // Loosening the bound frees nothing that was held by it.
        try solver.setConstant(of: bound, to: -1000)
        assertSolution(solver, [left: 20, width: 50, right: 70])
        XCTAssertThrowsError(try solver.setConstant(of: wide, to: 0)) { error in
            XCTAssertEqual(error as? SolverError, .unknownConstraint(wide))
        }
    }

    func testAContradictingConstantLeavesTheSolverAsItWas() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let floor = x .>= 10, ceiling = x .<= 50, link = y .== x + 5
        try solver.addConstraints([floor, ceiling, link, (x .== 30).withStrength(.weak)])
        assertSolution(solver, [x: 30, y: 35])
        let before = solver.constraints

        // x >= 60 contradicts x <= 50.
        XCTAssertThrowsError(try solver.setConstant(of: floor, to: -60)) { error in
            guard case .unsatisfiableConstraint(let named, let conflicts)? = error as? SolverError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(named.expression.constant, -60)
            XCTAssertEqual(conflicts, [ceiling])
        }
        XCTAssertEqual(solver.constraints, before)
        assertSolution(solver, [x: 30, y: 35])

        // Both bounds moved together stay consistent, although one of them alone would not.
        let moved = try solver.setConstants([(floor, -60), (ceiling, -90)])
        XCTAssertEqual(moved.map(\.expression.constant), [-60, -90])
        assertSolution(solver, [x: 60, y: 65])
    }

    /// A redundant required equation holds only while it repeats its twin: changed alone it
    /// contradicts, changed with its twin it holds again.
    func testARedundantEquationChangesWithItsTwin() throws {
        let solver = Solver()
        let x = Variable("x")
        let original = x .== 10, twin = 2 * x .== 20
        try solver.addConstraints([original, twin, (x .== 3).withStrength(.weak)])
        assertSolution(solver, [x: 10])
        XCTAssertThrowsError(try solver.setConstant(of: twin, to: -30)) { error in
            guard case .unsatisfiableConstraint(_, let conflicts)? = error as? SolverError else { return XCTFail("\(error)") }
            XCTAssertEqual(conflicts, [original])
        }
        XCTAssertThrowsError(try solver.setConstant(of: original, to: -15))
        assertSolution(solver, [x: 10])
        try solver.setConstants([(original, -15), (twin, -30)])
        assertSolution(solver, [x: 15])
    }

    func testCopiesGoTheirOwnWay() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b")
        let start = a .== 0, gap = (b - a .== 10).withStrength(.medium)
        try solver.addConstraints([start, gap, b .<= 100])
        let first = solver.copy(), second = solver.copy()
        try first.setConstant(of: start, to: -50)
        try second.setConstants([(start, -95), (gap, -20)])
        assertSolution(first, [a: 50, b: 60])
        assertSolution(second, [a: 95, b: 100])
        assertSolution(solver, [a: 0, b: 10])
        XCTAssertTrue(solver.hasConstraint(start))
        XCTAssertFalse(first.hasConstraint(start))
    }

    /// Copies that change the strengths of constraints they share with their original (a few,
    /// and more than a copy keeps beside the shared records), and remove one, each hold their
    /// own constraints and solve as a solver given those constraints afresh.
    func testCopiesChangingStrengthsGoTheirOwnWay() throws {
        let a = Variable("a"), b = Variable("b")
        let wishes = (0..<12).map { (a .== Double($0 * 10)).withStrength(Strength(100 + ($0 % 3) * 100)) }
        let base = [b .== a + 5, (b .<= 200).withStrength(.strong)] + wishes
        let solver = Solver()
        try solver.addConstraints(base)
        let few = solver.copy(), many = solver.copy()
        var fewHeld = base, manyHeld = base
        // One change in `few`: kept beside the shared records.
        fewHeld[13] = try few.changeStrength(of: wishes[11], to: .strong)
        // Every wish in `many`, then one removed: more changes than are kept beside them.
        for (index, wish) in wishes.enumerated() {
            manyHeld[index + 2] = try many.changeStrength(of: wish, to: Strength(100 + ((index + 1) % 3) * 100))
        }
        manyHeld[7] = try many.changeStrength(of: manyHeld[7], to: .strong)
        try many.removeConstraint(manyHeld[2])
        manyHeld.remove(at: 2)
        for (copy, held, name) in [(solver, base, "original"), (few, fewHeld, "few"), (many, manyHeld, "many")] {
            XCTAssertEqual(copy.constraints.map(ObjectIdentifier.init), held.map(ObjectIdentifier.init), name)
            for constraint in base + fewHeld + manyHeld {
                XCTAssertEqual(copy.hasConstraint(constraint), held.contains { $0 === constraint }, name)
            }
            let fresh = Solver()
            try fresh.addConstraints(held)
            assertSolution(copy, [a: fresh.value(of: a), b: fresh.value(of: b)], name)
        }
        assertSolution(few, [a: 110, b: 115])
    }

    func testUniqueSolutionsAreRecognised() throws {
        let x = Variable("x"), y = Variable("y")
        let pinned = Solver()
        try pinned.addConstraints([x .== 4, y .>= x, (y .== 0).withStrength(.weak)])
        XCTAssertTrue(pinned.hasUniqueSolution)

        // y may be anything from x up: nothing prefers one value.
        let loose = Solver()
        try loose.addConstraints([x .== 4, y .>= x])
        XCTAssertFalse(loose.hasUniqueSolution)

        // Two weak wishes that cannot both hold: any y between them violates them as much.
        let tied = Solver()
        try tied.addConstraints([(y .== 0).withStrength(.weak), (y .== 10).withStrength(.weak)])
        XCTAssertFalse(tied.hasUniqueSolution)
        try tied.addConstraint((y .== 2).withStrength(.medium))
        XCTAssertTrue(tied.hasUniqueSolution)

        // Hugging and compression resistance of one size, as a layout makes them: the basis is
        // degenerate (the slack of `w <= 50` costs nothing), but `w >= 50` stops it.
        let hugged = Solver()
        try hugged.addConstraints([(x .<= 50).withStrength(250), (x .>= 50).withStrength(750), y .== x + 8])
        XCTAssertTrue(hugged.hasUniqueSolution)
        try hugged.setConstant(of: hugged.constraints[1], to: -80)
        XCTAssertTrue(hugged.hasUniqueSolution)
        assertSolution(hugged, [x: 80, y: 88])

        // The same degenerate size beside a tie: the size's free slack is held, the tie's errors
        // are not, and the solution is not unique (a test that stopped at the first held
        // symbol would call it unique).
        let mixed = Solver()
        try mixed.addConstraints([(x .<= 50).withStrength(250), (x .>= 50).withStrength(750),
                                  (y .== 0).withStrength(.weak), (y .== 10).withStrength(.weak)])
        XCTAssertFalse(mixed.hasUniqueSolution)
        try mixed.addConstraint((y .== 2).withStrength(.medium))
        XCTAssertTrue(mixed.hasUniqueSolution)

        // A variable that no row defines is free.
        let free = Solver()
        try free.addConstraint(x + y .== 10)
        XCTAssertFalse(free.hasUniqueSolution)
    }

    /// A constraint's strength changed in place: the solution follows the new priorities, the
    /// solver holds the replacement (not the old object), and a required strength, on either
    /// side, or a constraint the solver does not hold, is refused with the solver unchanged.
    func testAStrengthChangedInPlaceFollowsTheNewPriority() throws {
        let x = Variable("x")
        let solver = Solver()
        let high = (x .== 10).withStrength(750), low = (x .== 20).withStrength(250), floor = x .>= 0
        try solver.addConstraints([high, low, floor])
        assertSolution(solver, [x: 10])
        let lowered = try solver.changeStrength(of: high, to: 200)
        XCTAssertEqual(lowered.strength, 200)
        XCTAssertEqual(lowered.expression.constant, high.expression.constant)
        XCTAssertTrue(solver.hasConstraint(lowered))
        XCTAssertFalse(solver.hasConstraint(high))
        assertSolution(solver, [x: 20])
        XCTAssertTrue(solver.hasUniqueSolution)
        for (constraint, strength) in [(floor, Strength(500)), (lowered, .required), (high, Strength(500))] {
            XCTAssertThrowsError(try solver.changeStrength(of: constraint, to: strength)) { error in
                XCTAssertEqual(error as? SolverError, .unknownConstraint(constraint))
            }
        }
        XCTAssertEqual(Set(solver.constraints), [lowered, low, floor])
        assertSolution(solver, [x: 20])
        // The replacement's constant moves as any other's: x == 3 @200 gives way to x == 35 @250.
        let moved = try solver.setConstant(of: lowered, to: -3)
        try solver.setConstant(of: low, to: -35)
        assertSolution(solver, [x: 35])
        try solver.changeStrength(of: moved, to: 251)
        assertSolution(solver, [x: 3])
    }

    /// Fixture systems whose optional constraints are given other priorities in place, one at a
    /// time, many times over: after each change the solution is an optimum of the system with
    /// the new priorities (the violation at every level that of a solver built anew with them),
    /// with the same values wherever either solver calls its solution unique.
    func testStrengthChangesAgreeWithFreshSolves() throws {
        var random = SeededGenerator(seed: 31)
        var changed = 0, compared = 0
        for (number, system) in try KiwiSystem.load("kiwi-systems", minimum: 1000).enumerated() where number % 5 == 0 {
            let solver = Solver()
            try solver.addConstraints(system.constraints)
            for step in 0..<20 {
                let optional = solver.constraints.filter { !$0.strength.isRequired }
                guard !optional.isEmpty else { break }
                let target = optional[Int.random(in: 0..<optional.count, using: &random)]
                let level = [1, 50, 249, 250, 251, 500, 749, 750, 751, 999].randomElement(using: &random)!
                let replacement = try solver.changeStrength(of: target, to: Strength(level))
                XCTAssertEqual(replacement.strength.level, level)
                changed += 1
                let fresh = Solver()
                try fresh.addConstraints(solver.constraints)
                compared += assertSameOptimum(solver, fresh, solver.constraints, system.variables,
                                              "system \(number), step \(step)")
            }
        }
        XCTAssertGreaterThan(changed, 1000)
        XCTAssertGreaterThan(compared, 400)
    }

    /// Every fixture system, solved, then given new constants for a random third of its
    /// constraints, several times over: each time the solution must be an optimum of the new
    /// system (every required constraint holds, and the violation at every level is that of
    /// a solver built anew), with the same values wherever either solver calls its solution
    /// unique; and a change that contradicts must be refused exactly when the new solver
    /// cannot hold it, leaving the solver as it was.
    func testFixtureSystemsAgreeWithFreshSolvesAfterChanges() throws {
        var random = SeededGenerator(seed: 11)
        var solved = 0, refused = 0, uniqueCompared = 0
        for (number, system) in try KiwiSystem.load("kiwi-systems", minimum: 1000).enumerated() {
            let solver = Solver()
            try solver.addConstraints(system.constraints)
            for round in 0..<4 {
                let context = "system \(number), round \(round)"
                let current = solver.constraints
                let changed = current.indices.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
                var changes: [(constraint: Constraint, constant: Double)] = []
                for index in changed {
                    let constant = current[index].expression.constant + Double(Int.random(in: -60...60, using: &random))
                    changes.append((current[index], constant))
                }
                var expected = current
                for (index, change) in zip(changed, changes) {
                    expected[index] = Constraint(
                        Expression(change.constraint.expression.terms, constant: change.constant), change.constraint.relation,
                        strength: change.constraint.strength)
                }
                let fresh = Solver()
                let feasible = (try? fresh.addConstraints(expected)) != nil
                solver.updateVariables()
                let before = system.variables.map { solver.value(of: $0) }
                do throws(SolverError) {
                    let replacements = try solver.setConstants(changes)
                    XCTAssertTrue(feasible, "\(context): the changes were accepted")
                    XCTAssertEqual(replacements.map(\.expression.constant), changes.map(\.constant), context)
                    XCTAssertEqual(solver.constraints.map(\.expression.constant), expected.map(\.expression.constant), context)
                    uniqueCompared += assertSameOptimum(solver, fresh, expected, system.variables, context)
                    solved += 1
                } catch {
                    XCTAssertFalse(feasible, "\(context): \(error)")
                    XCTAssertEqual(solver.constraints, current, context)
                    solver.updateVariables()
                    XCTAssertEqual(system.variables.map { solver.value(of: $0) }, before, context)
                    guard case .unsatisfiableConstraint(let named, let conflicts) = error else {
                        XCTFail("\(context): \(error)")
                        continue
                    }
                    assertMinimalConflict(conflicts + [named], context)
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(solved, 3000)
        XCTAssertGreaterThan(refused, 800)
        XCTAssertGreaterThan(uniqueCompared, 1500)
    }

    /// A fixture system changed one constraint at a time, many times over, compared with a
    /// fresh solver after each change; and a copy taken at the start, changed all at once to
    /// the same constants, ends at the same optimum.
    func testSuccessiveChangesAgreeWithFreshSolves() throws {
        var random = SeededGenerator(seed: 5)
        var compared = 0
        for (number, system) in try KiwiSystem.load("kiwi-systems", minimum: 1000).enumerated() where number % 10 == 0 {
            let solver = Solver()
            try solver.addConstraints(system.constraints)
            let start = solver.copy()
            for step in 0..<30 {
                let current = solver.constraints
                let index = Int.random(in: 0..<current.count, using: &random)
                let constant = current[index].expression.constant + Double(Int.random(in: -20...20, using: &random))
                _ = try? solver.setConstant(of: current[index], to: constant)
                let fresh = Solver()
                try fresh.addConstraints(solver.constraints)
                compared += assertSameOptimum(solver, fresh, solver.constraints, system.variables, "system \(number), step \(step)")
            }
            let final = solver.constraints
            try start.setConstants(zip(system.constraints, final).map { ($0, $1.expression.constant) })
            assertSameOptimum(start, solver, final, system.variables, "system \(number), all at once")
        }
        XCTAssertGreaterThan(compared, 1800)
    }

    /// `moveConstants` (the layout engine's way: handles and differences, no new objects) makes
    /// the same operations as `setConstants`: two copies of each fixture system, one changed
    /// each way through the same rounds, hold the same values to the bit after every round,
    /// refuse the same contradicting rounds, and are left as they were when they do.
    func testMovedConstantsMatchSetConstantsToTheBit() throws {
        var random = SeededGenerator(seed: 23)
        var moved = 0, refused = 0
        for system in try KiwiSystem.load("kiwi-systems", minimum: 1000) {
            let base = Solver()
            try base.addConstraints(system.constraints)
            let setting = base.copy(), moving = base.copy()
            let handles = system.constraints.map { base.constantHandle(for: $0) }
            XCTAssertFalse(handles.contains { $0 == nil }, "every constraint has a handle")
            var current = system.constraints, constants = system.constraints.map(\.expression.constant)
            for round in 0..<4 {
                let changed = current.indices.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
                let targets = changed.map { constants[$0] + Double(Int.random(in: -60...60, using: &random)) }
                let set = Result { () throws(SolverError) in try setting.setConstants(zip(changed, targets).map { (current[$0], $1) }) }
                let accepted = try moving.moveConstants(zip(changed, targets).map { (handles[$0]!, $1 - constants[$0]) })
                switch set {
                case .success(let replacements):
                    XCTAssertTrue(accepted, "round \(round)")
                    for (index, (replacement, target)) in zip(changed, zip(replacements, targets)) {
                        current[index] = replacement
                        constants[index] = target
                    }
                    moved += 1
                case .failure(let error):
                    guard case .unsatisfiableConstraint = error else { return XCTFail("\(error)") }
                    XCTAssertFalse(accepted, "round \(round)")
                    refused += 1
                }
                setting.updateVariables()
                moving.updateVariables()
                XCTAssertEqual(system.variables.map { setting.value(of: $0).bitPattern },
                               system.variables.map { moving.value(of: $0).bitPattern }, "round \(round)")
                XCTAssertEqual(setting.hasUniqueSolution, moving.hasUniqueSolution, "round \(round)")
            }
        }
        XCTAssertGreaterThan(moved, 1000)
        XCTAssertGreaterThan(refused, 200)
    }

    // MARK: Helpers

    /// Asserts that both solvers' solutions satisfy every required constraint of `constraints`
    /// and violate every level's optional ones by as much; compares the values when either
    /// solver calls its solution unique. Returns 1 when values were compared.
    @discardableResult
    private func assertSameOptimum(
        _ solver: Solver, _ fresh: Solver, _ constraints: [Constraint], _ variables: [Variable], _ context: String,
        line: UInt = #line
    ) -> Int {
        solver.updateVariables()
        fresh.updateVariables()
        let mine = levelViolations(solver, constraints), theirs = levelViolations(fresh, constraints)
        XCTAssertEqual(mine[1000] ?? 0, 0, accuracy: 1e-6, "\(context): a required constraint is violated", line: line)
        XCTAssertEqual(theirs[1000] ?? 0, 0, accuracy: 1e-6, "\(context): fresh", line: line)
        for level in Set(mine.keys).union(theirs.keys) where level < 1000 {
            let a = mine[level] ?? 0, b = theirs[level] ?? 0
            XCTAssertEqual(a, b, accuracy: 1e-6 * max(1, abs(b)), "\(context): violation at level \(level)", line: line)
        }
        guard solver.hasUniqueSolution || fresh.hasUniqueSolution else { return 0 }
        for variable in variables {
            XCTAssertEqual(solver.value(of: variable), fresh.value(of: variable), accuracy: 1e-6, "\(context): \(variable)", line: line)
        }
        return 1
    }

    /// The total violation of the constraints at each level, in the solver's solution.
    private func levelViolations(_ solver: Solver, _ constraints: [Constraint]) -> [Int: Double] {
        var result: [Int: Double] = [:]
        for constraint in constraints {
            let value = constraint.expression.terms.reduce(constraint.expression.constant) {
                $0 + $1.coefficient * solver.value(of: $1.variable)
            }
            let violation: Double
            switch constraint.relation {
            case .equal: violation = abs(value)
            case .greaterThanOrEqual: violation = max(0, -value)
            case .lessThanOrEqual: violation = max(0, value)
            }
            result[constraint.strength.level, default: 0] += violation
        }
        return result
    }

    /// The constraints cannot all hold, and every one of them is needed for that.
    private func assertMinimalConflict(_ constraints: [Constraint], _ context: String, line: UInt = #line) {
        func satisfiable(_ constraints: [Constraint]) -> Bool {
            (try? Solver().addConstraints(constraints)) != nil
        }
        XCTAssertTrue(constraints.allSatisfy(\.strength.isRequired), context, line: line)
        XCTAssertFalse(satisfiable(constraints), "\(context): the conflicts hold together", line: line)
        for index in constraints.indices {
            var fewer = constraints
            fewer.remove(at: index)
            XCTAssertTrue(satisfiable(fewer), "\(context): \(constraints[index]) is not needed", line: line)
        }
    }
}
