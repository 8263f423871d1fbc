import Cassowary
import XCTest

/// Solves the random systems that `scripts/kiwi-reference` recorded with kiwisolver and
/// compares every variable whose optimal value is unique, within 1e-6.
final class KiwiReferenceTests: XCTestCase {
    func testAgreesWithKiwisolverOnEveryUniqueVariable() throws {
        let systems = try KiwiSystem.load()
        var compared = 0
        for (number, system) in systems.enumerated() {
            let solver = Solver()
            try solver.addConstraints(system.constraints)
            compared += system.assertUniqueValues(in: solver, "system \(number)")
        }
        XCTAssertGreaterThan(compared, systems.count, "too few unique variables to compare")
    }
}
