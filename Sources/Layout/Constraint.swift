/// `viewId.attribute`, one side of a constraint.
public struct ConstraintItem: Hashable, Sendable, CustomStringConvertible {
    public var view: String
    public var attribute: Attribute

    public init(view: String, attribute: Attribute) {
        self.view = view
        self.attribute = attribute
    }

    public var description: String { "\(view).\(attribute.rawValue)" }
}

public enum Relation: String, CaseIterable, Sendable {
    case equal = "=="
    case greaterThanOrEqual = ">="
    case lessThanOrEqual = "<="

    /// The relations by ``ordinal``.
    static let byOrdinal: [Relation] = [.equal, .greaterThanOrEqual, .lessThanOrEqual]

    /// 0, 1 or 2: the relation as a number, for hashing without its name.
    var ordinal: Int {
        switch self {
        case .equal: return 0
        case .greaterThanOrEqual: return 1
        case .lessThanOrEqual: return 2
        }
    }
}

/// A constraint as a layout writes it:
/// `first relation second * multiplier + constant @priority`, or `first relation constant`.
public struct LayoutConstraint: Hashable, Sendable, CustomStringConvertible {
    public var first: ConstraintItem
    public var relation: Relation
    public var second: ConstraintItem?
    public var multiplier: Double
    public var constant: Double
    /// 1 to 1000; 1000 is required.
    public var priority: Int
    /// Where the first and second items' view names start in the constraint's text
    /// (1-based columns), when it was parsed from a string.
    public var firstColumn: Int?
    public var secondColumn: Int?
    /// The line of the layout file where the constraint is written (0 when not read from a file).
    public var line: Int = 0

    public static let requiredPriority = 1000

    public init(
        _ first: ConstraintItem, _ relation: Relation, _ second: ConstraintItem? = nil, multiplier: Double = 1,
        constant: Double = 0, priority: Int = requiredPriority
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    public var isRequired: Bool { priority >= Self.requiredPriority }

    /// The constraint in the string form (normalised), as diagnostics quote it.
    public var description: String {
        var text = "\(first) \(relation.rawValue) "
        if let second {
            text += second.description
            if multiplier != 1 { text += " * \(Number.exact(multiplier))" }
            if constant > 0 { text += " + \(Number.exact(constant))" }
            if constant < 0 { text += " - \(Number.exact(-constant))" }
        } else {
            text += Number.exact(constant)
        }
        if priority != Self.requiredPriority { text += " @\(priority)" }
        return text
    }

    /// A reason this constraint cannot be made, as Auto Layout refuses it, or nil:
    /// an attribute of one axis with one of the other, a position with a size, a position
    /// equal to a constant, `left`/`right` with `leading`/`trailing`, a priority out of range.
    public var invalidity: (message: String, onSecond: Bool)? {
        guard (1...Self.requiredPriority).contains(priority) else {
            return ("priority \(priority) is outside 1…1000", false)
        }
        guard let second else {
            if !first.attribute.isDimension {
                return ("'\(first.attribute.rawValue)' is a position and cannot equal a constant; relate it to another view's attribute", false)
            }
            return nil
        }
        let a = first.attribute, b = second.attribute
        if a.isDimension != b.isDimension {
            return ("cannot relate a \(a.isDimension ? "size" : "position") ('\(a.rawValue)') to a \(b.isDimension ? "size" : "position") ('\(b.rawValue)')", true)
        }
        if !a.isDimension && a.axis != b.axis {
            return ("cannot relate a \(a.axis) attribute ('\(a.rawValue)') to a \(b.axis) one ('\(b.rawValue)')", true)
        }
        if (a.isDirectional && b.isAbsoluteHorizontal) || (a.isAbsoluteHorizontal && b.isDirectional) {
            return ("cannot mix left/right with leading/trailing ('\(a.rawValue)' and '\(b.rawValue)')", true)
        }
        return nil
    }
}

/// The largest number a layout may hold (points, priorities, multipliers).
let maximumMagnitude = 1_000_000.0

extension JSONNumberBound {
    /// A layout's numbers, read from its JSON: within ±`maximumMagnitude`.
    static let layout = JSONNumberBound(maximumMagnitude: Layout.maximumMagnitude,
                                        rule: "numbers in a layout lie within ±1,000,000")
}
