/// The variables that a set of linear equations fixes on their own, by Gauss–Jordan
/// elimination over sparse rows: a variable is fixed exactly when, once every equation is
/// reduced, it is the pivot of a row that names no other variable (its unit vector lies in
/// the equations' row space).
///
/// The engine uses this before probing for ambiguity: most frame variables of a layout are
/// pinned by equalities (edges, sizes from content), and only the others need the probe.
struct DeterminedVariables {
    private var rows: [Int: [Int: Double]] = [:]
    /// For every variable, the pivots of the rows that name it.
    private var holders: [Int: Set<Int>] = [:]
    static let epsilon = 1e-9

    /// Adds `Σ coefficient × variable + constant == 0`.
    mutating func add(_ expression: LinearExpression) {
        var row: [Int: Double] = [:]
        for term in expression.terms { row[term.variable, default: 0] += term.coefficient }
        // Reduce by the existing pivots (each pivot appears in its own row only).
        for variable in row.keys.sorted() {
            guard let coefficient = row[variable], let pivotRow = rows[variable] else { continue }
            Self.addScaled(&row, pivotRow, -coefficient)
        }
        row = row.filter { abs($0.value) > Self.epsilon }
        guard let pivot = row.keys.min() else { return }
        let scale = 1 / row[pivot]!
        row = row.mapValues { $0 * scale }
        // Eliminate the new pivot from every other row.
        for other in (holders[pivot] ?? []).sorted() {
            guard var otherRow = rows[other], let coefficient = otherRow[pivot] else { continue }
            for variable in otherRow.keys { holders[variable]?.remove(other) }
            Self.addScaled(&otherRow, row, -coefficient)
            otherRow = otherRow.filter { abs($0.value) > Self.epsilon }
            rows[other] = otherRow
            for variable in otherRow.keys { holders[variable, default: []].insert(other) }
        }
        rows[pivot] = row
        for variable in row.keys { holders[variable, default: []].insert(pivot) }
    }

    private static func addScaled(_ row: inout [Int: Double], _ other: [Int: Double], _ factor: Double) {
        for (variable, coefficient) in other {
            row[variable, default: 0] += factor * coefficient
        }
    }

    /// Whether the equations fix the variable's value.
    func isDetermined(_ variable: Int) -> Bool {
        guard let row = rows[variable] else { return false }
        return row.count == 1
    }
}
