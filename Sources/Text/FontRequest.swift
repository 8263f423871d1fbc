import Support

/// A concrete font: family, point size and weight.
public struct FontRequest: Hashable, Sendable, CustomStringConvertible {
    public var family: String
    public var size: Double
    public var weight: FontWeight

    public init(family: String, size: Double, weight: FontWeight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// The font of a Dynamic Type text style at a content size, in the given family.
    public init(textStyle: TextStyle, contentSize: ContentSize = .L, family: String = SystemFont.family) {
        let font = DynamicType.font(textStyle, contentSize)
        self.init(family: family, size: font.size, weight: font.weight)
    }

    /// As reports name a font: "Noto Sans 17", "Noto Sans Bold 17", "Noto Sans 13.5".
    /// Any size can be described, even one the engine refuses to measure at ("Noto Sans 1e+20").
    public var description: String {
        let size = FontRequest.format(self.size)
        return weight == .regular ? "\(family) \(size)" : "\(family) \(weight.rawValue.capitalized) \(size)"
    }

    /// A size as reports write numbers (at most three decimals), and beyond the range where
    /// three decimals mean anything (±1e15), or not finite, as Swift writes a Double.
    static func format(_ size: Double) -> String {
        size.isFinite && abs(size) < 1e15 ? Number.format(size) : "\(size)"
    }
}
