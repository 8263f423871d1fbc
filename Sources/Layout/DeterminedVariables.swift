/// The variables that a set of linear equations fixes on their own, by Gauss–Jordan
/// elimination over sparse rows: a variable is fixed exactly when, once every equation is
/// reduced, it is the pivot of a row that names no other variable (its unit vector lies in
/// the equations' row space).
///
/// The engine uses this before probing for ambiguity: most frame variables of a layout are
/// pinned by equalities (edges, sizes from content), and only the others need the probe.
///
/// Variables are numbered densely from zero, so rows, the rows naming each variable and the
/// row being reduced are arrays indexed by variable. Every coefficient is the same sum of the
/// same products in the same order whatever holds it: each reduction adds one product to
/// each entry it touches, and entries are reduced by the pivots in ascending order.
struct DeterminedVariables {
    typealias Entry = (variable: Int, coefficient: Double)
    /// By pivot: its row, variables ascending; empty for a variable that is no pivot (a row
    /// whose every entry was eliminated is no row either: it reduces nothing).
    private var rows: [[Entry]] = []
    /// For every variable, the pivots of the rows that name it, ascending.
    private var holders: [[Int]] = []
    /// The row being reduced, dense: each variable's coefficient, and whether the row names it.
    private var work: [Double] = []
    private var named: [Bool] = []
    /// The variables the row being reduced names, and a row being summed: storage that every
    /// equation added reuses (each made its own arrays, and a row summed a new one).
    private var present: [Int] = []
    private var summed: [Entry] = []
    static let epsilon = 1e-9

    /// Room for variables up to `variable`: given at once where the caller knows the largest
    /// (grown a few variables at a time, each of its four arrays was made again and again).
    mutating func reserve(_ variable: Int) {
        guard variable >= rows.count else { return }
        let count = variable + 1
        rows += Array(repeating: [], count: count - rows.count)
        holders += Array(repeating: [], count: count - holders.count)
        work += Array(repeating: 0, count: count - work.count)
        named += Array(repeating: false, count: count - named.count)
    }

    /// Adds `Σ coefficient × variable + constant == 0`.
    mutating func add(_ expression: LinearExpression) {
        present.removeAll(keepingCapacity: true)
        for term in expression.terms {
            reserve(term.variable)
            if !named[term.variable] {
                named[term.variable] = true
                work[term.variable] = 0
                present.append(term.variable)
            }
            work[term.variable] += term.coefficient
        }
        // Reduce by the existing pivots, in ascending order (each pivot appears in its own row
        // only). The variables a pivot's row brings are no pivots (every other row is reduced by
        // each pivot when it is made): only the expression's own are, so they alone are read.
        present.sort()
        let own = present.count
        for position in 0..<own {
            let variable = present[position]
            guard !rows[variable].isEmpty else { continue }
            let coefficient = work[variable]
            for entry in rows[variable] {
                if !named[entry.variable] {
                    named[entry.variable] = true
                    work[entry.variable] = 0
                    present.append(entry.variable)
                }
                work[entry.variable] += -coefficient * entry.coefficient
            }
        }
        if present.count > own { present.sort() }
        var row: [Entry] = []
        row.reserveCapacity(present.count)
        for variable in present {
            named[variable] = false
            if abs(work[variable]) > Self.epsilon { row.append((variable, work[variable])) }
        }
        guard let pivot = row.first?.variable else { return }
        let scale = 1 / row[0].coefficient
        for index in row.indices { row[index].coefficient *= scale }
        // Eliminate the new pivot from every other row, in place; the lists of the rows naming
        // each variable change only where a variable leaves the row or joins it.
        let others = holders[pivot]
        for other in others {
            guard let at = Self.index(of: pivot, in: rows[other]) else { continue }
            let coefficient = rows[other][at].coefficient
            // Taken out, and written back in its own storage.
            var before: [Entry] = []
            swap(&before, &rows[other])
            Self.adding(row, times: -coefficient, to: before, into: &summed)
            var old = 0, new = 0
            while old < before.count || new < summed.count {
                if new == summed.count || (old < before.count && before[old].variable < summed[new].variable) {
                    Self.remove(other, from: &holders[before[old].variable])
                    old += 1
                } else if old == before.count || summed[new].variable < before[old].variable {
                    Self.insert(other, into: &holders[summed[new].variable])
                    new += 1
                } else {
                    old += 1
                    new += 1
                }
            }
            before.removeAll(keepingCapacity: true)
            before.append(contentsOf: summed)
            swap(&before, &rows[other])
        }
        rows[pivot] = row
        for entry in row { Self.insert(pivot, into: &holders[entry.variable]) }
    }

    /// `target + factor × row`, without the entries within ``epsilon`` of zero, written over `result`.
    private static func adding(_ row: [Entry], times factor: Double, to target: [Entry], into result: inout [Entry]) {
        result.removeAll(keepingCapacity: true)
        var a = 0, b = 0
        while a < target.count || b < row.count {
            let entry: Entry
            if b == row.count || (a < target.count && target[a].variable < row[b].variable) {
                entry = target[a]
                a += 1
            } else if a == target.count || row[b].variable < target[a].variable {
                entry = (row[b].variable, 0 + factor * row[b].coefficient)
                b += 1
            } else {
                entry = (target[a].variable, target[a].coefficient + factor * row[b].coefficient)
                a += 1
                b += 1
            }
            if abs(entry.coefficient) > epsilon { result.append(entry) }
        }
    }

    private static func index(of variable: Int, in row: [Entry]) -> Int? {
        let low = firstPlace(notBelow: variable, count: row.count) { row[$0].variable }
        return low < row.count && row[low].variable == variable ? low : nil
    }

    private static func insert(_ pivot: Int, into list: inout [Int]) {
        let low = firstPlace(notBelow: pivot, count: list.count) { list[$0] }
        if low == list.count || list[low] != pivot { list.insert(pivot, at: low) }
    }

    private static func remove(_ pivot: Int, from list: inout [Int]) {
        let low = firstPlace(notBelow: pivot, count: list.count) { list[$0] }
        if low < list.count && list[low] == pivot { list.remove(at: low) }
    }

    /// The first place among `count` ascending numbers (`number(place)`) whose number is not
    /// below `value`; `count` when there is none.
    @inline(__always)
    private static func firstPlace(notBelow value: Int, count: Int, _ number: (Int) -> Int) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if number(middle) < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether the equations fix the variable's value.
    func isDetermined(_ variable: Int) -> Bool {
        variable < rows.count && rows[variable].count == 1
    }
}
