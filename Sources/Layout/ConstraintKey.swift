import Support

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

    /// Whether every constraint of this key has the same terms, whatever the layout, device,
    /// direction or texts: the root's frame pinned to the screen, a view's width or height at
    /// least zero, and its content hugging and compression resistance each name one variable of
    /// the key's view (or the root) with coefficient 1 (``LayoutSystem``). Only their
    /// constants, relations and priorities differ.
    var fixesTheTerms: Bool {
        switch self {
        case .rootFrame, .nonNegative, .hugging, .compressionResistance: return true
        case .stack, .own: return false
        }
    }

    /// The axis of a content-size constraint (hugging or compression resistance), nil for another.
    var contentSizeAxis: Attribute.Axis? {
        switch self {
        case .hugging(_, let axis), .compressionResistance(_, let axis): return axis
        default: return nil
        }
    }
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

/// A pass's constraints, written in order over the array of an earlier pass (the pass of the
/// same number of the session's last run), in place: where the array is the
/// writer's alone and holds, at the place written, a constraint identical to the one written
/// (the same key, and the same body, constant, relation and priority:
/// ``PendingConstraint/identical(_:_:constant:)``), that one is left where it is; any other is written
/// over it, and what is left past the last is dropped. The array given is the constraints
/// written, whichever array the writer started from: where that array is shared, the first
/// write copies it, as a new array would be made. A pass's constraints are mostly those of the
/// same pass of the run before in another language (all but its texts' sizes): a new array
/// took a copy of each, which retained the body it shares, and the old array's were released.
/// The writer also tells whether every constraint has the shape of the one it was written
/// over, as many as those: then the constraints have the structure those had.
struct PassConstraintWriter {
    private var constraints: [KeyedConstraint]
    /// How many constraints are written.
    private(set) var count = 0
    /// How many constraints the array it started from held.
    private let startCount: Int
    /// Whether a constraint written has another shape than the one it was written over
    /// (another key, relation, priority or terms), or was written past them.
    private var reshaped = false

    /// A writer over `previous`, with room for `capacity` constraints where it starts empty.
    init(reusing previous: consuming [KeyedConstraint], capacity: Int) {
        constraints = previous
        startCount = constraints.count
        if constraints.isEmpty { constraints.reserveCapacity(capacity) }
    }

    /// Writes the constraint at `index` of `source` next.
    mutating func put(_ source: UnsafeBufferPointer<KeyedConstraint>, _ index: Int) {
        put(where: { Self.same($0, source.baseAddress! + index) }, source[index])
    }

    /// Writes next the constraint at `index` of `source`, of `key`.
    mutating func put(_ key: ConstraintKey, _ source: UnsafeBufferPointer<PendingConstraint>, _ index: Int) {
        put(where: { $0.pointee.key == key && PendingConstraint.identical(Self.pending(in: $0), source.baseAddress! + index) },
            KeyedConstraint(key, source[index]))
    }

    /// Writes next the constraint at `index` of `source` with `constant` (``PendingConstraint/withConstant(_:)``).
    mutating func put(_ source: UnsafeBufferPointer<KeyedConstraint>, _ index: Int, constant: Double) {
        put(where: { $0.pointee.key == source[index].key
                && PendingConstraint.identical(Self.pending(in: $0), Self.pending(in: source.baseAddress! + index), constant: constant) },
            KeyedConstraint(source[index].key, source[index].pending.withConstant(constant)))
    }

    /// Writes `made` next.
    mutating func put(_ made: consuming KeyedConstraint) {
        if count < constraints.count {
            let same = withUnsafePointer(to: &made) { made in
                constraints.withUnsafeBufferPointer { Self.same($0.baseAddress! + count, made) }
            }
            if !same { write(made) }
        } else {
            reshaped = true
            constraints.append(made)
        }
        count += 1
    }

    /// Writes next the constraint `make` makes, made only where the one at the place written
    /// is not one `same` tells identical to it.
    @inline(__always)
    private mutating func put(where same: (UnsafePointer<KeyedConstraint>) -> Bool, _ make: @autoclosure () -> KeyedConstraint) {
        if count < constraints.count {
            if !constraints.withUnsafeBufferPointer({ same($0.baseAddress! + count) }) { write(make()) }
        } else {
            reshaped = true
            constraints.append(make())
        }
        count += 1
    }

