/// What the layout engine asks of a text engine. The engine never sees a font file: it
/// asks a `TextMeasuring` for the size of a text in a `ResolvedFont`, so that the real
/// text engine (FreeType, HarfBuzz) plugs in, and tests plug in a fixed-advance measurer.
public protocol TextMeasuring {
    func measure(_ request: TextMeasureRequest) -> TextMeasurement
}

/// One text to measure.
public struct TextMeasureRequest: Hashable, Sendable {
    /// The text as resolved (looked up, formatted); may be empty.
    public var text: String
    public var font: ResolvedFont
    /// The width to wrap at; nil lays the text out on one line, however long.
    public var wrapWidth: Double?
    /// The most lines to lay out when wrapping; 0 means unlimited.
    public var maxLines: Int
    public var lineBreak: LineBreakMode
    /// The paragraph direction of the language (for bidi).
    public var direction: LayoutDirection
    /// The language (BCP 47), for line breaking and font fallback.
    public var language: String

    public init(
        text: String, font: ResolvedFont, wrapWidth: Double? = nil, maxLines: Int = 1,
        lineBreak: LineBreakMode = .truncateTail, direction: LayoutDirection = .leftToRight, language: String = "en"
    ) {
        self.language = language
        self.text = text
        self.font = font
        self.wrapWidth = wrapWidth
        self.maxLines = maxLines
        self.lineBreak = lineBreak
        self.direction = direction
    }
}

/// The size of a measured text, in points, before rounding to the pixel grid.
public struct TextMeasurement: Hashable, Sendable {
    /// Without `wrapWidth`: the width of the whole text on one line. With it: the width of
    /// the widest line laid out (at most `wrapWidth`, unless a single unbreakable run is wider).
    public var width: Double
    /// The height of the lines laid out (`lineCount` lines; with `maxLines`, at most that many).
    public var height: Double
    /// The height of one line of the font (an empty text still has one line of this height).
    public var lineHeight: Double
    /// From the top of the text to its first line's baseline.
    public var firstBaseline: Double
    /// From the top of the text to its last laid-out line's baseline.
    public var lastBaseline: Double
    public var lineCount: Int

    public init(
        width: Double, height: Double, lineHeight: Double, firstBaseline: Double, lastBaseline: Double, lineCount: Int
    ) {
        self.width = width
        self.height = height
        self.lineHeight = lineHeight
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.lineCount = lineCount
    }
}
