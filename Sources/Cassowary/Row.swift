/// Below this magnitude a coefficient or a constant counts as zero.
let epsilon = 1e-8

func isNearZero(_ value: Double) -> Bool { abs(value) < epsilon }

/// A linear form `constant + Σ coefficient·symbol`.
///
/// In the tableau a row defines its basic symbol: `basic = constant + Σ …`. While a
/// constraint is being turned into a row, the row stands for the equation `row = 0`.
/// Coefficients that come out near zero are dropped.
///
/// The terms are kept in one array sorted by symbol number: a lookup is a binary search,
/// a symbol newer than all the others (the usual case, as symbols are numbered in the order
/// they are made) is appended, and substituting one row into another (``Tableau``) is a
/// merge of two sorted arrays. Rows are short, so this costs less than hashing; a long
/// row built from many scattered terms is made in one go (``init(constant:summing:keys:storage:)``).
struct Row {
    struct Cell {
        let symbol: Symbol
        var coefficient: Double
    }

    var constant: Double
    /// Sorted by symbol number, one cell a symbol, no coefficient near zero.
    ///
    /// The loops over the cells that run for every constraint added go by index, without a
    /// closure that captures the tableau or the solver: an iterator, or a lazy view such as
    /// ``symbols``, holds a reference to the storage of its own, taken and given back for
    /// every row looked at, and a closure that captures a structure the caller may change
    /// can make the compiler copy all of it.
    private(set) var cells: [Cell]

    init(constant: Double = 0) {
        self.constant = constant
        self.cells = []
    }

    /// The row `constant + Σ cells`, `cells` sorted as ``cells`` are: storage handed over by
    /// the tableau, which keeps the storage of rows it has taken in for the next row made.
    init(constant: Double, cells: [Cell]) {
        self.constant = constant
        self.cells = cells
    }

    /// The row's storage, for the tableau to keep once it has taken the cells in.
    consuming func storage() -> [Cell] { cells }

    /// The row `constant + Σ terms`, each term added in turn as ``add(_:_:)`` would (the
    /// same sums, in the same order for each symbol, the same near-zero drops), but sorted
    /// once rather than inserted one at a time. `keys` is scratch space for the sort and
    /// `storage` becomes the cells: the tableau passes storage it keeps, so that a row
    /// written out costs no allocation once they are large enough.
    init(
        constant: Double, summing terms: [(symbol: Symbol, coefficient: Double)], keys order: inout [Int],
        storage: consuming [Cell]
    ) {
        self.constant = constant
        // Ordered by symbol, then by position: each symbol's terms keep their order. Both go
        // into one integer, the symbol above the position, so that the sort compares integers
        // (a symbol number and a position each fit in 32 bits).
        order.empty()
        order.reserveCapacity(terms.count)
        for index in terms.indices {
            order.append(terms[index].symbol.id << 32 | index)
        }
        order.sort()
        var cells = storage
        cells.empty()
        cells.reserveCapacity(order.count)
        var index = 0
        while index < order.count {
            let symbol = terms[order[index] & 0xFFFF_FFFF].symbol
            var sum: Double?
            while index < order.count && order[index] >> 32 == symbol.id {
                let next = (sum ?? 0) + terms[order[index] & 0xFFFF_FFFF].coefficient
                sum = isNearZero(next) ? nil : next
                index += 1
            }
            if let sum { cells.append(Cell(symbol: symbol, coefficient: sum)) }
        }
        self.cells = cells
    }

    /// Makes room for `count` cells, so that a row built one term at a time grows once.
    mutating func reserveCapacity(_ count: Int) {
        cells.reserveCapacity(count)
    }

    /// The symbols of the row, in symbol order.
    var symbols: LazyMapSequence<[Cell], Symbol> { cells.lazy.map(\.symbol) }

