import Layout
import Support

/// One glyph as the renderer draws it: from a line's glyph runs, nothing shaped again.
public struct PlacedGlyph: Equatable, Sendable {
    public var face: GlyphRun.Face
    /// The size drawn at, in points (after any shrinking).
    public var size: Double
    public var glyph: UInt32
    /// The glyph's origin on its baseline, in root-view points (y down).
    public var x: Double
    public var y: Double
    /// For part of a glyph that a line break or the ellipsis cuts (a ligature whose characters
    /// are on two lines, each with its share of the advance): the horizontal band, in root-view
    /// points, that this line shows of it, the glyph placed so that the parts join. Nil: the
    /// whole glyph.
    public var band: ClosedRange<Double>?

    public init(face: GlyphRun.Face, size: Double, glyph: UInt32, x: Double, y: Double, band: ClosedRange<Double>? = nil) {
        self.face = face
        self.size = size
        self.glyph = glyph
        self.x = x
        self.y = y
        self.band = band
    }
}

/// Where a text's lines go in their view, as UIKit draws them, and the glyphs of each.
struct TextPlacement {
    /// The full advance of a glyph of a face at a size, from the font (not the shaped share).
    let naturalAdvance: (GlyphRun.Face, Double, UInt32) throws -> Double

    /// A glyph whose advance in the line is less than this part of its own advance is taken as
    /// cut (shared between lines, or cut by the ellipsis) when it sits at a cut. A ligature of
    /// up to four characters cut anywhere keeps at most 3/4 of its advance on either side;
    /// kerning takes far less than a fifth of a glyph.
    static let cutShare = 0.8

    /// The baseline point (x at the line's left end) of each line of `layout`, in `box`: the
    /// lines stacked and centred vertically in the box, each placed by `alignment` (left,
    /// right or centred; justified text's last line is natural).
    static func lineOrigins(_ layout: TextLayout, in box: Rect, alignment: TextAlignment) -> [(x: Double, baseline: Double)] {
        var y = box.y + (box.height - layout.lines.reduce(0) { $0 + $1.height }) / 2
        var origins: [(x: Double, baseline: Double)] = []
        for line in layout.lines {
            let x: Double
            switch alignment {
            case .left: x = box.x
            case .right: x = box.x + box.width - line.width
            case .center: x = box.x + (box.width - line.width) / 2
            case .natural, .justified: x = layout.direction == .rightToLeft ? box.x + box.width - line.width : box.x
            }
            origins.append((x, y + line.ascent))
            y += line.height
        }
        return origins
    }

    /// The glyphs of `layout`'s lines at `origins`. A glyph cluster cut between two lines (or
    /// by the ellipsis) is drawn on each line only as far as that line's share of its advance:
    /// the part before the cut on the line that ends there, the part after it on the next.
    func glyphs(_ layout: TextLayout, at origins: [(x: Double, baseline: Double)]) throws -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        for (lineIndex, (line, origin)) in zip(layout.lines, origins).enumerated() {
            let cuts = Self.cuts(in: line, truncated: layout.truncated,
                                 first: lineIndex == 0, last: lineIndex == layout.lines.count - 1)
            for run in line.runs {
                var pen = origin.x + run.x
                for i in run.glyphs.indices {
                    let advance = run.advances[i]
                    var glyph = PlacedGlyph(face: run.face, size: run.size, glyph: run.glyphs[i],
                                            x: pen + run.xOffsets[i], y: origin.baseline - run.yOffsets[i])
                    if let side = cuts.side(of: run.clusters[i]) {
                        let full = try naturalAdvance(run.face, run.size, run.glyphs[i])
                        if advance < full * Self.cutShare {
                            // The logical start of a glyph is its left side left to right, its
                            // right side right to left: the part after a cut is the glyph's end.
                            let showsEnd = (side == .after) != run.rightToLeft
                            if showsEnd { glyph.x -= full - advance }
                            glyph.band = pen...(pen + advance)
                        }
                    }
                    placed.append(glyph)
                    pen += advance
                }
            }
        }
        return placed
    }

    /// The clusters of a line at a cut, in its text: before the cut (the line's last cluster
    /// when another line follows, the cluster before an ellipsis) and after it (the line's
    /// first cluster when it follows another line, the cluster after an ellipsis).
    private struct Cuts {
        var before: Set<Int> = []
        var after: Set<Int> = []

        enum Side { case before, after }

        func side(of cluster: Int) -> Side? {
            if before.contains(cluster) { return .before }
            if after.contains(cluster) { return .after }
            return nil
        }
    }

    private static func cuts(in line: TextLine, truncated: Bool, first: Bool, last: Bool) -> Cuts {
        let clusters = Set(line.runs.flatMap(\.clusters)).sorted()
        var cuts = Cuts()
        guard let lastCluster = clusters.last else { return cuts }
        if !last { cuts.before.insert(lastCluster) }
        if !first { cuts.after.insert(0) }
        if truncated {
            let units = line.text.utf16Units
            for (offset, unit) in units.enumerated() where unit == 0x2026 {
                if let previous = clusters.last(where: { $0 < offset }) { cuts.before.insert(previous) }
                if offset + 1 < units.count { cuts.after.insert(offset + 1) }
            }
        }
        return cuts
    }
}
