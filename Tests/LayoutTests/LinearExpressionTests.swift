@testable import Layout
import XCTest

/// `LinearExpression.normalized` sorts, merges and drops terms in place: it must give what the
/// standard library's stable sort, a merge and a filter give, to the bit (a variable's terms
/// summed in the order they were made), on expressions with repeated variables and zeros.
final class LinearExpressionTests: XCTestCase {
    private func reference(_ expression: LinearExpression) -> [(variable: Int, coefficient: Double)] {
        var merged: [(variable: Int, coefficient: Double)] = []
        for term in expression.terms.sorted(by: { $0.variable < $1.variable }) {
            if let last = merged.last, last.variable == term.variable {
                merged[merged.count - 1].coefficient += term.coefficient
            } else {
                merged.append(term)
            }
        }
        return merged.filter { abs($0.coefficient) > 1e-12 }
    }

    func testNormalizedIsTheStableSortMergedAndFiltered() {
        var state: UInt64 = 5
        func next(_ limit: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(limit))
        }
        let coefficients = [1, -1, 0.5, -0.5, 0.1, 0.2, 0.3, 1e-13, 2, -3, 1.0 / 3]
        var unordered = 0
        for _ in 0..<20_000 {
            let count = 1 + next(30)
            let variables = 1 + next(8)
            let terms = (0..<count).map { _ in (variable: next(variables), coefficient: coefficients[next(coefficients.count)]) }
            let expression = LinearExpression(terms: terms, constant: Double(next(100)))
            let normalized = expression.normalized
            let expected = reference(expression)
            XCTAssertEqual(normalized.terms.map(\.variable), expected.map(\.variable))
            XCTAssertEqual(normalized.terms.map(\.coefficient.bitPattern), expected.map(\.coefficient.bitPattern))
            XCTAssertEqual(normalized.constant, expression.constant)
            if normalized.terms.count != terms.count { unordered += 1 }
        }
        XCTAssertGreaterThan(unordered, 10_000, "most expressions needed merging")
        // An expression already in order is kept as it is.
        let ordered = LinearExpression(terms: [(0, 1), (3, -1), (7, 0.5)], constant: 4)
        XCTAssertEqual(ordered.normalized.terms.map(\.variable), [0, 3, 7])
    }
}
