/// A linear expression `c₁·v₁ + c₂·v₂ + … + constant`.
///
/// Build expressions with the ordinary operators; variables, terms and numbers mix freely:
///
/// ```swift
/// let e = 2 * x + y - 10      // an Expression
/// let half = (a + b) / 2
/// ```
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    public init(_ constant: Double) {
        self.init([], constant: constant)
    }

    /// The expression multiplied by `factor`.
    public func scaled(by factor: Double) -> Expression {
        Expression(terms.map { Term($0.variable, coefficient: $0.coefficient * factor) }, constant: constant * factor)
    }

    /// The sum of the two expressions; terms of the same variable are kept apart (the solver adds them).
    public func adding(_ other: Expression) -> Expression {
        Expression(terms + other.terms, constant: constant + other.constant)
    }

    public var description: String {
        var text = ""
        for term in terms {
            if text.isEmpty {
                text = term.coefficient < 0 ? "-" + Term(term.variable, coefficient: -term.coefficient).description
                    : term.description
            } else if term.coefficient < 0 {
                text += " - " + Term(term.variable, coefficient: -term.coefficient).description
            } else {
                text += " + " + term.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant > 0 { text += " + " + formatNumber(constant) }
        if constant < 0 { text += " - " + formatNumber(-constant) }
        return text
    }
}

/// Anything that stands for a linear expression: a ``Variable``, a ``Term`` or an ``Expression``.
/// The arithmetic and constraint operators accept any mix of them and plain numbers.
public protocol ExpressionConvertible {
    var expression: Expression { get }
}

extension Expression: ExpressionConvertible {
    public var expression: Expression { self }
}

extension Variable: ExpressionConvertible {
    public var expression: Expression { Expression(self) }
}

extension Term: ExpressionConvertible {
    public var expression: Expression { Expression([self]) }
}

public func + <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs.expression.adding(rhs.expression)
}

public func + <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    lhs.expression.adding(Expression(rhs))
}

public func + <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression {
    Expression(lhs).adding(rhs.expression)
}

public func - <L: ExpressionConvertible, R: ExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    lhs.expression.adding(rhs.expression.scaled(by: -1))
}

public func - <L: ExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    lhs.expression.adding(Expression(-rhs))
}

public func - <R: ExpressionConvertible>(lhs: Double, rhs: R) -> Expression {
    Expression(lhs).adding(rhs.expression.scaled(by: -1))
}

public prefix func - <E: ExpressionConvertible>(operand: E) -> Expression {
    operand.expression.scaled(by: -1)
}

public func * <E: ExpressionConvertible>(lhs: Double, rhs: E) -> Expression {
    rhs.expression.scaled(by: lhs)
}

public func * <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: rhs)
}

public func / <E: ExpressionConvertible>(lhs: E, rhs: Double) -> Expression {
    lhs.expression.scaled(by: 1 / rhs)
}
