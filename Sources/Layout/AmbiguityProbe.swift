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
///
/// That probe (``movableVariables(_:values:names:probing:)``) costs a solver and two solves
/// per variable that equalities leave free. A layout session asks instead, once for every
/// ``Signature``, the same question of the polyhedron's cone at the solution
/// (``movableDirections(_:signature:variableCount:probing:)``).
struct AmbiguityProbe {
    /// How far a pull reaches, and the least move that counts.
    static let reach = 1000.0
    static let tolerance = 1e-3
    /// A priority whose total violation is at most this holds exactly.
    static let exactness = 1e-9

    /// How far the probe lets a violated priority's total violation grow past `violation`, its
    /// value in the solution: room for rounding only (the solver's values, the sum above and
    /// the probe's own solve), so that the limit can be met. Every optimal solution keeps the
    /// violation, so whatever moves only within this room is fixed, and the room must stay far
    /// below ``tolerance``. Hence 10⁻⁷ of a point and 10⁻¹¹ of the violation on top (a sum of
    /// doubles rounds by about 10⁻¹⁶ of its size a term), not a share of the violation alone:
    /// 10⁻⁷ of it, as the probe once allowed, let a row of long labels on a narrow screen,
    /// compressed by 11,000 points at 750, move a label's height (held by its hugging and its
    /// compression resistance alike) by 0.0011 points, past the tolerance, and call it free
    /// where no optimal solution moves it, as the cone of a layout session says.
    static func roundingAllowance(_ violation: Double) -> Double {
        1e-7 + 1e-11 * violation
    }

    static func movableVariables(_ constraints: [PendingConstraint], values: [Double], names: [String], probing: [Int]) -> Set<Int> {
        let levelViolation = levelViolations(constraints, values: values)
        func holdsExactly(_ pending: PendingConstraint) -> Bool {
            pending.isRequired || (levelViolation[pending.priority] ?? 0) <= exactness
        }

        // Equalities, including pairs of opposite inequalities on the same expression.
        var equalities: [LinearExpression] = []
        var inequalities: [TermsKey: Set<Relation>] = [:]
        for pending in constraints where holdsExactly(pending) {
            if pending.relation == .equal {
                equalities.append(pending.expression)
                continue
            }
            let key = TermsKey(pending.expression, constant: true)
            inequalities[key, default: []].insert(pending.relation)
            if inequalities[key]!.count == 2 {
                equalities.append(pending.expression)
            }
        }
        let candidates = undetermined(probing, by: equalities)
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
            try? solver.addConstraint(Constraint(Cassowary.Expression(levelErrors[priority]!), .lessThanOrEqual,
                                                 current + roundingAllowance(current)))
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

    /// Each optional priority's total violation in the solution: a few priorities at most, kept
    /// in the order first met and looked up one by one.
    struct LevelViolations {
        private(set) var levels: [(priority: Int, violation: Double)] = []

        /// The total violation at `priority`; nil for a priority no optional constraint has.
        subscript(priority: Int) -> Double? {
            for level in levels where level.priority == priority { return level.violation }
            return nil
        }

        fileprivate mutating func add(_ violation: Double, at priority: Int) {
            for index in levels.indices where levels[index].priority == priority {
                levels[index].violation += violation
                return
            }
            // `0 + violation`, as a sum from zero makes it (a first -0 counts as +0).
            levels.append((priority, 0 + violation))
        }
    }

    private static func levelViolations(_ constraints: [PendingConstraint], values: [Double]) -> LevelViolations {
        var levelViolation = LevelViolations()
        for index in constraints.indices where !constraints[index].isRequired {
            let e = constraints[index].expression.value(values)
            switch constraints[index].relation {
            case .equal: levelViolation.add(abs(e), at: constraints[index].priority)
            case .greaterThanOrEqual: levelViolation.add(max(0, -e), at: constraints[index].priority)
            case .lessThanOrEqual: levelViolation.add(max(0, e), at: constraints[index].priority)
            }
        }
        return levelViolation
    }

    /// An expression's variables and coefficients (and its constant, with `constant`), compared
    /// bit for bit: two keys are equal exactly when the terms are, variable by variable and
    /// coefficient by coefficient, in order.
    struct TermsKey: Hashable {
        private let words: [UInt64]

        init(_ expression: LinearExpression, constant: Bool = false) {
            var words: [UInt64] = []
            words.reserveCapacity(expression.terms.count * 2 + 1)
            for term in expression.terms {
                words.append(UInt64(bitPattern: Int64(term.variable)))
                words.append(term.coefficient.bitPattern)
            }
            if constant { words.append(expression.constant.bitPattern) }
            self.words = words
        }
    }

    /// The variables of `probing` that the equalities do not fix on their own.
    static func undetermined(_ probing: [Int], by equalities: [LinearExpression]) -> [Int] {
        // Short equations first (sizes, pinned edges), so that chains reduce to short rows.
        var determined = DeterminedVariables()
        if let largest = equalities.lazy.flatMap(\.terms).map(\.variable).max() { determined.reserve(largest) }
        for expression in equalities.enumerated().sorted(by: { ($0.element.terms.count, $0.offset) < ($1.element.terms.count, $1.offset) }) {
            determined.add(expression.element)
        }
        return probing.filter { !determined.isDetermined($0) }
    }
}

// MARK: - The cone at the solution

extension AmbiguityProbe {
    /// How a constraint stands at a solution, as far as the set of optimal solutions near it
    /// is concerned.
    enum Standing: UInt8, Hashable {
        /// An equation that holds in every optimal solution: required, or at a priority whose
        /// constraints all hold.
        case equation
        /// An inequality that holds with no room to spare, or an equation of a violated
        /// priority that holds.
        case onBound
        /// An inequality that holds with room to spare.
        case loose
        /// An equation of a violated priority whose expression is above zero, or below.
        case above, below
        /// An inequality of a violated priority that does not hold.
        case violated
    }

