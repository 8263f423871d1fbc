/// Names a constraint that a layout run gives the solver, the same in every run of a layout
/// session: so that a session can tell, among the constraints of a run, those of the system
/// it has already solved, whose constants alone may differ.
enum ConstraintKey: Hashable {
    /// The root view's x, y, width or height pinned to the screen.
    case rootFrame(FrameComponent)
    /// The constraint a stack view makes at this position in its list (``LayoutSystem/stackConstraints(_:)``).
    case stack(Int, position: Int)
    /// The layout's own constraint at this index of its `constraints`.
    case own(Int)
    /// A view's width or height at least zero.
    case nonNegative(view: Int, Attribute.Axis)
    /// A view's content hugging along an axis: its length at most its intrinsic length.
    case hugging(view: Int, Attribute.Axis)
    /// A view's compression resistance along an axis: its length at least its intrinsic length.
    case compressionResistance(view: Int, Attribute.Axis)
}

/// A constraint of a run with its key.
struct KeyedConstraint {
    let key: ConstraintKey
    let pending: PendingConstraint

    init(_ key: ConstraintKey, _ pending: PendingConstraint) {
        self.key = key
        self.pending = pending
    }
}

/// What a constraint is without its constant: key, variables with their coefficients,
/// relation and priority. Runs whose constraints have the same shapes solve the same system
/// with other constants.
struct ConstraintShape: Hashable {
    let key: ConstraintKey
    let variables: [Int]
    let coefficients: [Double]
    let relation: Relation
    let priority: Int

    init(_ keyed: KeyedConstraint) {
        key = keyed.key
        variables = keyed.pending.expression.terms.map(\.variable)
        coefficients = keyed.pending.expression.terms.map(\.coefficient)
        relation = keyed.pending.relation
        priority = keyed.pending.priority
    }
}

/// The shapes of a pass's constraints, in order: what a layout session builds a solver for.
struct LayoutStructure: Hashable {
    let shapes: [ConstraintShape]

    init(_ constraints: [KeyedConstraint]) {
        shapes = constraints.map(ConstraintShape.init)
    }
}
