// What the text engine computes, kept as plain values so that the layout engine can carry
// it (and a renderer draw it) without seeing a font.

/// One line of a label as shown.
public struct TextLine: Equatable, Sendable, Codable {
    /// The line's text in logical (reading) order, with an ellipsis where truncated.
    public var text: String
    /// The same text in visual order, left to right as drawn.
    public var visual: String
    /// The width the line's text needs, in points (trailing white space excluded).
    public var width: Double
    /// The line's height: greatest ascender minus greatest descender of its fonts, plus the label font's line gap.
    public var height: Double
    /// Distance from the line's top to its baseline.
    public var ascent: Double
    /// The fonts the line's glyphs come from, the label's own first when it is used.
    public var fonts: [String]
    /// The glyphs as measured, in visual order (left to right), one run per piece of a shaped
    /// run the line holds, the ellipsis's glyphs where the line is truncated: what a renderer
    /// draws without shaping again. The runs' advances add up to `width`: white space that
    /// hangs past the line's end is neither in `text` nor in the runs. The runs keep the bidi
    /// levels the whole paragraph resolved (the ellipsis takes the one it has in `text`), where
    /// `visual` reorders the line's text alone: the two differ only where a line cuts numbers
    /// or punctuation off the text that decides their direction.
    public var runs: [GlyphRun]

    public init(text: String, visual: String, width: Double, height: Double, ascent: Double, fonts: [String],
                runs: [GlyphRun] = []) {
        self.text = text
        self.visual = visual
        self.width = width
        self.height = height
        self.ascent = ascent
        self.fonts = fonts
        self.runs = runs
    }
}

/// Glyphs of one font, size and direction, positioned as shaped (what Pango keeps as a
/// PangoGlyphString): glyph ids, advances and offsets in points, and for each glyph the
/// UTF-16 offset in its line's `text` of the cluster it draws. The arrays are parallel.
///
/// A glyph cluster (such as an "fi" ligature) that a line break or the ellipsis cuts keeps its
/// glyphs on each side, with advances scaled to the share of its characters there: what was
/// measured, since the text is not shaped again after it is cut.
public struct GlyphRun: Equatable, Sendable, Codable {
    /// A face of a font file, as the font catalog resolved it.
    public struct Face: Hashable, Sendable, Codable {
        /// The font file's path.
        public var path: String
        /// The face's index within the file (non-zero only in collections).
        public var index: Int
        /// The family and weight, as `TextLine.fonts` names them ("Noto Sans Arabic Bold").
        public var name: String
        /// The variation coordinates the glyphs were measured at, by axis tag (`wght` 590,
        /// `opsz` 17); empty for a static font. A renderer sets the face to them.
        public var variations: [String: Double]

        public init(path: String, index: Int, name: String, variations: [String: Double] = [:]) {
            self.path = path
            self.index = index
            self.name = name
            self.variations = variations
        }
    }

    public var face: Face
    /// The size the glyphs are drawn at, in points: the label's size times the shrink scale.
    public var size: Double
    /// Shaped right to left (odd bidi level): glyphs are still listed left to right.
    public var rightToLeft: Bool
    /// The pen position where the run starts, in points from the line's left edge.
    public var x: Double
    /// Glyph ids in the face, left to right.
    public var glyphs: [UInt32]
    /// Horizontal advances, in points.
    public var advances: [Double]
    /// Offsets from the pen position, in points; y as HarfBuzz gives it, positive upwards.
    public var xOffsets: [Double]
    public var yOffsets: [Double]
    /// For each glyph, the UTF-16 offset of its cluster in the line's `text`.
    public var clusters: [Int]

    public init(face: Face, size: Double, rightToLeft: Bool, x: Double, glyphs: [UInt32], advances: [Double],
                xOffsets: [Double], yOffsets: [Double], clusters: [Int]) {
        self.face = face
        self.size = size
        self.rightToLeft = rightToLeft
        self.x = x
        self.glyphs = glyphs
        self.advances = advances
        self.xOffsets = xOffsets
        self.yOffsets = yOffsets
        self.clusters = clusters
    }

    /// The run's total advance, in points.
    public var width: Double { advances.reduce(0, +) }
}

/// What a label shows of a text in a given width and number of lines.
///
/// Its texts and lines are shared parts (``SharedParts``): a layout is copied with every size a
/// pass measures and every text a view fits, and each copy of the four retained each of them.
public struct TextLayout: Equatable, Sendable, Codable {
    @usableFromInline
    struct Parts: Equatable, Sendable {
        @usableFromInline var text: String
        @usableFromInline var shown: String
        @usableFromInline var lines: [TextLine]
        @usableFromInline var unsupported: [String]

