/// A linear expression over the engine's variables (by number): Σ coefficient × variable
/// + constant. Terms stay in the order they were made; `normalized` merges and sorts them,
/// so that nothing depends on a Dictionary's order.
struct LinearExpression {
    var terms: [(variable: Int, coefficient: Double)] = []
    var constant: Double = 0

    init(terms: [(variable: Int, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    static func variable(_ variable: Int) -> LinearExpression {
        LinearExpression(terms: [(variable, 1)])
    }

    static func constant(_ value: Double) -> LinearExpression {
        LinearExpression(constant: value)
    }

    static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(terms: a.terms + b.terms, constant: a.constant + b.constant)
    }

    static func + (a: LinearExpression, b: Double) -> LinearExpression {
        LinearExpression(terms: a.terms, constant: a.constant + b)
    }

    static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        a + b * -1
    }

    static func - (a: LinearExpression, b: Double) -> LinearExpression {
        a + -b
    }

    /// `variable(first) + variable(second) * factor`, as those operators make it (the same
    /// terms, coefficients and constant: `1 * factor` is `factor` and `0 + 0 * factor` is `0`,
    /// to the bit, for a finite factor), in one array rather than one for each side and a third
    /// for their sum.
    static func sum(_ first: Int, plus second: Int, times factor: Double) -> LinearExpression {
        LinearExpression(terms: [(first, 1), (second, factor)], constant: 0)
    }

    /// Times 1, each coefficient and the constant are what they were, to the bit: the
    /// expression is given back as it is, its terms' array shared rather than made again.
    static func * (a: LinearExpression, k: Double) -> LinearExpression {
        if k == 1 { return a }
        return LinearExpression(terms: a.terms.map { ($0.variable, $0.coefficient * k) }, constant: a.constant * k)
    }

    /// Terms merged by variable, without zero coefficients, sorted by variable.
    var normalized: LinearExpression {
        // Most expressions are so already (one or two variables, in order): kept as they are.
        var ordered = true
        for index in terms.indices where !(abs(terms[index].coefficient) > 1e-12)
            || (index > 0 && terms[index - 1].variable >= terms[index].variable) {
            ordered = false
            break
        }
        if ordered { return self }
        // In one array: a stable insertion sort by variable (terms of one variable keep their
        // order, as the standard library's stable sort keeps them, so that their sum is the
        // same to the bit), then each variable's terms summed, then zeros dropped.
        var sorted = terms
        for index in sorted.indices.dropFirst() {
            let term = sorted[index]
            var place = index
            while place > 0, sorted[place - 1].variable > term.variable {
                sorted[place] = sorted[place - 1]
                place -= 1
            }
            sorted[place] = term
        }
        var count = 0
        for index in sorted.indices {
            if count > 0, sorted[count - 1].variable == sorted[index].variable {
                sorted[count - 1].coefficient += sorted[index].coefficient
            } else {
                sorted[count] = sorted[index]
                count += 1
            }
        }
        var kept = 0
        for index in 0..<count where abs(sorted[index].coefficient) > 1e-12 {
            sorted[kept] = sorted[index]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return LinearExpression(terms: sorted, constant: constant)
    }

    /// The value with the variables' values.
    func value(_ values: [Double]) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * values[$1.variable] }
    }
}

/// A constraint waiting for the solver: `expression relation 0` at a priority.
///
/// Its terms and its reference live in one object that every copy shares (``Body``): a pass's
/// constraints, hundreds, are copied into a new list every pass from those kept, and a copy
/// then retains one reference rather than the two of an array of terms and a description.
struct PendingConstraint {
    private var body: Body
    private var constant: Double
    var relation: Relation
    var priority: Int

    /// Whether the two share one body, and so have the same terms (a body is never changed).
    func sharesTerms(with other: PendingConstraint) -> Bool { body === other.body }

    /// Whether the two terms are the same, variable by variable and coefficient by coefficient
    /// bit for bit: those of one body, or equal.
    func hasTheTerms(of other: PendingConstraint) -> Bool {
        sharesTerms(with: other) || withTerms { first in
            other.withTerms { second in
                first.count == second.count && zip(first, second).allSatisfy {
                    $0.variable == $1.variable && $0.coefficient.bitPattern == $1.coefficient.bitPattern
                }
            }
        }
    }

    /// ``sharesTerms(with:)`` of the constraints where they are: their bodies compared by
    /// address, read as words, neither retained.
    @inline(__always)
    static func shareTerms(_ a: UnsafePointer<PendingConstraint>, _ b: UnsafePointer<PendingConstraint>) -> Bool {
        let offset = MemoryLayout<PendingConstraint>.offset(of: \PendingConstraint.body)!
        return UnsafeRawPointer(a).load(fromByteOffset: offset, as: UInt.self) == UnsafeRawPointer(b).load(fromByteOffset: offset, as: UInt.self)
    }

    /// Whether `a` is `b` with `constant` (``withConstant(_:)``; `b`'s own constant: whether the
    /// two are the same constraint, one standing for the other everywhere): one body, the same
    /// constant bit for bit, relation and priority. Read where they are, neither retained.
    @inline(__always)
    static func identical(_ a: UnsafePointer<PendingConstraint>, _ b: UnsafePointer<PendingConstraint>, constant: Double? = nil) -> Bool {
        shareTerms(a, b) && a.pointee.constant.bitPattern == (constant ?? b.pointee.constant).bitPattern
            && a.pointee.relation == b.pointee.relation && a.pointee.priority == b.pointee.priority
    }

