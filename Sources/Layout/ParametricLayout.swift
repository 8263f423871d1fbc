import Cassowary

/// A layout's constraints solved for every value of one of its variables, `W`: `W` is held by
/// a required constraint whose constant the solver changes in place, so each value costs the
/// dual simplex's few pivots and the layout answers it with its own priorities.
struct ParametricLayout {
    private let solver = Solver()
    private let variables: [Variable]
    private var holder: Constraint
    private let variable: Int
    /// How far below zero a condition may read and still hold: the solver's rounding.
    static let tolerance = 1e-7

    init(variableCount: Int, constraints: [PendingConstraint], variable: Int, start: Double) {
        variables = (0..<variableCount).map { Variable("v\($0)") }
        self.variable = variable
        for index in SolverBridge.fastOrder(constraints) {
            // A constraint the others contradict is left out, as the layout itself leaves it out.
            try? solver.addConstraint(SolverBridge.constraint(constraints[index], variables))
        }
        holder = Constraint(Expression([Term(variables[variable], coefficient: 1)], constant: -start), .equal)
        try? solver.addConstraint(holder)
    }

    /// The solution with `W` at `value`; nil when the required constraints do not allow it.
    mutating func values(at value: Double) -> [Double]? {
        do throws(SolverError) {
            holder = try solver.setConstant(of: holder, to: -value)
        } catch {
            return nil
        }
        solver.updateVariables()
        return solver.values(of: variables)
    }

    /// The largest `W` from `start` up to which every expression of `conditions` stays at least
    /// zero (each holds at `start`); nil when they all hold up to `limit`.
    ///
    /// From a `W` at which they hold, the slope of each condition on the stretch beyond it (the
    /// solution moves linearly with `W` until the basis changes) says where the first one would
    /// reach zero. When the conditions hold there too, the search goes on from there; when one
    /// does not, the slope changed in between, and the stretch is narrowed, reading the crossing
    /// off the straight line between its ends, to a ten-millionth of a point.
    mutating func largest(from start: Double, keeping conditions: [LinearExpression], limit: Double) -> Double? {
        func lowest(_ values: [Double]?) -> Double {
            guard let values else { return -.infinity }
            return conditions.map { $0.value(values) }.min() ?? .infinity
        }
        var low = start
        guard var lowValues = values(at: low) else { return start }
        let probe = 1e-3
        for _ in 0..<200 {
            guard let ahead = values(at: low + probe) else { return low }
            var step = Double.infinity
            for condition in conditions {
                let here = condition.value(lowValues)
                let slope = (condition.value(ahead) - here) / probe
                if slope < -1e-9 { step = min(step, max(0, here) / -slope) }
            }
            if step < 1e-9 { return low }
            if low >= limit { return nil }
            let high = min(step.isFinite ? low + step : max(2 * low, low + 100), limit)
            let highValues = values(at: high)
            if lowest(highValues) >= -Self.tolerance, let highValues {
                low = high
                lowValues = highValues
                continue
            }
            return narrow(low, lowest(lowValues), high, lowest(highValues), lowest)
        }
        return low
    }

    /// The crossing of the conditions' lowest reading between `low` (held) and `high` (not).
    private mutating func narrow(_ low: Double, _ atLow: Double, _ high: Double, _ atHigh: Double,
                                 _ lowest: ([Double]?) -> Double) -> Double {
        var low = low, high = high, atLow = atLow, atHigh = atHigh
        var halve = false
        for _ in 0..<200 where high - low > Self.tolerance {
            let line = atHigh.isFinite ? low + (high - low) * atLow / (atLow - atHigh) : (low + high) / 2
            // Alternate with halving, so that a bent stretch cannot stall the line's reading.
            let next = halve || !(line > low && line < high) ? (low + high) / 2 : line
            halve.toggle()
            let reading = lowest(values(at: next))
            if reading >= -Self.tolerance {
                low = next
                atLow = reading
            } else {
                high = next
                atHigh = reading
            }
        }
        return low
    }
}
