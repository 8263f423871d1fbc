/// The priority of a constraint, 1 to 1000 as in Auto Layout; 1000 is required.
///
/// Priorities are strict: the solver first satisfies the required constraints, then
/// minimises the violation of the constraints at the highest optional level, then, without
/// giving any of that back, the next level down, and so on. A constraint at 751 therefore
/// wins over any number of constraints at 750. (Weighted sums, where a level is a factor on
/// its violation, would let two constraints at 250 outvote one at 251.)
///
/// Strengths are written as numbers: `Strength(750)`, or a literal wherever a `Strength` is
/// expected: `constraint.withStrength(750)`.
public struct Strength: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// 1...1000.
    public let level: Int

    /// A strength of `level`, which must lie in 1...1000 (a programming error otherwise).
    public init(_ level: Int) {
        precondition((1...1000).contains(level), "a strength lies in 1...1000, not \(level)")
        self.level = level
    }

    public init(integerLiteral level: Int) {
        self.init(level)
    }

    /// 1000: must hold; a required constraint that cannot hold is an error.
    public static let required = Strength(1000)
    /// 750, Auto Layout's default high priority.
    public static let strong = Strength(750)
    /// 500.
    public static let medium = Strength(500)
    /// 250, Auto Layout's default low priority.
    public static let weak = Strength(250)

    public var isRequired: Bool { level == 1000 }

    public var description: String { isRequired ? "required" : String(level) }

    public static func < (a: Strength, b: Strength) -> Bool { a.level < b.level }
}
