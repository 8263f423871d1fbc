/// Why the solver refused a request. The solver is left as it was before the request.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// ``Solver/addConstraint(_:)``: this very constraint object has already been added.
    case duplicateConstraint(Constraint)

    /// ``Solver/removeConstraint(_:)``: the constraint was never added, or was removed.
    case unknownConstraint(Constraint)

    /// ``Solver/addConstraint(_:)``: a required constraint cannot hold together with the
    /// required constraints already added. `conflicts` names those of them that, with the
    /// new one, cannot all hold, in the order they were added; none of them can be left out
    /// and still contradict (for larger sets than ``Solver/conflictMinimisationLimit`` the set
    /// is the contradiction the simplex found, without that check). An empty list means the
    /// constraint contradicts itself, as `0 == 5` does.
    case unsatisfiableConstraint(Constraint, conflicts: [Constraint])

    /// ``Solver/addEditVariable(_:strength:)``: the variable is already an edit variable.
    case duplicateEditVariable(Variable)

    /// ``Solver/suggestValue(_:_:)`` and ``Solver/removeEditVariable(_:)``: the variable is
    /// not an edit variable.
    case unknownEditVariable(Variable)

    /// ``Solver/addEditVariable(_:strength:)``: an edit variable cannot be required; a
    /// suggested value must be able to give way to the required constraints.
    case badRequiredStrength(Variable)

    /// A request (adding or removing a constraint, suggesting a value, setting constants) took
    /// more than ``Solver/pivotLimit`` pivots of the simplex, far more than any layout needs:
    /// the solver stops rather than go on without end. After ``Solver/setConstants(_:)`` the
    /// solver is left as it was; after any other request its solution is not to be trusted
    /// and every later request is refused with this error.
    case pivotLimit(Int)

    /// The simplex met a state its invariants rule out (an unbounded objective, a dual step
    /// without an entering symbol), which only numerical trouble can cause.
    case internalFailure(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "duplicate constraint: \(constraint)"
        case .unknownConstraint(let constraint):
            return "unknown constraint: \(constraint)"
        case .unsatisfiableConstraint(let constraint, let conflicts):
            if conflicts.isEmpty { return "unsatisfiable constraint: \(constraint) can never hold" }
            let list = conflicts.map { "  \($0)" }.joined(separator: "\n")
            return "unsatisfiable constraint: \(constraint) conflicts with\n\(list)"
        case .duplicateEditVariable(let variable):
            return "duplicate edit variable: \(variable)"
        case .unknownEditVariable(let variable):
            return "unknown edit variable: \(variable)"
        case .badRequiredStrength(let variable):
            return "edit variable \(variable) cannot be required"
        case .pivotLimit(let limit):
            return "the simplex took more than \(limit) pivots for one change, past babelfit's limit"
        case .internalFailure(let reason):
            return "internal solver failure: \(reason)"
        }
    }
}
