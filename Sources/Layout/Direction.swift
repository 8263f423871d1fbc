/// The direction in which a view lays out `leading` and `trailing`: the text direction.
public typealias LayoutDirection = TextDirection

extension TextDirection {
    /// +1 when x grows in reading order, -1 when it shrinks (right-to-left).
    public var sign: Double { self == .leftToRight ? 1 : -1 }
}

/// UIKit's semanticContentAttribute: how a view picks its effective direction.
public enum SemanticContentAttribute: String, CaseIterable, Hashable, Sendable {
    /// Inherits the superview's effective direction (the language's, at the root).
    case unspecified
    /// Media playback controls: always left-to-right.
    case playback
    /// Directional controls such as a D-pad: always left-to-right.
    case spatial
    case forceLeftToRight
    case forceRightToLeft

    /// The direction this attribute forces, or nil when it inherits.
    public var forcedDirection: LayoutDirection? {
        switch self {
        case .unspecified: return nil
        case .playback, .spatial, .forceLeftToRight: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        }
    }
}

/// The effective direction of every view of a tree, and the nearest common ancestor of
/// any two views, which is where Auto Layout takes a constraint's direction from.
public struct DirectionResolver: Sendable {
    /// Effective direction by view id.
    public let directions: [String: LayoutDirection]
    /// Superview id by view id (the root has none).
    public let parents: [String: String]
    /// The one direction of every view, when no view's semantic content attribute sets it
    /// apart (most layouts): a constraint's direction is then that one without a search.
    private let uniform: LayoutDirection?

    /// Resolves every view's direction for a language direction: a view's own `semantic`
    /// wins when it forces one; `unspecified` inherits the superview's effective direction.
    public init(root: ViewNode, language: LayoutDirection) {
        var directions: [String: LayoutDirection] = [:]
        var parents: [String: String] = [:]
        func visit(_ view: ViewNode, inherited: LayoutDirection, parent: String?) {
            let direction = view.semantic.forcedDirection ?? inherited
            directions[view.id] = direction
            if let parent { parents[view.id] = parent }
            for child in view.subviews {
                visit(child, inherited: direction, parent: view.id)
            }
        }
        visit(root, inherited: language, parent: nil)
        self.directions = directions
        self.parents = parents
        let first = directions.values.first
        uniform = directions.values.allSatisfy { $0 == first } ? first : nil
    }

    /// The view and its ancestors, nearest first.
    public func ancestry(of id: String) -> [String] {
        var chain: [String] = []
        var current: String? = id
        while let view = current, directions[view] != nil {
            chain.append(view)
            current = parents[view]
        }
        return chain
    }

    /// The nearest view that is `a` or an ancestor of `a` and also `b` or an ancestor of `b`.
    public func nearestCommonAncestor(_ a: String, _ b: String) -> String? {
        let ancestorsOfB = Set(ancestry(of: b))
        return ancestry(of: a).first { ancestorsOfB.contains($0) }
    }

    /// The direction a constraint between two views (or on one, when `b` is nil) is
    /// evaluated in: that of their nearest common ancestor.
    public func direction(of a: String, _ b: String?) -> LayoutDirection {
        if let uniform {
            // The nearest common ancestor of two views of the layout has the one direction;
            // a view the layout lacks has no ancestor in common with any.
            return directions[a] != nil && (b.map { directions[$0] != nil } ?? true) ? uniform : .leftToRight
        }
        let common = b.map { nearestCommonAncestor(a, $0) } ?? a
        return common.flatMap { directions[$0] } ?? .leftToRight
    }
}
