/// The function the simplex minimises, kept in terms of the nonbasic symbols:
/// `constant + Σ cost·symbol`, every cost a priority vector (``Cost``).
///
/// The costs are indexed by symbol number (symbols are numbered densely, see ``CostTable``),
/// a zero cost standing for a symbol the objective lacks: the objective can hold every error
/// symbol of the system, tens of thousands, and each pivot changes a few of them, so each
/// change must be a direct access.
///
/// It also keeps the pivotable symbols whose cost is negative, the candidates to enter the
/// basis, sorted by number, so that finding one does not scan every error symbol of the
/// system.
struct Objective {
    /// `costs[id]` is the cost of the symbol numbered `id`; zero past the end.
    private var costs = CostTable()
    private(set) var constant = Cost.zero
    /// Sorted by symbol number.
    private var improving: [Symbol] = []

    init() {}

    /// The artificial objective of phase one: `row` itself, its coefficients at `level`.
    init(row: Row, level: Int) {
        add(row, times: Cost(level: level, amount: 1), factor: 1)
    }

    /// Makes the objective zero, as a new one is, for symbols numbered below `symbols`, keeping
    /// its arrays.
    mutating func removeAll(symbols: Int) {
        costs.removeAll(symbols: symbols)
        constant = .zero
        improving.removeAll(keepingCapacity: true)
    }

    /// See ``Solver/compactStorage()``.
    mutating func compact(symbols: Int) {
        costs.compact(symbols: symbols)
    }

    func cost(of symbol: Symbol) -> Cost { costs[symbol.id] }

    /// Whether `symbol` costs nothing: ``cost(of:)`` is zero, asked without the cost made.
    func isFree(_ symbol: Symbol) -> Bool { costs.isZero(symbol.id) }

    /// The numbers of the symbols with a cost, in order.
    var symbolIds: [Int] { costs.nonzeroIds }

    /// The lowest-numbered symbol whose entering lowers the objective (Bland's rule, which
    /// rules out cycling), or nil at the optimum.
    var entering: Symbol? { improving.first }

    /// `cost(symbol) += cost · factor`.
    mutating func add(_ cost: Cost, times factor: Double, to symbol: Symbol) {
        let isNegative = costs.add(cost, times: factor, to: symbol.id)
        setImproving(symbol, symbol.isPivotable && isNegative)
    }

    /// Gives the error symbol just made, which costs nothing yet, `cost`: a constraint's penalty,
    /// one level's positive amount. What ``add(_:times:to:)`` makes of it with the factor 1,
    /// without the general sum; and a positive cost keeps the symbol out of the improving ones,
    /// so their list is not searched. Every optional constraint added comes through here.
    mutating func penalise(_ symbol: Symbol, by cost: Cost) {
        precondition(!cost.isZero && !cost.isNegative, "a penalty is positive")
        costs.set(cost, ofCostless: symbol.id)
    }

    /// `objective += row · cost · factor`.
    mutating func add(_ row: Row, times cost: Cost, factor: Double) {
        constant.add(cost, times: row.constant * factor)
        for index in row.cells.indices {  // by index, as ``Row/cells`` explains
            add(cost, times: row.cells[index].coefficient * factor, to: row.cells[index].symbol)
        }
    }

    /// `symbol` has become basic with definition `row`: replace it.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        if isFree(symbol) { return }
        let cost = self.cost(of: symbol)
        remove(symbol)
        add(row, times: cost, factor: 1)
    }

    mutating func remove(_ symbol: Symbol) {
        costs.remove(symbol.id)
        setImproving(symbol, false)
    }

    /// Puts `symbol` among the improving symbols or takes it out.
    private mutating func setImproving(_ symbol: Symbol, _ isImproving: Bool) {
        let low = insertionIndex(of: symbol.id, in: improving, improving.indices) { $0.id }
        let present = low < improving.count && improving[low].id == symbol.id
        if isImproving && !present {
            improving.insert(symbol, at: low)
        } else if !isImproving && present {
            improving.remove(at: low)
        }
    }
}
