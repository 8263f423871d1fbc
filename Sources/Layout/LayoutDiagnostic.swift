/// A constraint as diagnostics name it: one of the layout's own (with its position in the
/// layout's `constraints`), or one that the engine made (a stack view's, a view's content
/// size, the root frame), described the way Auto Layout names its own (`UISV-spacing`).
///
/// The engine makes a few hundred constraints on every pass of every run and names almost none
/// of them (only a conflict or an invalid constraint is reported), so an engine-made
/// constraint's description is written when it is first read, not when it is made. Two
/// references are equal when their positions, descriptions and priorities are.
public struct ConstraintReference: Hashable, Sendable, CustomStringConvertible {
    /// The position in the layout's `constraints`, or nil for a constraint the engine made.
    public var index: Int?
    public var priority: Int
    private var text: Text

    /// The description as given, or how to write it.
    private enum Text: Sendable {
        case written(String)
        case deferred(@Sendable () -> String)
    }

    public var description: String {
        get {
            switch text {
            case .written(let description): return description
            case .deferred(let write): return write()
            }
        }
        set { text = .written(newValue) }
    }

    public init(index: Int?, description: String, priority: Int) {
        self.index = index
        self.priority = priority
        text = .written(description)
    }

    /// A reference whose description `describe` writes when it is read.
    init(index: Int?, priority: Int, describe: @escaping @Sendable () -> String) {
        self.index = index
        self.priority = priority
        text = .deferred(describe)
    }

    public static func == (a: ConstraintReference, b: ConstraintReference) -> Bool {
        a.index == b.index && a.priority == b.priority && a.description == b.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(description)
        hasher.combine(priority)
    }
}

/// A frame variable of a view.
public enum FrameComponent: String, CaseIterable, Hashable, Sendable {
    case x, y, width, height
}

/// Something wrong with a layout's constraints, as a value: the checks turn these into
/// findings and the reports print them.
public enum LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A constraint that cannot be made, and was left out: it names a view the layout lacks,
    /// mixes `left`/`right` with `leading`/`trailing`, relates two axes, and so on.
    case invalidConstraint(ConstraintReference, reason: String)
    /// Required constraints that cannot all hold (as Auto Layout's "Unable to simultaneously
    /// satisfy constraints"); the layout went on without `broken`, the lowest-priority of them
    /// (of equal priorities, the last added).
    case unsatisfiable(conflicting: [ConstraintReference], broken: ConstraintReference)
    /// A view whose frame the constraints do not fix (as hasAmbiguousLayout): each listed
    /// component can take other values while every constraint holds as well as before.
    case ambiguous(view: String, components: [FrameComponent])

    /// The finding kind of the report format: `unsatisfiable` or `ambiguous` (an invalid
    /// constraint cannot be satisfied either: `unsatisfiable`).
    public var kind: String {
        switch self {
        case .invalidConstraint, .unsatisfiable: return "unsatisfiable"
        case .ambiguous: return "ambiguous"
        }
    }

    public var description: String {
        switch self {
        case .invalidConstraint(let constraint, let reason):
            return "invalid constraint \(Self.quote(constraint)): \(reason); it was ignored"
        case .unsatisfiable(let conflicting, let broken):
            let list = conflicting.map(Self.quote).joined(separator: ", ")
            return "unable to simultaneously satisfy constraints: \(list); broke \(Self.quote(broken))"
        case .ambiguous(let view, let components):
            return "\(view) has an ambiguous layout: its \(components.map(\.rawValue).joined(separator: ", ")) "
                + "\(components.count == 1 ? "is" : "are") not fixed by the constraints"
        }
    }

    private static func quote(_ constraint: ConstraintReference) -> String {
        let place = constraint.index.map { " (constraints[\($0)])" } ?? ""
        return "'\(constraint.description)'\(place)"
    }
}