    /// The terms and reference of a constraint, never changed once made. The reference is
    /// given, or (`describe`) written from the constraint's constant when it is read: then
    /// constraints that differ in their constants alone share one body (``withConstant(_:)``).
    private final class Body: Sendable {
        let terms: [(variable: Int, coefficient: Double)]
        let reference: ConstraintReference?
        let describe: (@Sendable (_ constant: Double) -> String)?
        /// The priority the reference written from the constant names.
        let referencePriority: Int

        init(terms: [(variable: Int, coefficient: Double)], reference: ConstraintReference) {
            self.terms = terms
            self.reference = reference
            describe = nil
            referencePriority = reference.priority
        }

        init(terms: [(variable: Int, coefficient: Double)], priority: Int, describe: @escaping @Sendable (_ constant: Double) -> String) {
            self.terms = terms
            reference = nil
            self.describe = describe
            referencePriority = priority
        }
    }

    init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Int, reference: ConstraintReference) {
        let expression = Self.difference(lhs, rhs)
        body = Body(terms: expression.terms, reference: reference)
        constant = expression.constant
        self.relation = relation
        // Priorities from a model built in code may lie outside 1…1000: clamp, never trap.
        self.priority = min(max(priority, 1), LayoutConstraint.requiredPriority)
    }

    /// A constraint the engine makes whose description `describe` writes from its constant
    /// (naming `priority`, as given), so that ``withConstant(_:)`` makes the same constraint
    /// for another constant, described for it, sharing its terms.
    init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Int,
         describe: @escaping @Sendable (_ constant: Double) -> String) {
        let expression = Self.difference(lhs, rhs)
        body = Body(terms: expression.terms, priority: priority, describe: describe)
        constant = expression.constant
        self.relation = relation
        self.priority = min(max(priority, 1), LayoutConstraint.requiredPriority)
    }

    /// `(lhs - rhs).normalized`, made without the intermediate expressions.
    ///
    /// A right side without terms (a constant, as most of the engine's constraints have) leaves
    /// the left side's terms as they are, sharing their storage: reserving capacity in an array
    /// that shares its storage makes it new, an allocation for each of them.
    private static func difference(_ lhs: LinearExpression, _ rhs: LinearExpression) -> LinearExpression {
        var terms = lhs.terms
        if !rhs.terms.isEmpty {
            terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
            for term in rhs.terms { terms.append((term.variable, term.coefficient * -1)) }
        }
        return LinearExpression(terms: terms, constant: lhs.constant + rhs.constant * -1).normalized
    }

    /// This constraint with another constant, for one made with a description written from
    /// its constant (``init(_:_:_:priority:describe:)``): what making it for the same sides
    /// but that constant makes, sharing this one's terms.
    func withConstant(_ constant: Double) -> PendingConstraint {
        precondition(body.describe != nil, "a constraint whose description does not follow its constant")
        var moved = self
        moved.constant = constant
        return moved
    }

    /// `terms + constant`. Given another, the constraint keeps the reference it has now.
    var expression: LinearExpression {
        get { LinearExpression(terms: body.terms, constant: constant) }
        set {
            body = Body(terms: newValue.terms, reference: reference)
            constant = newValue.constant
        }
    }

    /// The expression's terms, read where they are.
    var terms: [(variable: Int, coefficient: Double)] { body.terms }

    /// `read` given the expression's terms where the body keeps them.
    @inline(__always)
    func withTerms<Result>(_ read: (UnsafeBufferPointer<(variable: Int, coefficient: Double)>) -> Result) -> Result {
        body.terms.withUnsafeBufferPointer(read)
    }

    /// The expression's constant.
    var constantTerm: Double { constant }

    var reference: ConstraintReference {
        if let reference = body.reference { return reference }
        let describe = body.describe!, constant = constant
        return ConstraintReference(index: nil, priority: body.referencePriority, describe: { describe(constant) })
    }

    var isRequired: Bool { priority >= LayoutConstraint.requiredPriority }

    /// How many of the first constraints of `a` taken in `aOrder` are, one by one, those of `b`
    /// taken in `bOrder` as the solver takes them: the same terms (variables and coefficients),
    /// constant, relation and priority, bit for bit. Read in place: a copy of a constraint
    /// retains its terms and its reference.
    static func sharedStart(_ a: [PendingConstraint], _ aOrder: [Int], _ b: [PendingConstraint], _ bOrder: [Int]) -> Int {
        let count = min(aOrder.count, bOrder.count)
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var shared = 0
                while shared < count {
                    let x = aOrder[shared], y = bOrder[shared]
                    guard x < a.count, y < b.count, a[x].relation == b[y].relation, a[x].priority == b[y].priority,
                          a[x].constantTerm.bitPattern == b[y].constantTerm.bitPattern, a[x].hasTheTerms(of: b[y])
                    else { break }
                    shared += 1
                }
                return shared
            }
        }
    }
}
