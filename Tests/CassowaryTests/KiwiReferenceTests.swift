import Cassowary
import XCTest

/// Solves what `scripts/kiwi-reference` recorded with kiwisolver and compares every variable
/// whose optimal value is unique, within 1e-6.
final class KiwiReferenceTests: XCTestCase {
    func testAgreesWithKiwisolverOnEveryUniqueVariable() throws {
        let systems = try KiwiSystem.load("kiwi-systems", minimum: 1000)
        var compared = 0
        for (number, system) in systems.enumerated() {
            let solver = Solver()
            try solver.addConstraints(system.constraints)
            compared += system.assertUniqueValues(in: solver, "system \(number)")
        }
        XCTAssertGreaterThan(compared, systems.count, "too few unique variables to compare")
    }

    /// Sessions: the same constraints rejected as unsatisfiable, each with a minimal set of
    /// conflicts; then edit variables and suggestions, removals, more suggestions, and in the
    /// end kiwisolver's values.
    func testAgreesWithKiwisolverOnSessions() throws {
        let sessions = try KiwiSystem.load("kiwi-sessions", minimum: 500)
        var rejections = 0, removals = 0, suggestions = 0
        for (number, session) in sessions.enumerated() {
            let solver = Solver()
            for (index, constraint) in session.constraints.enumerated() {
                do throws(SolverError) {
                    try solver.addConstraint(constraint)
                    XCTAssertFalse(session.rejected.contains(index), "session \(number): \(constraint) was accepted")
                } catch {
                    XCTAssertTrue(session.rejected.contains(index), "session \(number): \(error)")
                    guard case .unsatisfiableConstraint(_, let conflicts) = error else { continue }
                    assertMinimalConflict(conflicts, constraint, accepted: solver.constraints, "session \(number)")
                    rejections += 1
                }
            }
            for (variable, strength, before, _) in session.edits {
                try solver.addEditVariable(variable, strength: strength)
                for value in before {
                    try solver.suggestValue(variable, value)
                    suggestions += 1
                }
            }
            for index in session.removed.reversed() {
                try solver.removeConstraint(session.constraints[index])
                removals += 1
            }
            for (variable, _, _, after) in session.edits {
                for value in after {
                    try solver.suggestValue(variable, value)
                    suggestions += 1
                }
            }
            session.assertUniqueValues(in: solver, "session \(number)")
        }
        XCTAssertGreaterThan(rejections, 100)
        XCTAssertGreaterThan(removals, 100)
        XCTAssertGreaterThan(suggestions, 100)
    }

    /// The conflicts are required constraints of the solver that, with `constraint`, cannot
    /// all hold, and every one of them is needed for that.
    private func assertMinimalConflict(
        _ conflicts: [Constraint], _ constraint: Constraint, accepted: [Constraint], _ context: String,
        line: UInt = #line
    ) {
        func satisfiable(_ constraints: [Constraint]) -> Bool {
            (try? Solver().addConstraints(constraints)) != nil
        }
        XCTAssertTrue(conflicts.allSatisfy { conflict in accepted.contains { $0 === conflict } }, context, line: line)
        XCTAssertTrue(conflicts.allSatisfy(\.strength.isRequired), context, line: line)
        XCTAssertFalse(satisfiable(conflicts + [constraint]), "\(context): conflicts hold together", line: line)
        for index in conflicts.indices {
            var fewer = conflicts
            fewer.remove(at: index)
            XCTAssertTrue(satisfiable(fewer + [constraint]), "\(context): \(conflicts[index]) not needed", line: line)
        }
    }
}