    /// What decides which variables the optimal solutions leave free: which priorities hold
    /// exactly, and how each constraint stands. Near the solution, the optimal solutions are
    /// the solution plus the directions of a cone that these alone define: the equations
    /// (and the inequalities on their bounds) of exact priorities hold, and at every violated
    /// priority the total violation, which is linear in each constraint away from its bound
    /// and is |·| or max(0, ·) on it, may not grow. Two solutions with one signature, of one
    /// set of constraints, have the same cone, hence the same free variables.
    ///
    /// The optimal solutions are convex, so a variable that some of them move is moved by a
    /// direction of the cone, and the other way round: the cone's answer is the probe's, but
    /// for a move that a constraint with room to spare stops within the probe's tolerance
    /// (10⁻³), which ``clearance`` and ``coefficients`` keep out. The probe's allowance for
    /// rounding at a violated priority (``roundingAllowance(_:)``), which the cone does not
    /// grant, is kept far below that tolerance for any violation a layout reaches, so that no
    /// move within it alone counts.
    struct Signature: Hashable {
        var standings: [Standing]
        var exactLevels: [Int]
    }

    /// An inequality within this of its bound is on it.
    static let onBoundTolerance = 1e-6
    /// An inequality with at least this much room, or an equation of a violated priority off
    /// by at least this much (or a priority violated by at least this much in all), is well
    /// away from its bound: between the two there is no signature, and the session probes the
    /// run itself.
    static let clearance = 0.01
    /// Coefficients outside this range give no signature either: within it, a constraint with
    /// room to spare lets a free variable move by more than the probe's tolerance.
    static let coefficients = (1.0 / 16)...16.0

