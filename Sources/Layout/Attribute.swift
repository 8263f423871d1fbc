/// A layout attribute that a constraint names, as in `view.leading`.
public enum Attribute: String, CaseIterable, Sendable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leadingMargin, trailingMargin, topMargin, bottomMargin
    case safeTop, safeBottom, safeLeading, safeTrailing
}
