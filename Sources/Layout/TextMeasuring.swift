/// What the layout engine asks of a text engine. The engine never sees a font file: it
/// asks a `TextMeasuring` to lay a text out in a `ResolvedFont`, so that the real text engine
/// (FreeType, HarfBuzz) plugs in, and tests plug in a fixed-advance measurer.
///
/// One call serves both of the engine's needs: the size a text asks for (its intrinsic
/// size, from a request without a width) and the text as a view shows it in its frame (with
/// the frame's width, the view's lines and line-break mode). The returned `TextLayout` keeps
/// every line with the glyphs it draws, so that what is reported and drawn is what was measured.
public protocol TextMeasuring {
    /// Lays a text out. Throws when it cannot be measured truly (a font file that cannot be
    /// opened, a size out of range): a layout measured without its fonts would be made up.
    func layout(_ request: TextMeasureRequest) throws -> TextLayout

    /// Lays a text out that this measurer has laid out already without a width: `unconstrained`
    /// is its layout of the request's text, font, direction and language with `wrapWidth` nil.
    /// A measurer may hand it back when the request's width changes nothing (the real engine
    /// does when the text is one line that fits, whatever the breaks), instead of laying the
    /// text out again.
    func layout(_ request: TextMeasureRequest, given unconstrained: TextLayout) throws -> TextLayout
}

extension TextMeasuring {
    /// Lays the text out again: a measurer that does not say otherwise makes no use of the
    /// layout without a width.
    public func layout(_ request: TextMeasureRequest, given unconstrained: TextLayout) throws -> TextLayout {
        try layout(request)
    }

    /// The size of a laid-out text, as the engine's intrinsic sizes use it.
    func measure(_ request: TextMeasureRequest) throws -> TextMeasurement {
        TextMeasurement(try layout(request))
    }
}

/// One text to lay out.
public struct TextMeasureRequest: Hashable, Sendable {
    /// The text as resolved (looked up, formatted); may be empty.
    public var text: String
    public var font: ResolvedFont
    /// The width to fit in (wrap at, or truncate at); nil lays the text out on its own lines
    /// (one per hard line break), however long.
    public var wrapWidth: Double?
    /// The most lines to lay out within `wrapWidth`; 0 means unlimited.
    public var maxLines: Int
    public var lineBreak: LineBreakMode
    /// When set (0 < f < 1) with a width, the font may shrink to this factor before the text truncates.
    public var minimumScaleFactor: Double?
    /// The paragraph direction (for bidi).
    public var direction: LayoutDirection
    /// The language (BCP 47), for line breaking and font fallback.
    public var language: String

    public init(
        text: String, font: ResolvedFont, wrapWidth: Double? = nil, maxLines: Int = 1,
        lineBreak: LineBreakMode = .truncateTail, minimumScaleFactor: Double? = nil,
        direction: LayoutDirection = .leftToRight, language: String = "en"
    ) {
        self.language = language
        self.text = text
        self.font = font
        self.wrapWidth = wrapWidth
        self.maxLines = maxLines
        self.lineBreak = lineBreak
        self.minimumScaleFactor = minimumScaleFactor
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

    /// The size of a text as laid out.
    public init(_ layout: TextLayout) {
        self.init(width: layout.width, height: layout.height, lineHeight: layout.lines.first?.height ?? layout.height,
                  firstBaseline: layout.firstBaseline, lastBaseline: layout.lastBaseline, lineCount: layout.lines.count)
    }
}
