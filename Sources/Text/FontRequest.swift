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
    public init(textStyle: TextStyle, contentSize: ContentSize = .L, family: String = "Noto Sans") {
        let font = DynamicType.font(textStyle, contentSize)
        self.init(family: family, size: font.size, weight: font.weight)
    }

    /// As reports name a font: "Noto Sans 17", "Noto Sans Bold 17".
    public var description: String {
        let size = size == size.rounded() ? String(Int(size)) : String(size)
        return weight == .regular ? "\(family) \(size)" : "\(family) \(weight.rawValue.capitalized) \(size)"
    }
}
