/// An unknown of a linear system, such as the left edge or the width of a view.
///
/// Variables are reference types compared by identity: two variables with the same name
/// are still two unknowns. A variable holds no value itself; ask the ``Solver`` that
/// solved it with ``Solver/value(of:)``. The name only serves descriptions and errors.
///
/// ```swift
/// let x = Variable("x")
/// let width = Variable("width")
/// let constraint = x + width .<= 320
/// ```
public final class Variable: Hashable, Sendable, CustomStringConvertible {
    /// The name used when a constraint or an error is printed.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    public static func == (a: Variable, b: Variable) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
