import Cassowary

/// Hands the engine's constraints to the Cassowary solver and reads the frames back.
///
/// When required constraints conflict, they are added in the order the engine made them (root
/// frame, stacks, the layout's own in file order, content sizes). One that cannot hold with
/// those before it is left out, as Auto Layout breaks a constraint to recover: every
/// conflicting constraint is required, so the one left out (the lowest priority, and of equals
/// the last added) is the new one, and the diagnostic names the whole conflicting set.
struct SolverBridge {
    let variables: [Variable]
    /// The constraints the bridge was given.
    private let given: [PendingConstraint]
    /// The positions among them of the constraints the solver holds, in the order they were added.
    private(set) var activePositions: [Int] = []
    /// The constraints the solver refused, by position.
    private(set) var refusals: [Refusal] = []
    private let solver: Solver

    /// A constraint the solver refused, by its position among the constraints given: what the
    /// solve found, apart from how the constraints are described (``diagnostics(_:of:)``
    /// names them), so that a solve kept for the same inputs names a caller's own.
    enum Refusal {
        /// Required constraints that cannot all hold: those the solver held, in the order it
        /// names them, and the one left out.
        case unsatisfiable(conflicting: [Int], broken: Int)
        /// A constraint the solver refused otherwise (the pivot limit).
        case refused(Int, SolverError)
    }

    /// The constraints the solver holds, in the order they were added.
    var active: [PendingConstraint] { activePositions.map { given[$0] } }
    /// Their positions among the constraints the bridge was given, in increasing order.
    var activeIndices: [Int] { activePositions.sorted() }
    /// The refusals as diagnostics.
    var diagnostics: [LayoutDiagnostic] { Self.diagnostics(refusals, of: given) }

    /// `refusals` as diagnostics, naming the constraints of `constraints` at their positions.
    static func diagnostics(_ refusals: [Refusal], of constraints: [PendingConstraint]) -> [LayoutDiagnostic] {
        refusals.map { refusal in
            switch refusal {
            case .unsatisfiable(let conflicting, let broken):
                return .unsatisfiable(conflicting: (conflicting + [broken]).map { constraints[$0].reference },
                                      broken: constraints[broken].reference)
            case .refused(let position, let error):
                return .invalidConstraint(constraints[position].reference,
                                          reason: "the solver refused it: \(named(error, constraints[position]))")
            }
        }
    }

    init(variableNames: [String], constraints: [PendingConstraint]) {
        self.init(variableNames: variableNames, constraints: constraints, resuming: nil, recording: nil)
    }

    /// A solve that may share its first constraints, in the order the solver takes them, with a
    /// solve kept in `resuming` (a run's, ``AfreshRecord``): it then takes the variables of the
    /// one that shares most, starts from the latest checkpoint within what they share (a copy
    /// of a solver with those constraints added), adds the rest, and on its way keeps a
    /// checkpoint where the shared constraints end, for the next solve that shares as many.
    /// The solver takes the same steps from a checkpoint as it would from the start, so the
    /// solve is the same. `recording`: given the record of this solve (when the solver takes the
    /// constraints in an order of its own), for others to share.
    init(variableNames: [String], constraints: [PendingConstraint], resuming: [AfreshRecord]?,
         recording: ((AfreshRecord) -> Void)?) {
        // The solver works fastest when each constraint joins variables that earlier ones
        // already relate, as a chain of views listed in order does: so the constraints are
        // added by the last view they name, in tree order. When required constraints conflict,
        // which one is broken depends on the order, so then they are added again in the
        // layout's own order, where the last one written is the one broken.
        let ordered = Self.fastOrder(constraints)
        if ordered != Array(constraints.indices) {
            let fast = SolverBridge(variableNames: variableNames, constraints: constraints, order: ordered,
                                    resuming: resuming, recording: recording)
            if fast.refusals.isEmpty {
                self = fast
                return
            }
        }
        self.init(variableNames: variableNames, constraints: constraints, order: Array(constraints.indices),
                  resuming: nil, recording: nil)
    }

    private init(variableNames: [String], constraints: [PendingConstraint], order: [Int], resuming: [AfreshRecord]?,
                 recording: ((AfreshRecord) -> Void)?) {
        given = constraints
        // The solver's constraints, beside their positions in `activePositions`: which position
        // a constraint the solver names has is looked up only when required constraints conflict.
        var added: [Constraint] = []
        added.reserveCapacity(order.count)
        activePositions.reserveCapacity(order.count)
        var start = 0
        // The kept solve this one shares most with, and where the shared constraints end.
        let sharing = resuming.flatMap { Self.mostShared(in: $0, constraints: constraints, order: order, names: variableNames) }
            .flatMap { $0.shared * AfreshRecord.shareDenominator >= order.count * AfreshRecord.shareNumerator ? $0 : nil }
        if let sharing {
            variables = sharing.record.variables
            if let checkpoint = sharing.record.checkpoint(within: sharing.shared) {
                solver = checkpoint.solver.copy()
                added = checkpoint.added
                start = checkpoint.added.count
                activePositions.append(contentsOf: order[..<start])
            } else {
                solver = Solver()
            }
        } else {
            variables = variableNames.map(Variable.init)
            solver = Solver()
        }
        recording?(AfreshRecord(constraints: constraints, order: order, names: variableNames, variables: variables))
        for index in order[start...] {
            if let sharing, added.count == sharing.shared, added.count > start, refusals.isEmpty {
                // Its storage cut to what it holds: each solve that resumes there copies it whole.
                let checkpoint = solver.copy()
                checkpoint.compactStorage()
                sharing.record.keep(AfreshRecord.Checkpoint(solver: checkpoint, added: added))
            }
            let constraint = Self.constraint(constraints[index], variables)
            do throws(SolverError) {
                try solver.addConstraint(constraint)
                added.append(constraint)
                activePositions.append(index)
            } catch {
                if case .unsatisfiableConstraint(_, let conflicts) = error {
                    var positions: [ObjectIdentifier: Int] = Dictionary(minimumCapacity: added.count)
                    for (constraint, position) in zip(added, activePositions) { positions[ObjectIdentifier(constraint)] = position }
                    refusals.append(.unsatisfiable(conflicting: conflicts.compactMap { positions[ObjectIdentifier($0)] },
                                                   broken: index))
                } else {
                    refusals.append(.refused(index, error))
                    // Past the pivot limit the solver refuses every request: one diagnostic says it.
                    if case .pivotLimit = error { break }
                }
            }
        }
    }

