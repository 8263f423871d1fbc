/// A font weight, as layouts name them.
public enum FontWeight: String, CaseIterable, Codable, Sendable {
    case regular, medium, semibold, bold

    /// The CSS/OpenType weight class.
    public var value: Int {
        switch self {
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        }
    }
}

/// UIKit's Dynamic Type text styles.
public enum TextStyle: String, CaseIterable, Codable, Sendable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The point size at a content size.
    public func pointSize(_ contentSize: ContentSize) -> Double { DynamicType.font(self, contentSize).size }

    /// Headline is the one semibold style.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// UIKit's content size categories, by the short names layouts and the CLI use.
public enum ContentSize: String, CaseIterable, Codable, Sendable {
    case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5

    /// The system default, `L`.
    public static let `default` = ContentSize.L

    /// Accepts the short name in any case ("l", "ax1").
    public init?(name: String) {
        self.init(rawValue: name.uppercased())
    }

    /// The position in `allCases`, smallest first.
    public var index: Int { Self.allCases.firstIndex(of: self)! }
}

/// The point sizes and weights of every text style at every content size, as
/// Apple's Human Interface Guidelines tabulate them for iOS.
public enum DynamicType {
    /// Sizes per style, in the order of `ContentSize.allCases` (XS … AX5).
    static let sizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// The size and weight of a text style at a content size.
    public static func font(_ style: TextStyle, _ size: ContentSize) -> (size: Double, weight: FontWeight) {
        (sizes[style]![size.index], style.weight)
    }
}
