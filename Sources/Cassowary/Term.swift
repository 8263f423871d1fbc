/// A variable times a coefficient, one summand of an ``Expression``: `2 * x`.
public struct Term: Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
    }
}

/// Prints whole numbers without a fraction (`8`, not `8.0`) so constraints read as written.
func formatNumber(_ value: Double) -> String {
    if abs(value) < 1e15, Double(Int64(value)) == value {
        return String(Int64(value))
    }
    return String(value)
}
