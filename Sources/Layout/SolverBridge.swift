import Cassowary

/// Hands the engine's constraints to the Cassowary solver and reads the frames back.
///
/// Required constraints are added in the order the engine made them (root frame, stacks,
/// the layout's own in file order, content sizes). One that cannot hold with those before it
/// is left out, as Auto Layout breaks a constraint to recover: every conflicting constraint is
/// required, so the one left out (the lowest priority, and of equals the last added) is the
/// new one, and the diagnostic names the whole conflicting set.
struct SolverBridge {
    let variables: [Variable]
    private(set) var active: [PendingConstraint] = []
    private(set) var diagnostics: [LayoutDiagnostic] = []
    private let solver = Solver()

    init(variableNames: [String], constraints: [PendingConstraint]) {
        variables = variableNames.map(Variable.init)
        var made: [Constraint: Int] = [:]
        for (index, pending) in constraints.enumerated() {
            let constraint = Self.constraint(pending, variables)
            do throws(SolverError) {
                try solver.addConstraint(constraint)
                made[constraint] = index
                active.append(pending)
            } catch {
                if case .unsatisfiableConstraint(_, let conflicts) = error {
                    let others = conflicts.compactMap { made[$0].map { constraints[$0].reference } }
                    diagnostics.append(.unsatisfiable(conflicting: others + [pending.reference], broken: pending.reference))
                } else {
                    diagnostics.append(.invalidConstraint(pending.reference, reason: "the solver refused it: \(error)"))
                }
            }
        }
    }

    /// The value of every variable, in the order of the names.
    var values: [Double] {
        variables.map { solver.value(of: $0) }
    }

    static func expression(_ linear: LinearExpression, _ variables: [Variable]) -> Cassowary.Expression {
        Cassowary.Expression(linear.terms.map { Term(variables[$0.variable], coefficient: $0.coefficient) }, constant: linear.constant)
    }

    static func relation(_ relation: Relation) -> Constraint.Relation {
        switch relation {
        case .equal: return .equal
        case .greaterThanOrEqual: return .greaterThanOrEqual
        case .lessThanOrEqual: return .lessThanOrEqual
        }
    }

    static func constraint(_ pending: PendingConstraint, _ variables: [Variable]) -> Constraint {
        Constraint(
            expression(pending.expression, variables), relation(pending.relation), strength: Strength(pending.priority),
            label: pending.reference.description)
    }
}

/// Finds the variables that the constraints do not fix, as hasAmbiguousLayout does.
///
/// A variable is ambiguous when another solution is as good: every required constraint
/// holds and, at every optional priority, the total violation is no larger than in the
/// solution found. That set of optimal solutions is a polyhedron: the probe writes each
/// optional constraint's violation as error variables (e = p − n for `==`, e + n ≥ 0 for
/// `>=`), requires every level's error sum to stay within the solution's, and makes
/// everything required. Then, for each variable in turn, a weak `variable == target` pulls
/// it far above and far below its current value; with nothing else optional, the solver
/// moves the variable as far as the constraints allow, and any move means it is not fixed.
struct AmbiguityProbe {
    /// How far a suggestion reaches, and the least move that counts.
    static let reach = 1000.0
    static let tolerance = 1e-3

    static func movableVariables(_ constraints: [PendingConstraint], values: [Double], names: [String], probing: [Int]) -> Set<Int> {
        let solver = Solver()
        let variables = names.map(Variable.init)
        var levelErrors: [Int: (terms: [Term], current: Double)] = [:]
        for pending in constraints {
            let expression = SolverBridge.expression(pending.expression, variables)
            if pending.isRequired {
                try? solver.addConstraint(Constraint(expression, SolverBridge.relation(pending.relation)))
                continue
            }
            let e = pending.expression.value(values)
            let over = Variable("over"), under = Variable("under")
            var errors: [Term] = []
            let violation: Double
            switch pending.relation {
            case .equal:
                try? solver.addConstraint(Constraint(expression - over + under, .equal, 0))
                errors = [Term(over), Term(under)]
                violation = abs(e)
            case .greaterThanOrEqual:
                try? solver.addConstraint(Constraint(expression + under, .greaterThanOrEqual, 0))
                errors = [Term(under)]
                violation = max(0, -e)
            case .lessThanOrEqual:
                try? solver.addConstraint(Constraint(expression - over, .lessThanOrEqual, 0))
                errors = [Term(over)]
                violation = max(0, e)
            }
            for term in errors {
                try? solver.addConstraint(Constraint(term, .greaterThanOrEqual, 0))
            }
            let level = levelErrors[pending.priority] ?? ([], 0)
            levelErrors[pending.priority] = (level.terms + errors, level.current + violation)
        }
        for priority in levelErrors.keys.sorted() {
            let level = levelErrors[priority]!
            let slack = 1e-7 * max(1, level.current)
            try? solver.addConstraint(Constraint(Expression(level.terms), .lessThanOrEqual, level.current + slack))
        }
        var movable = Set<Int>()
        for index in probing {
            let variable = variables[index]
            for target in [values[index] + reach, values[index] - reach] {
                // An optional `variable == target`, added and removed again (the primal
                // simplex), rather than an edit variable.
                let pull = Constraint(Expression(variable) - target, .equal, strength: Strength(1))
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