    /// Writes `made` over the constraint at the place written, noting whether its shape differs.
    private mutating func write(_ made: consuming KeyedConstraint) {
        if !reshaped {
            reshaped = !withUnsafePointer(to: &made) { made in
                constraints.withUnsafeBufferPointer { Self.sameShape($0.baseAddress! + count, made) }
            }
        }
        constraints[count] = made
    }

    /// Whether the two constraints have the same shape: key, relation, priority and terms
    /// (those of one body, or equal), whatever their constants.
    private static func sameShape(_ a: UnsafePointer<KeyedConstraint>, _ b: UnsafePointer<KeyedConstraint>) -> Bool {
        a.pointee.key == b.pointee.key && a.pointee.pending.relation == b.pointee.pending.relation
            && a.pointee.pending.priority == b.pointee.pending.priority
            && (PendingConstraint.shareTerms(pending(in: a), pending(in: b)) || a.pointee.pending.hasTheTerms(of: b.pointee.pending))
    }

    /// The constraint of the keyed constraint at `keyed`, where it is.
    @inline(__always)
    private static func pending(in keyed: UnsafePointer<KeyedConstraint>) -> UnsafePointer<PendingConstraint> {
        (UnsafeRawPointer(keyed) + MemoryLayout<KeyedConstraint>.offset(of: \KeyedConstraint.pending)!)
            .assumingMemoryBound(to: PendingConstraint.self)
    }

    /// Whether the two constraints are the same in every way: key, body (by reference),
    /// constant (bit for bit), relation and priority. Read where they are: a constraint read
    /// as a value (to compare its fields) was retained.
    @inline(__always)
    private static func same(_ a: UnsafePointer<KeyedConstraint>, _ b: UnsafePointer<KeyedConstraint>) -> Bool {
        a.pointee.key == b.pointee.key && PendingConstraint.identical(pending(in: a), pending(in: b))
    }

    /// The constraints written from `start` on, in a new array.
    func written(from start: Int) -> [KeyedConstraint] {
        Array(constraints[start..<count])
    }

    /// The constraints written, and whether each has the shape of the one it was written over,
    /// as many as those (then the constraints have the structure those had).
    consuming func finished() -> (constraints: [KeyedConstraint], sameShapes: Bool) {
        if constraints.count > count { constraints.removeLast(constraints.count - count) }
        return (constraints, !reshaped && count == startCount && count > 0)
    }
}

/// The shapes of a pass's constraints, in order: each constraint without its constant (its
/// key, relation, priority, variables and coefficients). Runs whose constraints have the same
/// shapes solve the same system with other constants: what a layout session builds a solver
/// for. Found again on every pass of every run, so it is looked up by
/// ``hash(of:variableCount:)`` and ``matches(_:variableCount:)``, which read the pass's
/// constraints where they are.
struct LayoutStructure {
    let variableCount: Int
    /// The shapes but for their priorities, as numbers in one array (each key in full, its case
    /// then its numbers; the relation and the term count in one word; each term's variable and
    /// coefficient bits), and the priorities apart: what ``matches(_:variableCount:)`` and
    /// ``priorityChanges(to:limit:)`` compare, element by element, with no reference taken to
    /// anything in them.
    private let skeleton: [UInt64]
    let priorities: [Int]
    /// The constraints the structure was made from: one whose terms it shares (the same body,
    /// ``PendingConstraint/sharesTerms(with:)``: a layout's own constraints, translated once for
    /// the systems of a layout, and those a memo kept) has the skeleton's terms, which
    /// ``matches(_:variableCount:)`` then does not read.
    private let made: [PendingConstraint]

    /// How many constraints the structure has.
    var count: Int { priorities.count }

