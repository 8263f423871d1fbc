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
/// Constants change without rebuilding: ``setConstant(of:to:)`` (which generalises
/// ``suggestValue(_:_:)`` from edit variables to any constraint) keeps the basis and repairs
/// it with the dual simplex, so a system solved once can be solved again for other sizes at
/// the cost of the pivots the change needs. ``copy()`` forks a solver, so that one solved
/// system can serve as the common start of many such changes.
///
/// A solver is not thread-safe; use one per layout, or ``copy()`` one per thread (copying
/// only reads the original). Work grows close to linearly with the number of constraints for
/// layouts such as chains of views, in whatever order the constraints are added.
public final class Solver {
    /// Every request runs on `impl`. The runtime's exclusivity check of a class's stored
    /// property (a call to begin the access and one to end it, around every request and every
    /// value read) is left out: each method of the solver makes one access to `impl` that
    /// calls nothing outside the module and never reaches back into the solver, so accesses
    /// cannot overlap on one thread. Threads share a solver only to copy it, which reads `impl`
    /// (see above); the runtime's check does not see other threads' accesses anyway.
    @exclusivity(unchecked) private var impl: SolverImpl
    /// False for a copy (``copy()``), which shares its storage with its original until either
    /// changes it: emptying it for the pool would copy what it shares, so it is not kept.
    private var keepsStorage = true

    /// The deletion filter that makes the conflicts of an unsatisfiable constraint minimal
    /// runs on certificates of at most this many constraints.
    public static let conflictMinimisationLimit = ConflictSearch.limit

    /// The most pivots of the simplex one request may take before it throws
    /// ``SolverError/pivotLimit(_:)``: a chain of 10,000 views (60,001 constraints) takes at
    /// most a few thousand for any request, so no real layout comes near it.
    public static let defaultPivotLimit = 1_000_000

    /// The most pivots one request may take; ``defaultPivotLimit`` unless set.
    public var pivotLimit: Int {
        get { impl.pivotLimit }
        set { impl.pivotLimit = newValue }
    }

    /// The pivots every request so far has taken (a copy counts those of its original).
    public var pivotCount: Int { impl.pivotCount }

    /// A solver without constraints, in the storage of the last solver let go of if there is
    /// some (see ``SolverPool``).
    public init() {
        impl = SolverPool.take() ?? SolverImpl()
    }

    private init(impl: SolverImpl) {
        self.impl = impl
    }

    /// Hands the storage to the pool, for the next solver made.
    deinit {
        guard keepsStorage else { return }
        var released = SolverImpl()
        swap(&released, &impl)
        SolverPool.give(released)
    }

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

    /// Gives a constraint of the solver a new constant and solves again with the dual
    /// simplex, keeping the basis: what ``suggestValue(_:_:)`` does for an edit variable, for
    /// any constraint. The constant is that of the constraint's `expression`, which reads
    /// `lhs - rhs`: for `x .== 8` it is −8, and `setConstant(of: c, to: -10)` makes it `x == 10`.
    ///
    /// Constraints are immutable, so the constraint is replaced by a new one, the same
    /// relation with the new constant, in the same place among ``constraints``; it is returned,
    /// and it is the one to name in later calls.
    ///
    /// The solution is an optimum of the new system, as a solver built anew with the new
    /// constant would find. Where the optimum is not unique (some variable could take other
    /// values at no cost), the two may settle on different optima.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver
    ///   (an edit variable's constraint is moved with ``suggestValue(_:_:)``);
    ///   ``SolverError/unsatisfiableConstraint(_:conflicts:)`` if the constraint is required
    ///   and the new constant contradicts the other required constraints, which it names. The
    ///   solver is then left as it was.
    @discardableResult
    public func setConstant(of constraint: Constraint, to constant: Double) throws(SolverError) -> Constraint {
        try impl.setConstants([(constraint, constant)])[0]
    }