    /// The signature of a solution of `constraints`, or nil when some constraint stands too
    /// near its bound to tell (or outside the ranges above), in which case only the probe on
    /// the solution itself answers.
    static func signature(_ constraints: [PendingConstraint], values: [Double]) -> Signature? {
        let levelViolation = levelViolations(constraints, values: values)
        var exactLevels: [Int] = []
        for (level, violation) in levelViolation.levels {
            if violation <= exactness {
                exactLevels.append(level)
            } else if violation < clearance {
                return nil
            }
        }
        var standings: [Standing] = []
        standings.reserveCapacity(constraints.count)
        for index in constraints.indices {
            let terms = constraints[index].terms
            for term in terms where !coefficients.contains(abs(term.coefficient)) { return nil }
            let relation = constraints[index].relation
            let holds = constraints[index].isRequired || (levelViolation[constraints[index].priority] ?? 0) <= exactness
            let e = constraints[index].expression.value(values)
            let standing: Standing
            if relation == .equal {
                if holds {
                    standing = .equation
                } else if abs(e) <= onBoundTolerance {
                    standing = .onBound
                } else if abs(e) >= clearance {
                    standing = e > 0 ? .above : .below
                } else {
                    return nil
                }
            } else {
                let room = relation == .greaterThanOrEqual ? e : -e
                if abs(room) <= onBoundTolerance {
                    standing = .onBound
                } else if room >= clearance {
                    standing = .loose
                } else if room <= -clearance && !holds {
                    standing = .violated
                } else {
                    return nil
                }
            }
            standings.append(standing)
        }
        return Signature(standings: standings, exactLevels: exactLevels.sorted())
    }

    /// The variables of `probing` that some direction of the signature's cone moves: the
    /// probe's question asked of the cone, in directions `d` (one per variable) rather than
    /// values. It depends on nothing but the constraints' shapes and the signature.
    ///
    /// The cone is `A·d = 0, B·d ≥ 0` (with an error variable for each constraint of a
    /// violated priority that is on its bound). A variable is zero in every direction of the
    /// cone exactly when the equations fix it at zero together with the cone's implicit
    /// equalities, the rows of `B` that are zero in every direction (the cone spans the space
    /// where those and `A` hold). One solve finds them all (``implicitEqualities(_:_:count:)``),
    /// and elimination (``DeterminedVariables``) what they fix: no pull per variable.
    ///
    /// The cone is split into blocks that share no variable (``ConeBlock``), each solved on its
    /// own; `answer` is given each block's content, and may answer from memory.
    static func movableDirections(
        _ constraints: [PendingConstraint], signature: Signature, variableCount: Int, probing: [Int],
        block answer: (ConeBlock.Content) -> Set<Int> = { $0.movable() }
    ) -> Set<Int> {
        let exactLevels = signature.exactLevels
        var pieces: [ConeBlock.Piece] = []
        var errorCount = 0
        var onBounds: [TermsKey: (relation: Relation, piece: Int)] = [:]
        for index in constraints.indices {
            let standing = signature.standings[index]
            // A constraint with room to spare is no row of the cone.
            if standing == .loose { continue }
            let relation = constraints[index].relation, priority = constraints[index].priority
            let change = LinearExpression(terms: constraints[index].terms)
            // Positive where the constraint moves towards holding with room.
            var room: LinearExpression { relation == .lessThanOrEqual ? change * -1 : change }
            let holds = constraints[index].isRequired || exactLevels.contains(priority)
            let growth: LinearExpression
            switch standing {
            case .loose:
                continue
            case .equation:
                pieces.append(ConeBlock.Piece(.equation, change))
                continue
            case .onBound where holds:
                if relation == .equal {
                    pieces.append(ConeBlock.Piece(.equation, change))
                } else {
                    // Both bounds of one expression (content hugging and compression resistance
                    // of the same size, for one) make an equation.
                    let key = TermsKey(change)
                    if let opposite = onBounds[key], opposite.relation != relation {
                        pieces[opposite.piece] = ConeBlock.Piece(.equation, change)
                    } else {
                        onBounds[key] = (relation, pieces.count)
                        pieces.append(ConeBlock.Piece(.bound, room))
                    }
                }
                continue
            case .onBound:
                // The violation grows by |change| (an equation) or max(0, -room): an error variable bounds it.
                let error = LinearExpression.variable(variableCount + errorCount)
                errorCount += 1
                if relation == .equal {
                    pieces.append(ConeBlock.Piece(.bound, error - change))
                    pieces.append(ConeBlock.Piece(.bound, error + change))
                } else {
                    pieces.append(ConeBlock.Piece(.bound, error + room))
                    pieces.append(ConeBlock.Piece(.bound, error))
                }
                growth = error
            case .above:
                growth = change
            case .below:
                growth = change * -1
            case .violated:
                growth = room * -1
            }
            pieces.append(ConeBlock.Piece(.growth(priority), growth))
        }
        return ConeBlock.movable(pieces, variableCount: variableCount, errorCount: errorCount, probing: probing, answer: answer)
    }

