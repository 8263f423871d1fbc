/// The function the simplex minimises, kept in terms of the nonbasic symbols:
/// `constant + Σ cost·symbol`, every cost a priority vector (``Cost``).
///
/// It also keeps the set of pivotable symbols whose cost is negative, the candidates to
/// enter the basis, so that finding one does not scan every error symbol of the system.
struct Objective {
    private(set) var cells: [Symbol: Cost] = [:]
    private(set) var constant = Cost.zero
    private var improving: Set<Symbol> = []

    init() {}

    /// The artificial objective of phase one: `row` itself, its coefficients at `level`.
    init(row: Row, level: Int) {
        add(row, times: Cost(level: level, amount: 1), factor: 1)
    }

    func cost(of symbol: Symbol) -> Cost { cells[symbol] ?? .zero }

    /// The lowest-numbered symbol whose entering lowers the objective (Bland's rule, which
    /// rules out cycling), or nil at the optimum.
    var entering: Symbol? { improving.min() }

    /// `cost(symbol) += cost · factor`.
    mutating func add(_ cost: Cost, times factor: Double, to symbol: Symbol) {
        cells[symbol, default: .zero].add(cost, times: factor)
        let updated = cells[symbol]!
        if updated.isZero {
            cells[symbol] = nil
            improving.remove(symbol)
        } else {
            if symbol.isPivotable && updated.isNegative {
                improving.insert(symbol)
            } else {
                improving.remove(symbol)
            }
        }
    }

    /// `objective += row · cost · factor`.
    mutating func add(_ row: Row, times cost: Cost, factor: Double) {
        constant.add(cost, times: row.constant * factor)
        for (symbol, coefficient) in row.cells {
            add(cost, times: coefficient * factor, to: symbol)
        }
    }

    /// `symbol` has become basic with definition `row`: replace it.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        guard let cost = cells.removeValue(forKey: symbol) else { return }
        improving.remove(symbol)
        add(row, times: cost, factor: 1)
    }

    mutating func remove(_ symbol: Symbol) {
        cells[symbol] = nil
        improving.remove(symbol)
    }
}
