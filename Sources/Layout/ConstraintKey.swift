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
    /// The shapes but for their priorities, as numbers in one array (each key in full, the
    /// relation, the term count, each term's variable and coefficient bits), and the priorities
    /// apart: what ``priorityChanges(to:limit:)`` compares, element by element without a
    /// reference taken to each shape's arrays.
    private let skeleton: [UInt64]
    private let priorities: [Int]

    init(_ constraints: [KeyedConstraint], variableCount: Int) {
        shapes = constraints.map(ConstraintShape.init)
        self.variableCount = variableCount
        var skeleton: [UInt64] = []
        skeleton.reserveCapacity(constraints.count * 8)
        for index in constraints.indices {
            constraints[index].key.appendWords(to: &skeleton)
            let terms = constraints[index].pending.expression.terms
            skeleton.append(UInt64(constraints[index].pending.relation.ordinal) << 32 | UInt64(terms.count))
            for term in terms {
                skeleton.append(UInt64(term.variable))
                skeleton.append(term.coefficient.bitPattern)
            }
        }
        self.skeleton = skeleton
        priorities = constraints.map(\.pending.priority)
    }

    /// A hash of the shapes of `constraints` (equal for constraints of one structure), made
    /// on every pass of every run: each number is mixed in with a multiply and a shift
    /// (`StructureHash`) rather than through `Hasher`, whose relations and axes hash their
    /// names. What the hash is matters to no result: structures of one hash are told apart by
    /// ``matches(_:variableCount:)``.
    static func hash(of constraints: [KeyedConstraint], variableCount: Int) -> Int {
        var hash = StructureHash()
        hash.mix(variableCount)
        hash.mix(constraints.count)
        for index in constraints.indices {
            // One word for the key, one for the relation, priority and term count, one for each
            // term's variable and coefficient: a mix each (a term's two fields folded first).
            // Read in place: a copy of the constraint retains its terms and its description.
            hash.mix(constraints[index].key.word)
            hash.mix(constraints[index].pending.priority << 16 | constraints[index].pending.relation.ordinal << 12
                | constraints[index].pending.expression.terms.count)
            for term in constraints[index].pending.expression.terms {
                hash.mix(term.variable &* 0x2545_F491_4F6C_DD1D ^ Int(bitPattern: UInt(term.coefficient.bitPattern)))
            }
        }
        return hash.value
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

extension LayoutStructure {
    /// The positions at which `other` differs from this structure, when the two have the same
    /// constraints in the same order (keys, variables, coefficients, relations) and differ in
    /// optional priorities alone, at no more than `limit` positions (a label that wraps from one
    /// pass to the next changes its compression resistance; a fix tried on a run, a label's
    /// lines or a constraint's priority); nil otherwise. What a solver of this structure can
    /// be made one of `other` with (``StructureSolver/derived(from:)``).
    func priorityChanges(to other: LayoutStructure, limit: Int) -> [Int]? {
        guard variableCount == other.variableCount, priorities.count == other.priorities.count, skeleton == other.skeleton
        else { return nil }
        var changed: [Int] = []
        for position in priorities.indices where priorities[position] != other.priorities[position] {
            guard priorities[position] < LayoutConstraint.requiredPriority,
                  other.priorities[position] < LayoutConstraint.requiredPriority, changed.count < limit
            else { return nil }
            changed.append(position)
        }
        return changed
    }
}

extension ConstraintKey {
    /// Appends the key in full: its case, then each of its numbers (a key is told from every
    /// other by these words, where ``word`` may fold two keys into one number).
    func appendWords(to words: inout [UInt64]) {
        switch self {
        case .rootFrame(let component):
            words.append(0)
            words.append(UInt64(FrameComponent.allCases.firstIndex(of: component)!))
        case .stack(let stack, let position):
            words.append(1)
            words.append(UInt64(stack))
            words.append(UInt64(position))
        case .own(let index):
            words.append(2)
            words.append(UInt64(index))
        case .nonNegative(let view, let axis):
            words.append(3)
            words.append(UInt64(view << 1 | axis.bit))
        case .hugging(let view, let axis):
            words.append(4)
            words.append(UInt64(view << 1 | axis.bit))
        case .compressionResistance(let view, let axis):
            words.append(5)
            words.append(UInt64(view << 1 | axis.bit))
        }
    }

    /// The key as one number for ``StructureHash``: its case in the low 3 bits, its view (or
    /// stack, or index, or component) and its axis (or position) above. Keys that differ may
    /// share a number (a position past 2^28); the hash only sorts structures into buckets.
    var word: Int {
        switch self {
        case .rootFrame(let component): return FrameComponent.allCases.firstIndex(of: component)! << 3
        case .stack(let stack, let position): return (stack << 28 | position) << 3 | 1
        case .own(let index): return index << 3 | 2
        case .nonNegative(let view, let axis): return (view << 1 | axis.bit) << 3 | 3
        case .hugging(let view, let axis): return (view << 1 | axis.bit) << 3 | 4
        case .compressionResistance(let view, let axis): return (view << 1 | axis.bit) << 3 | 5
        }
    }
}

extension Attribute.Axis {
    fileprivate var bit: Int { self == .horizontal ? 0 : 1 }
}

/// A 64-bit hash of a sequence of integers: each is added and the sum multiplied and folded
/// (the finalizer of SplitMix64), so that the order and every bit of every number count.
struct StructureHash {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always)
    mutating func mix(_ value: Int) {
        var z = state &+ UInt64(bitPattern: Int64(value)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        state = z ^ (z >> 31)
    }

    var value: Int { Int(bitPattern: UInt(state)) }
}
