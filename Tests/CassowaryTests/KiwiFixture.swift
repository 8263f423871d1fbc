import Cassowary
import Foundation
import XCTest

/// The random systems of `Fixtures/kiwi-systems.json`, written by `scripts/kiwi-reference`
/// with kiwisolver: each a list of constraints and the variables whose optimal value is
/// unique, with that value.
struct KiwiSystem {
    var variables: [Variable]
    var constraints: [Constraint]
    var unique: [(variable: Variable, value: Double)]

    /// Loads every system; fails the calling test (and throws) when the fixture is missing,
    /// malformed or holds fewer than 1,000 systems.
    static func load() throws -> [KiwiSystem] {
        guard let url = Bundle.module.url(forResource: "kiwi-systems", withExtension: "json", subdirectory: "Fixtures")
        else {
            XCTFail("Fixtures/kiwi-systems.json is missing: run scripts/kiwi-reference")
            throw CocoaError(.fileNoSuchFile)
        }
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let systems = try XCTUnwrap(root["systems"] as? [[String: Any]], "the kiwisolver fixture has no systems")
        guard systems.count >= 1000 else {
            XCTFail("the kiwisolver fixture holds \(systems.count) systems, fewer than 1,000")
            throw CocoaError(.fileReadCorruptFile)
        }
        return try systems.map(parse)
    }

    private static func parse(_ system: [String: Any]) throws -> KiwiSystem {
        let count = try XCTUnwrap(system["variables"] as? Int)
        let variables = (0..<count).map { Variable("v\($0)") }
        let constraints = try XCTUnwrap(system["constraints"] as? [[Any]]).map { fields in
            let terms = try XCTUnwrap(fields[0] as? [[Double]]).map { Term(variables[Int($0[0])], coefficient: $0[1]) }
            let constant = try XCTUnwrap(fields[1] as? Double)
            let relation = try XCTUnwrap(Constraint.Relation(rawValue: XCTUnwrap(fields[2] as? String)))
            let priority = try XCTUnwrap(fields[3] as? Int)
            return Constraint(Expression(terms, constant: constant), relation, strength: Strength(priority))
        }
        let unique = try XCTUnwrap(system["unique"] as? [[Double]]).map { (variables[Int($0[0])], $0[1]) }
        return KiwiSystem(variables: variables, constraints: constraints, unique: unique)
    }

    /// Asserts that `solver` gives every unique variable its value within 1e-6; returns how
    /// many were compared.
    @discardableResult
    func assertUniqueValues(in solver: Solver, _ context: String, line: UInt = #line) -> Int {
        solver.updateVariables()
        for (variable, value) in unique {
            XCTAssertEqual(solver.value(of: variable), value, accuracy: 1e-6, "\(context), \(variable)", line: line)
        }
        return unique.count
    }
}
