/// Fits the last line of a label into its width by replacing part of it with
/// an ellipsis (U+2026, shaped in the label's font), as UILabel truncates.
///
/// Cuts fall only between grapheme clusters. White space next to the
/// ellipsis is dropped, as UIKit does ("Número de…", not "Número de …").
/// - tail: the longest start that fits beside the ellipsis;
/// - head: the longest end that fits;
/// - middle: clusters are removed from the middle outwards, alternating
///   sides, until the rest fits; the start keeps the extra cluster on a tie.
struct Truncator {
    let breaker: LineBreaker
    /// Width of the ellipsis in points.
    let ellipsisWidth: Double

    struct Result {
        /// Clusters kept before the ellipsis and after it (logical order).
        var head: Range<Int>
        var tail: Range<Int>
        var width: Double
    }

    private var paragraph: Paragraph { breaker.paragraph }

    private func widthOf(_ head: Range<Int>, _ tail: Range<Int>) -> Double {
        (paragraph.advance(head) + paragraph.advance(tail)) * breaker.pointsPerEm + ellipsisWidth
    }

    func truncate(_ clusters: Range<Int>, available: Double, mode: LineBreakMode) -> Result {
        let limit = available + LineBreaker.tolerance
        let empty = clusters.upperBound..<clusters.upperBound
        switch mode {
        case .truncateHead:
            var start = clusters.upperBound
            while start > clusters.lowerBound {
                let candidate = breaker.trimmingLeadingSpace((start - 1)..<clusters.upperBound)
                if widthOf(clusters.lowerBound..<clusters.lowerBound, candidate) > limit { break }
                start -= 1
            }
            let tail = breaker.trimmingLeadingSpace(start..<clusters.upperBound)
            return Result(head: clusters.lowerBound..<clusters.lowerBound, tail: tail,
                          width: widthOf(clusters.lowerBound..<clusters.lowerBound, tail))
        case .truncateMiddle:
            let count = clusters.count
            for removed in 1...max(1, count) {
                // Remove `removed` clusters centred on the middle of the line.
                let keptStart = (count - removed + 1) / 2
                let head = breaker.trimmingTrailingSpace(clusters.lowerBound..<(clusters.lowerBound + keptStart))
                let tail = breaker.trimmingLeadingSpace((clusters.lowerBound + keptStart + removed)..<clusters.upperBound)
                if widthOf(head, tail) <= limit || removed >= count {
                    return Result(head: head, tail: tail, width: widthOf(head, tail))
                }
            }
            return Result(head: clusters.lowerBound..<clusters.lowerBound, tail: empty, width: ellipsisWidth)
        default:
            var end = clusters.lowerBound
            while end < clusters.upperBound {
                let candidate = breaker.trimmingTrailingSpace(clusters.lowerBound..<(end + 1))
                if widthOf(candidate, empty) > limit { break }
                end += 1
            }
            let head = breaker.trimmingTrailingSpace(clusters.lowerBound..<end)
            return Result(head: head, tail: empty, width: widthOf(head, empty))
        }
    }
}
