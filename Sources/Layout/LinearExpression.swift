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

    static func * (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(terms: a.terms.map { ($0.variable, $0.coefficient * k) }, constant: a.constant * k)
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
        var merged: [(variable: Int, coefficient: Double)] = []
        for term in terms.sorted(by: { $0.variable < $1.variable }) {
            if let last = merged.last, last.variable == term.variable {
                merged[merged.count - 1].coefficient += term.coefficient
            } else {
                merged.append(term)
            }
        }
        return LinearExpression(terms: merged.filter { abs($0.coefficient) > 1e-12 }, constant: constant)
    }

    /// The value with the variables' values.
    func value(_ values: [Double]) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * values[$1.variable] }
    }
}

/// A constraint waiting for the solver: `expression relation 0` at a priority.
struct PendingConstraint {
    var expression: LinearExpression
    var relation: Relation
    var priority: Int
    var reference: ConstraintReference

    init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Int, reference: ConstraintReference) {
        // `(lhs - rhs).normalized`, made without the intermediate expressions.
        var terms = lhs.terms
        terms.reserveCapacity(lhs.terms.count + rhs.terms.count)
        for term in rhs.terms { terms.append((term.variable, term.coefficient * -1)) }
        expression = LinearExpression(terms: terms, constant: lhs.constant + rhs.constant * -1).normalized
        self.relation = relation
        // Priorities from a model built in code may lie outside 1…1000: clamp, never trap.
        self.priority = min(max(priority, 1), LayoutConstraint.requiredPriority)
        self.reference = reference
    }

    var isRequired: Bool { priority >= LayoutConstraint.requiredPriority }
}
