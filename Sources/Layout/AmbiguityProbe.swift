import Cassowary

/// Finds the variables that the constraints do not fix, as hasAmbiguousLayout does.
///
/// A variable is ambiguous when another solution is as good: every required constraint
/// holds and, at every optional priority, the total violation is no larger than in the
/// solution found. That set of optimal solutions is a polyhedron:
/// - at a priority whose constraints all hold in the solution, they all hold in every optimal
///   solution, so they count as required;
/// - at any other priority, each constraint's violation becomes error variables
///   (e = p − n for `==`, e + n ≥ 0 for `>=`) and the level's error sum may not grow.
/// A variable that the equalities among these constraints fix on their own (a `<=` and a
/// `>=` of the same expression count as one `==`) is not ambiguous. Each other variable is
/// pulled, by a weak `variable == target`, far above and far below its value: with nothing
/// else optional, the solver moves it as far as the constraints allow, and any move means it
/// is not fixed.
struct AmbiguityProbe {
    /// How far a pull reaches, and the least move that counts.
    static let reach = 1000.0
    static let tolerance = 1e-3

    static func movableVariables(_ constraints: [PendingConstraint], values: [Double], names: [String], probing: [Int]) -> Set<Int> {
        func violation(_ pending: PendingConstraint) -> Double {
            let e = pending.expression.value(values)
            switch pending.relation {
            case .equal: return abs(e)
            case .greaterThanOrEqual: return max(0, -e)
            case .lessThanOrEqual: return max(0, e)
            }
        }
        var levelViolation: [Int: Double] = [:]
        for pending in constraints where !pending.isRequired {
            levelViolation[pending.priority, default: 0] += violation(pending)
        }
        func holdsExactly(_ pending: PendingConstraint) -> Bool {
            pending.isRequired || (levelViolation[pending.priority] ?? 0) <= 1e-9
        }

        // Equalities, including pairs of opposite inequalities on the same expression.
        var equalities: [LinearExpression] = []
        var inequalities: [String: Set<Relation>] = [:]
        for pending in constraints where holdsExactly(pending) {
            if pending.relation == .equal {
                equalities.append(pending.expression)
                continue
            }
            let key = pending.expression.terms.map { "\($0.variable):\($0.coefficient)" }.joined(separator: ",")
                + "|\(pending.expression.constant)"
            inequalities[key, default: []].insert(pending.relation)
            if inequalities[key]!.count == 2 {
                equalities.append(pending.expression)
            }
        }
        // Short equations first (sizes, pinned edges), so that chains reduce to short rows.
        var determined = DeterminedVariables()
        for expression in equalities.enumerated().sorted(by: { ($0.element.terms.count, $0.offset) < ($1.element.terms.count, $1.offset) }) {
            determined.add(expression.element)
        }
        let candidates = probing.filter { !determined.isDetermined($0) }
        guard !candidates.isEmpty else { return [] }

        let solver = Solver()
        let variables = names.map(Variable.init)
        var levelErrors: [Int: [Term]] = [:]
        for pending in constraints {
            let expression = SolverBridge.expression(pending.expression, variables)
            let relation = SolverBridge.relation(pending.relation)
            if holdsExactly(pending) {
                try? solver.addConstraint(Constraint(expression, relation))
                continue
            }
            let over = Variable("over"), under = Variable("under")
            var errors: [Term] = []
            switch pending.relation {
            case .equal:
                try? solver.addConstraint(Constraint(expression - over + under, .equal, 0))
                errors = [Term(over), Term(under)]
            case .greaterThanOrEqual:
                try? solver.addConstraint(Constraint(expression + under, .greaterThanOrEqual, 0))
                errors = [Term(under)]
            case .lessThanOrEqual:
                try? solver.addConstraint(Constraint(expression - over, .lessThanOrEqual, 0))
                errors = [Term(over)]
            }
            for term in errors {
                try? solver.addConstraint(Constraint(term, .greaterThanOrEqual, 0))
            }
            levelErrors[pending.priority, default: []] += errors
        }
        for priority in levelErrors.keys.sorted() {
            let current = levelViolation[priority] ?? 0
            let slack = 1e-7 * max(1, current)
            try? solver.addConstraint(Constraint(Cassowary.Expression(levelErrors[priority]!), .lessThanOrEqual, current + slack))
        }
        var movable = Set<Int>()
        for index in candidates {
            let variable = variables[index]
            for target in [values[index] + reach, values[index] - reach] {
                // An optional `variable == target`, added and removed again.
                let pull = Constraint(Cassowary.Expression(variable) - target, .equal, strength: Strength(1))
                guard (try? solver.addConstraint(pull)) != nil else { continue }
                let moved = abs(solver.value(of: variable) - values[index]) > tolerance
                try? solver.removeConstraint(pull)
                if moved {
                    movable.insert(index)
                    break
                }
            }
        }
        return movable
    }
}
