/// Breaks a paragraph into lines that fit a width, as UILabel wraps.
///
/// Greedy, like TextKit: each line takes as many clusters as fit, ending at
/// the last break opportunity that fits (ICU's line breaking for the
/// language: spaces in English, dictionary word boundaries in Thai, between
/// characters in Japanese). White space at the end of a line hangs past the
/// edge and does not count. A word wider than the whole line is broken
/// between grapheme clusters. `charWrap` may break between any two clusters.
/// Mandatory breaks (line and paragraph separators) always end a line.
struct LineBreaker {
    let paragraph: Paragraph
    /// Points per em: the point size times the shrink scale.
    let pointsPerEm: Double

    /// How much wider than the space available a run of text may measure and still fit: a
    /// tolerance for sums of floating-point advances. Breaking, truncating and clipping all
    /// test against it, and so does reading a layout off the one without a width
    /// (`TextEngine.layout(_:fitting:)`).
    static let tolerance = 1e-9

    func width(_ clusters: Range<Int>) -> Double {
        paragraph.advance(trimmingTrailingSpace(clusters)) * pointsPerEm
    }

    /// The range without its trailing white space, in constant time (see `Paragraph.contentEnd`).
    func trimmingTrailingSpace(_ clusters: Range<Int>) -> Range<Int> {
        clusters.lowerBound..<max(clusters.lowerBound, paragraph.contentEnd[clusters.upperBound])
    }

    /// The range without its leading white space, in constant time.
    func trimmingLeadingSpace(_ clusters: Range<Int>) -> Range<Int> {
        min(clusters.upperBound, paragraph.contentStart[clusters.lowerBound])..<clusters.upperBound
    }

    /// The lines of the whole paragraph at `available` points (nil: no limit),
    /// as ranges of cluster indices that together cover every cluster.
    func lines(available: Double?, characterWrap: Bool) -> [Range<Int>] {
        let count = paragraph.clusterCount
        guard count > 0 else { return [0..<0] }
        var lines: [Range<Int>] = []
        var start = 0
        let limit = (available ?? .infinity) + Self.tolerance
        while start < count {
            var end = start
            var lastFit: Int? = nil
            var index = start
            var forced = false
            while index < count {
                let fits = width(start..<(index + 1)) <= limit
                if !fits, !paragraph.isSpace[index] { break }
                if characterWrap || paragraph.breakAfter[index] || index == count - 1 {
                    lastFit = index + 1
                }
                if paragraph.hardBreakAfter[index] {
                    lastFit = index + 1
                    forced = true
                    break
                }
                index += 1
            }
            if let lastFit, forced || lastFit > start {
                end = lastFit
            } else {
                // No break opportunity fits: break between clusters, at least one per line.
                end = start + 1
                while end < count, width(start..<(end + 1)) <= limit { end += 1 }
            }
            // Spaces after the break hang on this line.
            while end < count, paragraph.isSpace[end], !paragraph.hardBreakAfter[end - 1] { end += 1 }
            lines.append(start..<end)
            start = end
        }
        return lines
    }
}
