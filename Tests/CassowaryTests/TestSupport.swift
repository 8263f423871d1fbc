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

/// A small deterministic generator (SplitMix64), so that randomised tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
