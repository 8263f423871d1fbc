import TestSupport
import XCTest
@testable import Layout

/// Which variables a set of equations fixes on its own (`AmbiguityProbe.undetermined`, by sparse
/// Gauss–Jordan elimination), against another way of finding it: a variable is fixed exactly when
/// its unit vector lies in the equations' row space, that is when adding it as a row leaves the
/// rank as it is. The rank is found here by dense elimination in exact rational arithmetic, on
/// systems of small integer coefficients (as a layout's are: edges, sizes, centres, multipliers).
final class DeterminedVariablesTests: XCTestCase {
    /// A rational number of 64-bit parts, always reduced (the systems here stay far from overflow).
    private struct Fraction: Equatable {
        var numerator: Int
        var denominator: Int

        init(_ numerator: Int, _ denominator: Int = 1) {
            let divisor = Self.gcd(abs(numerator), abs(denominator))
            let sign = denominator < 0 ? -1 : 1
            self.numerator = sign * numerator / max(divisor, 1)
            self.denominator = sign * denominator / max(divisor, 1)
        }

        static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        var isZero: Bool { numerator == 0 }
        static func - (a: Fraction, b: Fraction) -> Fraction {
            Fraction(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
        }
        static func * (a: Fraction, b: Fraction) -> Fraction {
            Fraction(a.numerator * b.numerator, a.denominator * b.denominator)
        }
        static func / (a: Fraction, b: Fraction) -> Fraction {
            Fraction(a.numerator * b.denominator, a.denominator * b.numerator)
        }
    }

    /// The rank of `rows` (each a dense row of `count` entries), exactly.
    private func rank(_ rows: [[Fraction]], count: Int) -> Int {
        var rows = rows
        var rank = 0
        for column in 0..<count {
            guard let pivot = (rank..<rows.count).first(where: { !rows[$0][column].isZero }) else { continue }
            rows.swapAt(rank, pivot)
            for other in rows.indices where other != rank && !rows[other][column].isZero {
                let factor = rows[other][column] / rows[rank][column]
                for entry in 0..<count { rows[other][entry] = rows[other][entry] - factor * rows[rank][entry] }
            }
            rank += 1
        }
        return rank
    }

    /// The variables that the exact rank test finds not fixed.
    private func notFixed(_ equations: [[(variable: Int, coefficient: Int)]], count: Int) -> [Int] {
        let dense = equations.map { terms -> [Fraction] in
            var row = [Fraction](repeating: Fraction(0), count: count)
            for term in terms { row[term.variable] = Fraction(term.coefficient) }
            return row
        }
        let base = rank(dense, count: count)
        return (0..<count).filter { variable in
            var unit = [Fraction](repeating: Fraction(0), count: count)
            unit[variable] = Fraction(1)
            return rank(dense + [unit], count: count) != base
        }
    }

    private func expression(_ terms: [(variable: Int, coefficient: Int)], constant: Int) -> LinearExpression {
        LinearExpression(terms: terms.map { ($0.variable, Double($0.coefficient)) }, constant: Double(constant))
    }

    func testTheVariablesFixedAreThoseWhoseUnitVectorsTheEquationsSpan() {
        var generator = SeededGenerator(seed: 20261207)
        var systems = 0, fixedSeen = 0, freeSeen = 0
        for _ in 0..<400 {
            let count = Int.random(in: 2...14, using: &generator)
            let equationCount = Int.random(in: 1...count + 2, using: &generator)
            var equations: [[(variable: Int, coefficient: Int)]] = []
            for _ in 0..<equationCount {
                // Mostly a layout's short rows (one to three variables), now and then a longer one.
                let length = Int.random(in: 0..<10, using: &generator) == 0
                    ? Int.random(in: 1...count, using: &generator) : Int.random(in: 1...min(3, count), using: &generator)
                var variables = Set<Int>()
                while variables.count < length { variables.insert(Int.random(in: 0..<count, using: &generator)) }
                equations.append(variables.sorted().map { variable in
                    var coefficient = 0
                    while coefficient == 0 { coefficient = [-2, -1, -1, 1, 1, 1, 2, 3].randomElement(using: &generator)! }
                    return (variable, coefficient)
                })
            }
            // Now and then an equation that is another's multiple, or a sum of two: dependent rows.
            if equations.count > 1, Int.random(in: 0..<3, using: &generator) == 0 {
                let a = equations[0], b = equations[1]
                var sum: [Int: Int] = [:]
                for term in a + b { sum[term.variable, default: 0] += term.coefficient }
                equations.append(sum.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            }
            let expected = notFixed(equations, count: count)
            let found = AmbiguityProbe.undetermined(Array(0..<count),
                                                    by: equations.enumerated().map { expression($0.element, constant: $0.offset) })
            XCTAssertEqual(found, expected, "equations \(equations)")
            systems += 1
            fixedSeen += count - expected.count
            freeSeen += expected.count
        }
        XCTAssertEqual(systems, 400)
        XCTAssertGreaterThan(fixedSeen, 200, "systems that fix variables")
        XCTAssertGreaterThan(freeSeen, 200, "systems that leave variables free")
    }

    /// A layout's chain: a root pinned, each view's leading edge at the last one's trailing edge
    /// plus a spacing, each width set. Every edge is fixed; without the widths, only the first
    /// view's leading edge past the root's.
    func testAChainOfEdgesAndWidthsIsFixedWholly() {
        // Variables by view: x, width (2 per view), the root's x and width pinned.
        let views = 30
        var equations: [LinearExpression] = [
            LinearExpression(terms: [(0, 1)], constant: 0), LinearExpression(terms: [(1, 1)], constant: -390),
        ]
        var chain: [LinearExpression] = []
        for view in 1..<views {
            let x = view * 2, previous = (view - 1) * 2
            chain.append(LinearExpression(terms: [(x, 1), (previous, -1), (previous + 1, -1)], constant: -8))
        }
        let widths = (1..<views).map { LinearExpression(terms: [($0 * 2 + 1, 1)], constant: -Double(40 + $0)) }
        XCTAssertEqual(AmbiguityProbe.undetermined(Array(0..<views * 2), by: equations + chain + widths), [])
        equations += chain
        XCTAssertEqual(AmbiguityProbe.undetermined(Array(0..<views * 2), by: equations), Array(3..<views * 2), "the first view's leading edge alone")
    }
}
