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
        let size = size == size.rounded() ? String(Int(size)) : String(size)
        return weight == .regular ? "\(name) \(size)" : "\(name) \(size) \(weight.rawValue)"
    }
}

public enum FontWeight: String, CaseIterable, Hashable, Sendable {
    case regular, medium, semibold, bold
}

/// UIKit's text styles (UIFont.TextStyle).
public enum TextStyle: String, CaseIterable, Hashable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The point size at a content size, as Apple's Human Interface Guidelines tabulate it.
    public func pointSize(_ contentSize: ContentSize) -> Double {
        let row: [Double]
        switch self {
        case .largeTitle: row = [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: row = [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: row = [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: row = [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline: row = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .body: row = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: row = [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: row = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: row = [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: row = [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: row = [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
        return row[contentSize.index]
    }

    /// Headline is the one semibold style.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// UIKit's Dynamic Type content size categories, smallest first.
public enum ContentSize: String, CaseIterable, Hashable, Sendable {
    case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5

    /// `L`, the system default.
    public static let `default` = ContentSize.L

    /// The position in `allCases`, smallest first.
    public var index: Int { Self.allCases.firstIndex(of: self)! }

    /// Looks a content size up by its name (`AX1`; case-insensitive).
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = match
    }
}