    /// Where `symbol` is, or where it would go.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        Self.position(of: symbol, in: cells, cells.indices)
    }

    /// Where `symbol` is among `cells[range]`, sorted by symbol, or where it would go: the
    /// search of a row's own cells and of a row's block in the tableau's store (``RowStore``).
    static func position(of symbol: Symbol, in cells: [Cell], _ range: Range<Int>) -> (index: Int, found: Bool) {
        if range.isEmpty || cells[range.upperBound - 1].symbol.id < symbol.id { return (range.upperBound, false) }
        let index = insertionIndex(of: symbol.id, in: cells, range) { $0.symbol.id }
        return (index, index < range.upperBound && cells[index].symbol.id == symbol.id)
    }

    func coefficient(of symbol: Symbol) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    mutating func add(_ coefficient: Double, _ symbol: Symbol) {
        let (index, found) = position(of: symbol)
        let sum = (found ? cells[index].coefficient : 0) + coefficient
        if isNearZero(sum) {
            if found { cells.remove(at: index) }
        } else if found {
            cells[index].coefficient = sum
        } else if index == cells.count {
            cells.append(Cell(symbol: symbol, coefficient: sum))  // the common case, without a general insertion
        } else {
            insert(Cell(symbol: symbol, coefficient: sum), at: index)
        }
    }

    /// `cells.insert(cell, at: index)` for an index before the end: the cell appended, then
    /// moved back into place over the cells after it, which the general insertion (a
    /// replacement of a range, some ninety instructions) does not need for plain data. Out of
    /// line, so that ``add(_:_:)`` stays small enough to inline; a constraint whose terms do not
    /// come in the order of their symbols inserts one.
    @inline(never)
    private mutating func insert(_ cell: Cell, at index: Int) {
        cells.append(cell)
        cells.withUnsafeMutableBufferPointer { cells in
            var position = cells.count - 1
            while position > index {
                cells[position] = cells[position - 1]
                position -= 1
            }
            cells[index] = cell
        }
    }

    /// ``add(_:_:)`` for a symbol newer than every symbol of the row (one just made) and a
    /// coefficient that is not near zero: the cell goes at the end, without a search.
    mutating func append(_ coefficient: Double, _ symbol: Symbol) {
        assert(cells.last.map { $0.symbol.id < symbol.id } ?? true && !isNearZero(coefficient))
        cells.append(Cell(symbol: symbol, coefficient: coefficient))
    }

    /// Takes `symbol` out of the row; returns its coefficient, nil when the row lacks it.
    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double? {
        let (index, found) = position(of: symbol)
        return found ? cells.remove(at: index).coefficient : nil
    }

    /// `self += source · factor` for a row that holds `symbol` with coefficient `factor`,
    /// `symbol` itself taken out: the substitution of `symbol = source` into this row, the
    /// source being the cells `sourceCells[sourceRange]` with constant `sourceConstant` (a
    /// row's own, or a row's block in the tableau's store). The new coefficients are
    /// `old + factor·c`, or `factor·c` where the row lacked the symbol, dropped when near
    /// zero; `added` and `dropped` are told which symbols came and went (see
    /// ``merge(_:_:skipping:factor:_:_:into:added:dropped:)``). Returns false, changing
    /// nothing, when the row does not hold `symbol`.
    ///
    /// The merge is written into `scratch`, whose storage then becomes the row's, and the
    /// row's old storage becomes `scratch`: a caller that substitutes into row after row and
    /// passes the same scratch each time allocates only when a row outgrows every storage
    /// seen so far, instead of once a row.
    mutating func substitute(
        _ symbol: Symbol, with sourceCells: [Cell], _ sourceRange: Range<Int>, constant sourceConstant: Double,
        scratch: inout [Cell], added: (Symbol) -> Void, dropped: (Symbol) -> Void
    ) -> Bool {
        let (index, found) = position(of: symbol)
        guard found else { return false }
        let factor = cells[index].coefficient
        constant += factor * sourceConstant
        Self.merge(
            cells, cells.indices, skipping: index, factor: factor, sourceCells, sourceRange, into: &scratch,
            added: added, dropped: dropped)
        swap(&cells, &scratch)
        return true
    }

    /// Empties `scratch` and writes into it the cells of `cells[range]` but the one at `skip`
    /// (the symbol substituted for), merged with `factor` times the cells of
    /// `sourceCells[sourceRange]`, which lacks that symbol: the cells of the row after the
    /// substitution. Where both hold a symbol the coefficient is `old + factor·c`, where only
    /// the source does `factor·c`; near-zero ones are dropped. `added` is told the symbols
    /// the row gains, `dropped` those it loses.
    static func merge(
        _ cells: [Cell], _ range: Range<Int>, skipping skip: Int, factor: Double, _ sourceCells: [Cell],
        _ sourceRange: Range<Int>, into scratch: inout [Cell], added: (Symbol) -> Void, dropped: (Symbol) -> Void
    ) {
        scratch.empty()
        scratch.reserveCapacity(range.count - 1 + sourceRange.count)
        var i = range.lowerBound, j = sourceRange.lowerBound
        let end = range.upperBound
        while j < sourceRange.upperBound {
            if i == skip {
                i += 1
                continue
            }
            let incoming = sourceCells[j]
            if i < end && cells[i].symbol.id < incoming.symbol.id {
                scratch.append(cells[i])
                i += 1
                continue
            }
            j += 1
            if i < end && cells[i].symbol.id == incoming.symbol.id {
                let sum = cells[i].coefficient + factor * incoming.coefficient
                if isNearZero(sum) {
                    dropped(incoming.symbol)
                } else {
                    scratch.append(Cell(symbol: incoming.symbol, coefficient: sum))
                }
                i += 1
            } else if !isNearZero(factor * incoming.coefficient) {
                scratch.append(Cell(symbol: incoming.symbol, coefficient: factor * incoming.coefficient))
                added(incoming.symbol)
            }
        }
        if i <= skip && skip < end {
            scratch.append(contentsOf: cells[i..<skip])
            i = skip + 1
        }
        scratch.append(contentsOf: cells[i..<end])
    }

    mutating func negate() {
        scale(by: -1)
    }

    mutating func scale(by factor: Double) {
        constant *= factor
        for index in cells.indices {
            cells[index].coefficient *= factor
        }
    }

    /// `0 = row` rewritten as `subject = row'`; `subject` must be in the row. What taking the
    /// subject out and scaling by `-1 / coefficient` does, in one pass over the cells: each
    /// multiplied by the factor, those after the subject's cell moved back over it. Every
    /// constraint added comes through here.
    mutating func solve(for subject: Symbol) {
        let (index, found) = position(of: subject)
        precondition(found, "the subject of a row is in it")
        let factor = -1 / cells[index].coefficient
        constant *= factor
        cells.withUnsafeMutableBufferPointer { cells in
            for before in 0..<index {
                cells[before].coefficient *= factor
            }
            for after in index + 1..<cells.count {
                cells[after - 1] = Cell(symbol: cells[after].symbol, coefficient: cells[after].coefficient * factor)
            }
        }
        cells.removeLast()
    }

    /// `basic = row` rewritten as `subject = row'`, the exchange at the heart of a pivot.
    /// `basic` is not in the row (a basic symbol's row never holds it), so its cell, −1, is
    /// the same whenever it is added: after `subject` is taken out, so that the cells keep
    /// their storage instead of outgrowing it.
    mutating func solve(for subject: Symbol, leaving basic: Symbol) {
        let coefficient = remove(subject)!
        add(-1, basic)
        scale(by: -1 / coefficient)
    }
}
