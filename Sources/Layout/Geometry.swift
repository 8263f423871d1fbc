/// A rectangle in points, in the root view's coordinates (y grows downwards, as in UIKit).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Whether each field is the same bit for bit (`==` takes 0 and -0 as one).
    func sameBits(as other: Rect) -> Bool {
        x.bitPattern == other.x.bitPattern && y.bitPattern == other.y.bitPattern
            && width.bitPattern == other.width.bitPattern && height.bitPattern == other.height.bitPattern
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var minY: Double { y }
    public var maxY: Double { y + height }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Insets by leading and trailing edge, as NSDirectionalEdgeInsets: which physical side
/// `leading` is depends on the effective direction.
public struct DirectionalInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

    /// The same insets on all four sides.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    /// The physical insets in a direction.
    public func physical(_ direction: LayoutDirection) -> EdgeInsets {
        direction == .leftToRight
            ? EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
            : EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
}

/// Insets by physical edge, as UIEdgeInsets.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Whether each side is the same bit for bit (`==` takes 0 and -0 as one).
    func sameBits(as other: EdgeInsets) -> Bool {
        top.bitPattern == other.top.bitPattern && left.bitPattern == other.left.bitPattern
            && bottom.bitPattern == other.bottom.bitPattern && right.bitPattern == other.right.bitPattern
    }

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A pair of priorities, one per axis, as a view's content hugging or compression resistance.
public struct AxisPriorities: Hashable, Sendable {
    public var horizontal: Int
    public var vertical: Int

    public init(horizontal: Int, vertical: Int) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init(_ both: Int) {
        self.init(horizontal: both, vertical: both)
    }
}
