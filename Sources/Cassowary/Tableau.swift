/// The simplex tableau: a row for every basic symbol, the objective, and for every symbol
/// the rows that hold it.
///
/// Two ideas keep the work close to linear in the size of the system.
///
/// *The column index.* A pivot must replace the entering symbol in every row that holds it.
/// The index names exactly those rows, so a pivot costs the rows it changes rather than a
/// pass over the whole tableau. Rows, the index and the objective are arrays: rows sorted by
/// symbol number (see ``Row``), all of them in one pooled store (``RowStore``), the index and
/// the objective indexed by it, each symbol's holders in no particular order; nothing depends
/// on that order.
///
/// *Short definitions of variables.* The simplex needs the restricted rows and the
/// objective written in nonbasic symbols only. A row that defines an external symbol (a
/// variable), though, never leaves the basis in a ratio test and never enters the objective;
/// it only yields the variable's value. Such a definition may therefore refer to other
/// basic variables instead of spelling out their definitions: in a chain of views,
/// `x₂ = x₁ + w₁ + 8` instead of a sum over every view before it, which would make the
/// tableau quadratic. References may not form a cycle: a variable held by no row can always
/// be defined with references (nothing can refer back to it); a variable that rows hold can
/// when none of the variables referred to depends on it (``wouldDependOnItself(_:through:)``),
/// and the rows that held it then refer to it. When every variable of a new row is defined
/// already, the references from one of them down to a variable that is not are reversed
/// (``undefine(oneOf:)``) so that the row can define it. Whatever the order in which the
/// links of a chain arrive, each definition stays a few terms long. Values are found by
/// following the references, and a row that must be in nonbasic symbols only is
/// ``expanded(_:)`` first.
///
/// Only variables' definitions hold variables: every other row, and the objectives, are in
/// restricted nonbasic symbols only.
///
/// A dummy is basic only when its equation was redundant, and then its row holds nothing but
/// other dummies, with a zero constant: no pivot of the simplex ever touches it, so it stays
/// at zero as a required equation demands.
struct Tableau {
    /// The row of every basic symbol (see ``RowStore``).
    private var rows = RowStore()
    /// The basic symbols whose rows hold each symbol, unordered and without repeats.
    private var holderLists = HolderLists()
    /// How many symbols there are; the arrays indexed by symbol number may be longer.
    private var symbolCount = 0
    /// By symbol number: its kind (``Symbol/Kind/dummy`` past the symbols made).
    private var kinds: [Symbol.Kind] = []
    /// How many variables (external symbols) there are, and how many of them have a row: when
    /// the two are equal, no variable is undefined, and ``undefine(oneOfVariablesIn:)``, which
    /// searches for one, knows without searching that it will find none.
    private var variableCount = 0
    private var definedVariableCount = 0
    var objective = Objective()
    /// The phase-one objective while a constraint is added through an artificial variable.
    var artificial: Objective?
    /// Restricted basic rows whose constant went negative: the dual simplex's work list.
    var infeasible = WorkList()
    /// Scratch space of the searches through the definitions, emptied by each search as it
    /// starts (in constant time, see ``SymbolMap``): the symbols a search has reached (the
    /// downward search of ``wouldDependOnItself(_:through:)`` and those of ``expanded(_:)``
    /// and ``undefine(oneOfVariablesIn:)``), those the upward search has reached, the weight
    /// each definition passes on in ``expanded(_:)``, and each symbol's parent on the paths of
    /// ``undefine(oneOfVariablesIn:)``.
    private var reached = SymbolMap<Void>()
    private var reachedUpward = SymbolMap<Void>()
    private var weights = SymbolMap<Double>(filler: 0)
    private var parents = SymbolMap<Int>(filler: 0)
    /// The queues of the breadth-first searches, downward and upward, and the path and the
    /// order of the depth-first search of ``expanded(_:)``, kept for their storage.
    private var queue: [Int] = []
    private var upwardQueue: [Int] = []
    private var path: [(id: Int, next: Int)] = []
    private var order: [Int] = []
    /// The terms that ``expanded(_:)`` sums, and the keys it sorts them by, kept for their storage.
    private var termStorage: [(symbol: Symbol, coefficient: Double)] = []
    private var sortKeys: [Int] = []
    /// The storage of the copies of holder lists that ``substitute(_:with:)`` and
    /// ``defineVariable(_:by:)`` go through while the lists change (see
    /// ``takeHolders(of:restrictedOnly:)``).
    private var holding: [Int] = []
    /// The storage that the substitutions merge a row into (see ``RowStore`` and
    /// ``Row/substitute(_:with:_:constant:scratch:added:dropped:)``).
    private var mergeStorage: [Row.Cell] = []
    /// The storage of the last row the store took in, for the next row made (``makeRow(constant:)``)
    /// or taken out (``removeRow(for:)``): a row passing through the solver, from a new
    /// constraint or a pivot, then costs no allocation.
    private var spareStorage: [Row.Cell] = []

