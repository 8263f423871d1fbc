/// A Cassowary constraint solver: linear equations and inequalities with strict priorities,
/// added and removed incrementally, and edit variables whose values can be suggested.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.addConstraint(left .== 8)
/// try solver.addConstraint(width .>= 44)
/// try solver.addConstraint((width .== 20).withStrength(.strong))  // gives way to width >= 44
/// solver.value(of: width)                                          // 44
///
/// try solver.addEditVariable(left, strength: .strong)             // gives way to left == 8
/// try solver.suggestValue(left, 100)
/// ```
///
/// The solution minimises the violations of the optional constraints strictly by priority:
/// first the highest level, then, without giving any of that back, the next one (see
/// ``Strength``). Among several optimal solutions the solver settles on one deterministically:
/// the same requests in the same order give the same values in every run.
///
/// A solver is not thread-safe; use one per layout. Work grows close to linearly with the
/// number of constraints for layouts such as chains of views, in whatever order the
/// constraints are added.
public final class Solver {
    private var impl = SolverImpl()

    /// The deletion filter that makes the conflicts of an unsatisfiable constraint minimal
    /// runs on certificates of at most this many constraints.
    public static let conflictMinimisationLimit = ConflictSearch.limit

    public init() {}

    /// Adds a constraint and solves again.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if this constraint object is
    ///   already in the solver; ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if it is
    ///   required and contradicts the required constraints already added, which it names.
    ///   The solver is then left with the constraints it had.
    public func addConstraint(_ constraint: Constraint) throws(SolverError) {
        try impl.addConstraint(constraint)
    }

    /// Adds constraints in order; stops at the first error, keeping those added before it.
    public func addConstraints(_ constraints: [Constraint]) throws(SolverError) {
        for constraint in constraints {
            try impl.addConstraint(constraint)
        }
    }

    /// Removes a constraint and solves again; the other constraints are solved as if it had
    /// never been added.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver.
    public func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        try impl.removeConstraint(constraint)
    }

    /// Whether this constraint object has been added and not removed.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        impl.hasConstraint(constraint)
    }

    /// The constraints added and not removed, in the order they were added.
    public var constraints: [Constraint] { impl.constraints }

    /// Makes `variable` an edit variable: an optional constraint `variable == value` at
    /// `strength`, starting at the variable's current value so that nothing moves until
    /// ``suggestValue(_:_:)`` is called.
    ///
    /// - Throws: ``SolverError/badRequiredStrength(_:)`` if `strength` is required;
    ///   ``SolverError/duplicateEditVariable(_:)`` if the variable already is one.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        try impl.addEditVariable(variable, strength: strength)
    }

    /// Removes an edit variable and its constraint.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if the variable is not one.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        try impl.removeEditVariable(variable)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        impl.hasEditVariable(variable)
    }

    /// Suggests a value for an edit variable and solves again with the dual simplex, which
    /// costs little when the suggestion moves a little: the way to follow a drag or a resize.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if the variable is not an edit variable.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        try impl.suggestValue(variable, value)
    }

    /// The variable's value in the current solution, 0 for a variable that no constraint
    /// names. Values are found on demand and kept until the next change of the solver.
    public func value(of variable: Variable) -> Double {
        impl.value(of: variable)
    }

    /// Finds the values of all variables at once, so that ``value(of:)`` only looks them up.
    public func updateVariables() {
        impl.updateVariables()
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        impl = SolverImpl()
    }
}
