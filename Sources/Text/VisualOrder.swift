/// Puts a line of text in visual (left-to-right display) order, by rules L1
/// and L2 of the bidi algorithm: runs of equal level are reordered, the
/// grapheme clusters of right-to-left runs reversed, and mirrored characters
/// (brackets) replaced by their mirror images in right-to-left runs.
enum VisualOrder {
    static func visual(_ text: String, direction: TextDirection, language: String) -> String {
        visual(text, utf16: text.utf16Units, direction: direction, language: language)
    }

    /// ``visual(_:direction:language:)`` of a text whose UTF-16 units (`utf16`) are at hand.
    static func visual(_ text: String, utf16: [UInt16], direction: TextDirection, language: String) -> String {
        guard !utf16.isEmpty else { return "" }
        // All left to right: nothing is reordered or mirrored, and the scalars of a string are its
        // own (a left-to-right line whose every unit is at level 0 is told without its levels).
        if !direction.isRightToLeft, UnicodeAnalysis.uniformLevel(utf16, direction: direction) == 0 { return text }
        let levels = UnicodeAnalysis.resolvedLevels(utf16, directions: [direction])
        if levels.allSatisfy({ $0 == 0 }) { return text }
        let boundaries = UnicodeAnalysis.clusterBoundaries(utf16, locale: language)
        // Runs of clusters of equal level.
        var runs: [(clusters: Range<Int>, level: UInt8)] = []
        for cluster in 0..<(boundaries.count - 1) {
            let level = levels[boundaries[cluster]]
            if let last = runs.last, last.level == level {
                runs[runs.count - 1].clusters = last.clusters.lowerBound..<(cluster + 1)
            } else {
                runs.append((cluster..<(cluster + 1), level))
            }
        }
        // The visual text's UTF-16 units, made a string once (appending scalar by scalar to a
        // string's scalars cost hundreds of instructions each).
        var result: [UInt16] = []
        result.reserveCapacity(utf16.count)
        for runIndex in UnicodeAnalysis.visualOrder(levels: runs.map(\.level)) {
            let run = runs[runIndex]
            let rightToLeft = run.level & 1 == 1
            let order = rightToLeft ? Array(run.clusters.reversed()) : Array(run.clusters)
            for cluster in order {
                // The cluster's scalars decoded in place (an unpaired surrogate becomes U+FFFD,
                // as `String(decoding:as:)` repairs it), without a String per cluster.
                var units = utf16[boundaries[cluster]..<boundaries[cluster + 1]].makeIterator()
                var decoder = UTF16()
                decoding: while true {
                    let scalar: Unicode.Scalar
                    switch decoder.decode(&units) {
                    case .scalarValue(let value): scalar = value
                    case .error: scalar = Unicode.Scalar(0xFFFD)!
                    case .emptyInput: break decoding
                    }
                    let shown = rightToLeft ? Unicode.Scalar(UnicodeAnalysis.mirror(scalar.value)) ?? scalar : scalar
                    if shown.value < 0x10000 {
                        result.append(UInt16(truncatingIfNeeded: shown.value))
                    } else {
                        result.append(UTF16.leadSurrogate(shown))
                        result.append(UTF16.trailSurrogate(shown))
                    }
                }
            }
        }
        return result.withUnsafeBufferPointer { Paragraph.string($0) }
    }
}