    /// How many symbols there are.
    var count: Int { symbolCount }

    /// Makes the tableau as a new one is, keeping its arrays for the symbols to come: the
    /// slots of the symbols made are set back, the scratch space is left as it is (every
    /// search empties what it uses as it starts).
    mutating func clearForReuse() {
        rows.removeAll(symbols: symbolCount)
        holderLists.removeAll(symbols: symbolCount)
        kinds.reset(first: symbolCount, to: .dummy)
        objective.removeAll(symbols: symbolCount)
        symbolCount = 0
        variableCount = 0
        definedVariableCount = 0
        artificial = nil
        infeasible.removeAll()
    }

    /// Cuts every array indexed by symbol number back to the symbols made, and the pooled
    /// storage of the rows and of the holder lists back to what they have taken: see
    /// ``Solver/compactStorage()``. The scratch space is left as it is.
    mutating func compact() {
        rows.compact(symbols: symbolCount)
        holderLists.compact(symbols: symbolCount)
        kinds.truncate(to: symbolCount)
        objective.compact(symbols: symbolCount)
        infeasible.compact(symbols: symbolCount)
    }

    /// A new symbol, numbered after every other. The arrays indexed by symbol number grow
    /// ahead of the symbols, filled with what stands for no row and no holders (see
    /// ``Swift/Array/extend(toInclude:with:)``), so that most symbols made only write their kind.
    mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: symbolCount, kind: kind)
        symbolCount += 1
        kinds.extend(toInclude: symbol.id, with: .dummy)
        kinds[symbol.id] = kind
        if kind == .external { variableCount += 1 }
        rows.makeRoom(for: symbol.id)
        holderLists.makeRoom(for: symbol.id)
        return symbol
    }

    func symbol(_ id: Int) -> Symbol { Symbol(id: id, kind: kinds[id]) }

    /// The row of `symbol`, a copy of its own; nil when the symbol is not basic.
    func row(for symbol: Symbol) -> Row? { rows.contains(symbol.id) ? rows.row(of: symbol.id, storage: []) : nil }

    /// The constant of the row of the basic `symbol`.
    func constant(of symbol: Symbol) -> Double { rows.constant(of: symbol.id) }

    /// The cells of the row of the basic `symbol`: a view, to let go of before the tableau changes.
    func cells(of symbol: Symbol) -> ArraySlice<Row.Cell> { rows.cells(of: symbol.id) }

    func isBasic(_ symbol: Symbol) -> Bool { rows.contains(symbol.id) }

    /// An empty row with constant `constant`, in the spare storage if there is some.
    mutating func makeRow(constant: Double) -> Row {
        var storage: [Row.Cell] = []
        swap(&storage, &spareStorage)
        storage.empty()
        return Row(constant: constant, cells: storage)
    }

    /// Keeps the storage of a row that the caller is done with for the next row made.
    mutating func recycle(_ row: consuming Row) {
        let storage = row.storage()
        if storage.capacity > spareStorage.capacity { spareStorage = storage }
    }

    /// Whether any row holds `symbol`, without a view of its list.
    func isHeld(_ symbol: Symbol) -> Bool { !holderLists.isEmpty(symbol.id) }

    /// Takes `basic` out of the holders of the symbol numbered `id`.
    private mutating func removeHolder(_ basic: Int, of id: Int) {
        holderLists.remove(basic, from: id)
    }

    /// A variable with a row of its own; other definitions may refer to it.
    func isDefinedVariable(_ symbol: Symbol) -> Bool { symbol.kind == .external && rows.contains(symbol.id) }

    /// Makes `row` the row of `basic`. The row is consumed, as the rows handed to
    /// ``define(_:by:)`` and ``defineVariable(_:by:)`` are: its cells are copied into the
    /// store and its storage is kept for the next row (``makeRow(constant:)``).
    mutating func insertRow(_ row: consuming Row, for basic: Symbol) {
        holderLists.append(basic.id, toListsOf: row.cells)
        rows.insert(row, for: basic.id)
        if kinds[basic.id] == .external { definedVariableCount += 1 }
        recycle(row)
    }

    /// Takes the row of `basic` out of the tableau and returns it, in the spare storage.
    mutating func removeRow(for basic: Symbol) -> Row {
        var storage: [Row.Cell] = []
        swap(&storage, &spareStorage)
        // Handed over, not copied: the storage must stay unique to be refilled in place.
        let row = rows.row(of: basic.id, storage: consume storage)
        dropRow(for: basic)
        return row
    }

    /// Takes the row of `basic` out of the tableau.
    mutating func dropRow(for basic: Symbol) {
        for index in rows.range(of: basic.id) {
            removeHolder(basic.id, of: rows.cells[index].symbol.id)
        }
        rows.remove(basic.id)
        if kinds[basic.id] == .external { definedVariableCount -= 1 }
        infeasible.remove(basic.id)
    }

    /// `symbol` is about to become basic with definition `row`: replace it in every row that
    /// holds it and in the objectives.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        // Most symbols made basic by a new constraint are new: no row holds them.
        if isHeld(symbol) {
            var rowsHolding = takeHolders(of: symbol, restrictedOnly: false)
            holderLists.removeAll(of: symbol.id)
            for basic in rowsHolding {
                replace(symbol, with: row, inRowOf: basic)
            }
            swap(&rowsHolding, &holding)
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Replaces `symbol` by `row` in the row of `basic`, which holds it; the caller takes
    /// `basic` out of the holders of `symbol`.
    private mutating func replace(_ symbol: Symbol, with row: Row, inRowOf basic: Int) {
        let held = rows.substitute(
            symbol, with: row, inRowOf: basic, scratch: &mergeStorage, added: { holderLists.append(basic, to: $0.id) },
            dropped: { holderLists.remove(basic, from: $0.id) })
        precondition(held, "a holder of a symbol lacks it")
        if kinds[basic] != .external && rows.constant(of: basic) < 0 { infeasible.insert(basic) }
    }

    /// The holders of `symbol`, or its restricted ones only, in the order of its list: a copy
    /// in the storage of `holding`, which the caller hands back when done with it.
    private mutating func takeHolders(of symbol: Symbol, restrictedOnly: Bool) -> [Int] {
        var copy: [Int] = []
        swap(&copy, &holding)
        copy.empty()
        for basic in holderLists[symbol.id] where !restrictedOnly || kinds[basic] != .external {
            copy.appendGrowing(basic)
        }
        return copy
    }

    /// Makes the nonbasic variable `subject` basic with `definition`, which may refer to other
    /// variables as long as none of them depends on `subject` (see
    /// ``wouldDependOnItself(_:through:)``). The variables' definitions that hold `subject`
    /// keep it, now as a reference; any other row and the objectives get `definition`
    /// written out in nonbasic symbols.
    mutating func defineVariable(_ subject: Symbol, by definition: consuming Row) {
        var others = takeHolders(of: subject, restrictedOnly: true)
        others.sort()
        let costed = !objective.isFree(subject) || !(artificial?.isFree(subject) ?? true)
        if !others.isEmpty || costed {
            let written = expanded(copy definition)
            for basic in others {
                removeHolder(basic, of: subject.id)
                replace(subject, with: written, inRowOf: basic)
            }
            objective.substitute(subject, with: written)
            artificial?.substitute(subject, with: written)
        }
        swap(&others, &holding)
        insertRow(consume definition, for: subject)
    }

    /// Makes one of the variables of `row`, all of them defined, undefined, so that `row` can
    /// define it: the search goes down their references, nearest first, to a variable that
    /// no row defines, and each definition on the way is solved for the next variable
    /// instead, the last for the undefined one, which reverses the references along the path.
    /// Every step is an exchange of basic symbols, so the system stays the same.
    /// Returns the variable that became undefined; nil when no path was found, or when a
    /// step would have made a variable depend on itself (the steps taken stand).
    mutating func undefine(oneOfVariablesIn row: Row) -> Symbol? {
        // Every variable defined: the search below would reach none that is not.
        guard definedVariableCount < variableCount, refersToVariables(definitionsOf: row) else { return nil }
        queue.empty()
        parents.removeAll()
        reached.removeAll()
        for symbol in row.symbols where symbol.kind == .external && reached.insert(symbol.id) {
            queue.appendGrowing(symbol.id)
        }
        var next = 0
        var root: Int?
        search: while next < queue.count {
            let id = queue[next]
            next += 1
            for index in rows.range(of: id) {
                let symbol = rows.cells[index].symbol
                guard symbol.kind == .external && reached.insert(symbol.id) else { continue }
                parents[symbol.id] = id
                if !rows.contains(symbol.id) {
                    root = symbol.id
                    break search
                }
                queue.appendGrowing(symbol.id)
            }
        }
        guard var entering = root else { return nil }
        while let leaving = parents[entering] {
            guard exchange(leaving: symbol(leaving), entering: symbol(entering)) else { return nil }
            entering = leaving
        }
        return symbol(entering)
    }

    /// Whether the definition of some variable of `row` refers to a variable: when none does,
    /// the search of ``undefine(oneOfVariablesIn:)`` ends where it starts. The usual case: a
    /// second constraint on a size (compression resistance, then hugging) meets a variable
    /// defined by the first in its own slack and error symbols.
    private func refersToVariables(definitionsOf row: Row) -> Bool {
        for index in row.cells.indices where isDefinedVariable(row.cells[index].symbol) {  // see ``Row/cells``
            for cell in rows.range(of: row.cells[index].symbol.id) where rows.cells[cell].symbol.kind == .external {
                return true
            }
        }
        return false
    }

    /// Solves the definition of the variable `leaving` for the undefined variable `entering`
    /// that it holds, unless `entering` would then depend on itself.
    private mutating func exchange(leaving: Symbol, entering: Symbol) -> Bool {
        let original = removeRow(for: leaving)
        var row = original
        row.solve(for: entering, leaving: leaving)
        if wouldDependOnItself(entering, through: row) {
            insertRow(original, for: leaving)
            return false
        }
        defineVariable(entering, by: row)
        return true
    }

    /// Whether the nonbasic variable `variable`, defined by `row` (which refers to the defined
    /// variables it holds), would depend on itself: whether one of the variables referred to
    /// depends on it already, through the definitions that hold it.
    ///
    /// Two searches run in turns, one down from the references through what their definitions
    /// refer to, one up from `variable` through the definitions that hold it; they stop when
    /// they meet (a cycle) or when either has seen everything it can reach (none). So the
    /// work is bounded by the smaller side: joining two long chains end to end costs the
    /// shorter one, not the longer.
    mutating func wouldDependOnItself(_ variable: Symbol, through row: Row) -> Bool {
        queue.empty()
        reached.removeAll()
        for index in row.cells.indices where isDefinedVariable(row.cells[index].symbol) {
            _ = reached.insert(row.cells[index].symbol.id)
            queue.appendGrowing(row.cells[index].symbol.id)
        }
        if queue.isEmpty { return false }
        upwardQueue.empty()
        reachedUpward.removeAll()
        _ = reachedUpward.insert(variable.id)
        upwardQueue.appendGrowing(variable.id)
        var downNext = 0, upNext = 0
        while downNext < queue.count && upNext < upwardQueue.count {
            let lower = queue[downNext]
            downNext += 1
            for index in rows.range(of: lower) where rows.cells[index].symbol.kind == .external {
                let symbol = rows.cells[index].symbol
                if reachedUpward.contains(symbol.id) { return true }
                if reached.insert(symbol.id) && rows.contains(symbol.id) { queue.appendGrowing(symbol.id) }
            }
            let upper = upwardQueue[upNext]
            upNext += 1
            for holder in holderLists[upper] where kinds[holder] == .external {
                if reached.contains(holder) { return true }
                if reachedUpward.insert(holder) { upwardQueue.appendGrowing(holder) }
            }
        }
        return false
    }

    /// Makes `subject` basic with definition `row`.
    mutating func define(_ subject: Symbol, by row: consuming Row) {
        substitute(subject, with: row)
        insertRow(consume row, for: subject)
    }

    /// Exchanges a basic symbol for a nonbasic one that its row holds.
    mutating func pivot(entering: Symbol, leaving: Symbol) {
        var row = removeRow(for: leaving)
        row.solve(for: entering, leaving: leaving)
        define(entering, by: row)
    }

    mutating func addToConstant(of basic: Symbol, _ delta: Double) {
        rows.addToConstant(of: basic.id, delta)
        if basic.isRestricted && rows.constant(of: basic.id) < 0 { infeasible.insert(basic.id) }
    }

    /// Every row that holds the nonbasic `symbol` changes as if `symbol` were replaced by
    /// `symbol + delta`.
    mutating func shiftColumn(_ symbol: Symbol, by delta: Double) {
        for basic in holderLists[symbol.id] {
            addToConstant(of: self.symbol(basic), rows.coefficient(of: symbol, inRowOf: basic) * delta)
        }
    }

    /// Sets the nonbasic `symbol` to zero for good: drops it from every row and objective.
    mutating func removeColumn(_ symbol: Symbol) {
        for basic in holderLists[symbol.id] {
            rows.remove(symbol, fromRowOf: basic)
        }
        holderLists.removeAll(of: symbol.id)
        objective.remove(symbol)
        artificial?.remove(symbol)
    }

    /// `row` with every reference to a defined variable replaced by that variable's
    /// definition, recursively: the same form in nonbasic symbols only.
    ///
    /// Definitions form a directed acyclic graph; each reachable definition is visited once,
    /// parents before children, and passes on the accumulated weight of its variable, as
    /// reverse-mode differentiation does, so shared sub-chains are not expanded twice.
    mutating func expanded(_ row: consuming Row) -> Row {
        guard row.cells.contains(where: { isDefinedVariable($0.symbol) }) else { return row }
        if let written = substitutingDefinitions(into: &row) { return written }
        // `order`: every definition after all the definitions it refers to. `path`: each
        // definition from a root down to the one being visited, with the position of the next
        // cell of its row to follow.
        order.empty()
        path.empty()
        reached.removeAll()
        var termCount = row.cells.count
        for root in row.cells where isDefinedVariable(root.symbol) && reached.insert(root.symbol.id) {
            path.appendGrowing((root.symbol.id, 0))
            while let top = path.last {
                let cells = rows.range(of: top.id)
                var next = cells.lowerBound + top.next
                while next < cells.upperBound && !isDefinedVariable(rows.cells[next].symbol) { next += 1 }
                if next < cells.upperBound {
                    path[path.count - 1].next = next + 1 - cells.lowerBound
                    let reference = rows.cells[next].symbol.id
                    if reached.insert(reference) {
                        path.appendGrowing((reference, 0))
                    }
                } else {
                    order.appendGrowing(top.id)
                    termCount += cells.count
                    path.removeLast()
                }
            }
        }
        weights.removeAll()
        var constant = row.constant
        var terms: [(symbol: Symbol, coefficient: Double)] = []
        swap(&terms, &termStorage)
        terms.empty()
        terms.reserveCapacity(termCount)
        for cell in row.cells {
            if isDefinedVariable(cell.symbol) {
                weights[cell.symbol.id] = cell.coefficient
            } else {
                terms.append((cell.symbol, cell.coefficient))
            }
        }
        for id in order.reversed() {
            guard let weight = weights[id], weight != 0 else { continue }
            constant += weight * rows.constant(of: id)
            for index in rows.range(of: id) {
                let cell = rows.cells[index]
                if isDefinedVariable(cell.symbol) {
                    weights[cell.symbol.id] = (weights[cell.symbol.id] ?? 0) + weight * cell.coefficient
                } else {
                    terms.append((cell.symbol, weight * cell.coefficient))
                }
            }
        }
        // The row's own storage, read to the end above, takes the cells written out.
        var keys: [Int] = []
        swap(&keys, &sortKeys)
        let written = Row(constant: constant, summing: terms, keys: &keys, storage: row.storage())
        swap(&keys, &sortKeys)
        swap(&terms, &termStorage)
        return written
    }

    /// ``expanded(_:)`` for the usual case, where every definition that `row` refers to is in
    /// nonbasic symbols already (a variable defined by a constraint of its own) and no
    /// coefficient of `row` is near zero: each definition is merged into the row in turn
    /// (``Row/substitute(_:with:_:constant:scratch:added:dropped:)``), the last reference first. That is
    /// the order in which the general path adds the definitions' terms to the row's own, and
    /// the merge makes the same sums with the same near-zero drops, so the result is the same
    /// to the bit, without the sort and the scratch maps of the general path. Nil, leaving
    /// `row` as it was, when the case does not apply.
    private mutating func substitutingDefinitions(into row: inout Row) -> Row? {
        // `order`, the general path's scratch list, holds the references here.
        order.empty()
        for index in row.cells.indices {
            let cell = row.cells[index]
            // The general path drops a near-zero coefficient of the row; the merge keeps it.
            guard !isNearZero(cell.coefficient) else { return nil }
            guard isDefinedVariable(cell.symbol) else { continue }
            if rows.range(of: cell.symbol.id).contains(where: { isDefinedVariable(rows.cells[$0].symbol) }) { return nil }
            order.appendGrowing(cell.symbol.id)
        }
        var written = row
        row = Row()  // leaves `written` the only owner of its storage, so the merges start in place
        var scratch: [Row.Cell] = []
        swap(&scratch, &mergeStorage)
        for id in order.reversed() {
            _ = written.substitute(
                symbol(id), with: rows.cells, rows.range(of: id), constant: rows.constant(of: id), scratch: &scratch,
                added: { _ in }, dropped: { _ in })
        }
        swap(&scratch, &mergeStorage)
        return written
    }

    /// Rewrites every variable definition that holds `symbol` in nonbasic symbols only.
    mutating func expandDefinitions(holding symbol: Symbol) {
        for basic in holderLists[symbol.id].sorted() where kinds[basic] == .external {
            let definition = expanded(removeRow(for: self.symbol(basic)))
            insertRow(definition, for: self.symbol(basic))
        }
    }

    /// The value of an external symbol in the current basic solution: its definition with
    /// every nonbasic symbol at zero and every referenced variable at its own value.
    /// `memo` keeps the values found, so that a whole layout is evaluated in one pass;
    /// `stack` is scratch space that a caller evaluating many symbols passes to each call.
    func value(of symbol: Symbol, memo: inout SymbolMap<Double>, stack: inout [Int]) -> Double {
        guard rows.contains(symbol.id) else { return 0 }
        if let value = memo[symbol.id] { return value }
        return memo.withUnsafeSlots(count: symbolCount) { stamps, values, generation in
            evaluate(symbol.id, stamps: stamps, values: values, generation: generation, stack: &stack)
            return values[symbol.id]
        }
    }

    /// ``value(of:memo:stack:)`` of every variable whose count in `uses`, by symbol number, is
    /// positive: the values of all the variables of the solver in one call. The solver keeps
    /// the memo beside the tableau, so that a call with the memo has the tableau copied: once
    /// here, rather than once a variable; and the memo's slots are opened once for all of them
    /// (``SymbolMap/withUnsafeSlots(count:_:)``), without the tests of each access.
    func evaluateVariables(counted uses: [Int], memo: inout SymbolMap<Double>, stack: inout [Int]) {
        guard symbolCount > 0 else { return }
        memo.withUnsafeSlots(count: symbolCount) { stamps, values, generation in
            for id in uses.indices where uses[id] > 0 && rows.contains(id) && stamps[id] != generation {
                evaluate(id, stamps: stamps, values: values, generation: generation, stack: &stack)
            }
        }
    }

    /// Gives the defined variable numbered `id`, which has no value yet, its value in the memo's
    /// slots (see ``SymbolMap/withUnsafeSlots(count:_:)``), and first every variable it depends
    /// on that has none. Inlined, so that the loop of ``evaluateVariables(counted:memo:stack:)``
    /// tests and writes the slots itself.
    @inline(__always)
    private func evaluate(
        _ id: Int, stamps: UnsafeMutablePointer<UInt32>, values: UnsafeMutablePointer<Double>, generation: UInt32,
        stack: inout [Int]
    ) {
        // Mostly every reference has its value already: no search.
        if let value = valueFromReferences(of: id, stamps: stamps, values: values, generation: generation) {
            (stamps[id], values[id]) = (generation, value)
            return
        }
        stack.empty()
        stack.appendGrowing(id)
        while let top = stack.last {
            if stamps[top] == generation {
                stack.removeLast()
            } else if let value = valueFromReferences(of: top, stamps: stamps, values: values, generation: generation) {
                (stamps[top], values[top]) = (generation, value)
                stack.removeLast()
            } else {
                // The references not evaluated yet go first, in symbol order.
                for index in rows.range(of: top) {
                    let reference = rows.cells[index].symbol
                    if isDefinedVariable(reference) && stamps[reference.id] != generation { stack.appendGrowing(reference.id) }
                }
            }
        }
    }

    /// The value of the defined variable numbered `id`, its definition summed in order with the
    /// values in the memo's slots of the variables it refers to; nil when one of them has none yet.
    private func valueFromReferences(
        of id: Int, stamps: UnsafeMutablePointer<UInt32>, values: UnsafeMutablePointer<Double>, generation: UInt32
    ) -> Double? {
        var value = rows.constant(of: id)
        for index in rows.range(of: id) {
            let cell = rows.cells[index]
            guard isDefinedVariable(cell.symbol) else { continue }
            guard stamps[cell.symbol.id] == generation else { return nil }
            value += cell.coefficient * values[cell.symbol.id]
        }
        return value
    }

    /// Whether the nonbasic symbols `symbols` stay at zero in every solution of the current
    /// basis's system that keeps the pinned nonbasic symbols at zero (and every restricted
    /// symbol at least zero); a sufficient test. Pinned are the symbols that cannot pivot and
    /// those that cost something in the objective (the optimal solutions keep them at zero):
    /// read here, not asked of a closure, which held a copy of the tableau (every array of it
    /// retained and released) for each test.
    ///
    /// Only the restricted rows whose constant is zero (degenerate) can stop a symbol moving
    /// off zero: the others have room. Such a row, `basic = Σ a·s`, stays at least zero only
    /// if the symbols with a negative coefficient move no more than those with a positive one
    /// allow; when every symbol with a positive coefficient is held at zero, so is every symbol
    /// with a negative one. The rule is applied until nothing more is held.
    ///
    /// Symbols are numbered densely (`rows` has a place for each), so the held symbols and the
    /// queued rows are flags by number rather than sets: every pass of every run asks.
    /// The rows are read by index, not through views (a reference to the storage taken and
    /// given back for each).
    func staysAtZeroWhereOptimal(_ symbols: [Int]) -> Bool {
        var held = [Bool](repeating: false, count: symbolCount)
        func isHeld(_ symbol: Symbol) -> Bool { !symbol.isPivotable || !objective.isFree(symbol) || held[symbol.id] }
        var pending = rows.nearZeroRows(below: symbolCount, kinds: kinds, excluding: .external)
        var queued = [Bool](repeating: false, count: symbolCount)
        for basic in pending { queued[basic] = true }
        while let basic = pending.popLast() {
            queued[basic] = false
            let range = rows.range(of: basic)
            guard !range.contains(where: { rows.cells[$0].coefficient > 0 && !isHeld(rows.cells[$0].symbol) }) else { continue }
            for index in range {
                let cell = rows.cells[index]
                guard cell.coefficient < 0 && !isHeld(cell.symbol) else { continue }
                held[cell.symbol.id] = true
                for holder in holderLists[cell.symbol.id] where kinds[holder] != .external && !queued[holder]
                    && isNearZero(rows.constant(of: holder))
                {
                    queued[holder] = true
                    pending.append(holder)
                }
            }
        }
        return symbols.allSatisfy { held[$0] }
    }

    /// Appends to `list` the pivotable symbols that the objective leaves free in the rows of
    /// the variables whose count in `uses`, by symbol number, is positive: variable by variable,
    /// each row in its order, read by index without a view of it. False, as soon as it meets
    /// one, when one of those variables has no row. One call for all of them: the caller,
    /// handing a list of its own, would otherwise have the tableau copied for each call.
    func appendFreePivotables(ofVariablesCounted uses: [Int], to list: inout [Int]) -> Bool {
        for id in uses.indices where uses[id] > 0 {
            guard rows.contains(id) else { return false }
            for index in rows.range(of: id) {
                let cell = rows.cells[index]
                if cell.symbol.isPivotable && objective.isFree(cell.symbol) { list.append(cell.symbol.id) }
            }
        }
        return true
    }

    /// Appends to `list`, in the order of the holder list of `symbol`, the dummies among the
    /// rows that hold it.
    func appendDummyHolders(of symbol: Symbol, to list: inout [Symbol]) {
        for basic in holderLists[symbol.id] where kinds[basic] == .dummy { list.append(self.symbol(basic)) }
    }

    /// The primal ratio test: the restricted row that first reaches zero as `entering`
    /// grows, lowest symbol on ties; nil when no row bounds it.
    func primalLeavingRow(for entering: Symbol) -> Symbol? {
        var choice = RatioChoice()
        for basic in holderLists[entering.id] where kinds[basic] != .external {
            let coefficient = rows.coefficient(of: entering, inRowOf: basic)
            if coefficient < 0 { choice.offer(-rows.constant(of: basic) / coefficient, basic) }
        }
        return choice.best.map { symbol($0) }
    }

    /// The row to exchange for the marker of a constraint being removed, when the marker
    /// is not basic; nil when no row holds it.
    ///
    /// A dummy's row comes first: it belongs to a required equation that was redundant while
    /// the removed constraint held, its constant is zero, and it must stay zero, so the exchange
    /// may move no value; it hands the equation its own marker back. Then a restricted row
    /// that stays feasible when the marker enters it (the smallest ratio among negative
    /// coefficients, else among positive ones), and last a variable's definition.
    func markerLeavingRow(for marker: Symbol) -> Symbol? {
        var dummy: Int?, variable: Int?
        var negative = RatioChoice(), positive = RatioChoice()
        for basic in holderLists[marker.id] {
            let constant = rows.constant(of: basic)
            let coefficient = rows.coefficient(of: marker, inRowOf: basic)
            switch kinds[basic] {
            case .dummy:
                dummy = min(dummy ?? basic, basic)
            case .external:
                variable = min(variable ?? basic, basic)
            case .slack, .error:
                if coefficient < 0 {
                    negative.offer(-constant / coefficient, basic)
                } else {
                    positive.offer(constant / coefficient, basic)
                }
            }
        }
        return (dummy ?? negative.best ?? positive.best ?? variable).map { symbol($0) }
    }
}