    init(_ constraints: [KeyedConstraint], variableCount: Int) {
        self.variableCount = variableCount
        var skeleton: [UInt64] = []
        skeleton.reserveCapacity(constraints.count * 8)
        for index in constraints.indices {
            constraints[index].key.appendWords(to: &skeleton)
            // The terms read where the constraint's body keeps them (an array taken out was retained).
            constraints[index].pending.withTerms { terms in
                skeleton.append(UInt64(constraints[index].pending.relation.ordinal) << 32 | UInt64(terms.count))
                for term in terms {
                    skeleton.append(UInt64(term.variable))
                    skeleton.append(term.coefficient.bitPattern)
                }
            }
        }
        self.skeleton = skeleton
        priorities = constraints.map(\.pending.priority)
        made = constraints.map(\.pending)
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
            let key = constraints[index].key
            hash.mix(key.word)
            // A key whose terms are always the same (most of a pass's constraints): its terms are
            // not read, which reads nothing of the constraint's shared body.
            if key.fixesTheTerms {
                hash.mix(constraints[index].pending.priority << 16 | constraints[index].pending.relation.ordinal << 12)
                continue
            }
            hash.mix(constraints[index].pending.priority << 16 | constraints[index].pending.relation.ordinal << 12
                | constraints[index].pending.terms.count)
            for term in constraints[index].pending.terms {
                hash.mix(term.variable &* 0x2545_F491_4F6C_DD1D ^ Int(bitPattern: UInt(term.coefficient.bitPattern)))
            }
        }
        return hash.value
    }

    /// Whether `constraints` have these shapes, in this order.
    func matches(_ constraints: [KeyedConstraint], variableCount: Int) -> Bool {
        guard variableCount == self.variableCount, constraints.count == priorities.count else { return false }
        // By position, reading each element where it is (a pass has hundreds of constraints).
        var cursor = 0
        for position in constraints.indices {
            guard priorities[position] == constraints[position].pending.priority,
                  constraints[position].key.matchesWords(skeleton, at: &cursor)
            else { return false }
            // The same key of terms that are always the same (``ConstraintKey/fixesTheTerms``),
            // or the terms of the constraint the structure was made from: the relation alone is
            // compared, and its terms passed over unread.
            if constraints[position].key.fixesTheTerms || constraints[position].pending.sharesTerms(with: made[position]) {
                let head = skeleton[cursor]
                guard head >> 32 == UInt64(constraints[position].pending.relation.ordinal) else { return false }
                cursor += 1 + 2 * Int(head & 0xFFFF_FFFF)
                continue
            }
            let terms = constraints[position].pending.terms
            guard skeleton[cursor] == UInt64(constraints[position].pending.relation.ordinal) << 32 | UInt64(terms.count)
            else { return false }
            cursor += 1
            for term in terms {
                guard skeleton[cursor] == UInt64(term.variable), skeleton[cursor + 1] == term.coefficient.bitPattern
                else { return false }
                cursor += 2
            }
        }
        return true
    }

    /// Each constraint's relation, terms and priority, in order.
    func forEachConstraint(_ body: (_ relation: Relation, _ terms: [(variable: Int, coefficient: Double)], _ priority: Int) -> Void) {
        forEachConstraintWords { head, firstTerm, priority in
            let count = Int(head & 0xFFFF_FFFF)
            var terms: [(variable: Int, coefficient: Double)] = []
            terms.reserveCapacity(count)
            for term in 0..<count {
                terms.append((Int(skeleton[firstTerm + 2 * term]), Double(bitPattern: skeleton[firstTerm + 2 * term + 1])))
            }
            body(Relation.byOrdinal[Int(head >> 32)], terms, priority)
        }
    }

    /// By variable, whether a constraint's term names it: read off the skeleton, no constraint's
    /// terms made into an array.
    var namedVariables: [Bool] {
        var named = [Bool](repeating: false, count: variableCount)
        forEachConstraintWords { head, firstTerm, _ in
            for term in 0..<Int(head & 0xFFFF_FFFF) { named[Int(skeleton[firstTerm + 2 * term])] = true }
        }
        return named
    }

    /// The required equations' terms, in order, as words (each equation's term count, then
    /// each term's variable and coefficient bits): equal for structures whose required
    /// equations are the same, as a run's passes' structures mostly are (they differ in the
    /// optional priorities of labels that wrap), whatever their other constraints.
    var requiredEquationWords: [UInt64] {
        var words: [UInt64] = []
        forEachConstraintWords { head, firstTerm, priority in
            guard priority >= LayoutConstraint.requiredPriority, Int(head >> 32) == Relation.equal.ordinal else { return }
            let count = Int(head & 0xFFFF_FFFF)
            words.append(UInt64(count))
            words.append(contentsOf: skeleton[firstTerm..<(firstTerm + 2 * count)])
        }
        return words
    }

    /// By position, whether the constraint is optional and names only variables that
    /// `determined` (by variable) says are fixed.
    func optionalNamingOnly(_ determined: [Bool]) -> [Bool] {
        var result: [Bool] = []
        result.reserveCapacity(priorities.count)
        forEachConstraintWords { head, firstTerm, priority in
            let count = Int(head & 0xFFFF_FFFF)
            result.append(priority < LayoutConstraint.requiredPriority && count > 0
                && (0..<count).allSatisfy { determined[Int(skeleton[firstTerm + 2 * $0])] })
        }
        return result
    }

    /// Each constraint's word of relation and term count, the place of its first term's two
    /// words (variable, coefficient) in the skeleton, and its priority, in order.
    private func forEachConstraintWords(_ body: (_ head: UInt64, _ firstTerm: Int, _ priority: Int) -> Void) {
        var cursor = 0
        for priority in priorities {
            cursor += ConstraintKey.wordCount(startingWith: skeleton[cursor])
            let head = skeleton[cursor]
            body(head, cursor + 1, priority)
            cursor += 1 + 2 * Int(head & 0xFFFF_FFFF)
        }
    }
}

