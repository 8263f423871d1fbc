/// The priority of a constraint, 1 to 1000 as in Auto Layout; 1000 is required.
public struct Strength: Hashable, Comparable, Sendable {
    public let level: Int
    public init(_ level: Int) { self.level = level }
    public static let required = Strength(1000)
    public static func < (a: Strength, b: Strength) -> Bool { a.level < b.level }
}