    /// Gives several constraints new constants at once, then solves again (see
    /// ``setConstant(of:to:)``); cheaper than one at a time, and the intermediate states may
    /// contradict. Returns the constraints that replace them, in the order of `changes`.
    ///
    /// - Throws: as ``setConstant(of:to:)``; when the required constraints cannot all hold with
    ///   the new constants, the error names the first changed constraint that takes part, with
    ///   its new constant, and the required constraints it conflicts with (changed ones with
    ///   their new constants). The solver is then left as it was.
    @discardableResult
    public func setConstants(_ changes: [(constraint: Constraint, constant: Double)]) throws(SolverError) -> [Constraint] {
        try impl.setConstants(changes)
    }

    /// Gives an optional constraint of the solver another optional strength, in place, and
    /// solves again with the primal simplex from the current basis (the constants stay, so it
    /// stays feasible): cheaper than removing the constraint and adding it again. Returns the
    /// constraint that replaces it (the same relation, constant and label at `strength`), which
    /// the solver then holds.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the constraint is not in the solver,
    ///   is an edit variable's, or either strength is required (a required constraint is
    ///   removed and added instead: it may conflict); ``SolverError/pivotLimit(_:)`` past the
    ///   limit.
    @discardableResult
    package func changeStrength(of constraint: Constraint, to strength: Strength) throws(SolverError) -> Constraint {
        try impl.changeStrength(of: constraint, to: strength)
    }

    /// Where ``moveConstants(_:)`` finds a constraint of this solver or of its copies (a
    /// constraint keeps its symbols): its symbols, relation and strength.
    package struct ConstantHandle {
        let tag: SolverImpl.Tag
        let relation: Constraint.Relation
        let strength: Strength
    }

    /// The handle of a constraint of the solver (not an edit variable's), nil for any other.
    package func constantHandle(for constraint: Constraint) -> ConstantHandle? {
        impl.constantHandle(for: constraint)
    }

    /// Adds each `delta` to its constraint's constant and solves again: the same operations,
    /// in the same order, as ``setConstants(_:)`` with those constants, so the same values to
    /// the bit, without a new object for each constraint. The caller keeps the constants; the
    /// constraints' objects keep showing theirs as added, so a solver moved this way is moved
    /// only this way (not with ``setConstants(_:)``, whose changes are read from the objects).
    /// Returns false, with the solver left as it was, when the required constraints cannot
    /// all hold with the new constants; throws ``SolverError/pivotLimit(_:)`` past the limit.
    package func moveConstants(_ moves: [(handle: ConstantHandle, delta: Double)]) throws(SolverError) -> Bool {
        try impl.moveConstants(moves)
    }

    /// Cuts the solver's storage back to what it holds: the arrays indexed by symbol number
    /// grow ahead of the symbols (to four times their count while small) and keep their size
    /// when a solver's storage is used again for another (``SolverPool``), and the first change
    /// of a ``copy()`` copies each array it writes to, all of it. For a solver that is copied
    /// many times and changed no more, as a layout structure's solver is, call it once before
    /// the copies: each copy's first change then copies what is used. The solver's solution,
    /// and whatever any request does later, stay the same.
    package func compactStorage() {
        impl.compact()
    }

    /// An independent solver with the same constraints, edit variables and solution. The
    /// constraint and variable objects are shared (they are immutable), so either solver may
    /// go on alone; the copy costs little until one of them changes.
    public func copy() -> Solver {
        let copy = Solver(impl: impl)
        copy.keepsStorage = false
        return copy
    }

    /// Whether the solution is the only optimal one: every variable that a term of the
    /// constraints names has its value in every
    /// solution that satisfies the constraints as well (strictly by priority). The test is
    /// sufficient, read from the final tableau: false means the solution may not be unique.
    /// When it is true, any solver given the same constraints, in any order and with any
    /// history of changes, finds the same values (up to rounding).
    public var hasUniqueSolution: Bool { impl.hasUniqueSolution() }

    /// The variable's value in the current solution, 0 for a variable that no constraint
    /// names. Values are found on demand and kept until the next change of the solver.
    public func value(of variable: Variable) -> Double {
        impl.value(of: variable)
    }

    /// The values of `variables`, in order, each as ``value(of:)`` gives it: one request to the
    /// solver for all of them.
    public func values(of variables: [Variable]) -> [Double] {
        impl.values(of: variables)
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
