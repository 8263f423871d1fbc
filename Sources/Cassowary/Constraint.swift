/// A linear relation between two expressions, with a strength and an optional label.
///
/// A constraint is an immutable reference type compared by identity: the solver adds,
/// finds and removes exactly the object it was given. Build constraints with the
/// initialiser or with the operators `.==`, `.>=` and `.<=` (dotted so that they never
/// clash with `Equatable` and `Comparable`):
///
/// ```swift
/// let fits = x + width .<= 320                      // required
/// let wide = (width .== 200).withStrength(.weak)    // optional, priority 250
/// let named = Constraint(x, .greaterThanOrEqual, 8, strength: 750, label: "a.leading >= 8")
/// ```
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// How the two sides relate.
    public enum Relation: String, Sendable {
        case equal = "=="
        case greaterThanOrEqual = ">="
        case lessThanOrEqual = "<="
    }

    /// `lhs - rhs`: the constraint reads `expression relation 0`.
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength
    /// Names the constraint in descriptions and errors, for example the constraint's text
    /// in a layout file.
    public let label: String?

    public convenience init(
        _ lhs: some ExpressionConvertible, _ relation: Relation, _ rhs: some ExpressionConvertible,
        strength: Strength = .required, label: String? = nil
    ) {
        self.init(lhs.expression.adding(rhs.expression.scaled(by: -1)), relation, strength: strength, label: label)
    }

    public convenience init(
        _ lhs: some ExpressionConvertible, _ relation: Relation, _ rhs: Double,
        strength: Strength = .required, label: String? = nil
    ) {
        self.init(lhs, relation, Expression(rhs), strength: strength, label: label)
    }

    /// `expression relation 0`.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required, label: String? = nil) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// A new constraint, the same relation at `strength`.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// A new constraint, the same relation named `label`.
    public func withLabel(_ label: String) -> Constraint {
        Constraint(expression, relation, strength: strength, label: label)
    }

    /// The label if there is one, otherwise `expression relation 0`; optional constraints
    /// end in `@level`.
    public var description: String {
        let text = label ?? "\(expression) \(relation.rawValue) 0"
        return strength.isRequired ? text : "\(text) @\(strength.level)"
    }

    public static func == (a: Constraint, b: Constraint) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// `lhs == rhs`, required.
public func .== <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .equal, rhs)
}

/// `lhs == rhs`, required.
public func .== <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs, .equal, rhs)
}

/// `lhs >= rhs`, required.
public func .>= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, rhs)
}

/// `lhs >= rhs`, required.
public func .>= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, rhs)
}

/// `lhs <= rhs`, required.
public func .<= <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, rhs)
}

/// `lhs <= rhs`, required.
public func .<= <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, rhs)
}
