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
/// with other constants. Compared and hashed through ``LayoutStructure``, in place.
struct ConstraintShape {
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
/// Found again on every pass of every run, so it is looked up by ``hash(of:variableCount:)``
/// and ``matches(_:variableCount:)``, which read the pass's constraints where they are.
struct LayoutStructure {
    let shapes: [ConstraintShape]
    let variableCount: Int

    init(_ constraints: [KeyedConstraint], variableCount: Int) {
        shapes = constraints.map(ConstraintShape.init)
        self.variableCount = variableCount
    }

    /// A hash of the shapes of `constraints` (equal for constraints of one structure).
    static func hash(of constraints: [KeyedConstraint], variableCount: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(variableCount)
        hasher.combine(constraints.count)
        for constraint in constraints {
            hasher.combine(constraint.key)
            hasher.combine(constraint.pending.relation)
            hasher.combine(constraint.pending.priority)
            hasher.combine(constraint.pending.expression.terms.count)
            for term in constraint.pending.expression.terms {
                hasher.combine(term.variable)
                hasher.combine(term.coefficient)
            }
        }
        return hasher.finalize()
    }

    /// Whether `constraints` have these shapes, in this order.
    func matches(_ constraints: [KeyedConstraint], variableCount: Int) -> Bool {
        guard variableCount == self.variableCount, constraints.count == shapes.count else { return false }
        // By position, reading each element where it is (a pass has hundreds of constraints).
        for position in shapes.indices {
            guard shapes[position].key == constraints[position].key,
                  shapes[position].relation == constraints[position].pending.relation,
                  shapes[position].priority == constraints[position].pending.priority,
                  shapes[position].variables.count == constraints[position].pending.expression.terms.count
            else { return false }
            for index in shapes[position].variables.indices
            where shapes[position].variables[index] != constraints[position].pending.expression.terms[index].variable
                || shapes[position].coefficients[index] != constraints[position].pending.expression.terms[index].coefficient {
                return false
            }
        }
        return true
    }
}
