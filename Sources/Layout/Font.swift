/// A font as a layout names it: a family at a size, or a Dynamic Type text style.
public enum FontSpec: Hashable, Sendable {
    case family(String, size: Double, weight: FontWeight)
    case textStyle(TextStyle)

    /// `{ "textStyle": "body" }`, the format's default.
    public static let `default` = FontSpec.textStyle(.body)

    /// The font to use at a content size: a text style takes its size from the content
    /// size; the system font has no family name here (nil).
    public func resolved(for contentSize: ContentSize) -> ResolvedFont {
        switch self {
        case .family(let family, let size, let weight):
            return ResolvedFont(family: family, size: size, weight: weight)
        case .textStyle(let style):
            return ResolvedFont(family: nil, size: style.pointSize(contentSize), weight: style.weight)
        }
    }
}

/// A concrete font request that a text engine measures with.
public struct ResolvedFont: Hashable, Sendable, CustomStringConvertible {
    /// nil: the system font.
    public var family: String?
    public var size: Double
    public var weight: FontWeight

    public init(family: String?, size: Double, weight: FontWeight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// As a report shows it: `Noto Sans 17`, `System 17 semibold`.
    public var description: String {
        let name = family ?? "System"
        let size = Number.exact(size)
        return weight == .regular ? "\(name) \(size)" : "\(name) \(size) \(weight.rawValue)"
    }
}
