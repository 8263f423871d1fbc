/// A layout attribute that a constraint names, as in `view.leading`.
public enum Attribute: String, CaseIterable, Sendable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leadingMargin, trailingMargin, topMargin, bottomMargin
    case safeTop, safeBottom, safeLeading, safeTrailing
    /// The centre of the safe area (safeAreaLayoutGuide.centerX / centerY).
    case safeCenterX, safeCenterY
    /// The top of the keyboard layout guide (UIKeyboardLayoutGuide.topAnchor) with the keyboard
    /// hidden, as a check lays screens out: the guide then fills the bottom safe-area inset, so
    /// its top is the safe area's bottom.
    case keyboardTop

    public enum Axis: Sendable {
        case horizontal, vertical
    }

    /// The axis the attribute measures along.
    public var axis: Axis {
        switch self {
        case .leading, .trailing, .left, .right, .width, .centerX, .leadingMargin, .trailingMargin,
            .safeLeading, .safeTrailing, .safeCenterX:
            return .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin,
            .safeTop, .safeBottom, .safeCenterY, .keyboardTop:
            return .vertical
        }
    }

    /// A size rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// Resolved by the effective direction (`leading`, `trailingMargin`, `safeLeading`, …).
    public var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin, .safeLeading, .safeTrailing: return true
        default: return false
        }
    }

    /// `left` or `right`: never flips.
    public var isAbsoluteHorizontal: Bool { self == .left || self == .right }
}