        @usableFromInline
        init(text: String, shown: String, lines: [TextLine], unsupported: [String]) {
            self.text = text
            self.shown = shown
            self.lines = lines
            self.unsupported = unsupported
        }
    }
    @usableFromInline var shared: SharedParts<Parts>

    /// The full text.
    @inlinable public var text: String { get { shared.parts.text } set { shared.change { $0.text = newValue } } }
    /// The text as shown: `text`, or with the truncated part replaced by an ellipsis (or cut off).
    @inlinable public var shown: String { get { shared.parts.shown } set { shared.change { $0.shown = newValue } } }
    @inlinable public var lines: [TextLine] { get { shared.parts.lines } set { shared.change { $0.lines = newValue } } }
    /// Whether part of the text is not shown (truncated, clipped, or cut after the last line).
    public var truncated: Bool
    /// The font scale used (1 unless `minimumScaleFactor` shrank the font).
    public var scale: Double
    /// The width the full text needs on one line, at scale 1, in points.
    public var naturalWidth: Double
    /// The lines the text needs at the given width with no limit on lines, at the scale used.
    public var neededLines: Int
    /// The widest shown line, in points.
    public var width: Double
    /// The height of the shown lines, in points.
    public var height: Double
    /// Baselines from the top of the text, in points.
    public var firstBaseline: Double
    public var lastBaseline: Double
    /// The paragraph direction the text was laid out in, as resolved: with `natural` writing
    /// direction, its first strong character's, else the view's.
    public var direction: TextDirection
    /// The grapheme clusters of `text` that no font of the catalog has, drawn (and measured)
    /// as the label font's missing glyph: each once, in order of first appearance. Empty
    /// when every character has a font; callers warn about the others.
    @inlinable public var unsupported: [String] { get { shared.parts.unsupported } set { shared.change { $0.unsupported = newValue } } }

    public init(
        text: String, shown: String, lines: [TextLine], truncated: Bool, scale: Double, naturalWidth: Double,
        neededLines: Int, width: Double, height: Double, firstBaseline: Double, lastBaseline: Double,
        direction: TextDirection, unsupported: [String]
    ) {
        shared = SharedParts(Parts(text: text, shown: shown, lines: lines, unsupported: unsupported))
        self.truncated = truncated
        self.scale = scale
        self.naturalWidth = naturalWidth
        self.neededLines = neededLines
        self.width = width
        self.height = height
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.direction = direction
    }

    /// The fields as they are coded: in their order, under their names, as a structure of them
    /// was coded.
    private struct Coded: Codable {
        var text, shown: String
        var lines: [TextLine]
        var truncated: Bool
        var scale, naturalWidth: Double
        var neededLines: Int
        var width, height, firstBaseline, lastBaseline: Double
        var direction: TextDirection
        var unsupported: [String]
    }

    public init(from decoder: any Decoder) throws {
        let coded = try Coded(from: decoder)
        self.init(text: coded.text, shown: coded.shown, lines: coded.lines, truncated: coded.truncated, scale: coded.scale,
                  naturalWidth: coded.naturalWidth, neededLines: coded.neededLines, width: coded.width, height: coded.height,
                  firstBaseline: coded.firstBaseline, lastBaseline: coded.lastBaseline, direction: coded.direction,
                  unsupported: coded.unsupported)
    }

    public func encode(to encoder: any Encoder) throws {
        try Coded(text: text, shown: shown, lines: lines, truncated: truncated, scale: scale, naturalWidth: naturalWidth,
                  neededLines: neededLines, width: width, height: height, firstBaseline: firstBaseline,
                  lastBaseline: lastBaseline, direction: direction, unsupported: unsupported).encode(to: encoder)
    }
}

/// A label's text-layout parameters.
public struct TextLayoutOptions: Hashable, Sendable {
    /// The width available, in points; nil for no limit.
    public var width: Double?
    /// The maximum number of lines; 0 for no limit.
    public var lines: Int
    public var lineBreak: LineBreakMode
    /// When set (0 < f < 1), the font shrinks down to this factor before the text truncates.
    public var minimumScaleFactor: Double?
    /// How the paragraph direction is chosen: `natural` (UIKit's default for a label) from
    /// the text's first strong character, else the direction the layout is given.
    public var writingDirection: WritingDirection

    public init(width: Double? = nil, lines: Int = 1, lineBreak: LineBreakMode = .truncateTail,
                minimumScaleFactor: Double? = nil, writingDirection: WritingDirection = .natural) {
        self.writingDirection = writingDirection
        self.width = width
        self.lines = lines
        self.lineBreak = lineBreak
        self.minimumScaleFactor = minimumScaleFactor
    }
}
