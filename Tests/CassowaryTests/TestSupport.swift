import Cassowary
import XCTest

/// Asserts the solver's value of each variable, within `accuracy`.
func assertSolution(
    _ solver: Solver, _ expected: KeyValuePairs<Variable, Double>, accuracy: Double = 1e-9, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    for (variable, value) in expected {
        XCTAssertEqual(
            solver.value(of: variable), value, accuracy: accuracy, "\(variable) \(message)", file: file, line: line)
    }
}