extension LayoutStructure {
    /// The positions at which `other` differs from this structure, when the two have the same
    /// constraints in the same order (keys, variables, coefficients, relations) and differ in
    /// optional priorities alone, at no more than `limit` positions (a label that wraps from one
    /// pass to the next changes its compression resistance; a fix tried on a run, a label's
    /// lines or a constraint's priority); nil otherwise. What a solver of this structure can
    /// be made one of `other` with (``StructureSolver/derived(from:changes:)``).
    func priorityChanges(to other: LayoutStructure, limit: Int) -> [Int]? {
        guard variableCount == other.variableCount, priorities.count == other.priorities.count,
              skeleton.sameBits(as: other.skeleton)
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
    /// The case word of a stack's constraint, the one key of two numbers.
    private static let stackKind: UInt64 = 1

    /// The key's words: its case, then its numbers (one, or for a stack's constraint two). A key
    /// is told from every other by them.
    private var words: (kind: UInt64, first: UInt64, second: UInt64?) {
        switch self {
        case .rootFrame(let component): return (0, UInt64(FrameComponent.allCases.firstIndex(of: component)!), nil)
        case .stack(let stack, let position): return (Self.stackKind, UInt64(stack), UInt64(position))
        case .own(let index): return (2, UInt64(index), nil)
        case .nonNegative(let view, let axis): return (3, UInt64(view << 1 | axis.bit), nil)
        case .hugging(let view, let axis): return (4, UInt64(view << 1 | axis.bit), nil)
        case .compressionResistance(let view, let axis): return (5, UInt64(view << 1 | axis.bit), nil)
        }
    }

    /// The key as one number for ``StructureHash`` (its words folded; keys that differ may share
    /// one, as the hash only sorts structures into buckets).
    var word: Int {
        let mine = words
        return Int(bitPattern: UInt(mine.kind | mine.first << 3 | (mine.second ?? 0) << 35))
    }

    /// How many words ``appendWords(to:)`` appends for a key whose first word is `first`.
    static func wordCount(startingWith first: UInt64) -> Int {
        first == stackKind ? 3 : 2
    }

    /// Whether `words` hold this key's words (``appendWords(to:)``) at `cursor`, which then
    /// moves past them.
    func matchesWords(_ words: [UInt64], at cursor: inout Int) -> Bool {
        let mine = self.words, start = cursor
        cursor += mine.second == nil ? 2 : 3
        return words[start] == mine.kind && words[start + 1] == mine.first && (mine.second.map { words[start + 2] == $0 } ?? true)
    }

    /// Appends the key in full (its ``words``).
    func appendWords(to words: inout [UInt64]) {
        let mine = self.words
        words.append(mine.kind)
        words.append(mine.first)
        if let second = mine.second { words.append(second) }
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