/// The smallest ratio offered, the lowest symbol among equal ones; independent of the
/// order of the offers.
struct RatioChoice {
    private(set) var best: Int?
    private var bestRatio = 0.0

    mutating func offer(_ ratio: Double, _ id: Int) {
        if let current = best, ratio > bestRatio || (ratio == bestRatio && id > current) { return }
        best = id
        bestRatio = ratio
    }
}

/// Symbols by number, taken smallest first: the dual simplex's list of infeasible rows. The same
/// order as taking the minimum of a set each time, without a scan of the whole set per pivot
/// (a chain of thousands of views puts thousands of rows on the list at once): a binary heap of
/// numbers beside the set of those on the list. A number taken off the list stays in the heap
/// until it comes to the top, where it is dropped. The set is a ``SymbolMap``, so that emptying
/// the list, which every request does, costs nothing however many rows the tableau has.
struct WorkList {
    private var heap: [Int] = []
    private var members = SymbolMap<Void>()
    private var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func insert(_ id: Int) {
        guard members.insert(id) else { return }
        count += 1
        heap.appendGrowing(id)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func remove(_ id: Int) {
        guard members.contains(id) else { return }
        members[id] = nil
        count -= 1
    }

    /// See ``Tableau/compact()``.
    mutating func compact(symbols: Int) {
        members.resize(to: symbols)
    }

    mutating func removeAll() {
        guard !heap.isEmpty else { return }  // every request empties the list, mostly empty already
        heap.empty()
        members.removeAll()
        count = 0
    }

    /// The smallest number on the list, taken off it.
    mutating func popMin() -> Int? {
        while let top = heap.first {
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    var smallest = parent
                    if left < heap.count && heap[left] < heap[smallest] { smallest = left }
                    if right < heap.count && heap[right] < heap[smallest] { smallest = right }
                    guard smallest != parent else { break }
                    heap.swapAt(parent, smallest)
                    parent = smallest
                }
            }
            if members.contains(top) {
                remove(top)
                return top
            }
        }
        return nil
    }
}