    /// The variables that some direction of one block's cone moves: those its equations leave
    /// free once the cone's implicit equalities are added to them. `variables` are the block's
    /// own variables, numbered from zero.
    static func movableDirections(equations: [LinearExpression], bounds: [LinearExpression], variables: Int) -> Set<Int> {
        // What the equations fix alone stays fixed with the implicit equalities added (they
        // only add rows to eliminate with): when that is every variable, no solve.
        let all = Array(0..<variables)
        guard !undetermined(all, by: equations).isEmpty else { return [] }
        // Most blocks' bounds are all implicit equalities (nothing in the block can move), and
        // signs alone often show it: then the solve below would find every row, in order.
        let implicit = everyBoundIsImplicit(equations, bounds, count: variables)
            ? Array(bounds.indices) : implicitEqualities(equations, bounds, count: variables)
        return Set(undetermined(all, by: equations + implicit.map { bounds[$0] }))
    }

    /// Whether every row of `bounds` (each `≥ 0`) is zero in every solution of `equations`
    /// (each `= 0`) and `bounds`, as signs prove it; false when they do not (the rows may
    /// still all be, which only the solve tells).
    ///
    /// The equations are first solved for one variable each (a variable of coefficient ±1),
    /// which is put in place of it in every other row; all coefficients being integers, each
    /// step is exact, or the proof is not tried. Then, until nothing more is learnt: a bound
    /// of one term gives its variable a sign; a bound whose every term is at most zero is zero,
    /// with each of its variables; an equation whose terms but one share a sign gives that one
    /// the other; a variable of both signs is zero, and drops out of every row.
    static func everyBoundIsImplicit(_ equations: [LinearExpression], _ bounds: [LinearExpression], count: Int) -> Bool {
        guard !bounds.isEmpty else { return true }
        let exact = 1e12
        var rows: [[Double]] = []
        rows.reserveCapacity(equations.count + bounds.count)
        for expression in equations + bounds {
            var row = [Double](repeating: 0, count: count)
            for term in expression.terms {
                guard term.coefficient == term.coefficient.rounded(), abs(term.coefficient) < exact else { return false }
                row[term.variable] += term.coefficient
            }
            rows.append(row)
        }
        // Elimination: each equation solved for a variable of coefficient ±1, put in its place.
        var isDefinition = [Bool](repeating: false, count: rows.count)
        for index in equations.indices {
            guard let pivot = rows[index].firstIndex(where: { abs($0) == 1 }) else { continue }
            isDefinition[index] = true
            let definition = rows[index]
            for other in rows.indices where other != index && rows[other][pivot] != 0 {
                let factor = rows[other][pivot] / definition[pivot]
                for variable in 0..<count where definition[variable] != 0 {
                    rows[other][variable] -= factor * definition[variable]
                    guard abs(rows[other][variable]) < exact else { return false }
                }
            }
        }
        // Signs: a variable known to be at least zero, at most zero, or both (zero).
        var atLeastZero = [Bool](repeating: false, count: count), atMostZero = atLeastZero
        var proven = [Bool](repeating: false, count: bounds.count)
        var changed = true
        func isZero(_ variable: Int) -> Bool { atLeastZero[variable] && atMostZero[variable] }
        func learn(_ variable: Int, nonnegative: Bool, nonpositive: Bool) {
            if nonnegative, !atLeastZero[variable] { atLeastZero[variable] = true; changed = true }
            if nonpositive, !atMostZero[variable] { atMostZero[variable] = true; changed = true }
        }
        // The term's sign where the variable's is known: +1 at least zero, -1 at most zero.
        func sign(_ coefficient: Double, _ variable: Int) -> Int {
            if coefficient > 0 ? atLeastZero[variable] : atMostZero[variable] { return 1 }
            if coefficient > 0 ? atMostZero[variable] : atLeastZero[variable] { return -1 }
            return 0
        }
        while changed {
            changed = false
            for (number, row) in rows[equations.count...].enumerated() where !proven[number] {
                // Terms that may be above zero, and the last term.
                var open = 0, remaining = 0, last = 0
                for variable in 0..<count where row[variable] != 0 && !isZero(variable) {
                    remaining += 1
                    last = variable
                    if sign(row[variable], variable) != -1 { open += 1 }
                }
                if open == 0 {
                    // At least zero, and a sum of terms at most zero: every term is zero.
                    for variable in 0..<count where row[variable] != 0 { learn(variable, nonnegative: true, nonpositive: true) }
                    proven[number] = true
                    changed = true
                } else if remaining == 1 {
                    learn(last, nonnegative: row[last] > 0, nonpositive: row[last] < 0)
                }
            }
            for index in equations.indices where !isDefinition[index] {
                let row = rows[index]
                var unknown = 0, up = 0, down = 0, free = 0
                for variable in 0..<count where row[variable] != 0 && !isZero(variable) {
                    switch sign(row[variable], variable) {
                    case 1: up += 1
                    case -1: down += 1
                    default:
                        unknown += 1
                        free = variable
                    }
                }
                guard up == 0 || down == 0, unknown <= 1, unknown + up + down > 0 else { continue }
                if unknown == 0 {
                    // Terms of one sign summing to zero: every term is zero.
                    for variable in 0..<count where row[variable] != 0 { learn(variable, nonnegative: true, nonpositive: true) }
                } else {
                    // The free term is minus the others' sum: of the other sign, or zero alone.
                    let termNonnegative = up == 0, termNonpositive = down == 0
                    learn(free, nonnegative: termNonnegative == (row[free] > 0) || up + down == 0,
                          nonpositive: termNonpositive == (row[free] > 0) || up + down == 0)
                }
            }
        }
        return !proven.contains(false)
    }

    /// The rows of `bounds` (each `≥ 0`) that are zero in every solution of `equations` (each
    /// `= 0`) and `bounds`. The cone is closed under sums and scaling, so one direction makes
    /// every other row at least 1: with a weak wish that every row be at least 1, the rows
    /// that stay at zero are the implicit equalities.
    private static func implicitEqualities(_ equations: [LinearExpression], _ bounds: [LinearExpression], count: Int) -> [Int] {
        guard !bounds.isEmpty else { return [] }
        let solver = Solver()
        let variables = (0..<count).map { Variable("d\($0)") }
        for equation in equations {
            try? solver.addConstraint(SolverBridge.expression(equation, variables) .== 0)
        }
        let rows = bounds.map { SolverBridge.expression($0, variables) }
        for row in rows {
            try? solver.addConstraints([row .>= 0, (row .>= 1).withStrength(Strength(1))])
        }
        solver.updateVariables()
        return rows.indices.filter { index in
            rows[index].terms.reduce(0) { $0 + $1.coefficient * solver.value(of: $1.variable) } < 0.5
        }
    }
}
