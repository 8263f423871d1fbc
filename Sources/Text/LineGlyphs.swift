import Support

/// A line's glyph runs, cut from the glyphs its paragraph was measured with
/// (nothing is shaped again), in visual order.
///
/// A line holds clusters of its paragraph, and when truncated an ellipsis between
/// the clusters kept before it (`head`) and after it (`tail`). Each shaped run of
/// the paragraph that the line holds part of gives one glyph run (and the
/// ellipsis its own); the runs are put in visual order by rule L2 of the bidi
/// algorithm, with the bidi level each was shaped with (the ellipsis takes the
/// level it has in the line's text, as `VisualOrder` resolves it). Within a run
/// the glyphs are already left to right, as HarfBuzz gives them.
///
/// Every glyph's advance is the one that measured the line, scaled to points, so
/// the runs' advances add up to the line's width: a glyph cluster (a ligature)
/// whose grapheme clusters the line holds only some of keeps its glyphs with
/// their advances scaled to that share, as `Paragraph` shares the advance.
struct LineGlyphs {
    let paragraph: Paragraph
    /// The ellipsis, shaped in the label's font: nil where no line is truncated (it is then not
    /// looked up), else given, and every truncated line's.
    let ellipsis: Paragraph?
    /// Points per em: the point size times the shrink scale.
    let pointsPerEm: Double

    /// A part of one shaped run in the line.
    private struct Piece {
        /// Whether it comes from the ellipsis rather than the paragraph.
        var isEllipsis: Bool
        var run: Int
        var clusters: Range<Int>
        var level: UInt8
        /// What turns a UTF-16 offset in its paragraph into one in the line's text.
        var textOffset: Int
    }

    /// The runs of a line that shows `head`, then the ellipsis when `truncated`, then
    /// `tail`; `units` are the line's text's UTF-16 units and `direction` the paragraph direction.
    func runs(head: Range<Int>, tail: Range<Int>, truncated: Bool, units: [UInt16],
              direction: TextDirection) -> [GlyphRun] {
        var pieces = Self.pieces(of: paragraph, head, isEllipsis: false, textOffset: -unit(head.lowerBound))
        if truncated, let ellipsis {
            let ellipsisStart = unit(head.upperBound) - unit(head.lowerBound)
            let level = UnicodeAnalysis.levels(units, direction: direction)[ellipsisStart]
            pieces += Self.pieces(of: ellipsis, 0..<ellipsis.clusterCount, isEllipsis: true, textOffset: ellipsisStart)
                .map { piece in
                    var piece = piece
                    piece.level = level
                    return piece
                }
            let tailStart = ellipsisStart + ellipsis.utf16.count
            pieces += Self.pieces(of: paragraph, tail, isEllipsis: false, textOffset: tailStart - unit(tail.lowerBound))
        }
        var runs: [GlyphRun] = []
        runs.reserveCapacity(pieces.count)
        var x = 0.0
        for index in UnicodeAnalysis.visualOrder(levels: pieces.map(\.level)) {
            guard let run = glyphRun(pieces[index], x: x) else { continue }
            x += run.width
            runs.append(run)
        }
        return runs
    }

    /// Whether no glyph that ``runs(head:tail:truncated:units:direction:)`` gives the line
    /// advances backwards (a glyph's advance there is its own, scaled by a positive factor),
    /// found without making the runs.
    func advancesForward(head: Range<Int>, tail: Range<Int>, truncated: Bool) -> Bool {
        func forward(_ source: Paragraph, _ clusters: Range<Int>) -> Bool {
            guard !clusters.isEmpty else { return true }
            for run in source.runs where run.clusters.overlaps(clusters) {
                let piece = run.clusters.clamped(to: clusters)
                for (glyph, span) in zip(run.glyphs, run.spans) where glyph.advance < 0 {
                    let first = Int(span.first), end = first + Int(span.count)
                    if max(first, piece.lowerBound) < min(end, piece.upperBound) { return false }
                }
            }
            return true
        }
        return forward(paragraph, head)
            && (!truncated || ellipsis.map { forward($0, 0..<$0.clusterCount) && forward(paragraph, tail) } ?? true)
    }

    private func unit(_ cluster: Int) -> Int { paragraph.boundaries[cluster] }

    /// The parts of `source`'s shaped runs within `clusters`, in logical order.
    private static func pieces(of source: Paragraph, _ clusters: Range<Int>, isEllipsis: Bool, textOffset: Int) -> [Piece] {
        guard !clusters.isEmpty else { return [] }
        var pieces: [Piece] = []
        pieces.reserveCapacity(source.runs.count)
        for (index, run) in source.runs.enumerated() where run.clusters.overlaps(clusters) {
            pieces.append(Piece(isEllipsis: isEllipsis, run: index, clusters: run.clusters.clamped(to: clusters),
                                level: run.level, textOffset: textOffset))
        }
        return pieces
    }

    /// The glyphs of a piece, or nil when it has none.
    private func glyphRun(_ piece: Piece, x: Double) -> GlyphRun? {
        // An ellipsis piece is made of the ellipsis given (``runs(head:tail:truncated:units:direction:)``).
        guard let source = piece.isEllipsis ? ellipsis : paragraph else { return nil }
        let run = source.runs[piece.run]
        let font = source.fonts[run.font]
        let scale = pointsPerEm / font.unitsPerEm
        let runStart = source.boundaries[run.clusters.lowerBound]
        var glyphs: [UInt32] = [], advances: [Double] = [], xOffsets: [Double] = [], yOffsets: [Double] = [], clusters: [Int] = []
        glyphs.reserveCapacity(run.glyphs.count)
        advances.reserveCapacity(run.glyphs.count)
        xOffsets.reserveCapacity(run.glyphs.count)
        yOffsets.reserveCapacity(run.glyphs.count)
        clusters.reserveCapacity(run.glyphs.count)
        for (glyph, span) in zip(run.glyphs, run.spans) {
            let first = Int(span.first), end = first + Int(span.count)
            let lower = max(first, piece.clusters.lowerBound), upper = min(end, piece.clusters.upperBound)
            guard lower < upper else { continue }
            let kept = lower..<upper
            let share = kept.count == Int(span.count) ? 1 : Double(kept.count) / Double(span.count)
            glyphs.append(glyph.id)
            advances.append(Double(glyph.advance) * scale * share)
            xOffsets.append(Double(glyph.xOffset) * scale)
            yOffsets.append(Double(glyph.yOffset) * scale)
            // A cut glyph cluster starts, in this line, at its first grapheme cluster here.
            let unit = max(runStart + Int(glyph.cluster), source.boundaries[kept.lowerBound])
            clusters.append(unit + piece.textOffset)
        }
        guard !glyphs.isEmpty else { return nil }
        let variations = font.variations.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: font.variations.map { ($0.tag, $0.value) })
        return GlyphRun(face: GlyphRun.Face(path: font.path, index: font.faceIndex, name: font.name, variations: variations),
                        size: pointsPerEm, rightToLeft: run.level & 1 == 1, x: x, glyphs: glyphs, advances: advances,
                        xOffsets: xOffsets, yOffsets: yOffsets, clusters: clusters)
    }
}