    /// Of `records` (solves of the same variable names), the one whose first constraints, in
    /// the order its solver took them, are the most of `constraints` taken in `order`, and how
    /// many; nil when none shares a constraint.
    private static func mostShared(in records: [AfreshRecord], constraints: [PendingConstraint], order: [Int], names: [String])
        -> (record: AfreshRecord, shared: Int)? {
        var best: (record: AfreshRecord, shared: Int)?
        for record in records where record.names == names {
            let shared = PendingConstraint.sharedStart(record.constraints, record.order, constraints, order)
            if shared > best?.shared ?? 0 { best = (record, shared) }
        }
        return best
    }

    /// The order in which the solver takes constraints fastest: by the last variable (view)
    /// they name, then as given.
    static func fastOrder(_ constraints: [PendingConstraint]) -> [Int] {
        fastOrder(lastVariables: constraints.map { constraint in
            constraint.terms.reduce(-1) { max($0, $1.variable) }
        })
    }

    /// ``fastOrder(_:)`` of constraints whose last variables (-1 for none) are these.
    static func fastOrder(lastVariables: [Int]) -> [Int] {
        lastVariables.indices.sorted { a, b in
            lastVariables[a] != lastVariables[b] ? lastVariables[a] < lastVariables[b] : a < b
        }
    }

    /// The value of every variable, in the order of the names.
    var values: [Double] {
        solver.values(of: variables)
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

    /// The solver's constraint for `pending`, without a label: the description of every
    /// constraint of a pass, written for each solve afresh, was a fifth of checking an app whose
    /// passes are mostly solved afresh, and only an error could show one (``named(_:_:)``).
    static func constraint(_ pending: PendingConstraint, _ variables: [Variable]) -> Constraint {
        Constraint(expression(pending.expression, variables), relation(pending.relation), strength: Strength(pending.priority))
    }

    /// `error` with the constraint it names labelled with `pending`'s description, as the
    /// solver would have named it given the label.
    static func named(_ error: SolverError, _ pending: PendingConstraint) -> SolverError {
        switch error {
        case .duplicateConstraint(let constraint): return .duplicateConstraint(constraint.withLabel(pending.reference.description))
        case .unknownConstraint(let constraint): return .unknownConstraint(constraint.withLabel(pending.reference.description))
        default: return error
        }
    }
}

/// A solve afresh's constraints, in the order its solver took them, with its variables, and
/// checkpoints: copies of a solver with the first of those constraints added, made by solves
/// that shared them (``SolverBridge/init(variableNames:constraints:resuming:recording:)``).
/// A run's passes solved afresh keep theirs (``RunSolverStates``): a fix tried on the run
/// changes a few views' constraints, and its solve shares every constraint the solver takes
/// before those views' (it takes them by the last view they name, in tree order). The fixes
/// tried for one finding change the same views: the first leaves a checkpoint where they
/// begin, and the others start there.
final class AfreshRecord: @unchecked Sendable {
    /// A solve shares a kept one only where they share at least a quarter of its constraints:
    /// resuming copies the checkpoint's whole tableau, which costs about what adding a quarter
    /// of the constraints costs (measured on the apps of `../shared/corpus/ib`).
    static let shareNumerator = 1, shareDenominator = 4
    struct Checkpoint {
        let solver: Solver
        /// The constraints added, in order: the record's first ones.
        let added: [Constraint]
    }

    private let lock = BriefLock()
    /// The constraints of the solve and the order the solver took them in, its variable names and variables.
    let constraints: [PendingConstraint]
    let order: [Int]
    let names: [String]
    let variables: [Variable]
    /// By the number of constraints added, increasing; left by the solves that shared this one.
    private var checkpoints: [Checkpoint] = []

    fileprivate init(constraints: [PendingConstraint], order: [Int], names: [String], variables: [Variable]) {
        self.constraints = constraints
        self.order = order
        self.names = names
        self.variables = variables
    }

    /// The checkpoint with the most constraints, no more than `count`.
    fileprivate func checkpoint(within count: Int) -> Checkpoint? {
        lock.lock()
        defer { lock.unlock() }
        return checkpoints.last { $0.added.count <= count }
    }

    /// How many constraints each checkpoint has added, in increasing order.
    var checkpointCounts: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return checkpoints.map(\.added.count)
    }

    /// Keeps a checkpoint, unless one of as many constraints is kept.
    fileprivate func keep(_ checkpoint: Checkpoint) {
        lock.lock()
        defer { lock.unlock() }
        guard !checkpoints.contains(where: { $0.added.count == checkpoint.added.count }) else { return }
        checkpoints.append(checkpoint)
        checkpoints.sort { $0.added.count < $1.added.count }
    }
}
