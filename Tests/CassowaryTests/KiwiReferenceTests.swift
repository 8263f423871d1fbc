import Cassowary
import Foundation
import XCTest

/// Solves the random systems of `Fixtures/kiwi-systems.json` (written by
/// `scripts/kiwi-reference` with kiwisolver) and compares every variable whose optimal value
/// is unique.
final class KiwiReferenceTests: XCTestCase {
    private struct System {
        var variables: Int
        var constraints: [(terms: [(Int, Double)], constant: Double, relation: Constraint.Relation, priority: Int)]
        var unique: [(Int, Double)]
    }

    private func loadSystems() throws -> [System] {
        guard let url = Bundle.module.url(forResource: "kiwi-systems", withExtension: "json", subdirectory: "Fixtures")
        else {
            XCTFail("Fixtures/kiwi-systems.json is missing: run scripts/kiwi-reference")
            throw CocoaError(.fileNoSuchFile)
        }
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let systems = try XCTUnwrap(root["systems"] as? [[String: Any]], "the fixture has no systems")
        return try systems.map { system in
            let constraints = try XCTUnwrap(system["constraints"] as? [[Any]]).map { constraint in
                let terms = try XCTUnwrap(constraint[0] as? [[Double]]).map { (Int($0[0]), $0[1]) }
                let relation = try XCTUnwrap(Constraint.Relation(rawValue: XCTUnwrap(constraint[2] as? String)))
                return (terms, try XCTUnwrap(constraint[1] as? Double), relation, try XCTUnwrap(constraint[3] as? Int))
            }
            let unique = try XCTUnwrap(system["unique"] as? [[Double]]).map { (Int($0[0]), $0[1]) }
            return System(variables: try XCTUnwrap(system["variables"] as? Int), constraints: constraints, unique: unique)
        }
    }

    func testAgreesWithKiwisolverOnEveryUniqueVariable() throws {
        let systems = try loadSystems()
        XCTAssertGreaterThanOrEqual(systems.count, 1000, "the kiwisolver fixture must hold at least 1,000 systems")
        var compared = 0
        for (number, system) in systems.enumerated() {
            let variables = (0..<system.variables).map { Variable("v\($0)") }
            let solver = Solver()
            for (terms, constant, relation, priority) in system.constraints {
                let expression = Expression(terms.map { Term(variables[$0.0], coefficient: $0.1) }, constant: constant)
                try solver.addConstraint(Constraint(expression, relation, strength: Strength(priority)))
            }
            solver.updateVariables()
            for (index, expected) in system.unique {
                XCTAssertEqual(
                    solver.value(of: variables[index]), expected, accuracy: 1e-6, "system \(number), v\(index)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, systems.count, "too few unique variables to compare")
    }
}
