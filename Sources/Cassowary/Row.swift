/// Below this magnitude a coefficient or a constant counts as zero.
let epsilon = 1e-8

func isNearZero(_ value: Double) -> Bool { abs(value) < epsilon }

/// A linear form `constant + Σ coefficient·symbol`.
///
/// In the tableau a row defines its basic symbol: `basic = constant + Σ …`. While a
/// constraint is being turned into a row, the row stands for the equation `row = 0`.
/// Coefficients that come out near zero are dropped.
struct Row {
    var constant: Double
    var cells: [Symbol: Double]

    init(constant: Double = 0) {
        self.constant = constant
        self.cells = [:]
    }

    func coefficient(of symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    mutating func add(_ coefficient: Double, _ symbol: Symbol) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = isNearZero(sum) ? nil : sum
    }

    mutating func add(_ other: Row, times factor: Double) {
        constant += other.constant * factor
        for (symbol, coefficient) in other.cells {
            add(coefficient * factor, symbol)
        }
    }

    mutating func negate() {
        scale(by: -1)
    }

    mutating func scale(by factor: Double) {
        constant *= factor
        for index in cells.indices {
            cells.values[index] *= factor
        }
    }

    /// `0 = row` rewritten as `subject = row'`; `subject` must be in the row.
    mutating func solve(for subject: Symbol) {
        let coefficient = cells.removeValue(forKey: subject)!
        scale(by: -1 / coefficient)
    }

    /// `basic = row` rewritten as `subject = row'`, the exchange at the heart of a pivot.
    mutating func solve(for subject: Symbol, leaving basic: Symbol) {
        add(-1, basic)
        solve(for: subject)
    }
}
