@testable import Cassowary
import TestSupport
import XCTest

/// The conflict search drops a constraint outside the last certificate without solving
/// (``ConflictSearch``); the plain deletion filter, written here on the public solver, solves
/// for every constraint. On random sets of required constraints that contradict a last one,
/// with constraints of their own that have no part in it, both keep the same constraints.
final class ConflictSearchTests: XCTestCase {
    func testKeepsWhatThePlainDeletionFilterKeeps() throws {
        var random = SeededGenerator(seed: 0x0C0F_11C7)
        let variables = (0..<6).map { Variable("x\($0)") }
        func term(_ generator: inout SeededGenerator) -> Cassowary.Expression {
            let variable = variables[Int.random(in: 0..<variables.count, using: &generator)]
            return Cassowary.Expression(variable) * Double(Int.random(in: 1...3, using: &generator))
        }
        func constraint(_ generator: inout SeededGenerator) -> Constraint {
            let lhs = term(&generator) + (Bool.random(using: &generator) ? term(&generator) : Cassowary.Expression(0))
            let constant = Double(Int.random(in: -20...20, using: &generator))
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: return lhs .== constant
            case 1: return lhs .>= constant
            default: return lhs .<= constant
            }
        }
        func contradicts(_ constraints: [Constraint], _ last: Constraint) -> Bool {
            let solver = Solver()
            do throws(SolverError) {
                for each in constraints { try solver.addConstraint(each) }
                try solver.addConstraint(last)
            } catch {
                if case .unsatisfiableConstraint = error { return true }
            }
            return false
        }
        var compared = 0, reduced = 0
        for _ in 0..<400 {
            let candidates = (0..<Int.random(in: 4...14, using: &random)).map { _ in constraint(&random) }
            let last = constraint(&random)
            guard contradicts(candidates, last) else { continue }
            var kept = candidates
            for candidate in candidates {
                let trial = kept.filter { $0 !== candidate }
                if contradicts(trial, last) { kept = trial }
            }
            let found = ConflictSearch.minimalConflict(of: last, among: candidates)
            XCTAssertEqual(found.map(ObjectIdentifier.init), kept.map(ObjectIdentifier.init),
                           "\(candidates) then \(last): \(found) against \(kept)")
            compared += 1
            if kept.count < candidates.count - 1 { reduced += 1 }
        }
        XCTAssertGreaterThan(compared, 100, "too few contradicting sets")
        XCTAssertGreaterThan(reduced, 50, "too few sets with constraints that take no part")
    }
}
