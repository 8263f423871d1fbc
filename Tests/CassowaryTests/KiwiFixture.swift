import Cassowary
import Foundation
import XCTest

/// A system of `Fixtures/kiwi-systems.json` or a session of `Fixtures/kiwi-sessions.json`,
/// written by `scripts/kiwi-reference` with kiwisolver: the constraints to add in order, which
/// of them are to be rejected, the edit variables with their suggestions, which constraints are
/// removed afterwards, and the variables whose optimal value at the end is unique, with that value.
struct KiwiSystem {
    var variables: [Variable]
    var constraints: [Constraint]
    var rejected: Set<Int> = []
    var removed: [Int] = []
    /// Suggestions are made before and after the removals.
    var edits: [(variable: Variable, strength: Strength, before: [Double], after: [Double])] = []
    var unique: [(variable: Variable, value: Double)]

    /// Loads every entry of `Fixtures/<name>.json`; fails the calling test (and throws) when
    /// the fixture is missing, malformed or holds fewer than `minimum` entries.
    static func load(_ name: String, minimum: Int) throws -> [KiwiSystem] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
            XCTFail("Fixtures/\(name).json is missing: run scripts/kiwi-reference")
            throw CocoaError(.fileNoSuchFile)
        }
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let systems = try XCTUnwrap(root["systems"] as? [[String: Any]], "\(name).json has no systems")
        guard systems.count >= minimum else {
            XCTFail("\(name).json holds \(systems.count) systems, fewer than \(minimum)")
            throw CocoaError(.fileReadCorruptFile)
        }
        return try systems.map(parse)
    }

    private static func parse(_ system: [String: Any]) throws -> KiwiSystem {
        let count = try XCTUnwrap(system["variables"] as? Int)
        let variables = (0..<count).map { Variable("v\($0)") }
        let constraints = try XCTUnwrap(system["constraints"] as? [[Any]]).enumerated().map { index, fields in
            let terms = try XCTUnwrap(fields[0] as? [[Double]]).map { Term(variables[Int($0[0])], coefficient: $0[1]) }
            let constant = try XCTUnwrap(fields[1] as? Double)
            let relation = try XCTUnwrap(Constraint.Relation(rawValue: XCTUnwrap(fields[2] as? String)))
            let priority = try XCTUnwrap(fields[3] as? Int)
            return Constraint(
                Expression(terms, constant: constant), relation, strength: Strength(priority), label: "c\(index)")
        }
        let unique = try XCTUnwrap(system["unique"] as? [[Double]]).map { (variables[Int($0[0])], $0[1]) }
        var result = KiwiSystem(variables: variables, constraints: constraints, unique: unique)
        result.rejected = Set(system["rejected"] as? [Int] ?? [])
        result.removed = system["removed"] as? [Int] ?? []
        result.edits = try (system["edits"] as? [[Any]] ?? []).map { edit in
            (
                variables[try XCTUnwrap(edit[0] as? Int)], Strength(try XCTUnwrap(edit[1] as? Int)),
                try XCTUnwrap(edit[2] as? [Double]), try XCTUnwrap(edit[3] as? [Double])
            )
        }
        return result
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
